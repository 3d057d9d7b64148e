/**
 * Locked environments benchmark (local driver, real marimo and uv, a package index on 127.0.0.1).
 * Prints the median time from `POST /sessions` to the first page served through the proxy for a
 * notebook with dependencies of its own:
 *  - cold: its environment is not built, the start builds it (uv's download cache is warm after the
 *    first run, as on any hub that has built something before);
 *  - environment-cache hit: the environment is built, the start only finds it;
 *  - warm pool: a sandbox of the pool already runs marimo in the environment;
 * beside the same start for a notebook without dependencies (cold, and from the warm pool for
 * reference), measured in turns in the same run, and beside `marimo edit --sandbox` for the same
 * notebook file (no hub: uv makes the notebook's script environment, then finds it again; the
 * first such start, with uv's cache empty, is printed apart). marimo makes that environment when
 * the page connects, for its kernel: that comparison runs to `kernel-ready` on both sides (the
 * cache hit's start goes on to its kernel through the proxy). Goals: cache hit <= 1.15x the start
 * without dependencies and <= 0.2x `marimo edit --sandbox`; warm pool < 100 ms.
 *
 * The dependencies are pandas, polars and scikit-learn, from wheels fetched once from PyPI into
 * the test cache (`bench-wheels/dataframes`) and served on 127.0.0.1; BENCH_QUICK=1 (the smoke
 * test) uses two small generated wheels instead. `marimo edit --sandbox` reads them from a second
 * index on 127.0.0.1 that also serves marimo with its editor tools (`marimo[lsp]`, which its
 * server runs with): wheels fetched once from PyPI into the test cache (`bench-wheels/marimo-lsp-*`),
 * in the quick run too, as the runtime itself is. BENCH_RUNS sets the number of starts per case
 * (default 5).
 */
import './support/machine-load.js';
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { readSettings } from '../../service/src/config/settings.js';
import { createHub } from '../../service/src/compose/hub.js';
import { createLogger } from '../../service/src/adapters/telemetry/logger.js';
import type { LockedEnvironmentServices } from '../../service/src/features/environments/index.js';
import { ensureLocalRuntime } from '../../sandbox-drivers/src/local/runtime-venv.js';
import { MARIMO_VERSION } from '../../sandbox-drivers/runtime/pins.js';
import { stderrProgress } from '../../sandbox-drivers/src/shared/progress.js';
import { testCacheDir } from '../setup/cache-dir.js';
import { withDependencies } from '../support/local-wheel.js';
import { startPackageIndex } from '../support/package-index.js';
import { makeTempDir } from '../support/temp-dir.js';
import { benchClient } from './support/bench-client.js';
import { marimoSandboxStart } from './support/marimo-sandbox.js';
import { sessionStarter } from './support/session-starts.js';

const quick = process.env.BENCH_QUICK === '1';
const RUNS = Number(process.env.BENCH_RUNS ?? (quick ? 1 : 5));
const REAL_PACKAGES = ['pandas', 'polars', 'scikit-learn'];

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const ms = (value: number): string => `${value.toFixed(0).padStart(7)} ms`;

const runtimeDir = testCacheDir('sandbox-runtime');
await ensureLocalRuntime({ dir: runtimeDir, onProgress: stderrProgress('sandbox runtime') });

/** The wheels the index serves: the real packages (fetched once), or two small generated ones. */
async function indexWheels(dir: string): Promise<{ dependencies: string[]; label: string }> {
  if (quick) {
    mkdirSync(dir, { recursive: true });
    const writer = await startPackageIndex(dir);
    await writer.add('benchprobe-core', '1.0.0');
    await writer.add('benchprobe-frames', '1.0.0', { requires: ['benchprobe-core'] });
    await writer.close();
    return { dependencies: ['benchprobe-frames'], label: 'benchprobe-frames (2 small wheels)' };
  }
  const done = path.join(dir, '.complete');
  if (!existsSync(done)) {
    process.stderr.write(`fetching ${REAL_PACKAGES.join(', ')} once into ${dir}...\n`);
    const pip = path.join(runtimeDir, 'venv', 'bin', 'pip');
    await promisify(execFile)(pip, ['download', '--only-binary=:all:', '--dest', dir, ...REAL_PACKAGES], { timeout: 15 * 60_000, maxBuffer: 16 * 1024 * 1024 });
    writeFileSync(done, new Date().toISOString());
  }
  const count = readdirSync(dir).filter((file) => file.endsWith('.whl')).length;
  return { dependencies: REAL_PACKAGES, label: `${REAL_PACKAGES.join(', ')} (${count} wheels)` };
}

const temp = await makeTempDir('environments-bench');
const wheelDir = quick ? path.join(temp.dir, 'wheels') : testCacheDir('bench-wheels', 'dataframes');
const wheels = await indexWheels(wheelDir);
const index = await startPackageIndex(wheelDir);

/** For `marimo edit --sandbox`: the notebook's wheels and those of the runtime's marimo with its editor tools, behind an index of their own. */
async function sandboxIndex() {
  const marimoWheels = testCacheDir('bench-wheels', `marimo-lsp-${MARIMO_VERSION}`);
  if (!existsSync(path.join(marimoWheels, '.complete'))) {
    process.stderr.write(`fetching marimo[lsp]==${MARIMO_VERSION} once into ${marimoWheels}...\n`);
    mkdirSync(marimoWheels, { recursive: true });
    const pip = path.join(runtimeDir, 'venv', 'bin', 'pip');
    const wanted = `marimo[lsp]==${MARIMO_VERSION}`;
    await promisify(execFile)(pip, ['download', '--disable-pip-version-check', '--only-binary=:all:', '--dest', marimoWheels, wanted], {
      timeout: 15 * 60_000,
      maxBuffer: 16 * 1024 * 1024,
    });
    writeFileSync(path.join(marimoWheels, '.complete'), new Date().toISOString());
  }
  const served = path.join(temp.dir, 'sandbox-index');
  mkdirSync(served, { recursive: true });
  for (const dir of [wheelDir, marimoWheels]) {
    for (const file of readdirSync(dir).filter((entry) => entry.endsWith('.whl'))) {
      if (!existsSync(path.join(served, file))) symlinkSync(path.join(dir, file), path.join(served, file));
    }
  }
  return startPackageIndex(served);
}
const marimoIndex = await sandboxIndex();
const settings = readSettings({
  SERVICE_DATA_DIR: path.join(temp.dir, 'hub'),
  SERVICE_PORT: '0',
  SERVICE_LOG_LEVEL: 'silent',
  SERVICE_RUN_MAINTENANCE: 'false',
  SERVICE_SANDBOX_RUNTIME_DIR: runtimeDir,
  SERVICE_AUTOMATIC_THUMBNAILS: 'false',
  SERVICE_PACKAGE_INDEX_URL: index.url,
  SERVICE_PACKAGE_INDEX_ALLOW_HTTP: 'true',
  SERVICE_WARM_POOL_SIZE: '1',
  SERVICE_WARM_POOL_ENVIRONMENTS: '1',
});
const hub = await createHub({ settings, logger: createLogger('silent') });
const url = await hub.listen();
const locked = (hub.services as unknown as { lockedEnvironments: LockedEnvironmentServices }).lockedEnvironments;
console.log(`# locked environments benchmark (${os.cpus().length} cores, local driver), median of ${RUNS} starts per case`);
console.log(`dependencies: ${wheels.label}, from a package index on 127.0.0.1`);
try {
  const { headers, api, projectWithNotebooks } = await benchClient(hub, url);
  const { pid, notebookIds } = await projectWithNotebooks(5 * RUNS);
  const plain = notebookIds.slice(0, RUNS);
  const plainWarm = notebookIds.slice(RUNS, 2 * RUNS);
  const withDeps = notebookIds.slice(2 * RUNS);

  // Every notebook with dependencies declares the same block: one lock, one environment.
  const blank = await (await fetch(`${url}/api/v1/projects/${pid}/notebooks/${withDeps[0]}/code`, { headers })).text();
  let environmentId = '';
  for (const nid of withDeps) {
    const base = ((await api(`/projects/${pid}/notebooks/${nid}`)).source as { current_version_id: string }).current_version_id;
    const saved = await api(`/projects/${pid}/notebooks/${nid}/versions`, { code: withDependencies(blank, wheels.dependencies), base_version_id: base });
    const versionId = saved.version_id as string;
    let view = await api(`/projects/${pid}/notebooks/${nid}/versions/${versionId}/environment`);
    while (view.status === 'pending') {
      await new Promise((resolve) => setTimeout(resolve, 100));
      view = await api(`/projects/${pid}/notebooks/${nid}/versions/${versionId}/environment`);
    }
    if (view.status !== 'locked') throw new Error(`the bench notebook did not lock: ${JSON.stringify(view)}`);
    environmentId = view.environment_id as string;
  }

  const { startToPage, startToKernel } = sessionStarter(url, headers, api, pid);
  /** Stops the session and waits until its sandbox is gone (it no longer holds the environment). */
  const stop = async (sessionId: string) => {
    await api(`/projects/${pid}/sessions/${sessionId}/stop`, { save: false });
    while (!(await hub.services.sessionStore.get(pid, sessionId))?.sandbox_released) await new Promise((resolve) => setTimeout(resolve, 20));
  };
  const drainPool = async () => {
    for (const slot of [environmentId, null]) {
      for (let warm = await hub.services.warmPool.claim(slot); warm; warm = await hub.services.warmPool.claim(slot)) {
        await hub.services.sandboxes.destroy(warm.sandbox.id);
      }
    }
  };
  // `marimo edit --sandbox` for the same file: the first start fills uv's (empty) cache and makes the script environment.
  const sandboxDir = path.join(temp.dir, 'marimo-sandbox');
  mkdirSync(sandboxDir, { recursive: true });
  // As marimo leaves the file after its first start online: marimo added to the block (offline it would try that at each start).
  writeFileSync(path.join(sandboxDir, 'notebook.py'), withDependencies(blank, [...wheels.dependencies, 'marimo']));
  const sandboxOptions = {
    binDir: path.join(runtimeDir, 'venv', 'bin'),
    dir: sandboxDir,
    indexUrl: marimoIndex.url,
    uvCacheDir: path.join(temp.dir, 'uv-cache'),
  };
  const sandboxFirst = await marimoSandboxStart(sandboxOptions);

  const cases = {
    plain: [] as number[],
    cold: [] as number[],
    hit: [] as number[],
    hitKernel: [] as number[],
    warm: [] as number[],
    plainWarm: [] as number[],
    sandbox: [] as number[],
  };
  let firstBuild = 0;
  for (let run = 0; run < RUNS; run++) {
    const measure = async (kind: keyof typeof cases, notebookId: string, expectWarm: boolean) => {
      // The cache hit goes on to its kernel, for the comparison with `marimo edit --sandbox`; its page time is the same start's.
      const toKernel = kind === 'hit' ? await startToKernel(notebookId) : null;
      const started = toKernel ?? (await startToPage(notebookId));
      if (started.warm !== expectWarm) throw new Error(`a ${kind} start was ${started.warm ? '' : 'not '}warm`);
      cases[kind].push(started.ms);
      if (toKernel) cases.hitKernel.push(toKernel.kernelMs);
      await stop(started.sessionId);
    };
    await drainPool();
    // Cold: nothing of the environment is built (the first run also fills uv's download cache).
    const running = new Set((await hub.services.sandboxes.list()).filter((sandbox) => sandbox.state === 'running').map((sandbox) => sandbox.id));
    await locked.cache.evict(0, running);
    await measure('cold', withDeps[run]!, false);
    if (run === 0) firstBuild = cases.cold[0]!;
    // The start without dependencies, the cache hit and `marimo edit --sandbox` in turns, the order alternating.
    const sandbox = async () => {
      cases.sandbox.push(await marimoSandboxStart(sandboxOptions));
    };
    const turns = [() => measure('plain', plain[run]!, false), () => measure('hit', withDeps[RUNS + run]!, false), sandbox];
    for (const step of run % 2 === 0 ? turns : turns.reverse()) await step();
    const refilled = await hub.services.warmPool.refill(new AbortController().signal);
    if (refilled.started !== 2) throw new Error(`the pool did not warm a sandbox in the environment and one without: ${JSON.stringify(refilled)}`);
    const warmPair = [() => measure('warm', withDeps[2 * RUNS + run]!, true), () => measure('plainWarm', plainWarm[run]!, true)];
    for (const step of run % 2 === 0 ? warmPair : warmPair.reverse()) await step();
  }
  const plainMedian = median(cases.plain);
  const hitMedian = median(cases.hit);
  const warmMedian = median(cases.warm);
  const ratio = hitMedian / plainMedian;
  const sandboxMedian = median(cases.sandbox);
  const hitKernelMedian = median(cases.hitKernel);
  const sandboxRatio = hitKernelMedian / sandboxMedian;
  console.log(`POST session to first proxied page, no dependencies:          ${ms(plainMedian)}`);
  console.log(`POST session to first proxied page, cold (environment built): ${ms(median(cases.cold))} (first build ${ms(firstBuild).trim()})`);
  console.log(`POST session to first proxied page, environment-cache hit:    ${ms(hitMedian)}`);
  console.log(`cache hit / no dependencies: ${ratio.toFixed(2)} (goal <= 1.15: ${ratio <= 1.15 ? 'met' : 'NOT met'})`);
  console.log(`POST session to kernel ready through the proxy, cache hit:   ${ms(hitKernelMedian)}`);
  console.log(`marimo edit --sandbox, the same file, start to kernel ready:  ${ms(sandboxMedian)} (the first, uv's cache empty: ${ms(sandboxFirst).trim()})`);
  console.log(
    `cache hit / marimo edit --sandbox, to kernel ready: ${sandboxRatio.toFixed(2)} (goal <= 0.2: ${sandboxRatio <= 0.2 ? 'met' : 'NOT met'}; against its first start ${(hitKernelMedian / sandboxFirst).toFixed(2)})`,
  );
  console.log(`POST session to first proxied page, warm pool:                ${ms(warmMedian)} (goal < 100 ms: ${warmMedian < 100 ? 'met' : 'NOT met'})`);
  console.log(`POST session to first proxied page, warm pool, no dependencies: ${ms(median(cases.plainWarm))} (for reference)`);
  console.log(`environment builds: ${locked.builds.stats().builds} (one per cold start)`);
} finally {
  for (const sandbox of await hub.services.sandboxes.list()) await hub.services.sandboxes.destroy(sandbox.id).catch(() => {});
  await hub.close();
  await index.close();
  await marimoIndex.close();
  await temp.cleanup();
}
