import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { RUNTIME_REQUIREMENTS } from '../../runtime/pins.js';
import { readStamp, runtimePaths, stampOf } from './runtime-venv.js';
import { findExecutable } from './which.js';

const execFileAsync = promisify(execFile);

/**
 * What a local runtime needs before sessions can start (docs/desktop.md, "The sandbox runtime"):
 * - `ready`: built for the current pins, and its marimo and uv run;
 * - `missing`: never built;
 * - `incomplete`: an install that did not finish (no stamp, or a tool missing);
 * - `outdated`: built for other pins (an update changed them);
 * - `broken`: built and current, but its tools do not run (the Python it was made from moved or
 *   was removed, files were deleted);
 * - `no_python`: nothing to build it from: the Python it would be based on cannot be found.
 * Every state but `ready` is repaired by building the runtime again (`ensureLocalRuntime` with
 * `rebuild`), which `no_python` needs a Python for first.
 */
export type RuntimeState = 'ready' | 'missing' | 'incomplete' | 'outdated' | 'broken' | 'no_python';

export interface RuntimeHealth {
  state: RuntimeState;
  /** For people: what is wrong, with the failing command's output when there is one. */
  detail: string;
}

export interface InspectRuntimeOptions {
  dir: string;
  requirements?: readonly string[];
  /** The interpreter a build would start from (default: $PYTHON or `python3` on PATH). */
  python?: string;
}

/** Tells, without changing anything, whether the runtime in `dir` can run sessions and what is wrong when not. */
export async function inspectLocalRuntime(options: InspectRuntimeOptions): Promise<RuntimeHealth> {
  const requirements = options.requirements ?? RUNTIME_REQUIREMENTS;
  const runtime = runtimePaths(options.dir);
  const basePython = options.python ?? process.env.PYTHON ?? 'python3';
  const pythonFound = path.isAbsolute(basePython) ? existsSync(basePython) : (await findExecutable(basePython)) !== null;

  let health: RuntimeHealth;
  if (!existsSync(runtime.venvDir)) health = { state: 'missing', detail: 'The runtime has not been built yet.' };
  else {
    const stamp = await readStamp(runtime);
    const tools = ['marimo', 'uv'].filter((tool) => !existsSync(path.join(runtime.binDir, tool)));
    if (stamp === null || tools.length > 0)
      health = { state: 'incomplete', detail: `The last build of the runtime did not finish${tools.length ? ` (${tools.join(' and ')} missing)` : ''}.` };
    else if (stamp !== stampOf(requirements))
      health = { state: 'outdated', detail: `The runtime was built for other versions than ${requirements.join(', ')}.` };
    else health = await runs(runtime.binDir);
  }
  if (health.state !== 'ready' && !pythonFound) {
    return { state: 'no_python', detail: `${health.detail} It cannot be built: ${basePython} was not found. Install Python 3 (or set PYTHON to one).` };
  }
  return health;
}

async function runs(binDir: string): Promise<RuntimeHealth> {
  for (const tool of ['marimo', 'uv']) {
    try {
      await execFileAsync(path.join(binDir, tool), ['--version'], { timeout: 30_000 });
    } catch (error) {
      const output = [(error as { stderr?: string }).stderr, (error as Error).message].filter(Boolean).join('\n').trim();
      return { state: 'broken', detail: `The runtime's ${tool} does not run: ${output.slice(-2000)}` };
    }
  }
  return { state: 'ready', detail: 'The runtime is ready.' };
}
