import path from 'node:path';
import type { SurfaceConfig } from '../core/ports/surface-model.js';
import { integer, strictBoolean, text, type Env, type SettingDefinition } from './parse.js';
import type { ManagedAiSettings } from '../core/ports/ai-provider.js';
import { readAiSandboxUrl, readManagedAiSettings, readSurfaceDomain, readSurfaceSettings, surfaceSettingDefinitions } from './settings-surfaces.js';

export interface SessionSettings {
  idleTimeoutSeconds: number;
  appIdleTimeoutSeconds: number;
  lifetimeSeconds: number;
  sweepIntervalSeconds: number;
  autosaveSeconds: number;
  /** While editors are connected a session's lifetime keeps extending (up to twice the lifetime). */
  connectionAware: boolean;
  automaticThumbnails: boolean;
  /** Pre-started edit sandboxes kept ready for new sessions (0: no warm pool). */
  warmPoolSize: number;
  /** A warm sandbox nobody claimed is replaced after this long. */
  warmPoolMaxAgeSeconds: number;
  /** How many of the locked environments most recently started in keep warm sandboxes of their own (0: none). */
  warmPoolEnvironments: number;
  /** The most warm sandboxes those environments hold in all, newest environment first. */
  warmPoolEnvironmentSandboxes: number;
  /** How often the hub asks each session's notebook server whether it answers (docs/sessions.md). */
  kernelProbeIntervalMs: number;
  /** Consecutive unanswered probes after which a session's notebook server counts as dead. */
  kernelProbeFailures: number;
  /** VS Code and OpenCode in edit sessions (docs/surfaces.md); empty: none. */
  surfaces: SurfaceConfig[];
  /** Surfaces' own hosts are `<surface>-<session id>.<surfaceDomain>` (null: `localhost`). */
  surfaceDomain: string | null;
  /** Local driver: where VS Code and OpenCode are installed on first use (null: `<data dir>/surfaces`). */
  surfaceRuntimeDir: string | null;
  /**
   * The AI provider OpenCode's managed model goes through (docs/surfaces.md, "Managed AI"); null:
   * none set here (an organization `openai` integration may serve instead).
   */
  managedAi: ManagedAiSettings | null;
  /** The hub as sandboxes reach it, for managed AI (SERVICE_AI_SANDBOX_URL); null: the listen address (local driver). */
  aiSandboxUrl: string | null;
}

export const sessionSettingDefinitions: SettingDefinition[] = [
  ...surfaceSettingDefinitions,
  { key: 'SERVICE_SESSION_CONNECTION_AWARE', group: 'sessions', name: 'Connection-aware session lifetimes', secret: false },
  { key: 'SERVICE_AUTOMATIC_THUMBNAILS', group: 'sessions', name: 'Automatic thumbnails', secret: false },
  { key: 'SERVICE_SESSION_IDLE_TIMEOUT_SECONDS', group: 'sessions', name: 'Idle timeout (seconds)', secret: false },
  { key: 'SERVICE_SESSION_APP_IDLE_TIMEOUT_SECONDS', group: 'sessions', name: 'App idle timeout (seconds)', secret: false },
  { key: 'SERVICE_SESSION_LIFETIME_SECONDS', group: 'sessions', name: 'Session lifetime (seconds)', secret: false },
  { key: 'SERVICE_SESSION_SWEEP_INTERVAL_SECONDS', group: 'sessions', name: 'Session lifecycle sweep interval (seconds)', secret: false },
  { key: 'SERVICE_SESSION_AUTOSAVE_SECONDS', group: 'sessions', name: 'Autosave interval (seconds)', secret: false },
  { key: 'SERVICE_WARM_POOL_SIZE', group: 'sessions', name: 'Warm pool size', secret: false },
  { key: 'SERVICE_WARM_POOL_MAX_AGE_SECONDS', group: 'sessions', name: 'Warm sandbox maximum age (seconds)', secret: false },
  { key: 'SERVICE_WARM_POOL_ENVIRONMENTS', group: 'sessions', name: 'Locked environments kept warm (the most recently started)', secret: false },
  { key: 'SERVICE_WARM_POOL_ENVIRONMENT_SANDBOXES', group: 'sessions', name: 'Warm sandboxes for locked environments, in all', secret: false },
  { key: 'SERVICE_SESSION_KERNEL_PROBE_INTERVAL_MS', group: 'sessions', name: 'Notebook server health probe interval (ms)', secret: false },
  { key: 'SERVICE_SESSION_KERNEL_PROBE_FAILURES', group: 'sessions', name: 'Unanswered probes before a notebook server counts as dead', secret: false },
];

export function readSessionSettings(env: Env): SessionSettings {
  const idleTimeoutSeconds = integer(env, 'SERVICE_SESSION_IDLE_TIMEOUT_SECONDS', 3600, { min: 1, max: 7 * 86_400 });
  const warmPoolEnvironments = integer(env, 'SERVICE_WARM_POOL_ENVIRONMENTS', 0, { min: 0, max: 100 });
  return {
    surfaces: readSurfaceSettings(env),
    surfaceDomain: readSurfaceDomain(env),
    managedAi: readManagedAiSettings(env),
    aiSandboxUrl: readAiSandboxUrl(env),
    surfaceRuntimeDir: text(env, 'SERVICE_SURFACE_RUNTIME_DIR') === undefined ? null : path.resolve(text(env, 'SERVICE_SURFACE_RUNTIME_DIR')!),
    idleTimeoutSeconds,
    appIdleTimeoutSeconds:
      text(env, 'SERVICE_SESSION_APP_IDLE_TIMEOUT_SECONDS') === undefined
        ? idleTimeoutSeconds
        : integer(env, 'SERVICE_SESSION_APP_IDLE_TIMEOUT_SECONDS', idleTimeoutSeconds, { min: 1, max: 7 * 86_400 }),
    lifetimeSeconds: integer(env, 'SERVICE_SESSION_LIFETIME_SECONDS', 8 * 3600, { min: 1, max: 30 * 86_400 }),
    sweepIntervalSeconds: integer(env, 'SERVICE_SESSION_SWEEP_INTERVAL_SECONDS', 60, { min: 1, max: 3600 }),
    autosaveSeconds: integer(env, 'SERVICE_SESSION_AUTOSAVE_SECONDS', 120, { min: 1, max: 86_400 }),
    connectionAware: strictBoolean(env, 'SERVICE_SESSION_CONNECTION_AWARE', true),
    automaticThumbnails: strictBoolean(env, 'SERVICE_AUTOMATIC_THUMBNAILS', true),
    warmPoolSize: integer(env, 'SERVICE_WARM_POOL_SIZE', 0, { min: 0, max: 100 }),
    warmPoolMaxAgeSeconds: integer(env, 'SERVICE_WARM_POOL_MAX_AGE_SECONDS', 1800, { min: 60, max: 86_400 }),
    warmPoolEnvironments,
    warmPoolEnvironmentSandboxes: integer(env, 'SERVICE_WARM_POOL_ENVIRONMENT_SANDBOXES', warmPoolEnvironments, { min: 0, max: 100 }),
    kernelProbeIntervalMs: integer(env, 'SERVICE_SESSION_KERNEL_PROBE_INTERVAL_MS', 2000, { min: 100, max: 60_000 }),
    kernelProbeFailures: integer(env, 'SERVICE_SESSION_KERNEL_PROBE_FAILURES', 5, { min: 1, max: 100 }),
  };
}
