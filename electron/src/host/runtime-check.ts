import { existsSync } from 'node:fs';
import path from 'node:path';
import { ensureLocalRuntime, inspectLocalRuntime, type RuntimeHealth } from '@notebook-hub/sandbox-drivers/local';

/** Where the local driver keeps the runtime of a hub data folder (its default, `<data>/runtime`). */
export const runtimeDirOf = (hubDataDir: string): string => path.join(hubDataDir, 'runtime');

/** The bundled wheelhouse, when the app ships one (`wheelhouse/wheelhouse.json` next to the app's code). */
export function bundledWheelhouse(appDir: string): string | null {
  const dir = path.join(appDir, 'wheelhouse');
  return existsSync(path.join(dir, 'wheelhouse.json')) ? dir : null;
}

export interface RuntimeAdvice {
  /** Whether the user should be offered a repair now (a runtime never built is built on first use instead). */
  offerRepair: boolean;
  /** What to tell them. */
  message: string;
}

/**
 * What the app says at start about the sandbox runtime (docs/desktop.md, "The sandbox runtime").
 * The UI starts whatever the state: only sessions need the runtime.
 */
export function runtimeAdvice(health: RuntimeHealth): RuntimeAdvice {
  switch (health.state) {
    case 'ready':
      return { offerRepair: false, message: health.detail };
    case 'missing':
      return { offerRepair: false, message: 'The notebook runtime is created when the first notebook opens.' };
    case 'no_python':
      return { offerRepair: false, message: `Notebooks cannot run yet. ${health.detail}` };
    case 'incomplete':
    case 'outdated':
    case 'broken':
      return { offerRepair: true, message: `The notebook runtime needs a repair. ${health.detail}` };
  }
}

export interface RuntimeCheckOptions {
  hubDataDir: string;
  wheelhouse: string | null;
}

/** The runtime's state at start. */
export function checkRuntime(hubDataDir: string): Promise<RuntimeHealth> {
  return inspectLocalRuntime({ dir: runtimeDirOf(hubDataDir) });
}

/** Builds the runtime again (from the wheelhouse when there is one), reporting progress; resolves to its state after. */
export async function repairRuntime(options: RuntimeCheckOptions, onProgress: (percent: number, step: string) => void): Promise<RuntimeHealth> {
  await ensureLocalRuntime({
    dir: runtimeDirOf(options.hubDataDir),
    rebuild: true,
    ...(options.wheelhouse ? { wheelhouse: options.wheelhouse } : {}),
    onProgress: (event) => onProgress(event.percent, event.step),
  });
  return checkRuntime(options.hubDataDir);
}
