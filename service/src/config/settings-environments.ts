import path from 'node:path';
import { ConfigError, httpUrl, integer, oneOf, strictBoolean, text, type Env, type SettingDefinition } from './parse.js';

/** Locked, shared notebook environments (docs/environments.md). */
export interface EnvironmentSettings {
  /** `SERVICE_LOCKED_ENVIRONMENTS` (default `on`): dependencies are locked on save and built once per deployment, where the driver serves it. */
  enabled: boolean;
  /** Whether SERVICE_LOCKED_ENVIRONMENTS was set: only then is a driver that does not serve it worth a warning. */
  explicit: boolean;
  /** The package index locks are resolved against and environments built from (a PEP 503 simple index). */
  indexUrl: string;
  /** A plain-http index on this machine (development and tests only). */
  allowHttp: boolean;
  allowPrivateNetworks: boolean;
  /**
   * `SERVICE_PACKAGE_INDEX_OFFLINE`: resolve and build from the folders of wheels on this machine
   * only (the sandbox wheelhouse and `wheelsDir`), never the index (the desktop without a network).
   */
  offline: boolean;
  /** A folder of wheels (notebook packages) resolutions and builds read when offline. */
  wheelsDir: string;
  /** Where built environments are kept on this machine. */
  cacheDir: string;
  /** The built environments' total size beyond which the least recently used go. */
  cacheMaxBytes: number;
  /**
   * `SERVICE_ENVIRONMENT_ARCHIVES`: built environments are also kept as archives in the object
   * store, which every hub on that store unpacks instead of building again (docs/environments.md,
   * "Shared through the object store"). Always so on Kubernetes, where the store is the cache.
   */
  archives: boolean;
  /** The archives' total size in the store beyond which the least recently used go. */
  archiveMaxBytes: number;
  resolveTimeoutSeconds: number;
  buildTimeoutSeconds: number;
}

export const environmentSettingDefinitions: SettingDefinition[] = [
  { key: 'SERVICE_LOCKED_ENVIRONMENTS', group: 'environments', name: 'Locked environments: lock dependencies on save, build once (on or off)', secret: false },
  { key: 'SERVICE_PACKAGE_INDEX_URL', group: 'environments', name: 'Environments: the package index locks resolve against', secret: false },
  { key: 'SERVICE_PACKAGE_INDEX_ALLOW_HTTP', group: 'environments', name: 'Environments: allow a plain-http package index on this machine', secret: false },
  {
    key: 'SERVICE_PACKAGE_INDEX_ALLOW_PRIVATE_NETWORKS',
    group: 'environments',
    name: 'Environments: allow a package index on a private network',
    secret: false,
  },
  {
    key: 'SERVICE_PACKAGE_INDEX_OFFLINE',
    group: 'environments',
    name: 'Environments: resolve and build from wheel folders only, without the index',
    secret: false,
  },
  { key: 'SERVICE_ENVIRONMENT_WHEELS_DIR', group: 'environments', name: 'Environments: a folder of wheels for offline resolutions and builds', secret: false },
  { key: 'SERVICE_ENVIRONMENT_CACHE_DIR', group: 'environments', name: 'Environments: where built environments are kept', secret: false },
  { key: 'SERVICE_ENVIRONMENT_CACHE_MAX_BYTES', group: 'environments', name: 'Environments: most bytes built environments may take', secret: false },
  {
    key: 'SERVICE_ENVIRONMENT_ARCHIVES',
    group: 'environments',
    name: 'Environments: keep built environments as archives in the object store, shared by every hub on it (on or off)',
    secret: false,
  },
  {
    key: 'SERVICE_ENVIRONMENT_ARCHIVE_MAX_BYTES',
    group: 'environments',
    name: 'Environments: most bytes the archives in the object store may take',
    secret: false,
  },
  { key: 'SERVICE_ENVIRONMENT_RESOLVE_TIMEOUT_SECONDS', group: 'environments', name: 'Environments: longest resolution of a lock (seconds)', secret: false },
  { key: 'SERVICE_ENVIRONMENT_BUILD_TIMEOUT_SECONDS', group: 'environments', name: 'Environments: longest build of an environment (seconds)', secret: false },
];

/**
 * The sandbox driver whose sandboxes start in locked environments (docs/environments.md), and how
 * they get them: local (on by default); Docker when SERVICE_LOCKED_ENVIRONMENTS=on says so, its
 * engine on the hub's machine (`docker`: its containers see the environments through a bind mount
 * of the cache folder, which must be at the same path for the engine: not so for a hub that itself
 * runs in a container, hence not by default) or reached over TCP (`docker-remote`: each container
 * unpacks the environment's archive from the object store, as pods do); Kubernetes when
 * SERVICE_LOCKED_ENVIRONMENTS=on says so. Sandboxes that unpack archives cannot see the hub's wheel
 * folders, so they are not served offline. Null: sandboxes install at each start.
 */
export function lockedEnvironmentsDriver(
  environments: Pick<EnvironmentSettings, 'enabled' | 'explicit'> & Partial<Pick<EnvironmentSettings, 'offline'>>,
  driver: string,
  dockerHost: { socketPath: string } | { host: string } | null,
): 'local' | 'docker' | 'docker-remote' | 'kubernetes' | null {
  if (!environments.enabled) return null;
  if (driver === 'local') return 'local';
  if (!environments.explicit) return null;
  if (driver === 'docker' && (dockerHost === null || 'socketPath' in dockerHost)) return 'docker';
  if (environments.offline === true) return null;
  if (driver === 'docker') return 'docker-remote';
  if (driver === 'kubernetes') return 'kubernetes';
  return null;
}

/** Whether the driver's sandboxes each unpack an environment's archive from the object store (they see nothing of the hub's machine). */
export const unpacksArchives = (served: ReturnType<typeof lockedEnvironmentsDriver>): boolean => served === 'kubernetes' || served === 'docker-remote';

export function readEnvironmentSettings(env: Env, dataDir: string): EnvironmentSettings {
  const indexUrl = (httpUrl(env, 'SERVICE_PACKAGE_INDEX_URL') ?? 'https://pypi.org/simple').replace(/\/+$/, '');
  const url = new URL(indexUrl);
  if (url.username !== '' || url.password !== '') {
    throw new ConfigError('SERVICE_PACKAGE_INDEX_URL', 'must not carry a user name or password: locks and environments never hold credentials');
  }
  if (url.search !== '' || url.hash !== '') throw new ConfigError('SERVICE_PACKAGE_INDEX_URL', 'must be a simple index URL without query or fragment');
  const cacheDir = text(env, 'SERVICE_ENVIRONMENT_CACHE_DIR');
  const resolvedCacheDir = cacheDir ? path.resolve(cacheDir) : path.join(dataDir, 'environments');
  const wheelsDir = text(env, 'SERVICE_ENVIRONMENT_WHEELS_DIR');
  return {
    enabled: oneOf(env, 'SERVICE_LOCKED_ENVIRONMENTS', ['on', 'off'], 'on') === 'on',
    explicit: text(env, 'SERVICE_LOCKED_ENVIRONMENTS') !== undefined,
    indexUrl,
    allowHttp: strictBoolean(env, 'SERVICE_PACKAGE_INDEX_ALLOW_HTTP', false),
    allowPrivateNetworks: strictBoolean(env, 'SERVICE_PACKAGE_INDEX_ALLOW_PRIVATE_NETWORKS', false),
    offline: strictBoolean(env, 'SERVICE_PACKAGE_INDEX_OFFLINE', false),
    wheelsDir: wheelsDir ? path.resolve(wheelsDir) : path.join(resolvedCacheDir, 'wheels'),
    cacheDir: resolvedCacheDir,
    cacheMaxBytes: integer(env, 'SERVICE_ENVIRONMENT_CACHE_MAX_BYTES', 20 * 1024 ** 3, { min: 0, max: 10 * 1024 ** 4 }),
    archives: oneOf(env, 'SERVICE_ENVIRONMENT_ARCHIVES', ['on', 'off'], 'off') === 'on',
    archiveMaxBytes: integer(env, 'SERVICE_ENVIRONMENT_ARCHIVE_MAX_BYTES', 20 * 1024 ** 3, { min: 0, max: 10 * 1024 ** 4 }),
    resolveTimeoutSeconds: integer(env, 'SERVICE_ENVIRONMENT_RESOLVE_TIMEOUT_SECONDS', 300, { min: 5, max: 3600 }),
    buildTimeoutSeconds: integer(env, 'SERVICE_ENVIRONMENT_BUILD_TIMEOUT_SECONDS', 1200, { min: 5, max: 4 * 3600 }),
  };
}
