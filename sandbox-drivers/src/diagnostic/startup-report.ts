import { isSandboxError, type ExecResult } from '@notebook-hub/kernel/ports/sandbox-driver.js';

export type {
  EnvironmentSetupBenchmark,
  SandboxStartupReport,
  SandboxStartupRequest,
  StartupPhaseStatus as PhaseStatus,
  StartupPhase as Phase,
  StartupCommandPhase as CommandPhase,
} from '@notebook-hub/kernel/ports/sandbox-diagnostics.js';
import type { StartupCommandPhase as CommandPhase, StartupPhase as Phase } from '@notebook-hub/kernel/ports/sandbox-diagnostics.js';

/** What a report keeps of a command's output: enough to diagnose, never a flood. */
const OUTPUT_LIMIT = 4 * 1024;
const clip = (text: string): string => (text.length > OUTPUT_LIMIT ? `…${text.slice(-OUTPUT_LIMIT)}` : text);

export const skippedPhase = (): Phase => ({ status: 'skipped', duration_ms: null });

export const skippedCommand = (command: string): CommandPhase => ({ ...skippedPhase(), command, stdout: '', stderr: '' });

export function errorOf(error: unknown): { code: string; message: string } {
  if (isSandboxError(error)) return { code: error.code, message: error.message };
  return { code: 'INTERNAL_ERROR', message: error instanceof Error ? error.message : String(error) };
}

export function failureCodeOf(error: unknown): CommandPhase['failure_code'] {
  if (!isSandboxError(error)) return 'unknown';
  return error.code === 'COMMAND_FAILED' || error.code === 'SPAWN_FAILED' || error.code === 'BACKEND_ERROR' ? error.code : 'unknown';
}

/** Runs one timed step and turns its outcome into a phase. */
export async function timedPhase(work: () => Promise<void>): Promise<Phase> {
  const started = performance.now();
  try {
    await work();
    return { status: 'ok', duration_ms: performance.now() - started };
  } catch (error) {
    return { status: 'failed', duration_ms: performance.now() - started, error: errorOf(error) };
  }
}

/** Runs one timed command (a non-zero exit fails it) and turns its outcome into a command phase. */
export async function timedCommand(argv: string[], run: () => Promise<ExecResult>): Promise<CommandPhase> {
  const command = argv.join(' ');
  const started = performance.now();
  try {
    const result = await run();
    const phase: CommandPhase = {
      status: result.exitCode === 0 ? 'ok' : 'failed',
      duration_ms: performance.now() - started,
      command,
      stdout: clip(result.stdout),
      stderr: clip(result.stderr),
    };
    if (result.exitCode !== 0) {
      phase.failure_code = 'COMMAND_FAILED';
      phase.error = { code: 'COMMAND_FAILED', message: `exited with ${result.exitCode}` };
    }
    return phase;
  } catch (error) {
    const result = isSandboxError(error) ? error.result : undefined;
    return {
      status: 'failed',
      duration_ms: performance.now() - started,
      command,
      stdout: clip(result?.stdout ?? ''),
      stderr: clip(result?.stderr ?? ''),
      failure_code: failureCodeOf(error),
      error: errorOf(error),
    };
  }
}
