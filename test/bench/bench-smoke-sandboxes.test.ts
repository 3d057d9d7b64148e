/** The benchmarks of sessions and sandboxes (local, Docker, Kubernetes), run briefly; the hub's own are in bench-smoke-hub.test.ts, which runs beside this file. */
import { describe, expect, it } from 'vitest';
import { prerequisite } from '../setup/prerequisites.js';
import { RATIO, runQuick } from './support/run-quick.js';

if (prerequisite('kubernetes') === null) console.warn('SKIPPED the Kubernetes benchmarks: no test cluster on this machine');

// Benchmarks print ratios and never assert times; these only keep the scripts from rotting.
describe('benchmark scripts of sessions and sandboxes', () => {
  it.skipIf(prerequisite('sandboxRuntime') === null)(
    'sessions: starts cold and warm sessions and prints start times, round-trip ratios and kernel-death times',
    async () => {
      const withDocker = prerequisite('docker') !== null;
      const { stdout } = await runQuick('session.bench.ts', withDocker ? {} : { BENCH_DOCKER: '0' });
      expect(stdout).toMatch(/first proxied page, cold: +\d+ ms/);
      expect(stdout).toMatch(/first proxied page, warm pool: +\d+ ms/);
      expect(stdout).toMatch(/WebSocket ping round trip, +direct: +[\d.]+ ms +proxy: +[\d.]+ ms +ratio \d+\.\d+/);
      expect(stdout).toMatch(/cell run round trip .* ratio \d+\.\d+/);
      expect(stdout).toMatch(/local: kill -9 of marimo to edit session terminal: +\d+ ms \(goal < 2000 ms: (met|NOT met)\)/);
      expect(stdout).toMatch(/local: kill -9 of marimo to app answering again: +\d+ ms \(goal < 2000 ms: (met|NOT met)\)/);
      if (prerequisite('telemetryReceivers') !== null) {
        for (const kind of ['cold', 'warm'])
          expect(stdout).toMatch(
            new RegExp(`session start ${kind}, tracing off: +\\d+ ms +on: +\\d+ ms +ratio \\d+\\.\\d+ \\(goal <= 1\\.02: (met|NOT met)\\)`),
          );
      }
      if (withDocker) {
        expect(stdout).toMatch(/docker: kill -9 of marimo to edit session terminal: +\d+ ms/);
        expect(stdout).toMatch(/docker: kill -9 of marimo to app answering again: +\d+ ms/);
      } else {
        expect(stdout).toMatch(/docker: kernel death skipped/);
      }
    },
    180_000,
  );

  it.skipIf(prerequisite('sandboxRuntime') === null)(
    'locked environments: starts a notebook with dependencies cold, from the environment cache and from the warm pool beside one without and beside marimo edit --sandbox, and prints the ratios',
    async () => {
      const { stdout } = await runQuick('environments.bench.ts');
      expect(stdout).toMatch(/median of 1 starts per case/);
      expect(stdout).toMatch(/first proxied page, no dependencies: +\d+ ms/);
      expect(stdout).toMatch(/first proxied page, cold \(environment built\): +\d+ ms/);
      expect(stdout).toMatch(/first proxied page, environment-cache hit: +\d+ ms/);
      expect(stdout).toMatch(/cache hit \/ no dependencies: \d+\.\d+ \(goal <= 1\.15: (met|NOT met)\)/);
      expect(stdout).toMatch(/POST session to kernel ready through the proxy, cache hit: +\d+ ms/);
      expect(stdout).toMatch(/marimo edit --sandbox, the same file, start to kernel ready: +\d+ ms \(the first, uv's cache empty: \d+ ms\)/);
      expect(stdout).toMatch(/cache hit \/ marimo edit --sandbox, to kernel ready: \d+\.\d+ \(goal <= 0\.2: (met|NOT met); against its first start \d+\.\d+\)/);
      expect(stdout).toMatch(/first proxied page, warm pool: +\d+ ms \(goal < 100 ms: (met|NOT met)\)/);
      expect(stdout).toMatch(/environment builds: 1 /);
    },
    180_000,
  );

  it.skipIf(prerequisite('sandboxRuntime') === null)(
    'sandboxes: times marimo alone and in each driver and prints the ratios',
    async () => {
      const withDocker = prerequisite('docker') !== null;
      const { stdout } = await runQuick('sandbox.bench.ts', withDocker ? {} : { BENCH_DOCKER: '0' });
      expect(stdout).toMatch(/median of 1 runs/);
      expect(stdout).toMatch(/marimo edit --headless alone, start to health: +\d+ ms/);
      expect(stdout).toMatch(new RegExp(String.raw`local: +create to marimo ready: +\d+ ms +ratio ${RATIO}`));
      if (withDocker) {
        expect(stdout).toMatch(/docker: container start alone \(create \+ exec\): +\d+ ms/);
        expect(stdout).toMatch(new RegExp(String.raw`docker: create to marimo ready: +\d+ ms +ratio to start \+ marimo alone ${RATIO}`));
      } else {
        expect(stdout).toMatch(/docker: skipped/);
      }
    },
    180_000,
  );

  it.skipIf(prerequisite('kubernetes') === null)(
    'kubernetes: starts sessions in pods beside bare pods, many at once and from the warm pool, and prints ratios and percentiles',
    async () => {
      const { stdout } = await runQuick('kubernetes.bench.ts');
      expect(stdout).toMatch(/session \/ pod alone ratio, median of the pairs: \d+\.\d+ \(goal <= 1\.20: (met|NOT met)\)/);
      expect(stdout).toMatch(/4 session starts at once, all succeeded: p50 +\d+ ms +p95 +\d+ ms/);
      expect(stdout).toMatch(/4 bare pods at once: +p50 +\d+ ms +p95 +\d+ ms/);
      expect(stdout).toMatch(/warm pool open to first proxied page: +\d+ ms \(goal < 100 ms: (met|NOT met)\)/);
    },
    300_000,
  );

  it.skipIf(prerequisite('kubernetes') === null)(
    'locked environments on Kubernetes: starts a notebook with dependencies cold (built in a pod) and from its archive beside one without, and prints the ratio',
    async () => {
      const { stdout } = await runQuick('environments-kubernetes.bench.ts');
      expect(stdout).toMatch(/first proxied page, no dependencies: +\d+ ms/);
      expect(stdout).toMatch(/first proxied page, cold \(built in a pod\): +\d+ ms/);
      expect(stdout).toMatch(/first proxied page, archive hit \(unpacked\): +\d+ ms/);
      expect(stdout).toMatch(/archive hit \/ no dependencies: \d+\.\d+ \(goal <= 1\.15: (met|NOT met)\)/);
      expect(stdout).toMatch(/environment builds: 1 /);
    },
    300_000,
  );
});
