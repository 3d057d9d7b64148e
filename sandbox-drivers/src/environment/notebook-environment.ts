import { createHash } from 'node:crypto';
import { HubError } from '@notebook-hub/kernel/errors.js';
import type { Logger } from '@notebook-hub/kernel/ports/logger.js';
import { isSandboxError, type Sandbox, type SandboxDriver } from '@notebook-hub/kernel/ports/sandbox-driver.js';
import { tailOf } from '../shared/output-buffer.js';
import { scriptMetadata } from '@notebook-hub/kernel/script-metadata.js';

/** docs/sandboxes.md: environment set-up over this long is logged as `sandbox_setup_slow`. */
export const SLOW_SETUP_MS = 2_000;
/** docs/sandboxes.md: at most this much trailing stderr goes into the log event. */
const STDERR_TAIL_BYTES = 4 * 1024;

export interface NotebookEnvironment {
  /** Environment for marimo and its kernel (empty when the notebook declares no dependencies). */
  env: Record<string, string>;
  installed: boolean;
  /** Per-step timings in milliseconds; uv's own resolve/prepare/install figures when it ran. */
  timings: Record<string, number>;
}

export interface PrepareEnvironmentOptions {
  /** The notebook, relative to the workspace. */
  notebook: string;
  /** Its code, when the caller has it: one read from the sandbox fewer. */
  source?: string;
  /** Variables for uv alone (the project's private package indexes and their credentials), never the kernel's. */
  installEnv?: Record<string, string>;
  logger: Logger;
  timeoutMs?: number;
  slowThresholdMs?: number;
}

export class PythonEnvSetupError extends HubError {
  constructor(
    message: string,
    readonly stderrTail: string,
    options?: { cause?: unknown },
  ) {
    super('PYTHON_ENV_SETUP_FAILED', message, undefined, options);
    this.name = 'PythonEnvSetupError';
  }
}

/**
 * Installs the notebook's PEP 723 dependencies with uv inside the sandbox, before the kernel
 * starts, into a directory under the sandbox's home that goes first on PYTHONPATH. The directory
 * is keyed by the metadata block, so a warm sandbox reuses what it already installed.
 */
export async function prepareNotebookEnvironment(driver: SandboxDriver, sandbox: Sandbox, options: PrepareEnvironmentOptions): Promise<NotebookEnvironment> {
  const began = performance.now();
  const timings: Record<string, number> = {};
  const source = options.source ?? (await driver.readFile(sandbox.id, options.notebook)).toString('utf8');
  timings.read_notebook_ms = performance.now() - began;
  const metadata = scriptMetadata(source);
  if (metadata === null || !metadata.declaresDependencies) {
    timings.total_ms = performance.now() - began;
    return { env: {}, installed: false, timings };
  }

  const target = `${sandbox.homeDir}/.notebook-env/${createHash('sha256').update(metadata.toml).digest('hex').slice(0, 16)}`;
  const argv = ['uv', 'pip', 'install', '--python', 'python3', '--target', target, '--requirements', options.notebook];
  const uvStarted = performance.now();
  let stderr: string;
  let failure: string | null = null;
  let cause: unknown;
  try {
    const result = await driver.exec(sandbox.id, {
      argv,
      timeoutMs: options.timeoutMs ?? 10 * 60_000,
      ...(options.installEnv ? { env: options.installEnv } : {}),
    });
    stderr = result.stderr;
    if (result.exitCode !== 0) failure = `uv exited with ${result.exitCode}`;
  } catch (error) {
    if (!isSandboxError(error) || error.result === undefined) throw error;
    stderr = error.result.stderr;
    failure = error.timedOut ? 'uv did not finish in time' : error.message;
    cause = error;
  }
  timings.uv_ms = performance.now() - uvStarted;
  Object.assign(timings, uvStepTimings(stderr));
  timings.total_ms = performance.now() - began;

  const stderrTail = tailOf(stderr, STDERR_TAIL_BYTES);
  if (timings.total_ms > (options.slowThresholdMs ?? SLOW_SETUP_MS)) {
    options.logger.warn(
      {
        event: 'sandbox_setup_slow',
        sandbox_id: sandbox.id,
        notebook: options.notebook,
        duration_ms: Math.round(timings.total_ms),
        steps: Object.fromEntries(Object.entries(timings).map(([step, ms]) => [step, Math.round(ms)])),
        outcome: failure === null ? 'installed' : 'failed',
        stderr_tail: stderrTail,
      },
      'notebook environment set-up was slow',
    );
  }
  if (failure !== null) {
    const lastLines = stderrTail.trim().split('\n').slice(-15).join('\n');
    throw new PythonEnvSetupError(`installing the notebook's dependencies failed (${failure}):\n${lastLines}`, stderrTail, { cause });
  }
  return { env: { PYTHONPATH: target }, installed: true, timings };
}

const STEP = /^(Resolved|Prepared|Installed|Uninstalled|Audited) .* in ([\d.]+)(ms|s)$/;

/** uv's summary lines ("Resolved 3 packages in 120ms") as `resolve_ms`, `prepare_ms`, ... */
function uvStepTimings(stderr: string): Record<string, number> {
  const names: Record<string, string> = {
    Resolved: 'resolve_ms',
    Prepared: 'prepare_ms',
    Installed: 'install_ms',
    Uninstalled: 'uninstall_ms',
    Audited: 'audit_ms',
  };
  const timings: Record<string, number> = {};
  for (const line of stderr.split('\n')) {
    const match = STEP.exec(line.trim());
    if (match === null) continue;
    const value = Number(match[2]) * (match[3] === 's' ? 1000 : 1);
    timings[names[match[1]!]!] = value;
  }
  return timings;
}
