import type { Principal } from '../../../core/identity/authenticator.js';
import type { UserEntry } from '../../../core/identity/users.js';
import type { HousekeepingResult, HousekeepingTask } from '../../../loops/maintenance-loop.js';
import type { RemoteCompute } from '../core/remote-compute.js';
import type { RemoteRuns } from '../core/remote-runs.js';

export interface RunFollowDeps {
  runs: Pick<RemoteRuns, 'live'>;
  compute: Pick<RemoteCompute, 'read'>;
  user(userId: string): Promise<UserEntry | null>;
  isSuperAdmin(user: UserEntry): boolean;
}

/**
 * Follows the runs on team hubs that nobody reads (docs/remotes.md, "Running on the team hub"):
 * each cycle, every run not ended is read as its user, which brings an ended session's result or a
 * job's output back. A run whose user is gone or suspended is left alone; one the team hub cannot
 * be asked about notes it and waits for the next cycle.
 */
export function remoteRunsFollowTask(deps: RunFollowDeps): HousekeepingTask {
  return {
    name: 'remote_runs_follow',
    budgetMs: 60_000,
    async run({ signal }): Promise<HousekeepingResult> {
      let followed = 0;
      let ended = 0;
      let failed = 0;
      for (const run of await deps.runs.live()) {
        if (signal.aborted) return { followed, ended, failed, partial: true };
        const user = await deps.user(run.user_id);
        if (!user || user.suspended_at) continue;
        const principal: Principal = {
          user,
          isSuperAdmin: deps.isSuperAdmin(user),
          // As the command line acts: the user's own rights, cleared for nothing labelled.
          credential: { kind: 'session', provider: 'local', expiresAt: new Date(Date.now() + 600_000).toISOString(), context: null },
        };
        try {
          const after = await deps.compute.read(principal, run.id);
          followed++;
          if (after.state === 'ended' || after.state === 'failed') ended++;
        } catch {
          // Its project gone or no longer readable, its remote removed: nothing to bring back for now.
          failed++;
        }
      }
      return { followed, ended, failed };
    },
  };
}
