import type { HubSettings } from '../../../config/settings.js';
import type { GitSync } from '../core/git-sync.js';
import type { Previews } from '../core/previews.js';
import type { HubLoops } from '../../../loops/compose.js';

/** The loop that prepares previews (docs/maintenance.md). */
export const PREVIEW_PREPARATION_LOOP = { name: 'preview_preparation', intervalMs: 15_000, lease: null } as const;

/** What the Git loops drive. */
export interface GitLoopServices {
  gitSync: Pick<GitSync, 'pullAll'>;
  previews: Pick<Previews, 'prepareAll'>;
}

/**
 * Where SERVICE_GIT=on: the maintenance loop's pull of pull-mode Git notebooks (docs/git.md, "Pull
 * mode"), and the `preview_preparation` loop (docs/git.md, "Previews"), which prepares pending
 * previews every 15 s and prepares branch and change-request previews again when their head moves.
 * It holds no lease: two replicas preparing one preview write the same snapshot.
 */
export function registerGitLoops(loops: HubLoops, services: GitLoopServices, settings: HubSettings): void {
  if (!settings.git.enabled) return;
  loops.maintenance.addTask({ name: 'git_pull_sync', run: ({ signal }) => services.gitSync.pullAll(signal) });
  loops.runner.register({
    name: PREVIEW_PREPARATION_LOOP.name,
    lease: PREVIEW_PREPARATION_LOOP.lease,
    intervalMs: PREVIEW_PREPARATION_LOOP.intervalMs,
    work: async ({ signal, logger }) => {
      const outcome = await services.previews.prepareAll(signal);
      if (outcome.prepared + outcome.refreshed + outcome.failed + outcome.removed > 0)
        logger.info({ event: 'previews_prepared', ...outcome }, 'previews_prepared');
    },
  });
}
