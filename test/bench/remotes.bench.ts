/**
 * Remotes benchmark (docs/remotes.md, "Benchmark"). Two real hubs on 127.0.0.1: a team hub (in this
 * process, filesystem store, so that the benchmark needs nothing else) and a desktop hub
 * (`notebook-hub serve`, a process of its own, filesystem store) signed in to it with a personal
 * access token. Prints, in one run:
 *  1. A pull of a project with 100 notebooks and 200 MB of workspace files (random bytes, sizes from
 *     a few KB to 16 MB) next to `tar -c <the same files> | curl -T - <a server writing them to
 *     disk>`. Goal: at most 1.3x. Below it, the CPU time each hub used during the pull.
 *  2. A push of one changed notebook (a new version and a changed 1 MB file): the bytes the desktop
 *     hub sends to the team hub, counted at a TCP proxy between them, next to the bytes changed.
 *     Goal: at most 2x.
 *  3. The status of the 100 notebooks with the team hub stopped (`GET /projects/{pid}/remote`):
 *     median time. Goal: under 50 ms.
 * The pull and the `tar | curl` copy each go through a counting TCP proxy of the same kind, so both
 * pay the same hop. BENCH_QUICK=1 makes it 10 notebooks and 8 MB; BENCH_NOTEBOOKS, BENCH_WORKSPACE_MB
 * and BENCH_RUNS (status requests, default 50) set the sizes.
 */
import './support/machine-load.js';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createLogger } from '../../service/src/adapters/telemetry/logger.js';
import { createHub } from '../../service/src/compose/hub.js';
import { readSettings } from '../../service/src/config/settings.js';
import { UNRESTRICTED_SCOPE } from '../../service/src/core/identity/access-tokens.js';
import { runHubCommand, startHubProcess, type HubProcess } from '../support/hub-process.js';
import { makeTempDir } from '../support/temp-dir.js';
import { median } from './support/marimo-alone.js';

const quick = process.env.BENCH_QUICK === '1';
const NOTEBOOKS = Number(process.env.BENCH_NOTEBOOKS ?? (quick ? 10 : 100));
const WORKSPACE_BYTES = Number(process.env.BENCH_WORKSPACE_MB ?? (quick ? 8 : 200)) * 1024 * 1024;
const STATUS_RUNS = Number(process.env.BENCH_RUNS ?? (quick ? 10 : 50));
const CHANGED_FILE_BYTES = 1024 * 1024;
/** USER_HZ, the unit of /proc's CPU times: 100 on Linux everywhere this runs. */
const CLOCK_TICKS_PER_SECOND = 100;
const GOALS = { pullRatio: 1.3, pushRatio: 2, statusMs: 50 };

const MB = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const label = (text: string): string => `  ${text}`.padEnd(58);
const seconds = (ms: number): string => `${(ms / 1000).toFixed(2).padStart(7)} s`;
const ratio = (value: number, goal: number): string => `ratio ${value.toFixed(2)} (goal <= ${goal.toFixed(2)}: ${value <= goal ? 'met' : 'NOT met'})`;
const notebookCode = (tag: string): string =>
  `import marimo\n\napp = marimo.App()\n\n\n@app.cell\ndef _():\n    value = ${JSON.stringify(tag)}\n    return (value,)\n\n\nif __name__ == "__main__":\n    app.run()\n`;

/** A TCP proxy to `port` on 127.0.0.1 that counts the bytes each way. */
async function countingProxy(port: number) {
  const counted = { sent: 0, received: 0 };
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(port, '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => (client.destroy(), upstream.destroy()));
    }
    client.on('data', (chunk: Buffer) => (counted.sent += chunk.length));
    upstream.on('data', (chunk: Buffer) => (counted.received += chunk.length));
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    counted,
    reset: () => Object.assign(counted, { sent: 0, received: 0 }),
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** CPU time (user and system) a process used so far, from /proc (Linux). */
async function processCpuMs(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // After the command's name, in parentheses, come the fields from the 3rd on: utime, the 14th, is the 12th of them, stime the 13th.
  const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
}

/** A server that writes each request's body to a new file under `dir`. */
async function receivingServer(dir: string) {
  let count = 0;
  const server = http.createServer((request, response) => {
    const file = path.join(dir, `upload-${++count}`);
    pipeline(request, createWriteStream(file)).then(
      () => response.writeHead(201).end(),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as net.AddressInfo).port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Workspace file sizes adding up to `total`: per notebook a few small ones (notes, CSVs), the rest larger files spread log-uniformly up to 16 MB. */
function fileSizes(total: number, notebooks: number): number[] {
  const sizes: number[] = [];
  let left = total;
  for (let index = 0; index < notebooks * 3 && left > 0; index++) {
    const size = Math.min(left, 1024 + Math.floor(Math.random() * 31 * 1024));
    sizes.push(size);
    left -= size;
  }
  // The 1 MB file the push changes.
  if (left >= CHANGED_FILE_BYTES) {
    sizes.push(CHANGED_FILE_BYTES);
    left -= CHANGED_FILE_BYTES;
  }
  const [low, high] = [Math.log(64 * 1024), Math.log(Math.min(16 * 1024 * 1024, Math.max(64 * 1024, total / 8)))];
  while (left > 0) {
    const size = Math.min(left, Math.round(Math.exp(low + Math.random() * (high - low))));
    sizes.push(size);
    left -= size;
  }
  return sizes;
}

const temp = await makeTempDir('remotes-bench');
const teamHub = await createHub({
  settings: readSettings({
    SERVICE_DATA_DIR: path.join(temp.dir, 'team'),
    SERVICE_HOST: '127.0.0.1',
    SERVICE_PORT: '0',
    SERVICE_LOG_LEVEL: 'silent',
    SERVICE_RUN_MAINTENANCE: 'false',
    SERVICE_LOCKED_ENVIRONMENTS: 'off',
    SERVICE_AUTOMATIC_THUMBNAILS: 'false',
  }),
  logger: createLogger('silent'),
});
let teamRunning = true;
const teamUrl = await teamHub.listen();
const teamPort = Number(new URL(teamUrl).port);
const teamProxy = await countingProxy(teamPort);
const receivedDir = path.join(temp.dir, 'received');
await mkdir(receivedDir);
const receiver = await receivingServer(receivedDir);
const receiverProxy = await countingProxy(receiver.port);
let desktop: HubProcess | null = null;

try {
  const user = await teamHub.services.users.ensureByEmail('ada@example.com', { name: null, superAdmin: false }, 'bench');
  const teamToken = (await teamHub.services.tokens.issue(user.id, { name: 'bench', expiresAt: null, scope: UNRESTRICTED_SCOPE }, 'bench')).token;

  const desktopEnv = {
    SERVICE_DATA_DIR: path.join(temp.dir, 'desktop'),
    SERVICE_REMOTES_ALLOW_HTTP: 'true',
    SERVICE_LOCKED_ENVIRONMENTS: 'off',
    SERVICE_RUN_MAINTENANCE: 'false',
    SERVICE_AUTOMATIC_THUMBNAILS: 'false',
    // info: the line saying it listens is how its start is told.
    SERVICE_LOG_LEVEL: 'info',
  };
  const issued = await runHubCommand(['token', 'create', '--email', 'ada@laptop.example'], desktopEnv);
  if (issued.code !== 0) throw new Error(`token create failed: ${issued.stderr}`);
  const desktopToken = issued.stdout.trim();
  desktop = await startHubProcess(desktopEnv);
  const desktopUrl = desktop.url;

  // The answers are JSON of many shapes; a wrong guess fails the run where it is read.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const call = async (base: string, token: string, route: string, method = 'GET', body?: unknown): Promise<{ status: number; data: any }> => {
    const raw = body instanceof Uint8Array;
    const response = await fetch(`${base}/api/v1${route}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': raw ? 'application/octet-stream' : 'application/json' }) },
      ...(body === undefined ? {} : { body: raw ? body : JSON.stringify(body) }),
    });
    const json = (await response.json().catch(() => ({}))) as { data?: unknown };
    if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${JSON.stringify(json)}`);
    return { status: response.status, data: json.data };
  };
  const team = (route: string, method?: string, body?: unknown) => call(teamUrl, teamToken, route, method, body);
  const local = (route: string, method?: string, body?: unknown) => call(desktopUrl, desktopToken, route, method, body);
  const operationEnd = async (id: string) => {
    for (;;) {
      const { data } = await local(`/remote-operations/${id}`);
      if (data.state !== 'running') {
        if (data.state !== 'succeeded') throw new Error(`operation ${id} ${data.state}: ${JSON.stringify(data.error)}`);
        return data;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  // The team project: NOTEBOOKS notebooks, WORKSPACE_BYTES of files spread over them, also kept as a directory for tar.
  const sourceDir = path.join(temp.dir, 'source');
  const pid = (await team('/projects', 'POST', { name: 'Remotes bench' })).data.id as string;
  const notebookIds: string[] = [];
  for (let index = 0; index < NOTEBOOKS; index++)
    notebookIds.push((await team(`/projects/${pid}/notebooks`, 'POST', { title: `Notebook ${index}`, code: notebookCode(`v1-${index}`) })).data.meta.id);
  const sizes = fileSizes(WORKSPACE_BYTES, NOTEBOOKS);
  let changedFile: { notebook: string; path: string } | null = null;
  for (const [index, size] of sizes.entries()) {
    const notebookId = notebookIds[index % NOTEBOOKS]!;
    const file: string = size === CHANGED_FILE_BYTES && !changedFile ? 'data/model.bin' : `data/file-${index}.bin`;
    if (file === 'data/model.bin') changedFile = { notebook: notebookId, path: file };
    const bytes = randomBytes(size);
    await team(`/projects/${pid}/notebooks/${notebookId}/workspace/files?path=${encodeURIComponent(file)}`, 'PUT', bytes);
    await mkdir(path.join(sourceDir, notebookId, 'data'), { recursive: true });
    await writeFile(path.join(sourceDir, notebookId, file), bytes);
  }
  const workspaceBytes = sizes.reduce((sum, size) => sum + size, 0);
  console.log(
    `# remotes benchmark (${os.availableParallelism()} cores, node ${process.version}): team hub on a filesystem store, desktop hub a notebook-hub serve process, both on 127.0.0.1`,
  );
  console.log(`project: ${NOTEBOOKS} notebooks, ${sizes.length} workspace files, ${MB(workspaceBytes)} of random bytes (1 KB to ${MB(Math.max(...sizes))})`);

  // Part 1: the pull, then tar | curl of the same bytes, each through its counting proxy.
  await local('/remotes', 'POST', { name: 'team', url: teamProxy.url, token: teamToken });
  teamProxy.reset();
  const [desktopCpuBefore, teamCpuBefore] = [await processCpuMs(desktop.child.pid!), process.cpuUsage()];
  const pullStart = performance.now();
  const started = (await local('/remotes/team/pulls', 'POST', { remote_project_id: pid })).data;
  const pulled = await operationEnd(started.id);
  const pullMs = performance.now() - pullStart;
  const desktopCpuMs = (await processCpuMs(desktop.child.pid!)) - desktopCpuBefore;
  const teamCpu = process.cpuUsage(teamCpuBefore);
  const teamCpuMs = (teamCpu.user + teamCpu.system) / 1000;
  const pullWire = teamProxy.counted.received;
  const localPid = pulled.project_id as string;
  if (pulled.progress.bytes_done !== workspaceBytes) throw new Error(`the pull moved ${pulled.progress.bytes_done} bytes, not ${workspaceBytes}`);

  const receiverUrl = `${receiverProxy.url}/upload`;
  const tarStart = performance.now();
  const copy = spawn('sh', ['-c', `tar -C "$SOURCE" -cf - . | curl -sS --fail -T - "$TARGET"`], {
    env: { ...process.env, SOURCE: sourceDir, TARGET: receiverUrl },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const code = await new Promise<number | null>((resolve) => copy.on('close', resolve));
  const tarMs = performance.now() - tarStart;
  if (code !== 0) throw new Error(`tar | curl failed with ${code}`);
  console.log('Pull of the project, team hub to desktop hub (each through a counting TCP proxy):');
  console.log(`${label(`tar -c | curl -T - to a server writing to disk:`)}${seconds(tarMs)}  ${MB(receiverProxy.counted.sent)} on the wire`);
  console.log(
    `${label(`POST /remotes/team/pulls to the operation's end:`)}${seconds(pullMs)}  ${MB(pullWire)} on the wire  ${ratio(pullMs / tarMs, GOALS.pullRatio)}`,
  );
  // Where the pull's time goes: CPU of each side over the pull (the team hub's process also runs the proxy).
  console.log(`${label('  CPU during the pull, desktop hub / team hub:')}${seconds(desktopCpuMs)} / ${seconds(teamCpuMs).trim()}`);

  // Part 2: one new version and one changed 1 MB file in one notebook, pushed.
  const localNotebooks = (await local(`/projects/${localPid}/notebooks?limit=200`)).data.items as { id: string; title: string }[];
  const teamTitle = `Notebook ${notebookIds.indexOf(changedFile!.notebook)}`;
  const localNotebook = localNotebooks.find((item) => item.title === teamTitle)!.id;
  const head = (await local(`/projects/${localPid}/notebooks/${localNotebook}`)).data.source.current_version_id as string;
  const code2 = notebookCode('changed on the desktop');
  await local(`/projects/${localPid}/notebooks/${localNotebook}/versions`, 'POST', { code: code2, base_version_id: head, message: 'changed' });
  await local(
    `/projects/${localPid}/notebooks/${localNotebook}/workspace/files?path=${encodeURIComponent(changedFile!.path)}`,
    'PUT',
    randomBytes(CHANGED_FILE_BYTES),
  );
  const changedBytes = Buffer.byteLength(code2) + CHANGED_FILE_BYTES;
  teamProxy.reset();
  const pushed = await operationEnd((await local(`/projects/${localPid}/remote/push`, 'POST')).data.id);
  const pushSent = teamProxy.counted.sent;
  console.log('Push of one changed notebook (a new version and a changed 1 MB file):');
  console.log(`${label("bytes changed (the version's code and the file):")}${String(changedBytes).padStart(10)} B`);
  console.log(
    `${label('bytes the desktop hub sent, counted at the proxy:')}${String(pushSent).padStart(10)} B  ${ratio(pushSent / changedBytes, GOALS.pushRatio)}  (${teamProxy.counted.received} B back, ${pushed.progress.files_done} files)`,
  );

  // Part 3: the status offline, the team hub and its proxy stopped.
  await teamProxy.close();
  await teamHub.close();
  teamRunning = false;
  const status = async () => {
    const began = performance.now();
    const view = (await local(`/projects/${localPid}/remote`)).data;
    const elapsed = performance.now() - began;
    if (view.notebooks.length !== NOTEBOOKS || view.summary.in_step !== NOTEBOOKS) throw new Error(`unexpected status: ${JSON.stringify(view.summary)}`);
    return elapsed;
  };
  await status();
  const times: number[] = [];
  for (let run = 0; run < STATUS_RUNS; run++) times.push(await status());
  const statusMs = median(times);
  console.log(`Status of ${NOTEBOOKS} notebooks with the team hub stopped (GET /projects/{pid}/remote, median of ${STATUS_RUNS}):`);
  console.log(
    `${label('request to answer:')}${statusMs.toFixed(1).padStart(7)} ms  (goal < ${GOALS.statusMs} ms: ${statusMs < GOALS.statusMs ? 'met' : 'NOT met'})`,
  );
} finally {
  await desktop?.stop();
  if (teamRunning) {
    await teamProxy.close();
    await teamHub.close();
  }
  await receiverProxy.close();
  await receiver.close();
  await temp.cleanup();
}
