/**
 * Surfaces benchmark (local driver, real code-server and OpenCode). Prints, in one run, for VS Code
 * and for OpenCode:
 *  - on-demand: the median time from `POST .../surfaces/<id>` (open, with wait) to the surface's
 *    first page loaded through the hub's proxy (entry with the ticket, then the entry location with
 *    the grant cookie until 200);
 *  - eager (`start: eager`): the median time from the open request, made as soon as the session
 *    start (wait: true) answered running, to the first page; and from the session start request to
 *    the first page;
 *  - the baseline: the same binary started alone (the same command from surface-commands.ts on a
 *    free 127.0.0.1 port, spawned directly), timed to its first 200 page with its own credential;
 *  - each median's ratio to the baseline (goal <= 1.2), and where an on-demand open spends its
 *    time (the hub's `surface_started` log line and the driver calls the launcher makes).
 * BENCH_RUNS sets the number of starts per case (default 5), BENCH_QUICK=1 shortens everything.
 */
import './support/machine-load.js';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { createLogger } from '../../service/src/adapters/telemetry/logger.js';
import { readSettings } from '../../service/src/config/settings.js';
import { createHub, type Hub } from '../../service/src/compose/hub.js';
import type { SandboxDriver } from '../../service/src/core/ports/sandbox-driver.js';
import { LocalSandboxDriver } from '../../sandbox-drivers/src/local/local-driver.js';
import { freeLoopbackPort } from '../../sandbox-drivers/src/local/free-port.js';
import { ensureLocalRuntime } from '../../sandbox-drivers/src/local/runtime-venv.js';
import { stderrProgress } from '../../sandbox-drivers/src/shared/progress.js';
import { freshGet } from '../../sandbox-drivers/src/shared/readiness.js';
import { codeServerCommand, openCodeCommand } from '../../sandbox-drivers/src/surfaces/surface-commands.js';
import { ensureSurfaceRuntime } from '../../sandbox-drivers/src/surfaces/surface-runtime.js';
import { testCacheDir } from '../setup/cache-dir.js';
import { grantCookieOf, surfaceRequest } from '../support/surface-client.js';
import { makeTempDir } from '../support/temp-dir.js';
import { benchClient } from './support/bench-client.js';
import { BENCH_NOTEBOOK, median } from './support/marimo-alone.js';

const quick = process.env.BENCH_QUICK === '1';
const RUNS = Number(process.env.BENCH_RUNS ?? (quick ? 1 : 5));
const GOAL = 1.2;
/** How often the bench itself looks for a first page, on every path alike. */
const PAGE_POLL_MS = 25;
/** A surface may accept a connection while it starts and answer only much later (docs/surfaces.md). */
const TRY_TIMEOUT_MS = 3_000;
const GIVE_UP_MS = 120_000;

type SurfaceId = 'vscode' | 'opencode';
const SURFACES: SurfaceId[] = ['vscode', 'opencode'];
const TITLES: Record<SurfaceId, string> = { vscode: 'VS Code', opencode: 'OpenCode' };

const epochNow = (): number => performance.timeOrigin + performance.now();
const ms = (value: number): string => `${value.toFixed(0).padStart(6)} ms`;
const verdict = (ratio: number): string => `ratio ${ratio.toFixed(2)} (goal <= ${GOAL.toFixed(2)}: ${ratio <= GOAL ? 'met' : 'NOT met'})`;

await ensureLocalRuntime({ dir: testCacheDir('sandbox-runtime'), onProgress: stderrProgress('sandbox runtime') });
const surfaceDir = testCacheDir('surface-runtime');
const runtime = await ensureSurfaceRuntime({ dir: surfaceDir, onProgress: stderrProgress('surfaces') });
const temp = await makeTempDir('surfaces-bench');

/** When the launcher's driver calls began and ended, by sandbox: exec and spawn of surface programs. */
interface DriverCall {
  kind: 'exec' | 'spawn';
  argv0: string;
  began: number;
  ended: number;
}
const driverCalls = new Map<string, DriverCall[]>();

/** The local driver, recording when each exec and spawn of a sandbox begins and ends. */
function timedDriver(driver: SandboxDriver): SandboxDriver {
  const record = async <T>(id: string, kind: DriverCall['kind'], argv0: string, call: () => Promise<T>): Promise<T> => {
    const began = epochNow();
    try {
      return await call();
    } finally {
      const calls = driverCalls.get(id) ?? [];
      calls.push({ kind, argv0, began, ended: epochNow() });
      driverCalls.set(id, calls);
    }
  };
  return new Proxy(driver, {
    get(target, property, receiver) {
      if (property === 'exec')
        return (id: string, request: Parameters<SandboxDriver['exec']>[1]) => record(id, 'exec', request.argv[0]!, () => target.exec(id, request));
      if (property === 'spawn')
        return (id: string, request: Parameters<SandboxDriver['spawn']>[1]) => record(id, 'spawn', request.argv[0]!, () => target.spawn(id, request));
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** Every `surface_started` line the hubs write, by `<session id>/<surface>`. */
const startedLines = new Map<string, { time: number; claim_ms: number; launch_ms: number; record_ms: number }>();
const hubLog = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString().split('\n')) {
      if (!line.includes('"surface_started"')) continue;
      const entry = JSON.parse(line) as { time: string; session_id: string; surface: string; claim_ms: number; launch_ms: number; record_ms: number };
      startedLines.set(`${entry.session_id}/${entry.surface}`, { ...entry, time: Date.parse(entry.time) });
    }
    done();
  },
});

const hubs: Hub[] = [];
/** A hub on the local driver with these surfaces, a bench user and a project of `notebooks` notebooks. */
async function startHub(name: string, surfaces: Record<string, unknown>[], notebooks: number) {
  const dataDir = path.join(temp.dir, name);
  const settings = readSettings({
    SERVICE_DATA_DIR: dataDir,
    SERVICE_PORT: '0',
    SERVICE_LOG_LEVEL: 'info',
    SERVICE_RUN_MAINTENANCE: 'false',
    SERVICE_AUTOMATIC_THUMBNAILS: 'false',
    SERVICE_SANDBOX_RUNTIME_DIR: testCacheDir('sandbox-runtime'),
    SERVICE_SURFACES: JSON.stringify(surfaces),
    SERVICE_SURFACE_RUNTIME_DIR: surfaceDir,
  });
  const sandboxes = timedDriver(new LocalSandboxDriver({ ownerId: `bench-${name}`, dataDir, runtimeDir: testCacheDir('sandbox-runtime') }));
  const hub = await createHub({ settings, logger: createLogger('info', hubLog), sandboxes });
  hubs.push(hub);
  const url = await hub.listen();
  const client = await benchClient(hub, url);
  const { pid, notebookIds } = await client.projectWithNotebooks(notebooks);
  let next = 0;
  const sessions = `/projects/${pid}/sessions`;
  return {
    hub,
    pid,
    /** Starts an edit session on a notebook of its own and answers once it runs. */
    startSession: async () => {
      const session = await client.api(sessions, { notebook_id: notebookIds[next++]!, mode: 'edit', wait: true });
      if (session.state !== 'running') throw new Error(`session ${String(session.id)} is ${String(session.state)}`);
      return session.id as string;
    },
    stopSession: (sid: string) => client.api(`${sessions}/${sid}/stop`, { save: false }),
    /** Opens the surface (wait: true) and answers its entry URL. */
    open: async (sid: string, surface: SurfaceId) => {
      const opened = await client.api(`${sessions}/${sid}/surfaces/${surface}`, { wait: true });
      if (opened.state !== 'running' || typeof opened.url !== 'string') throw new Error(`${surface} is ${String(opened.state)}: ${String(opened.reason)}`);
      return opened.url;
    },
  };
}
type BenchHub = Awaited<ReturnType<typeof startHub>>;

/** Enters the surface with the ticket, then loads the entry location with the grant until 200. */
async function firstProxiedPage(entryUrl: string): Promise<{ entered: number }> {
  const entered = await surfaceRequest(entryUrl);
  if (entered.status !== 303) throw new Error(`entry answered ${entered.status}: ${entered.text.slice(0, 200)}`);
  const enteredAt = epochNow();
  const page = `${new URL(entryUrl).origin}${entered.headers.location!}`;
  const cookie = grantCookieOf(entered);
  for (const began = performance.now(); ; await sleep(PAGE_POLL_MS)) {
    const answer = await surfaceRequest(page, { cookie });
    if (answer.status === 200) return { entered: enteredAt };
    if (performance.now() - began > GIVE_UP_MS) throw new Error(`the proxied page answered ${answer.status}`);
  }
}

/** The baseline: the surface's own command, spawned straight on a free port, to its first 200 page. */
async function aloneToFirstPage(surface: SurfaceId, run: number): Promise<number> {
  const dir = path.join(temp.dir, `alone-${surface}-${run}`);
  const workspaceDir = path.join(dir, 'workspace');
  await mkdir(workspaceDir, { recursive: true });
  await writeFile(path.join(workspaceDir, 'notebook.py'), BENCH_NOTEBOOK);
  const port = await freeLoopbackPort();
  const launch = {
    bindHost: '127.0.0.1',
    port,
    workspaceDir,
    stateDir: path.join(dir, 'home', '.notebook-hub', 'surfaces', surface),
    secret: randomBytes(32).toString('base64url'),
  };
  const command =
    surface === 'vscode' ? codeServerCommand({ ...launch, launcher: runtime.codeServer! }) : openCodeCommand({ ...launch, launcher: runtime.openCode! });
  // The page a browser lands on: the workspace folder for code-server, as the hub's entry does.
  const entry = surface === 'vscode' ? `/?folder=${encodeURIComponent(workspaceDir)}` : '/';
  const began = performance.now();
  const child = spawn(command.argv[0]!, command.argv.slice(1), {
    cwd: command.cwd,
    env: { PATH: process.env.PATH, HOME: path.join(dir, 'home'), ...command.env },
    stdio: 'ignore',
    detached: true,
  });
  try {
    await overlappingTries(async () => (await freshGet(`http://127.0.0.1:${port}${entry}`, TRY_TIMEOUT_MS, command.proxyHeaders).catch(() => 0)) === 200);
    return performance.now() - began;
  } finally {
    process.kill(-child.pid!, 'SIGKILL');
  }
}

/**
 * Resolves when a try succeeds. A new try begins every PAGE_POLL_MS while earlier ones are still
 * out: OpenCode never answers the connections it accepts too early in its start, so a baseline that
 * waited on each try in turn would measure that timeout, not the program.
 */
function overlappingTries(attempt: () => Promise<boolean>): Promise<void> {
  return new Promise((resolve, reject) => {
    const began = performance.now();
    let done = false;
    const next = () => {
      if (done) return;
      if (performance.now() - began > GIVE_UP_MS) return reject(new Error('no answer'));
      void attempt().then((ok) => {
        if (ok && !done) {
          done = true;
          resolve();
        }
      });
      setTimeout(next, PAGE_POLL_MS);
    };
    next();
  });
}

/** Where one on-demand open spent its time, from the client's clock, the hub's log line and the driver calls. */
type Phases = Record<string, number>;
async function onDemandOpen(bench: BenchHub, surface: SurfaceId): Promise<{ total: number; phases: Phases }> {
  const sid = await bench.startSession();
  try {
    const requested = epochNow();
    const url = await bench.open(sid, surface);
    const answered = epochNow();
    const { entered } = await firstProxiedPage(url);
    const loaded = epochNow();
    const sandboxId = (await bench.hub.services.sessionStore.get(bench.pid, sid))!.sandbox!.id;
    const calls = driverCalls.get(sandboxId) ?? [];
    const check = calls.find((call) => call.kind === 'exec' && call.argv0 === 'test');
    const started = calls.find((call) => call.kind === 'spawn' && call.argv0.endsWith(surface === 'vscode' ? 'code-server' : 'opencode'));
    const line = startedLines.get(`${sid}/${surface}`);
    const phases: Phases = {};
    if (line && started) {
      const launchEnded = line.time - line.record_ms;
      const launchBegan = launchEnded - line.launch_ms;
      phases['request to claim'] = launchBegan - line.claim_ms - requested;
      phases.claim = line.claim_ms;
      phases['install check'] = (check?.began ?? started.began) - launchBegan;
      phases['launcher exec'] = check ? check.ended - check.began : 0;
      phases.spawn = started.ended - started.began;
      phases['probe until answer'] = launchEnded - started.ended;
      phases['record running'] = line.record_ms;
      phases['ticket and answer'] = answered - line.time;
    }
    phases['proxy: enter'] = entered - answered;
    phases['proxy: first page'] = loaded - entered;
    return { total: loaded - requested, phases };
  } finally {
    await bench.stopSession(sid);
  }
}

/** An eager surface: the session start request, then the open as soon as the session runs. */
async function eagerOpen(bench: BenchHub, surface: SurfaceId): Promise<{ openToPage: number; sessionToPage: number }> {
  const requested = performance.now();
  const sid = await bench.startSession();
  try {
    const running = performance.now();
    await firstProxiedPage(await bench.open(sid, surface));
    const loaded = performance.now();
    return { openToPage: loaded - running, sessionToPage: loaded - requested };
  } finally {
    await bench.stopSession(sid);
  }
}

console.log(`# surfaces benchmark (${os.cpus().length} cores, local driver), median of ${RUNS} starts per case`);
try {
  const onDemand = await startHub('on-demand', [{ id: 'vscode' }, { id: 'opencode' }], 2 * RUNS);
  const eager: Record<SurfaceId, BenchHub> = {
    vscode: await startHub('eager-vscode', [{ id: 'vscode', start: 'eager' }], RUNS),
    opencode: await startHub('eager-opencode', [{ id: 'opencode', start: 'eager' }], RUNS),
  };
  for (const surface of SURFACES) {
    const alone: number[] = [];
    const demand: number[] = [];
    const phases: Phases[] = [];
    const eagerOpenToPage: number[] = [];
    const eagerSessionToPage: number[] = [];
    const cases = [
      async (run: number) => void alone.push(await aloneToFirstPage(surface, run)),
      async () => {
        const opened = await onDemandOpen(onDemand, surface);
        demand.push(opened.total);
        phases.push(opened.phases);
      },
      async () => {
        const early = await eagerOpen(eager[surface], surface);
        eagerOpenToPage.push(early.openToPage);
        eagerSessionToPage.push(early.sessionToPage);
      },
    ];
    // Interleaved, in turns reversed every other run, so that every case sees the same machine
    // load and none always follows the same other one.
    for (let run = 0; run < RUNS; run++) for (const measure of run % 2 === 0 ? cases : [...cases].reverse()) await measure(run);
    const title = TITLES[surface].padEnd(8);
    const baseline = median(alone);
    console.log(`${title} alone, spawn to first 200 page:                ${ms(baseline)}`);
    console.log(`${title} on-demand, open to first proxied page:         ${ms(median(demand))}  ${verdict(median(demand) / baseline)}`);
    console.log(`${title} eager, open to first proxied page:             ${ms(median(eagerOpenToPage))}  ${verdict(median(eagerOpenToPage) / baseline)}`);
    console.log(`${title} eager, session start to first proxied page:    ${ms(median(eagerSessionToPage))}`);
    const samples = (values: number[]) => values.map((value) => value.toFixed(0)).join(' ');
    console.log(`  samples, ms: alone ${samples(alone)} | on-demand ${samples(demand)} | eager open ${samples(eagerOpenToPage)}`);
    const keys = [...new Set(phases.flatMap((entry) => Object.keys(entry)))];
    console.log(
      `  ${TITLES[surface]} on-demand phases, median ms: ${keys.map((key) => `${key} ${median(phases.map((entry) => entry[key] ?? 0)).toFixed(0)}`).join(', ')}`,
    );
  }
} finally {
  for (const hub of hubs) {
    for (const sandbox of await hub.services.sandboxes.list()) await hub.services.sandboxes.destroy(sandbox.id);
    await hub.close();
  }
  await temp.cleanup();
}
