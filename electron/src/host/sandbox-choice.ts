import type { DockerEngineCheck } from './docker-engine.js';
import type { SandboxDriverChoice, SandboxDriverState, SandboxChoiceAnswer } from './bridge-contract.js';
import type { SettingsFile } from './settings.js';

export type { SandboxDriverChoice, SandboxDriverState, SandboxChoiceAnswer };

/** Asks whether a Docker engine answers (docker-engine.ts; tests point it at their own engine). */
export type DockerCheck = () => Promise<DockerEngineCheck>;

export interface LaunchDriver {
  /** The driver this launch's hub runs notebooks with. */
  driver: SandboxDriverChoice;
  /** Why it is not the saved choice, for the user; null when it is. */
  notice: string | null;
}

/**
 * The sandbox driver of this launch (docs/desktop.md, "Docker"): the saved choice, except that a
 * saved Docker whose engine does not answer falls back to local processes for this launch, with a
 * notice, so the app always starts. The saved choice stays: the next launch tries Docker again.
 */
export async function driverForLaunch(saved: SandboxDriverChoice, checkDocker: DockerCheck): Promise<LaunchDriver> {
  if (saved === 'local') return { driver: 'local', notice: null };
  const engine = await checkDocker();
  if (engine.answers) return { driver: 'docker', notice: null };
  return {
    driver: 'local',
    notice: `${engine.message} Notebooks run as local processes until Notebook Hub starts with Docker answering; the settings still say Docker.`,
  };
}

/** What the settings page shows: the saved choice, the one in use, and why they differ when they do. */
export function sandboxDriverState(settings: SettingsFile, launch: LaunchDriver): SandboxDriverState {
  return { saved: settings.settings.sandboxDriver, inUse: launch.driver, notice: launch.notice };
}

/** Parses the settings page's choice; anything but the two drivers is refused. */
export function sandboxDriverChoiceOf(value: unknown): SandboxDriverChoice {
  if (value === 'local' || value === 'docker') return value;
  throw new Error(`the sandbox driver must be "local" or "docker", not ${JSON.stringify(value)}`);
}

/**
 * The settings page's choice of driver: Docker only once an engine answers, so the user learns now,
 * not at the next start, that it would not work. The choice is saved in settings.json and takes
 * effect at the next start (the hub's driver is fixed for its lifetime).
 */
export async function chooseSandboxDriver(
  settings: SettingsFile,
  launch: LaunchDriver,
  choice: unknown,
  checkDocker: DockerCheck,
): Promise<SandboxChoiceAnswer> {
  const driver = sandboxDriverChoiceOf(choice);
  if (driver === 'docker') {
    const engine = await checkDocker();
    if (!engine.answers) return { saved: false, message: engine.message, state: sandboxDriverState(settings, launch) };
    await settings.update((current) => ({ ...current, sandboxDriver: driver }));
    const engineName = engine.version ? `Docker ${engine.version}` : 'Docker';
    return { saved: true, message: `${engineName} answers at ${engine.address}.`, state: sandboxDriverState(settings, launch) };
  }
  await settings.update((current) => ({ ...current, sandboxDriver: driver }));
  return { saved: true, message: null, state: sandboxDriverState(settings, launch) };
}
