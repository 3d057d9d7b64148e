import type { OpenPathsAnswer, SandboxChoiceAnswer, SandboxDriverState } from './bridge-contract.js';
import type { HubCall } from './menu-actions.js';
import { staysInWindow } from './menu-actions.js';
import { checkAndOpenPaths } from './open-paths.js';
import { chooseSandboxDriver, sandboxDriverState, type DockerCheck, type LaunchDriver } from './sandbox-choice.js';
import type { SettingsFile } from './settings.js';

/** The IPC channels of the drop and settings calls (the preload names the same ones). */
export const BRIDGE_CHANNELS = {
  importDropped: 'desktop:import-dropped',
  sandboxDriver: 'desktop:sandbox-driver',
  chooseSandboxDriver: 'desktop:choose-sandbox-driver',
  restart: 'desktop:restart',
} as const;

export interface BridgeDependencies {
  /** The hub's origin: only its pages may call. */
  hubOrigin: string;
  call: HubCall;
  settings: SettingsFile;
  launch: LaunchDriver;
  checkDocker: DockerCheck;
  /** Relaunches the app through the normal shutdown (main.ts: `app.relaunch()`, then quit). */
  restart: () => void;
}

/** A handler gets the URL of the page that called, then the call's arguments. */
export type BridgeHandler = (senderUrl: string, ...args: unknown[]) => Promise<unknown>;

/**
 * The main process's answers to the window's drop and settings calls (docs/desktop.md, "The
 * window"). Each refuses a caller that is not a page of the hub, and treats its arguments as
 * untrusted: the window shows only the hub, but its renderer is still the less trusted process.
 */
export function bridgeHandlers(deps: BridgeDependencies): Record<string, BridgeHandler> {
  const fromHub =
    <A extends unknown[], R>(answer: (senderUrl: string, ...args: A) => Promise<R>): BridgeHandler =>
    async (senderUrl, ...args) => {
      if (!staysInWindow(senderUrl, deps.hubOrigin)) throw new Error('not allowed from this page');
      return answer(senderUrl, ...(args as A));
    };
  return {
    [BRIDGE_CHANNELS.importDropped]: fromHub((senderUrl, paths: unknown): Promise<OpenPathsAnswer> =>
      checkAndOpenPaths(deps.call, paths, { pageUrl: senderUrl, hubOrigin: deps.hubOrigin, recent: deps.settings.settings.recentNotebooks }),
    ),
    [BRIDGE_CHANNELS.sandboxDriver]: fromHub(async (): Promise<SandboxDriverState> => sandboxDriverState(deps.settings, deps.launch)),
    [BRIDGE_CHANNELS.chooseSandboxDriver]: fromHub((_senderUrl, choice: unknown): Promise<SandboxChoiceAnswer> =>
      chooseSandboxDriver(deps.settings, deps.launch, choice, deps.checkDocker),
    ),
    [BRIDGE_CHANNELS.restart]: fromHub(async () => deps.restart()),
  };
}
