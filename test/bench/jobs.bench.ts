/**
 * Jobs benchmark (local driver, real marimo), on a hub with SERVICE_JOBS=on whose own
 * `job_scheduler` loop starts the runs (SERVICE_RUN_MAINTENANCE=true, a tick of 1 s). Prints:
 *  - the median time from `POST .../runs` (trigger) until the API shows the run succeeded (its HTML
 *    output stored), next to the median time `marimo export html` alone takes on the same notebook
 *    (the runtime's marimo, same arguments, in a temp dir, no hub, no sandbox), measured
 *    alternately in the same run; their difference is the hub's overhead (goal: under 1 s). Where
 *    the overhead goes is printed too, from the run's record and the timestamped lines of its log.
 *  - the scheduler's firing delay: for several due times of a job on a 6-field cron that fires
 *    every 5 s, the time from the run's `due_at` to its `queued_at` (what the `jobs.schedule.delay`
 *    metric records); median and max (goal: under one tick).
 * BENCH_RUNS sets the number of runs per side (default 5), BENCH_DUE_TIMES the number of due times
 * (default 8); BENCH_QUICK=1 shortens both, for the smoke test.
 */
import './support/machine-load.js';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createLogger } from '../../service/src/adapters/telemetry/logger.js';
import { createHub } from '../../service/src/compose/hub.js';
import { readSettings } from '../../service/src/config/settings.js';
import type { SandboxDriver } from '../../service/src/core/ports/sandbox-driver.js';
import { LocalSandboxDriver } from '../../sandbox-drivers/src/local/local-driver.js';
import { MARIMO_VERSION } from '../../sandbox-drivers/runtime/pins.js';
import { ensureLocalRuntime } from '../../sandbox-drivers/src/local/runtime-venv.js';
import { stderrProgress } from '../../sandbox-drivers/src/shared/progress.js';
import { testCacheDir } from '../setup/cache-dir.js';
import { makeTempDir } from '../support/temp-dir.js';
import { benchClient } from './support/bench-client.js';
import { median } from './support/marimo-alone.js';
import { JOB_BENCH_NOTEBOOK, marimoExportAlone } from './support/marimo-export-alone.js';

const quick = process.env.BENCH_QUICK === '1';
const RUNS = Number(process.env.BENCH_RUNS ?? (quick ? 1 : 5));
const DUE_TIMES = Number(process.env.BENCH_DUE_TIMES ?? (quick ? 2 : 8));
const TICK_SECONDS = 1;
const OVERHEAD_GOAL_MS = 1_000;
/** How often the bench asks the API whether a run has ended; up to this much is added to each run's time. */
const POLL_MS = 25;
const RUN_GIVE_UP_MS = 180_000;
const CRON_PERIOD_SECONDS = 5;

const epochNow = (): number => performance.timeOrigin + performance.now();
const ms = (value: number): string => `${value.toFixed(0).padStart(6)} ms`;
const met = (ok: boolean): string => (ok ? 'met' : 'NOT met');

interface RunJson {
  id: string;
  state: string;
  due_at: string | null;
  queued_at: string;
  started_at: string | null;
  finished_at: string | null;
  error: { code: string; message: string } | null;
}

// The sandbox is destroyed after the run is recorded, off the path a person waits on: not a phase here.
const PHASES = ['request', 'tickWait', 'sandbox', 'files', 'environment', 'marimo', 'record', 'seen'] as const;
type PhaseName = (typeof PHASES)[number];
const PHASE_LABELS: Record<PhaseName, string> = {
  request: 'trigger to queued',
  tickWait: 'queued to started (tick wait)',
  sandbox: 'sandbox create + ready',
  files: 'notebook files',
  environment: 'environment',
  marimo: 'marimo export in sandbox',
  record: 'log and output stored, run recorded',
  seen: 'recorded to seen by the poll',
};

/** When the marimo command (the one `exec` of `sh`) of a run's sandbox began and ended, by run id. */
const driverCalls = new Map<string, { exec?: { began: number; ended: number } }>();

/** The local driver, recording when each job run's marimo command begins and ends. */
function timedDriver(driver: SandboxDriver): SandboxDriver {
  const runOfSandbox = new Map<string, string>();
  const timed = async <T>(id: string, call: 'exec', work: () => Promise<T>): Promise<T> => {
    const began = epochNow();
    try {
      return await work();
    } finally {
      const runId = runOfSandbox.get(id);
      if (runId !== undefined) {
        const calls = driverCalls.get(runId) ?? {};
        calls[call] ??= { began, ended: epochNow() };
        driverCalls.set(runId, calls);
      }
    }
  };
  return new Proxy(driver, {
    get(target, property, receiver) {
      if (property === 'create')
        return async (spec: Parameters<SandboxDriver['create']>[0]) => {
          const sandbox = await target.create(spec);
          if (spec.labels?.job_run_id) runOfSandbox.set(sandbox.id, spec.labels.job_run_id);
          return sandbox;
        };
      if (property === 'exec')
        return (id: string, request: Parameters<SandboxDriver['exec']>[1]) =>
          request.argv[0] === 'sh' ? timed(id, 'exec', () => target.exec(id, request)) : target.exec(id, request);
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

const runtime = await ensureLocalRuntime({ dir: testCacheDir('sandbox-runtime'), onProgress: stderrProgress('sandbox runtime') });
const temp = await makeTempDir('jobs-bench');
const dataDir = path.join(temp.dir, 'hub');
const hub = await createHub({
  settings: readSettings({
    SERVICE_DATA_DIR: dataDir,
    SERVICE_PORT: '0',
    SERVICE_LOG_LEVEL: 'silent',
    SERVICE_RUN_MAINTENANCE: 'true',
    SERVICE_JOBS: 'on',
    // A schedule a few seconds apart, under the hub's default minimum interval.
    SERVICE_JOBS_MIN_INTERVAL_SECONDS: '1',
    SERVICE_JOBS_TICK_SECONDS: String(TICK_SECONDS),
    SERVICE_SANDBOX_RUNTIME_DIR: testCacheDir('sandbox-runtime'),
    SERVICE_AUTOMATIC_THUMBNAILS: 'false',
  }),
  logger: createLogger('silent'),
  sandboxes: timedDriver(new LocalSandboxDriver({ ownerId: 'bench-jobs', dataDir, runtimeDir: testCacheDir('sandbox-runtime') })),
});
const url = await hub.listen();
console.log(`# jobs benchmark (${os.cpus().length} cores, local driver, marimo ${MARIMO_VERSION}, scheduler tick ${TICK_SECONDS} s)`);
try {
  const { token, api } = await benchClient(hub, url);
  const call = async (method: 'GET' | 'DELETE', route: string): Promise<Response> => {
    const response = await fetch(`${url}/api/v1${route}`, { method, headers: { authorization: `Bearer ${token}` } });
    if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
    return response;
  };
  const pid = (await api('/projects', { name: 'Jobs bench' })).id as string;
  const nid = ((await api(`/projects/${pid}/notebooks`, { title: 'Report' })).meta as { id: string }).id;
  const code = JOB_BENCH_NOTEBOOK;
  const baseVersion = ((await api(`/projects/${pid}/notebooks/${nid}`)).source as { current_version_id: string }).current_version_id;
  await api(`/projects/${pid}/notebooks/${nid}/versions`, { code, base_version_id: baseVersion });
  const jobs = `/projects/${pid}/notebooks/${nid}/jobs`;

  // Part 1: a triggered run's overhead over marimo alone.
  const onDemand = (await api(jobs, { name: 'On demand' })).id as string;
  const runs = `${jobs}/${onDemand}/runs`;
  const triggerToStored = async (): Promise<{ ms: number; run: RunJson; seenAt: number }> => {
    const began = epochNow();
    const runId = ((await api(runs, {})) as unknown as RunJson).id;
    for (;;) {
      const run = (await api(`${runs}/${runId}`)) as unknown as RunJson;
      if (run.state === 'succeeded') return { ms: epochNow() - began, run, seenAt: epochNow() };
      if (!['queued', 'running'].includes(run.state)) throw new Error(`run ${runId} ended ${run.state}: ${run.error?.message ?? ''}`);
      if (epochNow() - began > RUN_GIVE_UP_MS) throw new Error(`run ${runId} did not end within ${RUN_GIVE_UP_MS / 1000} s`);
      await sleep(POLL_MS);
    }
  };
  const aloneDir = path.join(temp.dir, 'alone');
  // marimo's first start on a machine compiles and caches its modules: one export of each kind is not counted.
  await marimoExportAlone(runtime, aloneDir, code);
  await triggerToStored();
  const alone: number[] = [];
  const triggered: number[] = [];
  const phases: Record<PhaseName, number>[] = [];
  for (let run = 0; run < RUNS; run++) {
    // Alternating which side goes first, so that neither always follows the other's after-effects.
    if (run % 2 === 1) alone.push(await marimoExportAlone(runtime, aloneDir, code));
    const timed = await triggerToStored();
    triggered.push(timed.ms);
    phases.push(phasesOf(timed.run, (await (await call('GET', `${runs}/${timed.run.id}/logs`)).text()).split('\n'), timed.seenAt, timed.ms));
    if (run % 2 === 0) alone.push(await marimoExportAlone(runtime, aloneDir, code));
  }
  const baseline = median(alone);
  const total = median(triggered);
  const overhead = total - baseline;
  console.log(`median of ${RUNS} runs per side`);
  console.log(`marimo export html alone, spawn to exit:        ${ms(baseline)}`);
  // The scheduler starts a queued run on its next tick, so the wait for it (half a tick on average,
  // up to a whole one) is part of the overhead measured here, as a user sees it.
  console.log(`job run, trigger to HTML output stored:         ${ms(total)}`);
  console.log(`overhead (job run - marimo alone):              ${ms(overhead)} (goal < ${OVERHEAD_GOAL_MS} ms: ${met(overhead < OVERHEAD_GOAL_MS)})`);
  console.log('where a job run spends its time, median ms:');
  for (const phase of PHASES) console.log(`  ${PHASE_LABELS[phase].padEnd(34)} ${ms(median(phases.map((one) => one[phase])))}`);
  await call('DELETE', `${jobs}/${onDemand}`);

  // Part 2: how long after a due time the scheduler queues its run. The fired runs execute as any
  // would, so the ticks measured share the machine with a job's runs, as they do in use.
  const scheduled = (await api(jobs, { name: 'Every 5 s', on_demand: false, schedule: { cron: `*/${CRON_PERIOD_SECONDS} * * * * *`, time_zone: 'UTC' } }))
    .id as string;
  const waitUntil = epochNow() + (DUE_TIMES + 3) * CRON_PERIOD_SECONDS * 1000;
  let fired: RunJson[] = [];
  while (fired.length < DUE_TIMES) {
    if (epochNow() > waitUntil) throw new Error(`only ${fired.length} of ${DUE_TIMES} due times fired in time`);
    await sleep(250);
    fired = ((await api(`${jobs}/${scheduled}/runs?limit=100`)).items as RunJson[]).filter((run) => run.due_at !== null);
  }
  await call('DELETE', `${jobs}/${scheduled}`);
  const delays = fired.slice(-DUE_TIMES).map((run) => Date.parse(run.queued_at) - Date.parse(run.due_at!));
  const worst = Math.max(...delays);
  const tickMs = TICK_SECONDS * 1000;
  console.log(`scheduler firing delay, due_at to queued_at, ${DUE_TIMES} due times of */${CRON_PERIOD_SECONDS} s:`);
  console.log(`  median ${ms(median(delays))}  max ${ms(worst)} (goal < ${tickMs} ms, one tick: ${met(worst < tickMs)})`);
} finally {
  // Sandboxes outlive a hub on purpose; the bench removes its own, those of runs still going included.
  for (const sandbox of await hub.services.sandboxes.list()) await hub.services.sandboxes.destroy(sandbox.id);
  await hub.close();
  await temp.cleanup();
}

/**
 * Where one run's time went, in ms: its record's queued/started/finished times and the hub's
 * timestamped log lines mark the steps (docs/jobs.md, "Runs").
 */
function phasesOf(run: RunJson, log: string[], seenAt: number, totalMs: number): Record<PhaseName, number> {
  const at = (prefix: string): number => {
    const line = log.find((entry) => entry.slice(entry.indexOf('] ') + 2).startsWith(prefix));
    if (!line) throw new Error(`run ${run.id}: no log line "${prefix}…"`);
    return Date.parse(line.slice(1, line.indexOf(']')));
  };
  const queued = Date.parse(run.queued_at);
  const started = Date.parse(run.started_at!);
  const finished = Date.parse(run.finished_at!);
  const writing = at('Writing notebook');
  const running = at('Running');
  // The environment's step follows the files: dependencies installed at start, a locked
  // environment from the cache or built, or nothing at all for a notebook without dependencies.
  const afterWriting = log
    .slice(log.findIndex((entry) => entry.slice(entry.indexOf('] ') + 2).startsWith('Writing notebook')) + 1)
    .find((entry) => entry.startsWith('['));
  const installing = afterWriting ? Math.min(running, Date.parse(afterWriting.slice(1, afterWriting.indexOf(']')))) : running;
  const triggeredAt = seenAt - totalMs;
  const calls = driverCalls.get(run.id);
  if (!calls?.exec) throw new Error(`run ${run.id}: its sandbox's marimo command was not seen`);
  return {
    request: queued - triggeredAt,
    tickWait: started - queued,
    sandbox: writing - started,
    files: installing - writing,
    environment: running - installing,
    marimo: calls.exec.ended - running,
    // finished_at has millisecond resolution: a step shorter than that may come out a hair below zero.
    record: Math.max(0, finished - calls.exec.ended),
    seen: seenAt - finished,
  };
}
