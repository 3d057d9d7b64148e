import { urlProblem } from '../../core/outbound/outbound-policy.js';
import type { BaseServices, Feature } from '../feature.js';
import { OpenIdTeamAuthorization } from './adapters/team-oauth-client.js';
import { HubIdentity } from '../../core/hub-identity.js';
import { LocalSide } from './core/local-side.js';
import { RemoteAccess } from './core/remote-access.js';
import { RemoteConflicts } from './core/remote-conflicts.js';
import { RemoteConnections } from './core/remote-connections.js';
import type { RemoteHubFactory } from './core/remote-hub.js';
import { RemoteLinks } from './core/remote-links.js';
import { RemoteOperations } from './core/remote-operations.js';
import { REMOTE_SEALED_RECORDS, RemoteRecords } from './core/remote-records.js';
import { RemoteUseCases, type SignInTarget } from './core/remote-use-cases.js';
import { SIGN_IN_SEALED_RECORDS, SignInFlows } from './core/sign-in-flows.js';
import type { SyncContext } from './core/sync-context.js';
import { SyncUseCases } from './core/sync-use-cases.js';
import { projectRemoteRoutes } from './http/project-remote-routes.js';
import { remoteRoutes } from './http/remote-routes.js';
import { RemoteCompute } from './core/remote-compute.js';
import { RemoteRuns } from './core/remote-runs.js';
import { remoteRunRoutes } from './http/remote-run-routes.js';
import { remoteRecordsTasks } from './loops/remote-records.js';
import { remoteRunsFollowTask } from './loops/remote-runs-follow.js';

/** What remotes take of the base. */
type RemotesBase = Pick<
  BaseServices,
  | 'settings'
  | 'store'
  | 'secrets'
  | 'audit'
  | 'access'
  | 'notebooks'
  | 'workspace'
  | 'projects'
  | 'background'
  | 'outbound'
  | 'instanceId'
  | 'users'
  | 'authenticator'
>;

/**
 * How the composition root (and tests) give remotes what the base cannot: the client of team hubs
 * (the sync protocol over HTTP), and, for tests, another OAuth-protected resource to sign in for.
 */
export interface RemoteHubWiring {
  use(factory: RemoteHubFactory): void;
  signInTarget(target: SignInTarget): void;
}

/**
 * Remotes (docs/remotes.md): team hubs this hub signs in to, pulls projects from and pushes them
 * back to, with the offline status of linked projects, conflicts kept for a person to resolve, and
 * operations that report a transfer's progress.
 */
export const remotesFeature = {
  name: 'remotes',
  build(base: RemotesBase) {
    const { settings, store, audit } = base;
    const records = new RemoteRecords(store, base.secrets);
    const authorization = new OpenIdTeamAuthorization(base.outbound.client('remotes'));
    const connections = new RemoteConnections({ records, authorization, audit });
    const remotes = new RemoteAccess(records, connections);
    const identity = new HubIdentity(store);
    const context: SyncContext = {
      local: new LocalSide({ store, notebooks: base.notebooks, workspace: base.workspace, audit }),
      links: new RemoteLinks(store),
      conflicts: new RemoteConflicts(store),
      projects: base.projects,
      audit,
      hubId: () => identity.id(),
      maxFileBytes: settings.limits.maxRequestBytes,
      now: () => new Date(),
    };
    const policy = base.outbound.policy('remotes');
    const remoteUseCases = new RemoteUseCases({
      records,
      remotes,
      connections,
      signIns: new SignInFlows(store, base.secrets),
      authorization,
      audit,
      urlProblem: (url) => urlProblem(url, policy, 'this hub'),
      clientName: `Notebook Hub on ${settings.publicUrl ? new URL(settings.publicUrl).host : settings.nodeName}`,
    });
    const syncUseCases = new SyncUseCases({
      access: base.access,
      remotes,
      operations: new RemoteOperations(store),
      context,
      background: base.background,
      instanceId: base.instanceId,
    });
    const runs = new RemoteRuns(store);
    const remoteCompute = new RemoteCompute({ access: base.access, remotes, runs, context, sync: syncUseCases });
    const useCases = { remotes: remoteUseCases, sync: syncUseCases, remoteCompute };
    const remoteHubs: RemoteHubWiring = {
      use: (factory) => connections.use(factory),
      signInTarget: (target) => remoteUseCases.aim(target),
    };
    return {
      services: {
        remoteHubs,
        hubIdentity: identity,
        /** The origins of every remote's team hub: where the desktop app lets a launch link open in a window of its own. */
        teamHubOrigins: async () => [...new Set((await records.list()).map((remote) => new URL(remote.url).origin))],
      },
      useCases,
      routes: [
        {
          after: 'sessions' as const,
          register: (app) => {
            remoteRoutes(app, { useCases, settings });
            projectRemoteRoutes(app, { useCases });
            remoteRunRoutes(app, { useCases });
          },
        },
      ],
      housekeeping: [
        ...remoteRecordsTasks(store),
        remoteRunsFollowTask({
          runs,
          compute: remoteCompute,
          user: (userId) => base.users.get(userId),
          isSuperAdmin: (user) => base.authenticator.isSuperAdminUser(user),
        }),
      ],
      // The system browser returns here from the team hub's consent page without a desktop hub's
      // launch secret; the sign-in's one-time state (sealed, minutes) is what guards it.
      browserReturns: [/^\/api\/v1\/remotes\/[a-z0-9][a-z0-9-]{0,39}\/callback$/],
    };
  },
  sealedRecords: [REMOTE_SEALED_RECORDS, SIGN_IN_SEALED_RECORDS],
} satisfies Feature;
