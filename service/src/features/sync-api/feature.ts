import { WorkspaceStore } from '../../core/workspace/workspace-store.js';
import type { BaseServices, Feature } from '../feature.js';
import { HubIdentity } from '../../core/hub-identity.js';
import { OriginClaims } from './core/origin-claims.js';
import { ProjectBlobs } from './core/project-blobs.js';
import { SyncPulls, type SyncIntegrations } from './core/sync-pulls.js';
import { SyncPushes } from './core/sync-pushes.js';
import { syncResourceMetadataRoute } from './http/sync-auth.js';
import { syncPullRoutes } from './http/sync-pull-routes.js';
import { syncPushRoutes } from './http/sync-push-routes.js';
import { LaunchTickets } from './core/launch-tickets.js';
import { SyncJobs, type SyncJobsPort } from './core/sync-jobs.js';
import { SyncSessions } from './core/sync-sessions.js';
import { syncComputeRoutes } from './http/sync-compute-routes.js';
import { expiredRecordsTask } from '../../loops/housekeeping/expired-records.js';
import { layout } from '../../core/storage-layout.js';

/** What the sync API takes of the base. */
type SyncApiBase = Pick<
  BaseServices,
  | 'settings'
  | 'store'
  | 'access'
  | 'audit'
  | 'users'
  | 'projects'
  | 'notebooks'
  | 'workspace'
  | 'sessions'
  | 'useCases'
  | 'authenticator'
  | 'failedAuthentications'
  | 'loginSessions'
>;

/**
 * The team side of hub-to-hub sync (docs/remotes.md, "The sync protocol (team side)"): the API
 * another hub pulls projects from and pushes versions, workspaces, notebooks and projects to, at
 * `/api/v1/sync`, as the signed-in user of this hub (an OAuth token for the sync API, or a
 * personal access token). It lists the integrations of a project through what the integrations
 * feature gives it (`useIntegrations`, linked by the composition root).
 */
export const syncApiFeature = {
  name: 'sync-api',
  build(base: SyncApiBase) {
    const { settings, store } = base;
    let integrations: SyncIntegrations | null = null;
    const hubId = new HubIdentity(store);
    const syncPull = new SyncPulls({
      access: base.access,
      projects: base.useCases.projects,
      notebooks: base.notebooks,
      users: base.users,
      store,
      blobs: new ProjectBlobs(store, base.notebooks),
      hubId,
      version: settings.version,
      integrations: () => integrations,
    });
    const syncPush = new SyncPushes({
      access: base.access,
      projects: base.projects,
      notebooks: base.notebooks,
      sessions: base.sessions,
      workspace: base.workspace,
      files: new WorkspaceStore(store),
      store,
      audit: base.audit,
      claims: new OriginClaims(store),
    });
    let jobs: SyncJobsPort | null = null;
    const syncSessions = new SyncSessions({
      access: base.access,
      sessions: base.useCases.sessions,
      tickets: new LaunchTickets(store),
      loginSessions: base.loginSessions,
      users: base.users,
      audit: base.audit,
      profiles: settings.sandboxes.computeProfiles,
      profileChoice: settings.sandboxes.computeProfileOverride,
      jobsAvailable: settings.jobs.enabled,
      loginProvider: settings.auth.kind,
    });
    const syncJobs = new SyncJobs(base.access, () => jobs, settings.jobs.enabled);
    const useCases = { syncPull, syncPush, syncSessions, syncJobs };
    const services = { ...base, useCases };
    return {
      services: {
        /** Links the project integrations a project's manifest names (the integrations feature's). */
        syncApi: {
          useIntegrations: (given: SyncIntegrations) => void (integrations = given),
          /** Links the jobs feature's use cases: runs on this hub's compute for another hub. */
          useJobs: (given: SyncJobsPort) => void (jobs = given),
          hubId,
        },
      },
      useCases,
      routes: [
        {
          after: 'sessions',
          register(app) {
            syncResourceMetadataRoute(app, services);
            syncPullRoutes(app, services);
            syncPushRoutes(app, services);
            syncComputeRoutes(app, services);
          },
        },
      ],
      // Launch tickets live a minute; those never used are swept.
      housekeeping: [expiredRecordsTask(store, 'session_launches', layout.sessionLaunchesPrefix, { budgetMs: 10_000 })],
    };
  },
} satisfies Feature;
