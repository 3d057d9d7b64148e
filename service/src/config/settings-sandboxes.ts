import { DEFAULT_SANDBOX_IMAGE, LOCAL_IMAGE } from '@notebook-hub/sandbox-drivers/runtime/pins';
import path from 'node:path';
import { ConfigError, integer, list, oneOf, text, type Env, type SettingDefinition } from './parse.js';
import { kubernetesSettingDefinitions, readKubernetesSettings, type KubernetesSettings } from './settings-kubernetes.js';

export interface ComputeProfile {
  name: string;
  cpu?: number;
  memory_bytes?: number;
  gpu?: string;
}

export interface SandboxSettings {
  driver: 'local' | 'docker' | 'kubernetes';
  /** Local driver: where the pinned runtime venv lives (null: `<data dir>/runtime`). */
  runtimeDir: string | null;
  /** Local driver: a folder of wheels to build the runtime from without the network (null: the package index). */
  wheelhouse: string | null;
  /** Docker driver: how to reach the engine (null: DOCKER_HOST or the standard socket). */
  dockerHost: { socketPath: string } | { host: string; port: number; protocol: 'http' } | null;
  /** Kubernetes driver: cluster, namespace and pod settings. */
  kubernetes: KubernetesSettings;
  /** The image new sandboxes use unless a notebook names another allowed one. */
  defaultImage: string;
  /** Every image a notebook may name (the default first). */
  images: string[];
  startupTimeoutSeconds: number;
  computeProfiles: ComputeProfile[];
  computeProfileOverride: 'none' | 'editors';
  editorSandboxSharing: 'exclusive' | 'shared';
  viewerMode: 'static' | 'applications' | 'ephemeral-sandbox';
}

export const sandboxSettingDefinitions: SettingDefinition[] = [
  { key: 'SERVICE_SANDBOX_DRIVER', group: 'sandboxes', name: 'Sandbox driver', secret: false },
  { key: 'SERVICE_SANDBOX_RUNTIME_DIR', group: 'sandboxes', name: 'Local runtime directory', secret: false },
  { key: 'SERVICE_SANDBOX_WHEELHOUSE', group: 'sandboxes', name: 'Local runtime wheelhouse', secret: false },
  { key: 'SERVICE_DOCKER_HOST', group: 'sandboxes', name: 'Docker engine address', secret: false },
  { key: 'SERVICE_SANDBOX_IMAGE', group: 'sandboxes', name: 'Default sandbox image', secret: false },
  { key: 'SERVICE_SANDBOX_IMAGES', group: 'sandboxes', name: 'Other allowed sandbox images', secret: false },
  { key: 'SERVICE_SANDBOX_STARTUP_TIMEOUT_SECONDS', group: 'sandboxes', name: 'Sandbox start-up timeout (seconds)', secret: false },
  { key: 'SERVICE_COMPUTE_PROFILES', group: 'sandboxes', name: 'Compute profiles (JSON)', secret: false },
  { key: 'SERVICE_COMPUTE_PROFILE_OVERRIDE', group: 'sandboxes', name: 'Who may pick a compute profile', secret: false },
  { key: 'SERVICE_EDITOR_SANDBOX_SHARING', group: 'sandboxes', name: 'Editor sandbox sharing', secret: false },
  { key: 'SERVICE_VIEWER_MODE', group: 'sandboxes', name: 'How viewers see notebooks', secret: false },
  ...kubernetesSettingDefinitions,
];

const DEFAULT_PROFILES: ComputeProfile[] = [{ name: 'default', cpu: 1, memory_bytes: 2 * 1024 ** 3 }];

export function readSandboxSettings(env: Env): SandboxSettings {
  const driver = oneOf(env, 'SERVICE_SANDBOX_DRIVER', ['local', 'docker', 'kubernetes'] as const, 'local');
  const defaultImage = text(env, 'SERVICE_SANDBOX_IMAGE') ?? (driver === 'local' ? LOCAL_IMAGE : DEFAULT_SANDBOX_IMAGE);
  const runtimeDir = text(env, 'SERVICE_SANDBOX_RUNTIME_DIR');
  const wheelhouse = text(env, 'SERVICE_SANDBOX_WHEELHOUSE');
  return {
    driver,
    runtimeDir: runtimeDir === undefined ? null : path.resolve(runtimeDir),
    wheelhouse: wheelhouse === undefined ? null : path.resolve(wheelhouse),
    dockerHost: readDockerHost(env),
    kubernetes: readKubernetesSettings(env),
    defaultImage,
    images: [defaultImage, ...list(env, 'SERVICE_SANDBOX_IMAGES').filter((image) => image !== defaultImage)],
    startupTimeoutSeconds: integer(env, 'SERVICE_SANDBOX_STARTUP_TIMEOUT_SECONDS', 120, { min: 5, max: 3600 }),
    computeProfiles: readProfiles(env),
    computeProfileOverride: oneOf(env, 'SERVICE_COMPUTE_PROFILE_OVERRIDE', ['none', 'editors'] as const, 'none'),
    editorSandboxSharing: oneOf(env, 'SERVICE_EDITOR_SANDBOX_SHARING', ['exclusive', 'shared'] as const, 'exclusive'),
    viewerMode: oneOf(env, 'SERVICE_VIEWER_MODE', ['static', 'applications', 'ephemeral-sandbox'] as const, 'applications'),
  };
}

function readDockerHost(env: Env): SandboxSettings['dockerHost'] {
  const raw = text(env, 'SERVICE_DOCKER_HOST');
  if (raw === undefined) return null;
  if (raw.startsWith('unix://') && raw.length > 'unix://'.length) return { socketPath: raw.slice('unix://'.length) };
  const tcp = /^tcp:\/\/([^:/]+):(\d{1,5})$/.exec(raw);
  if (tcp) return { host: tcp[1]!, port: Number(tcp[2]), protocol: 'http' };
  throw new ConfigError('SERVICE_DOCKER_HOST', `must be unix:///path/to/docker.sock or tcp://host:port, got ${JSON.stringify(raw)}`);
}

function readProfiles(env: Env): ComputeProfile[] {
  const raw = text(env, 'SERVICE_COMPUTE_PROFILES');
  if (raw === undefined) return DEFAULT_PROFILES;
  const fail = (why: string): never => {
    throw new ConfigError('SERVICE_COMPUTE_PROFILES', `must be a JSON array of {name, cpu?, memory_bytes?, gpu?}: ${why}`);
  };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    fail('not valid JSON');
  }
  if (!Array.isArray(parsed) || parsed.length === 0) fail('expected a non-empty array');
  const names = new Set<string>();
  return (parsed as unknown[]).map((item, index) => {
    const profile = item as Record<string, unknown>;
    if (typeof profile !== 'object' || profile === null) fail(`item ${index} is not an object`);
    if (typeof profile.name !== 'string' || !/^[a-z0-9][a-z0-9._-]{0,62}$/.test(profile.name)) fail(`item ${index} needs a lowercase name`);
    if (names.has(profile.name as string)) fail(`duplicate name ${String(profile.name)}`);
    names.add(profile.name as string);
    for (const field of ['cpu', 'memory_bytes'] as const) {
      if (profile[field] !== undefined && (typeof profile[field] !== 'number' || (profile[field] as number) <= 0))
        fail(`${field} of ${String(profile.name)} must be a positive number`);
    }
    if (profile.gpu !== undefined && typeof profile.gpu !== 'string') fail(`gpu of ${String(profile.name)} must be a string`);
    const extra = Object.keys(profile).filter((key) => !['name', 'cpu', 'memory_bytes', 'gpu'].includes(key));
    if (extra.length > 0) fail(`unknown field ${extra[0]}`);
    return profile as unknown as ComputeProfile;
  });
}
