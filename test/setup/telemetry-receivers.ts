import { execFile } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { testCacheDir } from './cache-dir.js';
import { withCacheLock } from './cache-lock.js';
import { findGo } from './helm.js';

const run = promisify(execFile);

/** What the telemetry suite gets through `prerequisite('telemetryReceivers')`: executables; each test starts its own. */
export interface TelemetryReceiversInfo {
  /** Jaeger: receives spans over OTLP (HTTP and gRPC) and answers its query API. */
  jaeger: string;
  /** VictoriaLogs: receives log records over OTLP/HTTP and answers LogsQL queries. */
  victoriaLogs: string;
}

/**
 * The pinned receivers, built from the Go module proxy (no registry reached here ships their
 * binaries). Jaeger's go.mod replaces one module (Kafka's client), which `go install pkg@version`
 * refuses, so it is built as the tool of a module of its own that repeats the replacement.
 */
export const JAEGER_VERSION = 'v1.76.0';
const JAEGER_MODULE = 'github.com/jaegertracing/jaeger';
const JAEGER_REPLACE = 'github.com/Shopify/sarama => github.com/Shopify/sarama v1.33.0';
export const VICTORIA_LOGS_VERSION = 'v1.52.1';
const VICTORIA_LOGS_PACKAGE = 'github.com/VictoriaMetrics/VictoriaLogs/app/victoria-logs';

export async function provisionTelemetryReceivers(): Promise<TelemetryReceiversInfo> {
  // One after the other: each build keeps both cores busy for minutes.
  const victoriaLogs = await ensureBuilt('victoria-logs', VICTORIA_LOGS_VERSION, (dir, binary) =>
    goBuild(dir, ['install', '-trimpath', '-ldflags', '-s -w', `${VICTORIA_LOGS_PACKAGE}@${VICTORIA_LOGS_VERSION}`], { GOBIN: dir }, binary),
  );
  const jaeger = await ensureBuilt('jaeger', JAEGER_VERSION, async (dir, binary) => {
    writeFileSync(path.join(dir, 'go.mod'), `module notebook-hub.test/jaeger\n\ngo 1.24.6\n\nreplace ${JAEGER_REPLACE}\n`);
    // The module's go.sum is written as the dependencies are resolved.
    const inModule = { GOFLAGS: '-mod=mod' };
    await goBuild(dir, ['get', '-tool', `${JAEGER_MODULE}/cmd/jaeger@${JAEGER_VERSION}`], inModule, null);
    const version = `-X ${JAEGER_MODULE}/internal/version.latestVersion=${JAEGER_VERSION}`;
    await goBuild(dir, ['build', '-trimpath', '-ldflags', `-s -w ${version}`, '-o', binary, `${JAEGER_MODULE}/cmd/jaeger`], inModule, binary);
  });
  return { jaeger, victoriaLogs };
}

/** The cached build of `name` at `version`, made once under the cache lock (another run may be building it). */
async function ensureBuilt(name: string, version: string, build: (dir: string, binary: string) => Promise<void>): Promise<string> {
  const dir = testCacheDir(name, version);
  const binary = path.join(dir, name);
  // Written after a build that finished: a binary left by a killed build is not taken for one.
  const stamp = path.join(dir, 'built');
  const built = () => existsSync(binary) && existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === version;
  if (built()) return binary;
  return withCacheLock(dir, 'build.lock', async () => {
    if (!built()) {
      process.stderr.write(`[setup] building ${name} ${version} with go (Go module proxy; minutes the first time)...\n`);
      const started = Date.now();
      await build(dir, binary);
      writeFileSync(stamp, `${version}\n`);
      process.stderr.write(`[setup] built ${name} ${version} in ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
    }
    return binary;
  });
}

async function goBuild(dir: string, args: string[], env: Record<string, string>, binary: string | null): Promise<void> {
  const go = findGo();
  try {
    await run(go, args, {
      env: {
        ...process.env,
        // Go keeps its module and build caches under HOME; without one (a bare CI environment) they go to the test cache.
        ...(process.env.HOME ? {} : { GOPATH: testCacheDir('go'), GOCACHE: testCacheDir('go', 'build-cache') }),
        CGO_ENABLED: '0',
        GOTOOLCHAIN: 'local',
        ...env,
      },
      cwd: dir,
      maxBuffer: 64 * 1024 * 1024,
      timeout: 60 * 60_000,
    });
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr ?? '';
    throw new Error(`go ${args.slice(0, 2).join(' ')} in ${dir} failed: ${(error as Error).message}\n${stderr.slice(-2000)}`, { cause: error });
  }
  if (binary !== null && !existsSync(binary)) throw new Error(`go ${args[0]} left no ${binary}`);
}
