/**
 * API benchmark. Prints:
 *  - requests per second of GET /api/v1/me with a bearer token, next to a bare fastify route
 *    returning the same JSON, measured in the same run (goal: the hub reaches >= 50%);
 *  - each side's CPU time per request and their ratio (goal: the hub at most 1.5 x the bare route);
 *  - the hub's start-up time to a healthy /api/health (goal < 0.5 s; at most 2.5x a bare fastify
 *    start, timed the same way in turns with it) and its idle resident memory
 *    (goal < 120 MiB);
 *  - CPU per GET /api/v1/me of hubs with tracing on, exporting their spans over OTLP to a real
 *    Jaeger, against the first (tracing off): every trace recorded (goal: at most 1.15 x), one in
 *    ten, none, and every trace with each request's log line exported to a real VictoriaLogs too.
 *    All five take turns in short rounds, the one that goes first moving on each round, and each
 *    ratio is the median of the rounds' ratios. The receivers are the telemetry tier's builds
 *    (test/setup/telemetry-receivers.ts); without them the line says so.
 * BENCH_COMPILED=1 runs the hub from dist/ (`npm run build` first) instead of bin/notebook-hub.mjs.
 * Both servers run as separate processes; the load comes from this one. BENCH_QUICK=1 shortens it.
 * CPU time per request (user + system, read from /proc) moves less than throughput with other
 * load on the machine, since the load generator shares the cores.
 *
 * The comparison is meant to charge the hub everything it costs in production and nothing else:
 *  - the hub runs with its defaults (SERVICE_* and OTEL_* of the calling shell are dropped): one
 *    JSON log line per request at info, written to stdout (here /dev/null, so that reading the
 *    lines does not take CPU from the load); metrics off, as they are without an OTLP endpoint;
 *  - the bare route is plain fastify with its default of no logger: the baseline does not log;
 *  - both get the same requests (the bearer header included) from the same client, alternating
 *    in rounds, so a change in background load falls on both sides rather than on one.
 */
import './support/machine-load.js';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { readFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { HUB_BIN, hubNodeFlags } from '../support/hub-node-flags.js';
import { unusedPort } from '../support/unused-port.js';
import { startJaeger, startVictoriaLogs, type Jaeger, type VictoriaLogs } from '../support/telemetry-receivers.js';
import { provisionTelemetryReceivers } from '../setup/telemetry-receivers.js';
import { promisify } from 'node:util';

/**
 * What runs the hub: the bin (the TypeScript sources through tsx, until production runs compiled
 * JavaScript), or with BENCH_COMPILED=1 the output of `npm run build` in dist/.
 */
const compiled = process.env.BENCH_COMPILED === '1';
const HUB_ENTRY = [...hubNodeFlags(), ...(compiled ? [path.resolve(import.meta.dirname, '../../dist/service/src/cli/main.js')] : [HUB_BIN])];

/** Goals (see the issue "one composition root, fast boot"). */
const GOALS = { startupMs: 500, startupRatio: 2.5, idleRssMb: 120, cpuRatio: 1.5, tracingCpuRatio: 1.15 };
const STARTS = 3;

const quick = process.env.BENCH_QUICK === '1';
const ROUND_S = quick ? 1 : 4;
const ROUNDS = quick ? 1 : 2;
const TRACING_ROUND_S = quick ? 1 : 2;
const TRACING_ROUNDS = quick ? 1 : 10;
const CONNECTIONS = 32;

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'notebook-hub-api-bench-'));
const children: ChildProcess[] = [];
let jaeger: Jaeger | null = null;
let logBackend: VictoriaLogs | null = null;
try {
  console.log(`# API benchmark (${os.cpus().length} cores, ${CONNECTIONS} connections, ${ROUNDS} x ${ROUND_S} s per side, alternating)`);
  console.log('# hub: default settings, one info log line per request to stdout (/dev/null), metrics off; bare: fastify, no logger');
  console.log(`# hub runs from ${compiled ? 'dist/ (compiled JavaScript)' : 'bin/notebook-hub.mjs'}`);
  const port = await unusedPort();
  const env = { ...defaultEnvironment(), SERVICE_DATA_DIR: dataDir, SERVICE_PORT: String(port) };
  const token = (await promisify(execFile)(process.execPath, [...HUB_ENTRY, 'token', 'create', '--email', 'bench@example.com'], { env })).stdout.trim();

  // Start-up is timed over a few starts (the first start of a process on a machine warms its file
  // caches); the median is reported. The last one stays up for the load.
  const startups: number[] = [];
  const bareStartups: number[] = [];
  let hub!: { url: string; child: ChildProcess };
  for (let start = 0; start < STARTS; start++) {
    if (hub) await stopped(hub.child);
    bareStartups.push(await bareStartup());
    const started = performance.now();
    const hubProcess = spawn(process.execPath, [...HUB_ENTRY, 'serve'], { env, stdio: 'ignore' });
    children.push(hubProcess);
    hub = { url: `http://127.0.0.1:${port}`, child: hubProcess };
    while ((await fetch(`${hub.url}/api/health`).catch(() => null))?.status !== 200) await new Promise((r) => setTimeout(r, 5));
    startups.push(performance.now() - started);
  }
  const startupMs = median(startups);
  const startupRatio = startupMs / median(bareStartups);

  const headers = { authorization: `Bearer ${token}` };
  const me = await (await fetch(`${hub.url}/api/v1/me`, { headers })).text();

  await new Promise((resolve) => setTimeout(resolve, 1000));
  const idleRssMb = await residentMegabytes(hub.child.pid!);

  const bare = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', path.join(import.meta.dirname, 'support/bare-server.ts'), me], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(bare);
  const bareUrl = await new Promise<string>((resolve) => bare.stdout!.once('data', (chunk: Buffer) => resolve(chunk.toString().trim())));

  await load(`${bareUrl}/bare`, headers, 1, bare.pid!); // warm-up of both paths
  await load(`${hub.url}/api/v1/me`, headers, 1, hub.child.pid!);
  const bareSide = { rps: 0, cpuUs: 0, requests: 0 };
  const hubSide = { rps: 0, cpuUs: 0, requests: 0 };
  for (let round = 0; round < ROUNDS; round++) {
    for (const [side, url, pid] of [
      [bareSide, `${bareUrl}/bare`, bare.pid!],
      [hubSide, `${hub.url}/api/v1/me`, hub.child.pid!],
    ] as const) {
      const result = await load(url, headers, ROUND_S, pid);
      side.rps += result.rps / ROUNDS;
      side.cpuUs += result.cpuUs;
      side.requests += result.requests;
    }
  }
  const ratio = hubSide.rps / bareSide.rps;
  const cpuPerRequest = (side: typeof hubSide) => side.cpuUs / side.requests;
  const perRequest = (side: typeof hubSide) => `${cpuPerRequest(side).toFixed(1)} µs CPU/request`;
  const cpuRatio = cpuPerRequest(hubSide) / cpuPerRequest(bareSide);
  const verdict = (met: boolean) => (met ? 'met' : 'NOT met');

  console.log(`bare fastify route:          ${bareSide.rps.toFixed(0)} req/s, ${perRequest(bareSide)}`);
  console.log(`GET /api/v1/me (bearer):     ${hubSide.rps.toFixed(0)} req/s, ${perRequest(hubSide)}`);
  console.log(`hub / bare ratio: ${ratio.toFixed(2)} (goal >= 0.50: ${ratio >= 0.5 ? 'met' : 'NOT met'})`);
  console.log(`CPU per request, hub / bare: ${cpuRatio.toFixed(2)} (goal <= ${GOALS.cpuRatio}: ${verdict(cpuRatio <= GOALS.cpuRatio)})`);
  console.log(
    `start-up to healthy /api/health: ${startupMs.toFixed(0)} ms, median of ${STARTS} (${startups.map((ms) => ms.toFixed(0)).join(', ')}) (goal < ${GOALS.startupMs} ms: ${verdict(startupMs < GOALS.startupMs)})`,
  );
  console.log(
    `bare fastify start-up to healthy: ${median(bareStartups).toFixed(0)} ms, median of ${STARTS}; hub / bare: ${startupRatio.toFixed(2)} (goal <= ${GOALS.startupRatio}: ${verdict(startupRatio <= GOALS.startupRatio)})`,
  );
  console.log(`idle resident memory: ${idleRssMb.toFixed(1)} MiB (goal < ${GOALS.idleRssMb} MiB: ${verdict(idleRssMb < GOALS.idleRssMb)})`);

  // Tracing on: the same store, hubs whose requests are traces exported to Jaeger (and one whose log
  // lines also go to VictoriaLogs), each against the hub above (tracing off).
  const receivers = await provisionTelemetryReceivers().catch((error: unknown) => {
    console.log(`tracing on vs off: skipped, no Jaeger (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`);
    return null;
  });
  if (receivers) {
    jaeger = await startJaeger(receivers.jaeger);
    logBackend = await startVictoriaLogs(receivers.victoriaLogs);
    const traces = { OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${jaeger.otlpHttp}/v1/traces` };
    const startTraced = async (more: Record<string, string>): Promise<Side> => {
      const tracedPort = await unusedPort();
      const child = spawn(process.execPath, [...HUB_ENTRY, 'serve'], { env: { ...env, SERVICE_PORT: String(tracedPort), ...more }, stdio: 'ignore' });
      children.push(child);
      const url = `http://127.0.0.1:${tracedPort}`;
      while ((await fetch(`${url}/api/health`).catch(() => null))?.status !== 200) await new Promise((r) => setTimeout(r, 5));
      await load(`${url}/api/v1/me`, headers, 1, child.pid!);
      return sideOf(`${url}/api/v1/me`, child.pid!);
    };
    const off = sideOf(`${hub.url}/api/v1/me`, hub.child.pid!);
    // Every trace recorded (the default); one in ten and none (OpenTelemetry's standard sampler
    // variables); every trace with each request's log line exported too.
    const on = await startTraced(traces);
    const tenth = await startTraced({ ...traces, OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: '0.1' });
    const none = await startTraced({ ...traces, OTEL_TRACES_SAMPLER: 'always_off' });
    const withLogs = await startTraced({ ...traces, OTEL_EXPORTER_OTLP_LOGS_ENDPOINT: logBackend.otlpLogsUrl });
    const sides = [off, on, tenth, none, withLogs];
    // Short rounds, the side that goes first moving on each round: machine load that comes and goes
    // falls on every side alike. Each side's ratio is the median of its rounds' ratios to the hub
    // with tracing off in the same round.
    for (let round = 0; round < TRACING_ROUNDS; round++) {
      for (const each of [...sides.slice(round % sides.length), ...sides.slice(0, round % sides.length)]) {
        const result = await load(each.url, headers, TRACING_ROUND_S, each.pid);
        each.rps += result.rps / TRACING_ROUNDS;
        each.cpuUs += result.cpuUs;
        each.requests += result.requests;
        each.rounds.push(result.cpuUs / result.requests);
      }
    }
    const ratioToOff = (each: Side) => median(each.rounds.map((cpu, round) => cpu / off.rounds[round]!));
    const exported = (await jaeger.traces('service', 'GET /api/v1/me')).length;
    const line = (label: string, each: Side, note = '') =>
      console.log(
        `${label.padEnd(47)} ${each.rps.toFixed(0).padStart(6)} req/s, ${perRequest(each)}${each === off ? '' : `, ratio ${ratioToOff(each).toFixed(2)}`}${note}`,
      );
    console.log(`# tracing: ${TRACING_ROUNDS} rounds of ${TRACING_ROUND_S} s per hub, ratios are medians of the rounds' CPU per request`);
    line('GET /api/v1/me, tracing off:', off);
    line('GET /api/v1/me, tracing on:', on, ` (spans to Jaeger over OTLP/HTTP; ${exported} traces found there)`);
    line('GET /api/v1/me, tracing on, 1 in 10 sampled:', tenth);
    line('GET /api/v1/me, tracing on, none sampled:', none);
    line('GET /api/v1/me, tracing and log export on:', withLogs, ' (and each request line to VictoriaLogs)');
    const tracingRatio = ratioToOff(on);
    console.log(
      `CPU per request, tracing on / off: ${tracingRatio.toFixed(2)} (goal <= ${GOALS.tracingCpuRatio}: ${verdict(tracingRatio <= GOALS.tracingCpuRatio)})`,
    );
    console.log(`CPU per request, tracing on with 1 in 10 sampled / off: ${ratioToOff(tenth).toFixed(2)}`);
  }
} finally {
  for (const child of children) child.kill('SIGKILL');
  await jaeger?.stop();
  await logBackend?.stop();
  await rm(dataDir, { recursive: true, force: true });
}

/** A hub under load: where it answers, its process, and what it did (each round's CPU per request, in µs). */
interface Side {
  url: string;
  pid: number;
  rps: number;
  cpuUs: number;
  requests: number;
  rounds: number[];
}

function sideOf(url: string, pid: number): Side {
  return { url, pid, rps: 0, cpuUs: 0, requests: 0, rounds: [] };
}

/** Loads `url` for `duration` seconds; also what the serving process `pid` spent in CPU meanwhile. */
async function load(url: string, headers: Record<string, string>, duration: number, pid: number): Promise<{ rps: number; requests: number; cpuUs: number }> {
  const cpuBefore = await cpuMicroseconds(pid);
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration });
  const cpuUs = (await cpuMicroseconds(pid)) - cpuBefore;
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { rps: result.requests.average, requests: result.requests.total, cpuUs };
}

/** User + system CPU time of a process so far, from /proc (fields 14 and 15, in clock ticks of 10 ms). */
async function cpuMicroseconds(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

/** The environment without hub or OpenTelemetry settings, so the hub runs with its defaults. */
function defaultEnvironment(): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (value !== undefined && !name.startsWith('SERVICE_') && !name.startsWith('OTEL_')) kept[name] = value;
  }
  return kept;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Stops a hub started here and waits until it is gone (its port is free again). */
async function stopped(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await gone;
}

async function residentMegabytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

/** A bare fastify server's start to its first healthy answer, started as the hub is (same Node flags). */
async function bareStartup(): Promise<number> {
  const port = await unusedPort();
  const started = performance.now();
  const child = spawn(process.execPath, [...hubNodeFlags(), path.join(import.meta.dirname, 'support/bare-start.mjs'), String(port)], { stdio: 'ignore' });
  children.push(child);
  while ((await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null))?.status !== 200) await new Promise((r) => setTimeout(r, 5));
  const elapsed = performance.now() - started;
  await stopped(child);
  return elapsed;
}
