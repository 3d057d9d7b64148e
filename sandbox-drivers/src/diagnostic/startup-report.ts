import { isSandboxError, type ComputeResources, type ExecResult } from '@notebook-hub/service/core/ports/sandbox-driver.js';

/** Spec 2.8 SandboxStartupRequest. */
export interface SandboxStartupRequest {
  image?: string;
  compute_profile?: string;
  environment_setup_benchmark?: boolean;
}

export type PhaseStatus = 'ok' | 'failed' | 'skipped' | 'unknown';

export interface Phase {
  status: PhaseStatus;
  duration_ms: number | null;
  error?: { code: string; message: string };
}

export interface CommandPhase extends Phase {
  command: string;
  stdout: string;
  stderr: string;
  failure_code?: 'COMMAND_FAILED' | 'SPAWN_FAILED' | 'BACKEND_ERROR' | 'unknown';
}

export interface EnvironmentSetupBenchmark {
  tool: string;
  runtime_probe: CommandPhase;
  artifact_download: CommandPhase;
  prepare: CommandPhase;
  install: CommandPhase;
}

/** Spec 2.8 SandboxStartupReport. */
export interface SandboxStartupReport {
  ok: boolean;
  sandbox_id: string | null;
  image: string | null;
  compute_profile: string | null;
  compute_resources: ComputeResources;
  started_at: string;
  finished_at: string;
  total_ms: number;
  handle: Phase;
  readiness: CommandPhase;
  exec: CommandPhase;
  cleanup: Phase;
  startup_timings_ms: Record<string, number>;
  counters: Record<string, number>;
  environment_setup_benchmark: EnvironmentSetupBenchmark | null;
}

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
