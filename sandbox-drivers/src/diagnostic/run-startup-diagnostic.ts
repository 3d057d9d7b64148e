import { setTimeout as sleep } from 'node:timers/promises';
import { HubError } from '@notebook-hub/kernel/errors.js';
import type { Logger } from '@notebook-hub/kernel/ports/logger.js';
import { isSandboxError, type ComputeResources, type ExecResult, type Sandbox, type SandboxDriver } from '@notebook-hub/kernel/ports/sandbox-driver.js';
import { DIAGNOSTIC_BENCHMARK_PACKAGE } from '../../runtime/pins.js';
import {
  skippedCommand,
  skippedPhase,
  timedCommand,
  timedPhase,
  type CommandPhase,
  type EnvironmentSetupBenchmark,
  type SandboxStartupReport,
  type SandboxStartupRequest,
} from './startup-report.js';

export interface ComputeProfile extends ComputeResources {
  name: string;
}

export interface StartupDiagnosticOptions {
  /** The deployment's compute profiles (docs/configuration.md); the first is the default. */
  profiles: ComputeProfile[];
  readinessTimeoutMs: number;
  logger?: Logger;
}

const READY_ARGV = ['echo', 'notebook-hub-ready'];
const EXEC_ARGV = ['echo', 'notebook-hub-exec'];

/**
 * docs/sandboxes.md: creates a temporary sandbox with the chosen image and compute profile, checks
 * readiness with a fixed echo, measures exec latency with a second one, optionally benchmarks a
 * fresh package install, and always destroys the sandbox. Concurrency limits (one per admin) are
 * the caller's. Emits `sandbox_startup_diagnostic` when given a logger.
 */
export async function runStartupDiagnostic(
  driver: SandboxDriver,
  request: SandboxStartupRequest,
  options: StartupDiagnosticOptions,
): Promise<SandboxStartupReport> {
  const profile =
    request.compute_profile === undefined ? options.profiles[0] : options.profiles.find((candidate) => candidate.name === request.compute_profile);
  if (request.compute_profile !== undefined && profile === undefined) {
    throw new HubError('VALIDATION_ERROR', `unknown compute profile ${request.compute_profile}`, [
      { field: 'compute_profile', message: 'is not a configured compute profile' },
    ]);
  }
  const compute: ComputeResources = profile === undefined ? {} : { cpu: profile.cpu, memory_bytes: profile.memory_bytes, gpu: profile.gpu };
  const startedAt = new Date();
  const began = performance.now();
  const counters: Record<string, number> = { readiness_attempts: 0 };

  let sandbox: Sandbox | null = null;
  const handle = await timedPhase(async () => {
    sandbox = await driver.create({ image: request.image, compute, labels: { purpose: 'startup-diagnostic' } });
  });
  const created = sandbox as Sandbox | null;
  let readiness: CommandPhase = skippedCommand(READY_ARGV.join(' '));
  let exec: CommandPhase = skippedCommand(EXEC_ARGV.join(' '));
  let benchmark: EnvironmentSetupBenchmark | null = null;
  let cleanup = skippedPhase();
  if (created !== null) {
    try {
      readiness = await timedCommand(READY_ARGV, () => untilEchoed(driver, created.id, options.readinessTimeoutMs, counters));
      if (readiness.status === 'ok') {
        exec = await timedCommand(EXEC_ARGV, () => driver.exec(created.id, { argv: EXEC_ARGV, timeoutMs: 30_000 }));
        if (request.environment_setup_benchmark === true) benchmark = await environmentBenchmark(driver, created);
      }
    } finally {
      cleanup = await timedPhase(() => driver.destroy(created.id));
    }
  }

  const total = performance.now() - began;
  const benchmarkOk = benchmark === null || Object.values(benchmark).every((step) => typeof step === 'string' || step.status === 'ok');
  const report: SandboxStartupReport = {
    ok: handle.status === 'ok' && readiness.status === 'ok' && exec.status === 'ok' && cleanup.status === 'ok' && benchmarkOk,
    sandbox_id: created?.id ?? null,
    image: created?.image ?? request.image ?? null,
    compute_profile: profile?.name ?? null,
    compute_resources: compute,
    started_at: startedAt.toISOString(),
    finished_at: new Date().toISOString(),
    total_ms: total,
    handle,
    readiness,
    exec,
    cleanup,
    startup_timings_ms: timingsOf({ create: handle, readiness, exec, cleanup, ...benchmarkSteps(benchmark) }, total),
    counters,
    environment_setup_benchmark: benchmark,
  };
  options.logger?.info(
    {
      event: 'sandbox_startup_diagnostic',
      ok: report.ok,
      sandbox_id: report.sandbox_id,
      backend: driver.kind,
      image: report.image,
      compute_profile: report.compute_profile,
      total_ms: Math.round(total),
      startup_timings_ms: report.startup_timings_ms,
      counters,
    },
    'sandbox startup diagnostic finished',
  );
  return report;
}

/** Repeats the readiness echo until it answers or the time is up. */
async function untilEchoed(driver: SandboxDriver, id: string, timeoutMs: number, counters: Record<string, number>): Promise<ExecResult> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    counters.readiness_attempts = (counters.readiness_attempts ?? 0) + 1;
    try {
      const result = await driver.exec(id, { argv: READY_ARGV, timeoutMs: Math.max(1_000, deadline - Date.now()) });
      if (result.exitCode === 0 && result.stdout.trim() === 'notebook-hub-ready') return result;
      if (Date.now() >= deadline) return result;
    } catch (error) {
      // A sandbox that is gone or whose backend refuses it (a container that exited) will not
      // come back by waiting: report it now, as the drivers' own readiness loop does.
      if (Date.now() >= deadline || isSandboxError(error, 'NOT_FOUND') || isSandboxError(error, 'BACKEND_ERROR')) throw error;
    }
    await sleep(100);
  }
}

/** docs/sandboxes.md: runtime and CPU-limit probe, one wheel download, a fresh env and an install. */
async function environmentBenchmark(driver: SandboxDriver, sandbox: Sandbox): Promise<EnvironmentSetupBenchmark> {
  const dir = `${sandbox.homeDir}/.notebook-hub-diagnostic`;
  const run = (argv: string[]) => timedCommand(argv, () => driver.exec(sandbox.id, { argv, timeoutMs: 5 * 60_000 }));
  const probe = [
    'import os, platform, sys',
    'quota = "unlimited"',
    'for path in ("/sys/fs/cgroup/cpu.max", "/sys/fs/cgroup/cpu/cpu.cfs_quota_us"):',
    '    if os.path.exists(path): quota = open(path).read().strip(); break',
    'print(f"python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cpus, cpu quota {quota}")',
  ].join('\n');
  const runtime_probe = await run(['python3', '-c', probe]);
  const artifact_download = await run(['uv', 'pip', 'install', '--no-cache', '--no-deps', '--target', `${dir}/download`, DIAGNOSTIC_BENCHMARK_PACKAGE]);
  const prepare = await run(['uv', 'venv', '--quiet', '--python', 'python3', `${dir}/venv`]);
  const install =
    prepare.status === 'ok'
      ? await run(['uv', 'pip', 'install', '--no-cache', '--python', `${dir}/venv/bin/python`, DIAGNOSTIC_BENCHMARK_PACKAGE])
      : skippedCommand(`uv pip install ${DIAGNOSTIC_BENCHMARK_PACKAGE}`);
  return { tool: 'uv', runtime_probe, artifact_download, prepare, install };
}

function benchmarkSteps(benchmark: EnvironmentSetupBenchmark | null): Record<string, CommandPhase> {
  if (benchmark === null) return {};
  const { tool: _tool, ...steps } = benchmark;
  return Object.fromEntries(Object.entries(steps).map(([name, step]) => [`benchmark_${name}`, step]));
}

function timingsOf(phases: Record<string, { duration_ms: number | null }>, total: number): Record<string, number> {
  const timings: Record<string, number> = { total_ms: total };
  for (const [name, phase] of Object.entries(phases)) if (phase.duration_ms !== null) timings[`${name}_ms`] = phase.duration_ms;
  return timings;
}
