import type { HubSettings } from '../config/settings.js';
import type { HubServices } from '../compose/services.js';
import type { HubLoops } from './compose.js';

/** The maintenance loop's pull of pull-mode Git notebooks (docs/git.md, "Pull mode"), where SERVICE_GIT=on. */
export function registerGitLoops(loops: HubLoops, services: HubServices, settings: HubSettings): void {
  if (!settings.git.enabled) return;
  loops.maintenance.addTask({ name: 'git_pull_sync', run: ({ signal }) => services.gitSync.pullAll(signal) });
}
