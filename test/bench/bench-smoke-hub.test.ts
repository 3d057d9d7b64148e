/** The benchmarks of the hub itself (store, API, UI, data, desktop, remotes, jobs, surfaces), run briefly; the sandboxes' are in bench-smoke-sandboxes.test.ts, which runs beside this file. */
import { describe, expect, it } from 'vitest';
import { prerequisite } from '../setup/prerequisites.js';
import { RATIO, runQuick } from './support/run-quick.js';

if (prerequisite('postgres') === null) console.warn('SKIPPED the PostgreSQL part of the data browser benchmark: no PostgreSQL on this machine');
if (prerequisite('seaweedfs') === null) console.warn('SKIPPED the S3 part of the data browser benchmark: no SeaweedFS on this machine');
if (prerequisite('docker') === null) console.warn('SKIPPED the container image benchmark: no Docker engine on this machine');
if (prerequisite('sandboxRuntime') === null || prerequisite('surfaceRuntime') === null)
  console.warn('SKIPPED the surfaces benchmark: no marimo runtime or no code-server and OpenCode install on this machine');

// Benchmarks print ratios and never assert times; these only keep the scripts from rotting.
describe('benchmark scripts of the hub', () => {
  it('storage: runs end to end at a reduced size and prints its ratios', async () => {
    const { stdout } = await runQuick('store.bench.ts');
    expect(stdout).toMatch(/conditional puts\/s, 16 writers: +\d+/);
    expect(stdout).toMatch(/catalog mutations\/s at \d+ projects/);
    expect(stdout).toMatch(/page listing ratio \d+\/\d+: \d+\.\d+/);
  }, 120_000);

  it('API: runs end to end briefly and prints its ratio, start-up time and memory', async () => {
    const { stdout } = await runQuick('api.bench.ts');
    expect(stdout).toMatch(/hub \/ bare ratio: \d+\.\d+/);
    expect(stdout).toMatch(/start-up to healthy \/api\/health: \d+ ms/);
    expect(stdout).toMatch(/bare fastify start-up to healthy: \d+ ms, median of \d+; hub \/ bare: \d+\.\d+ \(goal <= 2\.5: (met|NOT met)\)/);
    expect(stdout).toMatch(/idle resident memory: \d+\.\d MiB/);
    if (prerequisite('telemetryReceivers') !== null) {
      expect(stdout).toMatch(/CPU per request, tracing on \/ off: \d+\.\d+ \(goal <= 1\.15: (met|NOT met)\)/);
      expect(stdout).toMatch(/GET \/api\/v1\/me, tracing and log export on: +\d+ req\/s, [\d.]+ µs CPU\/request, ratio \d+\.\d+/);
    }
  }, 180_000);

  it.skipIf(prerequisite('chromium') === null)(
    'data grid: scrolls a query result of the Data tab and a static table, and prints frames per second and their ratio',
    async () => {
      const { stdout } = await runQuick('data-grid.bench.ts', { CHROMIUM_PATH: prerequisite('chromium')!.executablePath });
      expect(stdout).toMatch(/scrolling the grid: +\d+\.\d frames\/s/);
      expect(stdout).toMatch(/scrolling a static table: +\d+\.\d frames\/s/);
      expect(stdout).toMatch(/grid \/ static ratio: \d+\.\d+ \(goal >= 0\.95: (met|NOT met)\)/);
      expect(stdout).toMatch(/grid holds 60 frames\/s: (met|NOT met)/);
    },
    180_000,
  );

  it('desktop: starts the in-process hub and the headless one and prints start times, memory and goals', async () => {
    const { stdout } = await runQuick('desktop.bench.ts');
    expect(stdout).toMatch(/start to UI first page served, desktop: \d+ ms +headless: \d+ ms +ratio \d+\.\d+/);
    expect(stdout).toMatch(/idle memory, desktop: rss \d+\.\d MiB, heap \d+\.\d MiB/);
    expect(stdout).toMatch(/idle memory, headless: rss \d+\.\d MiB, heap \d+\.\d MiB/);
    expect(stdout).toMatch(/desktop UI served from start: \d+ ms \(goal < 1000 ms: (met|NOT met)\)/);
    expect(stdout).toMatch(/desktop idle resident memory: \d+\.\d MiB \(goal < 150 MiB: (met|NOT met)\)/);
    expect(stdout).toMatch(/both run from the compiled JavaScript/);
  }, 120_000);

  it('data browser: previews a Parquet file beside DuckDB, over S3 through the hub, queries PostgreSQL beside psql, and prints the ratios', async () => {
    const postgres = prerequisite('postgres');
    const seaweedfs = prerequisite('seaweedfs');
    const { stdout } = await runQuick('data.bench.ts', {
      BENCH_POSTGRES: postgres ? JSON.stringify(postgres) : '0',
      BENCH_SEAWEEDFS: seaweedfs ? JSON.stringify(seaweedfs) : '0',
    });
    const ratio = String.raw`ratio \d+\.\d+ \(goal <= 1\.50: (met|NOT met)\)`;
    const share = String.raw`[\d.]+ MB of [\d.]+ MB = [\d.]+% \(goal <= 2%: (met|NOT met)\)`;
    expect(stdout).toMatch(/median of 2 runs per side/);
    expect(stdout).toMatch(/DuckDB read_parquet LIMIT 100, fresh instance: +[\d.]+ ms/);
    expect(stdout).toMatch(/hub previewer \(worker pool\), to rows: +[\d.]+ ms/);
    expect(stdout).toMatch(new RegExp(String.raw`/ DuckDB fresh: +${ratio}`));
    expect(stdout).toMatch(new RegExp(String.raw`/ DuckDB warm: +${ratio}`));
    expect(stdout).toMatch(new RegExp(String.raw`bytes read by the preview: +${share}`));
    if (seaweedfs) {
      expect(stdout).toMatch(/DuckDB httpfs LIMIT 100, fresh instance: +[\d.]+ ms/);
      expect(stdout).toMatch(new RegExp(String.raw`hub GET \.\.\./object/preview, to parsed answer: +[\d.]+ ms`));
      expect(stdout).toMatch(new RegExp(String.raw`/ DuckDB on the local file, fresh: +${ratio}`));
      expect(stdout).toMatch(new RegExp(String.raw`bytes_read in the answer: +${share}`));
    } else expect(stdout).toMatch(/Parquet over S3: skipped/);
    if (postgres) {
      expect(stdout).toMatch(/psql -X -A -t -c, spawn to exit: +[\d.]+ ms/);
      expect(stdout).toMatch(/hub POST \.\.\.\/queries, to parsed answer: +[\d.]+ ms +ratio \d+\.\d+ \(goal <= 1\.30: (met|NOT met)\)/);
    } else expect(stdout).toMatch(/PostgreSQL query: skipped/);
  }, 300_000);

  it.skipIf(prerequisite('sandboxRuntime') === null)(
    'integrations: starts sessions with three integrations and with none, tests connections beside their drivers, and prints the ratios',
    async () => {
      const postgres = prerequisite('postgres');
      const mariadb = prerequisite('mariadb');
      const { stdout } = await runQuick('integrations.bench.ts', {
        BENCH_POSTGRES: postgres ? JSON.stringify(postgres) : '0',
        BENCH_MARIADB: mariadb ? JSON.stringify(mariadb) : '0',
      });
      expect(stdout).toMatch(/median of 2 runs per side/);
      expect(stdout).toMatch(/no integrations: +[\d.]+ ms/);
      expect(stdout).toMatch(/three integrations rendered: +[\d.]+ ms +ratio \d+\.\d+ \(goal <= 1\.05: (met|NOT met)\)/);
      if (postgres) {
        expect(stdout).toMatch(/pg connect, SHOW server_version, end: +[\d.]+ ms/);
        expect(stdout).toMatch(/hub test connection \(its duration_ms\): +[\d.]+ ms +ratio \d+\.\d+ \(goal <= 1\.20: (met|NOT met)\)/);
        expect(stdout).toMatch(/the request, POST \.\.\.\/test to answer: +[\d.]+ ms +ratio \d+\.\d+ to the driver/);
      } else expect(stdout).toMatch(/PostgreSQL test connection: skipped/);
      if (mariadb) expect(stdout).toMatch(/mysql2 connect, SELECT VERSION\(\), end: +[\d.]+ ms/);
      else expect(stdout).toMatch(/MariaDB test connection: skipped/);
    },
    300_000,
  );

  it.skipIf(prerequisite('sandboxRuntime') === null)(
    'jobs: runs a job through the scheduler beside marimo export alone and times schedule firings, and prints the overhead and delays',
    async () => {
      const { stdout } = await runQuick('jobs.bench.ts');
      expect(stdout).toMatch(/median of 1 runs per side/);
      expect(stdout).toMatch(/marimo export html alone, spawn to exit: +\d+ ms/);
      expect(stdout).toMatch(/job run, trigger to HTML output stored: +\d+ ms/);
      expect(stdout).toMatch(/overhead \(job run - marimo alone\): +-?\d+ ms \(goal < 1000 ms: (met|NOT met)\)/);
      expect(stdout).toMatch(/queued to started \(tick wait\) +\d+ ms/);
      expect(stdout).toMatch(/log and output stored, run recorded +\d+ ms/);
      expect(stdout).toMatch(/median +\d+ ms +max +\d+ ms \(goal < 1000 ms, one tick: (met|NOT met)\)/);
    },
    180_000,
  );

  it.skipIf(prerequisite('sandboxRuntime') === null || prerequisite('surfaceRuntime') === null)(
    'surfaces: opens VS Code and OpenCode on demand and eagerly beside each program alone, and prints the ratios and phases',
    async () => {
      const { stdout } = await runQuick('surfaces.bench.ts');
      expect(stdout).toMatch(/median of 1 starts per case/);
      for (const title of ['VS Code', 'OpenCode']) {
        expect(stdout).toMatch(new RegExp(String.raw`${title} +alone, spawn to first 200 page: +\d+ ms`));
        expect(stdout).toMatch(new RegExp(String.raw`${title} +on-demand, open to first proxied page: +\d+ ms +ratio ${RATIO}`));
        expect(stdout).toMatch(new RegExp(String.raw`${title} +eager, open to first proxied page: +\d+ ms +ratio ${RATIO}`));
        expect(stdout).toMatch(new RegExp(String.raw`${title} +eager, session start to first proxied page: +\d+ ms`));
        expect(stdout).toMatch(new RegExp(String.raw`${title} on-demand phases, median ms: .*probe until answer \d+.*proxy: first page \d+`));
      }
    },
    300_000,
  );

  it.skipIf(prerequisite('docker') === null)(
    'container image: builds the hub image when its inputs changed and prints its size, both start times and the ratio',
    async () => {
      const { stdout } = await runQuick('image.bench.ts');
      expect(stdout).toMatch(/# image benchmark \(node v[\d.]+\), median of 1 runs per side/);
      expect(stdout).toMatch(/image size: +\d+ MB +\(goal < 300 MB: (met|NOT met)\)/);
      expect(stdout).toMatch(/plain process \(notebook-hub serve\), start to \/api\/health: +\d+ ms/);
      expect(stdout).toMatch(/container \(docker run\), start to \/api\/health: +\d+ ms +ratio \d+\.\d+ \(goal <= 1\.5: (met|NOT met)\)/);
    },
    // The first run after a change of the hub image's inputs builds the image.
    900_000,
  );

  it.skipIf(prerequisite('chromium') === null)(
    'web UI: loads the first page and the static baseline and prints sizes and the ratio',
    async () => {
      const { stdout } = await runQuick('ui.bench.ts', { CHROMIUM_PATH: prerequisite('chromium')!.executablePath });
      expect(stdout).toMatch(/first page assets total: \d+\.\d KB \(goal <= 250 KB: (met|NOT met)\)/);
      expect(stdout).toMatch(/app \/ static ratio: \d+\.\d+ \(goal <= 1\.50: (met|NOT met)\)/);
    },
    600_000,
  );

  it('remotes: pulls a project between two hubs beside tar | curl, pushes one changed notebook and reads the status offline, and prints the ratios', async () => {
    const { stdout } = await runQuick('remotes.bench.ts', { BENCH_NOTEBOOKS: '5', BENCH_WORKSPACE_MB: '4', BENCH_RUNS: '5' });
    expect(stdout).toMatch(/^project: 5 notebooks, \d+ workspace files, 4\.0 MB of random bytes/m);
    expect(stdout).toMatch(/tar -c \| curl -T - to a server writing to disk: +\d+\.\d+ s +\d+\.\d MB on the wire/);
    expect(stdout).toMatch(
      /POST \/remotes\/team\/pulls to the operation's end: +\d+\.\d+ s +\d+\.\d MB on the wire +ratio \d+\.\d+ \(goal <= 1\.30: (met|NOT met)\)/,
    );
    expect(stdout).toMatch(/CPU during the pull, desktop hub \/ team hub: +\d+\.\d+ s \/ \d+\.\d+ s/);
    expect(stdout).toMatch(/bytes changed \(the version's code and the file\): +\d+ B/);
    expect(stdout).toMatch(/bytes the desktop hub sent, counted at the proxy: +\d+ B +ratio \d+\.\d+ \(goal <= 2\.00: (met|NOT met)\)/);
    expect(stdout).toMatch(/Status of 5 notebooks with the team hub stopped .*median of 5/);
    expect(stdout).toMatch(/request to answer: +\d+\.\d ms +\(goal < 50 ms: (met|NOT met)\)/);
  }, 120_000);
});
