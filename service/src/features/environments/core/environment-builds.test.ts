import { describe, expect, it } from 'vitest';
import type { CachedEnvironment, EnvironmentCache } from '../../../core/ports/environment-cache.js';
import type { Logger } from '../../../core/ports/logger.js';
import type { BackgroundRunner } from '../../../core/ports/background-runner.js';
import { EnvironmentBuilds } from './environment-builds.js';
import type { EnvironmentSandboxes } from './environment-sandboxes.js';
import type { PackageSources } from './package-sources.js';

const silent = { info: () => {}, warn: () => {}, error: () => {}, debug: () => {} } as unknown as Logger;
/**
 * The hub's background runner as the builds see it (lifecycle/background-work.ts is the real one:
 * shutdown waits for what it runs): it keeps what runs, and refuses work once stopped.
 */
class FakeBackground implements BackgroundRunner {
  readonly running: Promise<unknown>[] = [];
  stopped = false;
  run(work: () => Promise<unknown>): boolean {
    if (this.stopped) return false;
    this.running.push(work().catch(() => {}));
    return true;
  }
  /** What shutdown waits for. */
  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all(this.running);
  }
}

const LOCK = 'probe==1.0.0 \\\n    --hash=sha256:00\n';

/** A cache in memory whose builds run the fill function given (the install) before the entry exists. */
function memoryCache(): EnvironmentCache & { entries: Map<string, CachedEnvironment> } {
  const entries = new Map<string, CachedEnvironment>();
  const entry = (id: string, user: string): CachedEnvironment => ({
    id,
    env: {},
    bytes: 1,
    builtAt: new Date(0).toISOString(),
    lastUsedAt: new Date(0).toISOString(),
    users: [user],
  });
  return {
    entries,
    use: (id: string) => Promise.resolve(entries.get(id) ?? null),
    built: (id: string) => Promise.resolve(entries.has(id)),
    async build(id: string, user: string, fill: (directory: string) => Promise<void>) {
      await fill(`/cache/${id}`);
      entries.set(id, entry(id, user));
      return { environment: entries.get(id)!, built: true };
    },
    evict: () => Promise.resolve({ removed: [], freedBytes: 0 }),
  } as unknown as EnvironmentCache & { entries: Map<string, CachedEnvironment> };
}

/** Build sandboxes whose install command waits for the test to let it finish. */
function gatedSandboxes() {
  let finish!: () => void;
  const finished = new Promise<void>((resolve) => (finish = resolve));
  let installing!: () => void;
  const started = new Promise<void>((resolve) => (installing = resolve));
  const sandboxes = {
    driver: { writeFile: () => Promise.resolve(), list: () => Promise.resolve([]) },
    within: async (_purpose: string, _labels: unknown, work: (sandbox: { id: string }) => Promise<void>) => work({ id: 'build-1' }),
    async command() {
      installing();
      await finished;
      return { kind: 'done', result: { exitCode: 0, stdout: '', stderr: 'Installed 1 package in 3ms\n', durationMs: 1 } };
    },
  } as unknown as EnvironmentSandboxes;
  return { sandboxes, started, finish };
}

function buildsWith(background: BackgroundRunner, cache: EnvironmentCache, sandboxes: EnvironmentSandboxes) {
  return new EnvironmentBuilds({
    cache,
    sandboxes,
    logger: silent,
    packages: { access: () => Promise.resolve({ mounts: [], source: { index: 'http://127.0.0.1:9/simple', privateIndexes: [] } }) } as unknown as Pick<
      PackageSources,
      'access'
    >,
    buildTimeoutMs: 60_000,
    cacheMaxBytes: 1 << 30,
    placement: (directory) => ({ target: directory, mounts: [] }),
    archives: null,
    unpackLocally: true,
    archiveMaxBytes: null,
    background,
  });
}

const need = (id: string) => ({ id, lock: LOCK, user: 'sandbox-1', workspace: { projectId: 'p1', notebookId: 'n1', entryFile: 'notebook.py' } });

describe('environment builds and the hub shutting down', () => {
  it('makes shutdown wait for a build under way, so a closed hub leaves no build writing into its cache', async () => {
    const background = new FakeBackground();
    const cache = memoryCache();
    const gate = gatedSandboxes();
    const builds = buildsWith(background, cache, gate.sandboxes);
    const building = builds.ensure(need('env-a'));
    await gate.started;
    let stopped = false;
    const stopping = background.stop().then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(stopped).toBe(false);
    gate.finish();
    await expect(building).resolves.toMatchObject({ id: 'env-a' });
    await stopping;
    expect(stopped).toBe(true);
    expect(cache.entries.has('env-a')).toBe(true);
  });

  it('starts no build once shutdown has begun, and still answers from the cache', async () => {
    const background = new FakeBackground();
    const cache = memoryCache();
    const gate = gatedSandboxes();
    gate.finish();
    const builds = buildsWith(background, cache, gate.sandboxes);
    await builds.ensure(need('env-a'));
    await background.stop();
    await expect(builds.ensure(need('env-b'))).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: expect.stringMatching(/shutting down/) });
    expect(cache.entries.has('env-b')).toBe(false);
    await expect(builds.ensure(need('env-a'))).resolves.toMatchObject({ id: 'env-a' });
    expect(builds.stats()).toEqual({ hits: 1, builds: 1, waits: 0 });
  });
});
