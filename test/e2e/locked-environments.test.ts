import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LockedEnvironmentServices } from '../../service/src/features/environments/index.js';
import { createJob, jobsPath, runToEnd, saveNotebookCode } from '../support/job-world.js';
import { readFile } from 'node:fs/promises';
import { withDependencies, writeWheel } from '../support/local-wheel.js';
import { kernelShows, runAllCells } from '../support/secrets-world.js';
import { layout } from '../../service/src/core/storage-layout.js';
import { startPackageIndex, type PackageIndex } from '../support/package-index.js';
import { eventually, sandboxRuntime, startSessionWorld, type SessionWorld } from '../support/session-world.js';
import { makeTempDir } from '../support/temp-dir.js';

/** Package names of this run's own: uv's cache is shared with other runs. */
const suffix = randomBytes(4).toString('hex');
const pkg = (name: string) => `lockprobe-${name}-${suffix}`;
const moduleOf = (name: string) => pkg(name).replaceAll('-', '_');

/** A notebook that prints and shows the VERSION of `name`'s module, declaring `dependencies` (by default that package). */
function probeNotebook(name: string, dependencies = [pkg(name)]): string {
  const module = moduleOf(name);
  return withDependencies(
    [
      'import marimo',
      '',
      'app = marimo.App()',
      '',
      '',
      '@app.cell',
      'def _():',
      '    import marimo as mo',
      `    import ${module}`,
      `    print("probe version", ${module}.VERSION, flush=True)`,
      `    mo.md(f"probe version {${module}.VERSION}")`,
      '    return',
      '',
      '',
      'if __name__ == "__main__":',
      '    app.run()',
      '',
    ].join('\n'),
    dependencies,
  );
}

const lockedEnv = (w: SessionWorld) => (w.t.hub.services as unknown as { lockedEnvironments: LockedEnvironmentServices }).lockedEnvironments;

async function startWorld(index: PackageIndex, env: Record<string, string> = {}): Promise<SessionWorld> {
  return startSessionWorld(
    {
      SERVICE_LOCKED_ENVIRONMENTS: 'on',
      SERVICE_PACKAGE_INDEX_URL: index.url,
      SERVICE_PACKAGE_INDEX_ALLOW_HTTP: 'true',
      SERVICE_JOBS: 'on',
      ...env,
    },
    { captureLogs: true, projectName: 'Locked environments' },
  );
}

/** The version's environment as the API shows it, once its lock is no longer pending. */
async function lockedVersion(w: SessionWorld, nid: string, versionId: string) {
  const path = `/api/v1/projects/${w.pid}/notebooks/${nid}/versions/${versionId}/environment`;
  const read = async () => (await w.api(path, 'viewer')).json.data;
  return eventually(read, (view) => view?.status !== 'pending', 120_000);
}

describe.skipIf(sandboxRuntime === null)('locked environments (local driver, real uv, a package index on 127.0.0.1)', () => {
  let w: SessionWorld;
  let index: PackageIndex;
  let wheels: Awaited<ReturnType<typeof makeTempDir>>;
  beforeAll(async () => {
    wheels = await makeTempDir('index');
    index = await startPackageIndex(wheels.dir);
    await index.add(pkg('base'), '1.0.0');
    await index.add(pkg('alpha'), '1.0.0', { requires: [pkg('base')] });
    await index.add(pkg('shared'), '1.0.0');
    await index.add(pkg('moving'), '1.0.0');
    w = await startWorld(index);
  }, 120_000);
  afterAll(async () => {
    await w?.close();
    await index?.close();
    await wheels?.cleanup();
  });

  it('locks a version when it is saved: identity, packages with their dependencies, a lock without the index; an unchanged block shares it', async () => {
    const nid = await w.notebook('Locked on save');
    const first = await saveNotebookCode(w, nid, probeNotebook('alpha'));
    const view = await lockedVersion(w, nid, first);
    expect(view, JSON.stringify(view)).toMatchObject({ version_id: first, status: 'locked', error: null, reused_from: null });
    expect(view.environment_id).toMatch(/^env-[0-9a-f]{40}$/);
    expect(view.python).toMatch(/^CPython 3\.\d+\.\d+ on /);
    expect(view.packages).toEqual(
      expect.arrayContaining([
        { name: pkg('alpha'), version: '1.0.0' },
        { name: pkg('base'), version: '1.0.0' },
      ]),
    );
    expect(view.packages).toHaveLength(2);

    const lock = await w.api(`/api/v1/projects/${w.pid}/notebooks/${nid}/versions/${first}/environment/lock`, 'viewer');
    expect(lock.status).toBe(200);
    expect(lock.text).toContain(`${pkg('alpha')}==1.0.0`);
    expect(lock.text).toMatch(/--hash=sha256:[0-9a-f]{64}/);
    expect(lock.text).not.toContain('127.0.0.1');

    // A later version with the same block shares the lock without resolving again.
    const second = await saveNotebookCode(w, nid, `${probeNotebook('alpha')}\n# an edit below the block\n`);
    const shared = await lockedVersion(w, nid, second);
    expect(shared).toMatchObject({ status: 'locked', environment_id: view.environment_id, reused_from: first, packages: view.packages });
    const audit = (await w.api(`/api/v1/projects/${w.pid}/events`, 'admin')).json.data;
    // The resolution is audited; the shared lock only logged.
    const locks = audit.filter((entry: { event: string }) => entry.event === 'notebook.environment.lock');
    expect(locks.map((entry: { metadata: { version_id: string } }) => entry.metadata.version_id)).toEqual([first]);
    expect(w.t.logs.find((line) => line.event === 'environment_locked' && line.version_id === second)).toMatchObject({ reused_from: first });
  }, 180_000);

  it("reports uv's reason on the version when its dependencies cannot be resolved, and a start fails with it", async () => {
    const nid = await w.notebook('Unresolvable');
    const versionId = await saveNotebookCode(w, nid, probeNotebook('alpha', [`${pkg('alpha')}>=9`]));
    const view = await lockedVersion(w, nid, versionId);
    expect(view).toMatchObject({ status: 'failed', environment_id: null, packages: [] });
    expect(view.error.message).toMatch(/No solution found/);
    expect(view.error.message).toContain(pkg('alpha'));
    expect((await w.api(`/api/v1/projects/${w.pid}/notebooks/${nid}/versions/${versionId}/environment/lock`, 'viewer')).status).toBe(404);

    const started = (await w.start('editor', { notebook_id: nid, mode: 'edit' })).json.data;
    expect(started).toMatchObject({ state: 'failed', failure: { code: 'PYTHON_ENV_SETUP_FAILED' } });
    expect(started.failure.message).toContain(`could not be resolved when version ${versionId} was saved`);
    expect(started.failure.message).toMatch(/No solution found/);
  }, 180_000);

  it('starts a version saved a moment ago in its lock: the start waits for the resolution under way, which runs once', async () => {
    const nid = await w.notebook('Started at once');
    const versionId = await saveNotebookCode(w, nid, probeNotebook('alpha', [pkg('alpha'), pkg('shared')]));
    const started = (await w.start('editor', { notebook_id: nid, mode: 'edit' })).json.data;
    const view = await lockedVersion(w, nid, versionId);
    expect(view.status).toBe('locked');
    expect(started, JSON.stringify(started.failure)).toMatchObject({ state: 'running', environment_id: view.environment_id });
    expect(w.t.logs.filter((line) => line.event === 'environment_locked' && line.version_id === versionId)).toHaveLength(1);
    await w.api(`/api/v1/projects/${w.pid}/sessions/${started.id}/stop`, 'admin', { method: 'POST', body: { save: false } });
  }, 180_000);

  it('shares one environment between two notebooks with the same dependencies, built once though both start at the same moment', async () => {
    const [one, two] = [await w.notebook('Shared one'), await w.notebook('Shared two')];
    const [v1, v2] = [await saveNotebookCode(w, one, probeNotebook('shared')), await saveNotebookCode(w, two, probeNotebook('shared'))];
    const [l1, l2] = [await lockedVersion(w, one, v1), await lockedVersion(w, two, v2)];
    expect(l1.status).toBe('locked');
    expect(l2.environment_id).toBe(l1.environment_id);

    const before = lockedEnv(w).builds.stats();
    const [s1, s2] = await Promise.all([w.start('editor', { notebook_id: one, mode: 'edit' }), w.start('manager', { notebook_id: two, mode: 'edit' })]);
    for (const started of [s1, s2])
      expect(started.json.data, JSON.stringify(started.json.data.failure)).toMatchObject({ state: 'running', environment_id: l1.environment_id });
    const after = lockedEnv(w).builds.stats();
    expect(after.builds - before.builds).toBe(1);
    expect(w.t.logs.filter((line) => line.event === 'environment_built' && line.environment_id === l1.environment_id)).toHaveLength(1);

    const cached = (await lockedEnv(w).cache.list()).filter((environment) => environment.id === l1.environment_id);
    expect(cached).toHaveLength(1);
    const sandboxIds = await Promise.all([s1, s2].map(async (started) => (await w.t.hub.services.sessionStore.get(w.pid, started.json.data.id))!.sandbox!.id));
    expect(cached[0]!.users).toEqual(expect.arrayContaining(sandboxIds));
    // Both kernels import the one environment's package.
    for (const started of [s1, s2]) {
      const record = (await w.t.hub.services.sessionStore.get(w.pid, started.json.data.id))!;
      expect(record.runtime_env.PYTHONPATH).toBe(cached[0]!.env.PYTHONPATH);
      const imported = await w.t.hub.services.sandboxes.exec(record.sandbox!.id, {
        argv: ['python3', '-c', `import ${moduleOf('shared')} as m; print(m.VERSION, m.__file__)`],
        env: record.runtime_env,
        check: true,
      });
      expect(imported.stdout).toContain(`1.0.0 ${cached[0]!.env.PYTHONPATH}`);
    }
    for (const started of [s1, s2]) {
      await w.api(`/api/v1/projects/${w.pid}/sessions/${started.json.data.id}/stop`, 'admin', { method: 'POST', body: { save: false } });
    }
  }, 240_000);

  it('starts sessions and job runs with the locked version after the index gained a newer one; the run records its environment', async () => {
    const nid = await w.notebook('Moving target');
    const versionId = await saveNotebookCode(w, nid, probeNotebook('moving'));
    const locked = await lockedVersion(w, nid, versionId);
    expect(locked.packages).toEqual([{ name: pkg('moving'), version: '1.0.0' }]);
    await index.add(pkg('moving'), '2.0.0');

    const started = (await w.start('editor', { notebook_id: nid, mode: 'edit' })).json.data;
    expect(started, JSON.stringify(started.failure)).toMatchObject({ state: 'running', environment_id: locked.environment_id });
    const record = (await w.t.hub.services.sessionStore.get(w.pid, started.id))!;
    const imported = await w.t.hub.services.sandboxes.exec(record.sandbox!.id, {
      argv: ['python3', '-c', `import ${moduleOf('moving')} as m; print(m.VERSION)`],
      env: record.runtime_env,
      check: true,
    });
    expect(imported.stdout).toBe('1.0.0\n');
    await w.api(`/api/v1/projects/${w.pid}/sessions/${started.id}/stop`, 'admin', { method: 'POST', body: { save: false } });

    const jobId = await createJob(w, nid, { name: 'Moving target' });
    const triggered = await w.api(`${jobsPath(w, nid)}/${jobId}/runs`, 'editor', { method: 'POST', body: {} });
    const run = await runToEnd(w, nid, jobId, triggered.json.data.id);
    expect(run, JSON.stringify(run.error)).toMatchObject({ state: 'succeeded', version_id: versionId, environment_id: locked.environment_id });
    const log = (await w.api(`${jobsPath(w, nid)}/${jobId}/runs/${run.id}/logs`, 'viewer')).text;
    expect(log).toContain('probe version 1.0.0');
    expect(log).toContain(`Environment ${locked.environment_id}`);

    // A fresh resolution would take the newer version: a new notebook saved now does.
    const fresh = await w.notebook('Fresh resolution');
    const freshVersion = await lockedVersion(w, fresh, await saveNotebookCode(w, fresh, probeNotebook('moving')));
    expect(freshVersion.packages).toEqual([{ name: pkg('moving'), version: '2.0.0' }]);
    expect(freshVersion.environment_id).not.toBe(locked.environment_id);
  }, 300_000);

  it('locks a block whose find-links folder is in the workspace; a start after the folder went runs in the environment built once', async () => {
    const nid = await w.notebook('Workspace wheels');
    const name = `lockprobe_local_${suffix}`;
    const wheel = await writeWheel(wheels.dir, name, '1.0');
    const upload = await w.api(`/api/v1/projects/${w.pid}/notebooks/${nid}/workspace/files?path=wheels/${name}-1.0-py3-none-any.whl`, 'admin', {
      method: 'PUT',
      body: await readFile(wheel),
    });
    expect(upload.status, upload.text).toBe(201);
    const block = `# /// script\n# dependencies = ["${name}"]\n# [tool.uv]\n# find-links = ["wheels"]\n# ///\n`;
    const code = probeNotebook('alpha', [])
      .replace(/^# \/\/\/ script[\s\S]*?# \/\/\/\n/, block)
      .replaceAll(moduleOf('alpha'), name);
    const versionId = await saveNotebookCode(w, nid, code);
    const view = await lockedVersion(w, nid, versionId);
    expect(view, JSON.stringify(view)).toMatchObject({ status: 'locked', packages: [{ name: name.replaceAll('_', '-'), version: '1.0' }] });
    const lock = await w.api(`/api/v1/projects/${w.pid}/notebooks/${nid}/versions/${versionId}/environment/lock`, 'viewer');
    expect(lock.text).toMatch(/^--find-links wheels$/m);

    const first = (await w.start('editor', { notebook_id: nid, mode: 'edit' })).json.data;
    expect(first, JSON.stringify(first.failure)).toMatchObject({ state: 'running', environment_id: view.environment_id });
    await w.api(`/api/v1/projects/${w.pid}/sessions/${first.id}/stop`, 'admin', { method: 'POST', body: { save: false } });
    await eventually(
      async () => (await w.t.hub.services.sessionStore.get(w.pid, first.id))?.sandbox_released,
      (released) => released === true,
    );
    const removed = await w.api(`/api/v1/projects/${w.pid}/notebooks/${nid}/workspace/items?path=wheels&recursive=true`, 'admin', { method: 'DELETE' });
    expect(removed.status, removed.text).toBe(200);
    const builds = lockedEnv(w).builds.stats().builds;
    const again = (await w.start('manager', { notebook_id: nid, mode: 'edit' })).json.data;
    expect(again, JSON.stringify(again.failure)).toMatchObject({ state: 'running', environment_id: view.environment_id });
    expect(lockedEnv(w).builds.stats().builds).toBe(builds);
    const record = (await w.t.hub.services.sessionStore.get(w.pid, again.id))!;
    const imported = await w.t.hub.services.sandboxes.exec(record.sandbox!.id, {
      argv: ['python3', '-c', `import ${name}; print(${name}.VALUE)`],
      env: record.runtime_env,
      check: true,
    });
    expect(imported.stdout).toBe('from-a-local-wheel\n');
    await w.api(`/api/v1/projects/${w.pid}/sessions/${again.id}/stop`, 'admin', { method: 'POST', body: { save: false } });
  }, 240_000);

  it('shows super admins the cache: its size, hit rate, environments and the notebooks locked to them', async () => {
    const [one, two] = [await w.notebook('Admin view one'), await w.notebook('Admin view two')];
    const code = probeNotebook('alpha', [pkg('alpha'), pkg('moving')]);
    const [v1] = [await saveNotebookCode(w, one, code), await saveNotebookCode(w, two, code)];
    const view = await lockedVersion(w, one, v1);
    const started = (await w.start('editor', { notebook_id: one, mode: 'edit' })).json.data;
    expect(started, JSON.stringify(started.failure)).toMatchObject({ state: 'running', environment_id: view.environment_id });

    const admin = await w.t.tokenFor('root@environments.test', { superAdmin: true });
    const answer = await w.t.call('/api/v1/admin/environments', { token: admin });
    expect(answer.status, answer.text).toBe(200);
    const overview = answer.json.data;
    const stats = lockedEnv(w).builds.stats();
    expect(overview).toMatchObject({ enabled: true, max_bytes: 20 * 1024 ** 3, starts: stats, notebooks_complete: true });
    expect(overview.hit_rate).toBeCloseTo((stats.hits + stats.waits) / (stats.hits + stats.waits + stats.builds));
    const cached = await lockedEnv(w).cache.list();
    expect(overview.bytes).toBe(cached.reduce((sum, environment) => sum + environment.bytes, 0));
    expect(overview.environments.map((environment: { id: string }) => environment.id)).toEqual(cached.map((environment) => environment.id).reverse());
    const shown = overview.environments[0];
    expect(shown).toMatchObject({ id: view.environment_id, running_sandboxes: 1 });
    expect(shown.notebooks).toEqual(
      expect.arrayContaining([
        { project_id: w.pid, notebook_id: one, title: 'Admin view one', versions: 1 },
        { project_id: w.pid, notebook_id: two, title: 'Admin view two', versions: 1 },
      ]),
    );
    // Project members, even its admin, are not super admins.
    expect((await w.api('/api/v1/admin/environments', 'admin')).status).toBe(403);
    await w.api(`/api/v1/projects/${w.pid}/sessions/${started.id}/stop`, 'admin', { method: 'POST', body: { save: false } });
  }, 240_000);

  it('installs at each start a block whose uv settings a lock does not carry, and says why on the version', async () => {
    const nid = await w.notebook('Own index');
    const block = `# /// script\n# dependencies = ["${pkg('alpha')}"]\n# [tool.uv]\n# index-url = "${index.url}"\n# ///\n`;
    const versionId = await saveNotebookCode(w, nid, probeNotebook('alpha').replace(/^# \/\/\/ script[\s\S]*?# \/\/\/\n/, block));
    const view = (await w.api(`/api/v1/projects/${w.pid}/notebooks/${nid}/versions/${versionId}/environment`, 'viewer')).json.data;
    expect(view).toMatchObject({ status: 'unlocked', environment_id: null, packages: [] });
    expect(view.unlocked_reason).toContain('"index-url"');

    const started = (await w.start('editor', { notebook_id: nid, mode: 'edit' })).json.data;
    expect(started, JSON.stringify(started.failure)).toMatchObject({ state: 'running', environment_id: null });
    const record = (await w.t.hub.services.sessionStore.get(w.pid, started.id))!;
    expect(record.runtime_env.PYTHONPATH).toContain('.notebook-env');
    const imported = await w.t.hub.services.sandboxes.exec(record.sandbox!.id, {
      argv: ['python3', '-c', `import ${moduleOf('alpha')} as m; print(m.VERSION)`],
      env: record.runtime_env,
      check: true,
    });
    expect(imported.stdout).toBe('1.0.0\n');
    expect(w.t.logs.filter((line) => line.event === 'environment_locked' && line.version_id === versionId)).toEqual([]);
    await w.api(`/api/v1/projects/${w.pid}/sessions/${started.id}/stop`, 'admin', { method: 'POST', body: { save: false } });
  }, 180_000);
});

describe.skipIf(sandboxRuntime === null)('warm sandboxes of locked environments (local driver, real uv and marimo)', () => {
  let w: SessionWorld;
  let index: PackageIndex;
  let wheels: Awaited<ReturnType<typeof makeTempDir>>;
  beforeAll(async () => {
    wheels = await makeTempDir('index');
    index = await startPackageIndex(wheels.dir);
    await index.add(pkg('warm'), '1.0.0');
    await index.add(pkg('other'), '1.0.0');
    // One environment kept warm: the one most recently started in.
    w = await startWorld(index, { SERVICE_WARM_POOL_ENVIRONMENTS: '1' });
  }, 120_000);
  afterAll(async () => {
    await w?.close();
    await index?.close();
    await wheels?.cleanup();
  });

  const pool = {
    refill: () => w.t.hub.services.warmPool.refill(new AbortController().signal),
    ids: () => w.t.hub.services.warmPool.sandboxIds(),
    /** The environment of each warm sandbox, as the pool's records say. */
    async environments() {
      const keys = (await w.t.hub.store.list(layout.warmPoolPrefix, {})).items.map((item) => item.key);
      return Promise.all(keys.map(async (key) => JSON.parse((await w.t.hub.store.get(key))!.body.toString('utf8')).environment_id as string | null));
    },
  };
  const stopped = async (sid: string) => {
    await w.api(`/api/v1/projects/${w.pid}/sessions/${sid}/stop`, 'admin', { method: 'POST', body: { save: false } });
    await eventually(
      async () => (await w.t.hub.services.sessionStore.get(w.pid, sid))?.sandbox_released,
      (released) => released === true,
    );
  };

  it('keeps a sandbox warm in the environment last started in; the next start of a notebook locked to it opens from the pool', async () => {
    const nid = await w.notebook('Warm dependencies');
    const view = await lockedVersion(w, nid, await saveNotebookCode(w, nid, probeNotebook('warm')));
    expect(view.status).toBe('locked');
    // Nothing started in an environment yet: nothing to keep warm.
    expect(await pool.refill()).toEqual({ started: 0, retired: 0 });

    const cold = (await w.start('editor', { notebook_id: nid, mode: 'edit' })).json.data;
    expect(cold, JSON.stringify(cold.failure)).toMatchObject({ state: 'running', warm: false, environment_id: view.environment_id });
    await stopped(cold.id);

    expect(await pool.refill()).toEqual({ started: 1, retired: 0 });
    const [warmId] = [...(await pool.ids())];
    const cached = (await lockedEnv(w).cache.list()).find((environment) => environment.id === view.environment_id)!;
    expect(cached.users).toContain(warmId);
    // A warm sandbox waiting is no start: the environment is as recently used as before.
    const lastUsed = cached.lastUsedAt;

    const builds = lockedEnv(w).builds.stats().builds;
    const started = await w.start('editor', { notebook_id: nid, mode: 'edit', wait: false });
    expect(started.json.data).toMatchObject({ warm: true });
    const sid = started.json.data.id as string;
    const running = await eventually(
      async () => (await w.api(`/api/v1/projects/${w.pid}/sessions/${sid}`, 'editor')).json.data,
      (session) => session.state !== 'provisioning',
    );
    expect(running, JSON.stringify(running.failure)).toMatchObject({ state: 'running', warm: true, environment_id: view.environment_id });
    expect((await w.t.hub.services.sessionStore.get(w.pid, sid))!.sandbox!.id).toBe(warmId);
    expect(lockedEnv(w).builds.stats().builds).toBe(builds);
    expect(await pool.ids()).toEqual(new Set());
    expect((await lockedEnv(w).cache.list()).find((environment) => environment.id === view.environment_id)!.lastUsedAt >= lastUsed).toBe(true);

    // The warm marimo's kernel imports the locked package: it was started in the environment.
    const kernel = await w.kernel('editor', sid);
    await runAllCells(w, 'editor', sid, kernel);
    expect(await kernelShows(kernel, 'probe version 1.0.0')).toBe(true);
    kernel.close();
    await stopped(sid);
  }, 300_000);

  it('moves its warm sandbox to the environment started in since, which a notebook without dependencies does not take', async () => {
    const warmEnvironment = (await lockedEnv(w).cache.list()).at(-1)!.id;
    expect(await pool.refill()).toEqual({ started: 1, retired: 0 });
    expect(await pool.environments()).toEqual([warmEnvironment]);

    const nid = await w.notebook('Other dependencies');
    const view = await lockedVersion(w, nid, await saveNotebookCode(w, nid, probeNotebook('other')));
    expect(view.environment_id).not.toBe(warmEnvironment);
    // Its environment is not built yet: it starts cold, and builds it.
    const cold = (await w.start('editor', { notebook_id: nid, mode: 'edit' })).json.data;
    expect(cold, JSON.stringify(cold.failure)).toMatchObject({ state: 'running', warm: false, environment_id: view.environment_id });
    await stopped(cold.id);

    expect(await pool.refill()).toEqual({ started: 1, retired: 1 });
    expect(await pool.environments()).toEqual([view.environment_id]);
    const [warmId] = [...(await pool.ids())];
    expect((await lockedEnv(w).cache.list()).find((environment) => environment.id === view.environment_id)!.users).toContain(warmId);

    const plain = (await w.start('editor', { notebook_id: w.nid, mode: 'edit' })).json.data;
    expect(plain).toMatchObject({ state: 'running', warm: false, environment_id: null });
    expect(await pool.ids()).toEqual(new Set([warmId]));
    await stopped(plain.id);
  }, 300_000);
});

describe.skipIf(sandboxRuntime === null)('the environment cache under its size bound (local driver, real uv)', () => {
  let w: SessionWorld;
  let index: PackageIndex;
  let wheels: Awaited<ReturnType<typeof makeTempDir>>;
  beforeAll(async () => {
    wheels = await makeTempDir('index');
    index = await startPackageIndex(wheels.dir);
    await index.add(pkg('first'), '1.0.0');
    await index.add(pkg('second'), '1.0.0');
    // A budget of nothing keeps only the environments running sandboxes use.
    w = await startWorld(index, { SERVICE_ENVIRONMENT_CACHE_MAX_BYTES: '0' });
  }, 120_000);
  afterAll(async () => {
    await w?.close();
    await index?.close();
    await wheels?.cleanup();
  });

  it('evicts the least recently used environment no sandbox uses, keeps the one in use, and builds an evicted one again', async () => {
    const [first, second] = [await w.notebook('First'), await w.notebook('Second')];
    const firstLock = await lockedVersion(w, first, await saveNotebookCode(w, first, probeNotebook('first')));
    const secondLock = await lockedVersion(w, second, await saveNotebookCode(w, second, probeNotebook('second')));

    const one = (await w.start('editor', { notebook_id: first, mode: 'edit' })).json.data;
    expect(one.state).toBe('running');
    expect((await lockedEnv(w).cache.list()).map((environment) => environment.id)).toEqual([firstLock.environment_id]);
    await w.api(`/api/v1/projects/${w.pid}/sessions/${one.id}/stop`, 'admin', { method: 'POST', body: { save: false } });
    await eventually(
      async () => (await w.t.hub.services.sessionStore.get(w.pid, one.id))?.sandbox_released,
      (released) => released === true,
    );

    const two = (await w.start('editor', { notebook_id: second, mode: 'edit' })).json.data;
    expect(two.state).toBe('running');
    // The first one's sandbox is gone, so it went to make room; the second one's runs, so it stays.
    expect((await lockedEnv(w).cache.list()).map((environment) => environment.id)).toEqual([secondLock.environment_id]);
    expect(w.t.logs.find((line) => line.event === 'environments_evicted')).toMatchObject({ removed: [firstLock.environment_id] });

    const before = lockedEnv(w).builds.stats().builds;
    const again = (await w.start('manager', { notebook_id: first, mode: 'edit' })).json.data;
    expect(again, JSON.stringify(again.failure)).toMatchObject({ state: 'running', environment_id: firstLock.environment_id });
    expect(lockedEnv(w).builds.stats().builds).toBe(before + 1);
  }, 300_000);
});
