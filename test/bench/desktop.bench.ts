/**
 * Desktop benchmark. Prints, for the hub the desktop app runs in-process (`startDesktopHub`) and
 * for the plain headless hub (`createHub` + `listen`, as `notebook-hub serve` starts it), each
 * started in a fresh process, in alternating rounds of the same run:
 *  - the time from calling the start function to the UI's first page (`GET /`) served
 *    (goal for the desktop: under 1 s);
 *  - the idle memory of the process holding the hub once started and collected: resident set and
 *    JavaScript heap (goal for the desktop: under 150 MiB resident).
 * Module loading is not counted in the start time (it is printed apart): Electron has loaded the
 * main process's modules before it calls the start function.
 * Both hubs log nothing (silent) and serve the built UI (renderer/dist).
 * Both run from the compiled JavaScript, as the packaged app does: the build is brought up to date
 * and the desktop host compiled first. BENCH_SOURCES=1 runs them from the TypeScript sources
 * through tsx instead, which adds its own memory (some 50 MiB) to both sides alike: the memory goal
 * is judged only on the compiled code. BENCH_QUICK=1 shortens it.
 */
import './support/machine-load.js';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const GOALS = { uiMs: 1000, idleRssMib: 150 };
const quick = process.env.BENCH_QUICK === '1';
const compiled = process.env.BENCH_SOURCES !== '1';
const ROUNDS = quick ? 1 : 5;
const ROOT = path.resolve(import.meta.dirname, '../..');

if (compiled) {
  // The build scripts are plain JavaScript modules: run as the commands that use them run them.
  execFileSync(process.execPath, [path.join(ROOT, 'scripts/build.mjs'), '--if-stale'], { stdio: 'inherit' });
  const hostBuild = pathToFileURL(path.join(ROOT, 'electron/scripts/host-build.mjs')).href;
  execFileSync(process.execPath, ['--input-type=module', '-e', `(await import(${JSON.stringify(hostBuild)})).compileDesktopHost()`], { stdio: 'inherit' });
}

const modules = compiled
  ? {
      desktop: path.join(ROOT, 'electron/dist/host/desktop-hub.js'),
      hub: path.join(ROOT, 'service/dist/compose/hub.js'),
      settings: path.join(ROOT, 'service/dist/config/settings.js'),
    }
  : {
      desktop: path.join(ROOT, 'electron/src/host/desktop-hub.ts'),
      hub: path.join(ROOT, 'service/src/compose/hub.ts'),
      settings: path.join(ROOT, 'service/src/config/settings.ts'),
    };
for (const file of Object.values(modules)) if (!existsSync(file)) throw new Error(`${file} is missing: build first (see the header of this file)`);
if (!existsSync(path.join(ROOT, 'renderer/dist/index.html'))) throw new Error('renderer/dist is missing: run npm run build first');

interface Sample {
  importMs: number;
  uiMs: number;
  rssMib: number;
  heapMib: number;
}

/**
 * One start in a process of its own, written as plain JavaScript so that in compiled mode nothing
 * but node and the hub is in the process that is measured.
 */
const worker = (kind: 'desktop' | 'headless', dataDir: string) => `
const MiB = 1024 * 1024;
const importStarted = performance.now();
const { startDesktopHub } = await import(${JSON.stringify(pathToFileURL(modules.desktop).href)});
const { createHub } = await import(${JSON.stringify(pathToFileURL(modules.hub).href)});
const { readSettings } = await import(${JSON.stringify(pathToFileURL(modules.settings).href)});
const importMs = performance.now() - importStarted;
const dataDir = ${JSON.stringify(dataDir)};
const started = performance.now();
let url, headers, close;
if (${JSON.stringify(kind)} === 'desktop') {
  const desktop = await startDesktopHub({ dataDir, logLevel: 'silent' });
  ({ url } = desktop);
  headers = desktop.launchHeaders;
  close = () => desktop.close();
} else {
  const hub = await createHub({ settings: readSettings({ SERVICE_DATA_DIR: dataDir, SERVICE_PORT: '0', SERVICE_LOG_LEVEL: 'silent' }) });
  url = await hub.listen();
  headers = {};
  close = () => hub.close();
}
const page = await fetch(url + '/', { headers });
const body = await page.text();
if (page.status !== 200 || !body.includes('<div id="root"')) throw new Error('the UI was not served: HTTP ' + page.status);
const uiMs = performance.now() - started;
// Idle: whatever start-up left for the collector is collected, and the loops have had a moment.
globalThis.gc();
await new Promise((resolve) => setTimeout(resolve, 1000));
globalThis.gc();
const memory = process.memoryUsage();
process.stdout.write(JSON.stringify({ importMs, uiMs, rssMib: memory.rss / MiB, heapMib: memory.heapUsed / MiB }) + '\\n');
await close();
`;

async function startOnce(kind: 'desktop' | 'headless'): Promise<Sample> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `notebook-hub-desktop-bench-${kind}-`));
  try {
    const loader = compiled ? [] : ['--conditions=source', '--import', 'tsx'];
    // Only what a user's shell would not set for the app: SERVICE_* of the calling shell are dropped.
    const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('SERVICE_') && !key.startsWith('OTEL_')));
    const child = spawn(process.execPath, ['--expose-gc', ...loader, '--input-type=module', '-e', worker(kind, dataDir)], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    if (code !== 0) throw new Error(`the ${kind} worker exited with ${code}`);
    return JSON.parse(output.trim().split('\n').at(-1)!) as Sample;
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const verdict = (met: boolean) => (met ? 'met' : 'NOT met');

console.log(`# Desktop benchmark (${os.cpus().length} cores, ${ROUNDS} starts per side, alternating, each in a fresh process)`);
console.log(`# both run from ${compiled ? 'the compiled JavaScript (dist/)' : 'the TypeScript sources through tsx'}, log silent, serving renderer/dist`);
const samples: Record<'desktop' | 'headless', Sample[]> = { desktop: [], headless: [] };
for (let round = 0; round < ROUNDS; round++) {
  for (const kind of ['desktop', 'headless'] as const) samples[kind].push(await startOnce(kind));
}
const of = (kind: 'desktop' | 'headless', field: keyof Sample) => median(samples[kind].map((sample) => sample[field]));
const uiDesktop = of('desktop', 'uiMs');
const uiHeadless = of('headless', 'uiMs');
const rssDesktop = of('desktop', 'rssMib');
console.log(`module loading (not counted below), desktop: ${of('desktop', 'importMs').toFixed(0)} ms   headless: ${of('headless', 'importMs').toFixed(0)} ms`);
console.log(
  `start to UI first page served, desktop: ${uiDesktop.toFixed(0)} ms   headless: ${uiHeadless.toFixed(0)} ms   ratio ${(uiDesktop / uiHeadless).toFixed(2)}`,
);
console.log(`idle memory, desktop: rss ${rssDesktop.toFixed(1)} MiB, heap ${of('desktop', 'heapMib').toFixed(1)} MiB`);
console.log(`idle memory, headless: rss ${of('headless', 'rssMib').toFixed(1)} MiB, heap ${of('headless', 'heapMib').toFixed(1)} MiB`);
console.log(`desktop UI served from start: ${uiDesktop.toFixed(0)} ms (goal < ${GOALS.uiMs} ms: ${verdict(uiDesktop < GOALS.uiMs)})`);
console.log(
  `desktop idle resident memory: ${rssDesktop.toFixed(1)} MiB (goal < ${GOALS.idleRssMib} MiB: ${compiled ? verdict(rssDesktop < GOALS.idleRssMib) : 'not judged from the sources'})`,
);
