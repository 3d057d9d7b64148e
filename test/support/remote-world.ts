import type { Principal } from '../../service/src/core/identity/authenticator.js';
import { HubIdentity } from '../../service/src/core/hub-identity.js';
import { LocalSide } from '../../service/src/features/remotes/core/local-side.js';
import { RemoteAccess } from '../../service/src/features/remotes/core/remote-access.js';
import { RemoteConflicts } from '../../service/src/features/remotes/core/remote-conflicts.js';
import { RemoteConnections } from '../../service/src/features/remotes/core/remote-connections.js';
import { RemoteLinks } from '../../service/src/features/remotes/core/remote-links.js';
import { RemoteOperations, type OperationRecord } from '../../service/src/features/remotes/core/remote-operations.js';
import { RemoteRecords } from '../../service/src/features/remotes/core/remote-records.js';
import { RemoteUseCases } from '../../service/src/features/remotes/core/remote-use-cases.js';
import { SignInFlows } from '../../service/src/features/remotes/core/sign-in-flows.js';
import type { SyncContext } from '../../service/src/features/remotes/core/sync-context.js';
import { SyncUseCases, type StartedOperation } from '../../service/src/features/remotes/core/sync-use-cases.js';
import { RemoteCompute } from '../../service/src/features/remotes/core/remote-compute.js';
import { RemoteRuns } from '../../service/src/features/remotes/core/remote-runs.js';
import { startCoreWorld, type CoreWorld, type CoreWorldOptions } from './core-services.js';
import { FakeTeamAuthorization, FakeTeamHub } from './fake-remote-hub.js';

export const TEAM_URL = 'https://team.example.com';

/**
 * A local hub's services with the remotes core built on them, against a fake team hub and its fake
 * authorization server (test/support/fake-remote-hub.ts): what the unit tests of pulling, pushing
 * and conflicts drive. Background work runs at once; a test awaits an operation's `done`.
 */
export interface RemoteWorld {
  world: CoreWorld;
  team: FakeTeamHub;
  authorization: FakeTeamAuthorization;
  records: RemoteRecords;
  connections: RemoteConnections;
  operations: RemoteOperations;
  context: SyncContext;
  remotes: RemoteUseCases;
  sync: SyncUseCases;
  /** Running on the team hub (its sessions and job runs are the fake's `team.compute`). */
  compute: RemoteCompute;
  runs: RemoteRuns;
  /** A remote named `name` of `principal`, signed in with a token of `teamUser`. */
  remoteOf(principal: Principal, teamUser: string, name?: string): Promise<void>;
  /** Waits for an operation to end; fails the test when it did not succeed unless `expectFailure`. */
  finished(started: Promise<StartedOperation>, expectFailure?: boolean): Promise<OperationRecord>;
  close(): Promise<void>;
}

export async function startRemoteWorld(env: Record<string, string> = {}, options: CoreWorldOptions = {}): Promise<RemoteWorld> {
  const world = await startCoreWorld({ SERVICE_STORAGE: 'memory', SERVICE_LOCKED_ENVIRONMENTS: 'off', ...env }, options);
  const services = world.services;
  const team = new FakeTeamHub();
  const authorization = new FakeTeamAuthorization(team);
  const records = new RemoteRecords(services.store, services.secrets);
  const connections = new RemoteConnections({ records, authorization, audit: services.audit });
  connections.use(team.factory);
  const access = new RemoteAccess(records, connections);
  const identity = new HubIdentity(services.store);
  const operations = new RemoteOperations(services.store);
  const context: SyncContext = {
    local: new LocalSide({ store: services.store, notebooks: services.notebooks, workspace: services.workspace, audit: services.audit }),
    links: new RemoteLinks(services.store),
    conflicts: new RemoteConflicts(services.store),
    projects: services.projects,
    audit: services.audit,
    hubId: () => identity.id(),
    maxFileBytes: services.settings.limits.maxRequestBytes,
    now: () => new Date(),
  };
  const remotes = new RemoteUseCases({
    records,
    remotes: access,
    connections,
    signIns: new SignInFlows(services.store, services.secrets),
    authorization,
    audit: services.audit,
    urlProblem: () => null,
    clientName: 'Notebook Hub under test',
  });
  const sync = new SyncUseCases({
    access: services.access,
    remotes: access,
    operations,
    context,
    background: { run: (work) => (void work(), true) },
    instanceId: 'test-instance',
  });
  const runs = new RemoteRuns(services.store);
  const compute = new RemoteCompute({ access: services.access, remotes: access, runs, context, sync });
  return {
    world,
    team,
    authorization,
    records,
    connections,
    operations,
    context,
    remotes,
    sync,
    compute,
    runs,
    async remoteOf(principal, teamUser, name = 'team') {
      await remotes.add(principal, { name, url: TEAM_URL, token: team.tokenFor(teamUser) });
    },
    async finished(started, expectFailure = false) {
      const record = await (await started).done;
      if (!expectFailure && record.state !== 'succeeded') throw new Error(`the ${record.kind} failed: ${JSON.stringify(record.error)}`);
      return record;
    },
    close: () => world.close(),
  };
}
