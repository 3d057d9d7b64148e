import path from 'node:path';
import { lockedEnvironmentsDriver, unpacksArchives } from '../../config/settings-environments.js';
import { LocalEnvironmentCache } from '../../adapters/environments/local-environment-cache.js';
import { packageIndexCheck } from '../../adapters/environments/package-index-check.js';
import { WheelFolders } from '../../adapters/environments/wheel-folders.js';
import { CONTAINER_BUILD_DIR, CONTAINER_ENVIRONMENTS_DIR, type EnvironmentCache } from '../../core/ports/environment-cache.js';
import type { AnchoredRoutes } from '../../http/app.js';
import type { BaseServices, Feature } from '../feature.js';
import { DependencyUpdates } from './core/dependency-updates.js';
import { EnvironmentAdmin, type EnvironmentAdminDeps } from './core/environment-admin.js';
import { EnvironmentArchives } from './core/environment-archives.js';
import { EnvironmentBuilds } from './core/environment-builds.js';
import { EnvironmentRecords } from './core/environment-records.js';
import { EnvironmentSandboxes, TASK_LABEL } from './core/environment-sandboxes.js';
import { EnvironmentUseCases } from './core/environment-use-cases.js';
import { LockedEnvironments } from './core/locked-environments.js';
import { OfflineWheels } from './core/offline-wheels.js';
import { ArchiveEnvironmentCache } from './core/archive-environment-cache.js';
import { PackageSources } from './core/package-sources.js';
import { VersionLocks } from './core/version-locks.js';
import { environmentRoutes } from './http/environment-routes.js';

/** Where a resolution's or build's container sees the machine's wheel folders (offline), read-only: `<dir>/<n>`. */
const CONTAINER_WHEELS_DIR = '/opt/notebook-hub/wheels';

/** What the hub's services hold of locked environments where they are on (tests look at the cache and the builds). */
export interface LockedEnvironmentServices {
  cache: EnvironmentCache;
  builds: EnvironmentBuilds;
  locks: VersionLocks;
  /** The archives in the object store, where they are kept (Kubernetes, or SERVICE_ENVIRONMENT_ARCHIVES=on). */
  archives: EnvironmentArchives | null;
}

/** What locked environments take of the base. */
type EnvironmentsBase = Pick<
  BaseServices,
  'settings' | 'store' | 'notebooks' | 'workspace' | 'sandboxes' | 'sessions' | 'audit' | 'background' | 'logger' | 'access' | 'outbound'
>;

/**
 * Locked, shared environments (docs/environments.md): with SERVICE_LOCKED_ENVIRONMENTS on (the
 * default) and a driver it serves, each saved version's PEP 723 dependencies are locked once with uv, and the
 * environment built from a lock once per deployment is what sessions and job runs start in. The
 * version environment routes answer everywhere (`unlocked` where locking is off).
 */
export const environmentsFeature = {
  name: 'environments',
  build(base: EnvironmentsBase) {
    const { settings, logger } = base;
    const config = settings.environments;
    const records = new EnvironmentRecords(base.store);
    const served = lockedEnvironmentsDriver(config, base.sandboxes.kind, settings.sandboxes.dockerHost);
    const locking = served !== null;
    const environments = new EnvironmentUseCases({ access: base.access, notebooks: base.notebooks, records, locking });
    const admin = { access: base.access, store: base.store, notebooks: base.notebooks, records, startedAt: new Date().toISOString() };
    const withAdmin = (locked: EnvironmentAdminDeps['locked'], locks: VersionLocks | null) => {
      const dependencyUpdates = new DependencyUpdates({ access: base.access, notebooks: base.notebooks, sessions: base.sessions, records, locks });
      const useCases = { environments, environmentAdmin: new EnvironmentAdmin({ ...admin, locked }), dependencyUpdates };
      const routes: AnchoredRoutes[] = [{ after: 'notebooks', register: (app) => environmentRoutes(app, { useCases }) }];
      return { useCases, routes };
    };
    // On by default: only a deployment that asked for it hears that its driver does not serve it.
    if (config.enabled && config.explicit && !locking) {
      logger.warn(
        { event: 'locked_environments_unavailable', driver: base.sandboxes.kind },
        `SERVICE_LOCKED_ENVIRONMENTS=on is not served by the ${base.sandboxes.kind} sandbox driver${unservedBecause(base.sandboxes.kind)}: dependencies are installed at each start`,
      );
    }
    // Containers see the built environments through a read-only bind mount, and build them through a writable one.
    const inContainers = served === 'docker';
    const wheelFolders = new WheelFolders([settings.sandboxes.wheelhouse, config.wheelsDir].filter((folder): folder is string => folder !== null));
    // Offline, uv reads the machine's wheel folders only: no index is checked (PackageSources).
    // Where locking is off, the installs at each start still ask the projects' private indexes.
    const packages = new PackageSources({
      indexUrl: config.indexUrl,
      offline: config.offline,
      wheelFolders: () => wheelFolders.existing(),
      containerWheelsDir: inContainers ? CONTAINER_WHEELS_DIR : null,
      checkIndex: packageIndexCheck(base.outbound.policy('environments'), base.outbound.resolve, logger),
    });
    if (!locking)
      return {
        services: { lockedEnvironments: null as LockedEnvironmentServices | null, packageSources: packages },
        installIndexes: packages,
        ...withAdmin(null, null),
      };

    const sandboxes = new EnvironmentSandboxes({
      driver: base.sandboxes,
      files: base.workspace,
      compute: settings.sandboxes.computeProfiles[0]!,
      readyTimeoutMs: settings.sandboxes.startupTimeoutSeconds * 1000,
    });
    // Pods and the containers of an engine on another machine see nothing of the hub's: the object
    // store is their cache, each sandbox unpacks its copy.
    const inSandboxes = unpacksArchives(served);
    const archives = inSandboxes || config.archives ? new EnvironmentArchives(base.store, { claimMs: (config.buildTimeoutSeconds + 5 * 60) * 1000 }) : null;
    // Where sandboxes unpack archives, the cache is the archives: their budget is its budget.
    const cacheMaxBytes = inSandboxes ? config.archiveMaxBytes : config.cacheMaxBytes;
    const cache: EnvironmentCache = inSandboxes
      ? new ArchiveEnvironmentCache({ archives: archives!, driver: base.sandboxes, logger })
      : new LocalEnvironmentCache(config.cacheDir, {
          waitMs: config.buildTimeoutSeconds * 1000,
          ...(inContainers ? { sandboxRoot: CONTAINER_ENVIRONMENTS_DIR } : {}),
        });
    const placement = (directory: string) =>
      inContainers
        ? {
            target: `${CONTAINER_BUILD_DIR}/${path.basename(directory)}`,
            mounts: [{ source: path.dirname(directory), target: CONTAINER_BUILD_DIR, readOnly: false }],
          }
        : { target: directory, mounts: [] };
    const locks = new VersionLocks({
      records,
      notebooks: base.notebooks,
      sandboxes,
      audit: base.audit,
      background: base.background,
      logger,
      packages,
      resolveTimeoutMs: config.resolveTimeoutSeconds * 1000,
      now: () => new Date(),
    });
    const builds = new EnvironmentBuilds({
      cache,
      sandboxes,
      logger,
      packages,
      buildTimeoutMs: config.buildTimeoutSeconds * 1000,
      cacheMaxBytes,
      placement: inSandboxes ? (directory: string) => ({ target: directory, mounts: [] }) : placement,
      archives,
      unpackLocally: !inSandboxes,
      archiveMaxBytes: inSandboxes ? null : config.archiveMaxBytes,
      background: base.background,
    });
    base.notebooks.onVersionSaved((saved) => locks.saved(saved));
    // A resolution's or a build's sandbox, this process's or another's, while it may still be at work.
    const taskLifetimeMs = (config.resolveTimeoutSeconds + config.buildTimeoutSeconds) * 1000 + 10 * 60_000;
    const ownedSandboxIds = async () => {
      const labelled = (await base.sandboxes.list()).filter(
        (sandbox) => sandbox.labels[TASK_LABEL] !== undefined && Date.now() - Date.parse(sandbox.createdAt) < taskLifetimeMs,
      );
      return [...sandboxes.ids(), ...labelled.map((sandbox) => sandbox.id)];
    };
    return {
      services: {
        lockedEnvironments: { cache, builds, locks, archives } as LockedEnvironmentServices | null,
        // Where uv finds a project's packages, locked or not; the integrations feature gives it the projects' private indexes.
        packageSources: packages,
      },
      installIndexes: packages,
      ...withAdmin({ cache, stats: () => builds.stats(), driver: base.sandboxes, maxBytes: cacheMaxBytes }, locks),
      environments: new LockedEnvironments({
        locks,
        records,
        builds,
        cache,
        driver: base.sandboxes,
        offline: config.offline ? new OfflineWheels({ wheels: wheelFolders, files: base.workspace, wheelsDir: config.wheelsDir }) : null,
      }),
      sessions: { ownedSandboxIds },
    };
  },
} satisfies Feature;

/** Why a driver does not serve locked environments, for the warning. */
function unservedBecause(driver: string): string {
  if (driver === 'docker')
    return ' offline with an engine reached over TCP (SERVICE_PACKAGE_INDEX_OFFLINE: its containers cannot read the wheel folders of the hub)';
  if (driver === 'kubernetes') return ' offline (SERVICE_PACKAGE_INDEX_OFFLINE: pods cannot read the wheel folders of the hub)';
  return '';
}
