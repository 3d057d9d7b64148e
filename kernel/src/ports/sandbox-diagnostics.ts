import type { Logger } from './logger.js';
import type { ComputeResources } from './sandbox-driver.js';

/** SandboxStartupRequest (docs/sandboxes.md). */
export interface SandboxStartupRequest {
  image?: string;
  compute_profile?: string;
  environment_setup_benchmark?: boolean;
}

export type StartupPhaseStatus = 'ok' | 'failed' | 'skipped' | 'unknown';

export interface StartupPhase {
  status: StartupPhaseStatus;
  duration_ms: number | null;
  error?: { code: string; message: string };
}

export interface StartupCommandPhase extends StartupPhase {
  command: string;
  stdout: string;
  stderr: string;
  failure_code?: 'COMMAND_FAILED' | 'SPAWN_FAILED' | 'BACKEND_ERROR' | 'unknown';
}

/** SandboxStartupReport (docs/sandboxes.md). */
export interface SandboxStartupReport {
  ok: boolean;
  sandbox_id: string | null;
  image: string | null;
  compute_profile: string | null;
  compute_resources: ComputeResources;
  started_at: string;
  finished_at: string;
  total_ms: number;
  handle: StartupPhase;
  readiness: StartupCommandPhase;
  exec: StartupCommandPhase;
  cleanup: StartupPhase;
  startup_timings_ms: Record<string, number>;
  counters: Record<string, number>;
  environment_setup_benchmark: EnvironmentSetupBenchmark | null;
}

/** How long setting up a notebook's Python environment takes, phase by phase. */
export interface EnvironmentSetupBenchmark {
  tool: string;
  runtime_probe: StartupCommandPhase;
  artifact_download: StartupCommandPhase;
  prepare: StartupCommandPhase;
  install: StartupCommandPhase;
}

/**
 * Runs the sandbox start-up diagnostic (docs/sandboxes.md) on the deployment's sandbox driver: creates a
 * temporary sandbox with the image and compute profile asked for (VALIDATION_ERROR for an unknown
 * profile), times its phases, and always destroys it. Implemented by the sandbox drivers package.
 */
export interface SandboxDiagnostics {
  runStartupDiagnostic(request: SandboxStartupRequest, options: { readinessTimeoutMs: number; logger?: Logger }): Promise<SandboxStartupReport>;
}
