/**
 * Session benchmark (local driver, real marimo). Prints:
 *  - the median time from `POST /sessions` to the first successful page load through the proxy,
 *    cold and with a warm pool (goal: warm under 300 ms);
 *  - the same starts on a hub with tracing on (every trace recorded and exported over OTLP to a
 *    real Jaeger, the telemetry tier's build) against one with tracing off, taking turns, and their
 *    ratios (goal: at most 1.02 x); without Jaeger the line says so;
 *  - the median WebSocket round trip through the hub's proxy next to the same round trip straight
 *    to marimo, in the same run (goal: ratio <= 1.15). Two round trips are measured: a ping frame
 *    (the transport alone) and a cell run (an HTTP request to the kernel answered on the socket),
 *    after a warm-up block on each path that is not counted.
 *  - the time from a SIGKILL of marimo inside a live sandbox to the edit session being over and to
 *    the app answering again at its URL (restarted), with nobody asking the hub to look; local
 *    driver and Docker (goal: both under 2 s on the local driver). The Docker part uses the test
 *    setup's private engine and image, and skips with a note without one (or with BENCH_DOCKER=0).
 * BENCH_RUNS sets the number of starts (default 5), BENCH_QUICK=1 shortens everything.
 */
import './support/machine-load.js';
import os from 'node:os';
import type WebSocket from 'ws';
import { readSettings } from '../../service/src/config/settings.js';
import { createHub } from '../../service/src/compose/hub.js';
import { createLogger } from '../../service/src/adapters/telemetry/logger.js';
import { ensureLocalRuntime } from '../../sandbox-drivers/src/local/runtime-venv.js';
import { stderrProgress } from '../../sandbox-drivers/src/shared/progress.js';
import { testCacheDir } from '../setup/cache-dir.js';
import { connectKernel, serverTokenOf, type MarimoConnection } from '../support/marimo-client.js';
import { killMarimoIn, killMarimoInContainer } from '../support/marimo-signals.js';
import { provisionDocker } from '../setup/docker.js';
import { timeKernelDeaths, type KernelDeathTimes } from './support/kernel-death.js';
import { makeTempDir } from '../support/temp-dir.js';
import { benchClient } from './support/bench-client.js';
import { coldAndWarmStart, compareTracedSessionStarts, sessionStarter } from './support/session-starts.js';

const quick = process.env.BENCH_QUICK === '1';
const RUNS = Number(process.env.BENCH_RUNS ?? (quick ? 1 : 5));
const ROUND_TRIPS = quick ? 50 : 400;
const CELL_RUNS = quick ? 8 : 40;

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const ms = (value: number, digits = 0): string => `${value.toFixed(digits).padStart(7)} ms`;

await ensureLocalRuntime({ dir: testCacheDir('sandbox-runtime'), onProgress: stderrProgress('sandbox runtime') });
const temp = await makeTempDir('session-bench');
const HUB_ENV = {
  SERVICE_PORT: '0',
  SERVICE_LOG_LEVEL: 'silent',
  SERVICE_RUN_MAINTENANCE: 'false',
  SERVICE_SANDBOX_RUNTIME_DIR: testCacheDir('sandbox-runtime'),
  SERVICE_WARM_POOL_SIZE: '1',
  SERVICE_AUTOMATIC_THUMBNAILS: 'false',
};
const settings = readSettings({ ...HUB_ENV, SERVICE_DATA_DIR: temp.dir });
const hub = await createHub({ settings, logger: createLogger('silent') });
const url = await hub.listen();
console.log(`# session benchmark (${os.cpus().length} cores, local driver), median of ${RUNS} starts`);
try {
  const { token, headers, api, projectWithNotebooks } = await benchClient(hub, url);
  const { pid, notebookIds } = await projectWithNotebooks(2 * RUNS + 1);

  const starter = sessionStarter(url, headers, api, pid);
  const { startToPage, stop } = starter;

  const cold: number[] = [];
  const warm: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const [coldStart, warmStart] = await coldAndWarmStart(hub, starter, [notebookIds[2 * run]!, notebookIds[2 * run + 1]!]);
    cold.push(coldStart.ms);
    warm.push(warmStart.ms);
  }
  console.log(`POST session to first proxied page, cold:      ${ms(median(cold))}`);
  const warmMedian = median(warm);
  console.log(`POST session to first proxied page, warm pool: ${ms(warmMedian)} (goal < 300 ms: ${warmMedian < 300 ? 'met' : 'NOT met'})`);

  // Round trips on one session, alternating paths so that both see the same machine load.
  const { sessionId } = await startToPage(notebookIds[2 * RUNS]!);
  const record = (await hub.services.sessionStore.get(pid, sessionId))!;
  const direct = `http://${record.endpoint!.host}:${record.endpoint!.port}${record.base_url}`;
  const proxyAuth = { authorization: `Bearer ${token}` };
  const directAuth = { authorization: `Bearer ${record.secret}` };
  const serverToken = serverTokenOf(await (await fetch(`${url}/s/${sessionId}/`, { headers })).text())!;
  const pings = { proxy: [] as number[], direct: [] as number[] };
  const cells = { proxy: [] as number[], direct: [] as number[] };
  // marimo gives the kernel to one editor connection at a time, so the paths take turns in blocks,
  // each resuming the kernel under the same marimo session id. Block 0 warms both paths up (the
  // first cell runs are slow whichever path they take) and is not counted; the path that goes
  // first alternates, so neither always follows a reconnect of the other.
  const marimoSessionId = 'bench_session';
  let cellId = '';
  const BLOCKS = 4;
  for (let block = 0; block <= BLOCKS; block++) {
    const order = block % 2 === 0 ? (['proxy', 'direct'] as const) : (['direct', 'proxy'] as const);
    for (const path of order) {
      const root = path === 'proxy' ? `${url}/s/${sessionId}` : direct;
      const auth = path === 'proxy' ? proxyAuth : directAuth;
      const connection = await connectKernel(root, path === 'proxy' ? { ...auth, origin: url } : auth, 'notebook.py', marimoSessionId);
      const first = cellId === '';
      const greeting = await connection.waitFor(first ? 'kernel-ready' : 'reconnected');
      if (first) cellId = (greeting.data as { cell_ids: string[] }).cell_ids[0]!;
      const counted = block > 0;
      for (let i = 0; i < ROUND_TRIPS / BLOCKS; i++) {
        const sample = await ping(connection.socket);
        if (counted) pings[path].push(sample);
      }
      for (let i = 0; i < CELL_RUNS / BLOCKS; i++) {
        // Unique per path: a reconnect replays the cell's last output, which must not end a later wait.
        const sample = await runCell(root, auth, connection, serverToken, cellId, `${path}_${block}_${i}`);
        if (counted) cells[path].push(sample);
      }
      connection.close();
    }
  }
  await stop(sessionId);

  const report = (label: string, samples: { proxy: number[]; direct: number[] }) => {
    const ratio = median(samples.proxy) / median(samples.direct);
    console.log(
      `${label} direct: ${ms(median(samples.direct), 2)}  proxy: ${ms(median(samples.proxy), 2)}  ratio ${ratio.toFixed(2)} (goal <= 1.15: ${ratio <= 1.15 ? 'met' : 'NOT met'})`,
    );
  };
  report('WebSocket ping round trip,      ', pings);
  report('cell run round trip (HTTP + WS),', cells);

  const deathNotebooks: string[] = [];
  for (let i = 0; i < 2 * RUNS; i++) deathNotebooks.push(((await api(`/projects/${pid}/notebooks`, { title: `Death ${i}` })).meta as { id: string }).id);
  reportDeaths(
    'local',
    await timeKernelDeaths({
      hub,
      url,
      headers: { authorization: `Bearer ${token}` },
      projectId: pid,
      notebookIds: deathNotebooks,
      runs: RUNS,
      kill: (sandboxId) => killMarimoIn(temp.dir, sandboxId),
    }),
    2_000,
  );
} finally {
  for (const sandbox of await hub.services.sandboxes.list()) await hub.services.sandboxes.destroy(sandbox.id);
  await hub.close();
  await temp.cleanup();
}

await compareTracedSessionStarts(HUB_ENV, RUNS);

await dockerDeaths();

function reportDeaths(driver: string, times: KernelDeathTimes, goalMs: number | null): void {
  const verdict = (value: number) => (goalMs === null ? '' : ` (goal < ${goalMs} ms: ${value < goalMs ? 'met' : 'NOT met'})`);
  const edit = median(times.editTerminalMs);
  const app = median(times.appAnsweringMs);
  console.log(`${driver}: kill -9 of marimo to edit session terminal: ${ms(edit)}${verdict(edit)}`);
  console.log(`${driver}: kill -9 of marimo to app answering again: ${ms(app)}${verdict(app)}`);
}

/** The kernel-death timings on a hub whose sessions run in containers of the test engine. */
async function dockerDeaths(): Promise<void> {
  if (process.env.BENCH_DOCKER === '0') return void console.log('docker: kernel death skipped (BENCH_DOCKER=0)');
  const docker = await provisionDocker().catch((error: unknown) => {
    console.log(`docker: kernel death skipped (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`);
    return null;
  });
  if (docker === null) return;
  const dockerTemp = await makeTempDir('session-bench-docker');
  const dockerHub = await createHub({
    settings: readSettings({
      SERVICE_DATA_DIR: dockerTemp.dir,
      SERVICE_PORT: '0',
      SERVICE_LOG_LEVEL: 'silent',
      SERVICE_RUN_MAINTENANCE: 'false',
      SERVICE_SANDBOX_DRIVER: 'docker',
      SERVICE_DOCKER_HOST: `unix://${docker.socketPath}`,
      SERVICE_SANDBOX_IMAGE: docker.image,
      SERVICE_AUTOMATIC_THUMBNAILS: 'false',
    }),
    logger: createLogger('silent'),
  });
  try {
    const dockerUrl = await dockerHub.listen();
    const docked = await benchClient(dockerHub, dockerUrl);
    const headers = { authorization: `Bearer ${docked.token}` };
    const { pid: projectId, notebookIds } = await docked.projectWithNotebooks(2 * RUNS);
    const times = await timeKernelDeaths({
      hub: dockerHub,
      url: dockerUrl,
      headers,
      projectId,
      notebookIds,
      runs: RUNS,
      kill: (sandboxId) => killMarimoInContainer(dockerHub.services.sandboxes, sandboxId),
    });
    reportDeaths('docker', times, null);
  } finally {
    for (const sandbox of await dockerHub.services.sandboxes.list()) await dockerHub.services.sandboxes.destroy(sandbox.id);
    await dockerHub.close();
    await dockerTemp.cleanup();
    await docker.stop();
  }
}

function ping(socket: WebSocket): Promise<number> {
  return new Promise((resolve) => {
    const began = performance.now();
    socket.once('pong', () => resolve(performance.now() - began));
    socket.ping();
  });
}

/** Runs a one-line cell and waits for its output to arrive on the socket. */
async function runCell(
  root: string,
  auth: Record<string, string>,
  connection: MarimoConnection,
  serverToken: string,
  cellId: string,
  round: string,
): Promise<number> {
  const marker = `round_${round}`;
  // Resolved by the socket's own message event: polling on a timer would add its tick to both paths.
  let arrived!: () => void;
  const output = new Promise<void>((resolve) => (arrived = resolve));
  const listener = (raw: WebSocket.RawData) => {
    const text = raw.toString();
    if (text.includes('"cell-op"') && text.includes(marker)) arrived();
  };
  connection.socket.on('message', listener);
  try {
    const began = performance.now();
    const response = await fetch(`${root}/api/kernel/run`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json', 'marimo-session-id': connection.marimoSessionId, 'marimo-server-token': serverToken },
      body: JSON.stringify({ cellIds: [cellId], codes: [`"${marker}"`] }),
    });
    const answer = await response.text();
    if (!response.ok) throw new Error(`run refused: ${response.status} ${answer}`);
    await output;
    return performance.now() - began;
  } finally {
    connection.socket.off('message', listener);
  }
}
