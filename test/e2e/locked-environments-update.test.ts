import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJob, jobsPath, runToEnd, saveNotebookCode } from '../support/job-world.js';
import { withDependencies } from '../support/local-wheel.js';
import { startPackageIndex, type PackageIndex } from '../support/package-index.js';
import { eventually, sandboxRuntime, startSessionWorld, type SessionWorld } from '../support/session-world.js';
import { makeTempDir } from '../support/temp-dir.js';

/** Package names of this run's own: uv's cache is shared with other runs. */
const suffix = randomBytes(4).toString('hex');
const pkg = (name: string) => `updprobe-${name}-${suffix}`;
const moduleOf = (name: string) => pkg(name).replaceAll('-', '_');

/** A notebook that prints the VERSION of `name`'s module, declaring `dependencies` (by default that package). */
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
      `    import ${module}`,
      `    print("probe version", ${module}.VERSION, flush=True)`,
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

describe.skipIf(sandboxRuntime === null)('update dependencies (local driver, real uv, a package index on 127.0.0.1)', () => {
  let w: SessionWorld;
  let index: PackageIndex;
  let wheels: Awaited<ReturnType<typeof makeTempDir>>;
  beforeAll(async () => {
    wheels = await makeTempDir('index');
    index = await startPackageIndex(wheels.dir);
    await index.add(pkg('base'), '1.0.0');
    await index.add(pkg('moving'), '1.0.0', { requires: [pkg('base')] });
    w = await startSessionWorld(
      { SERVICE_LOCKED_ENVIRONMENTS: 'on', SERVICE_PACKAGE_INDEX_URL: index.url, SERVICE_PACKAGE_INDEX_ALLOW_HTTP: 'true', SERVICE_JOBS: 'on' },
      { captureLogs: true, projectName: 'Dependency updates' },
    );
  }, 120_000);
  afterAll(async () => {
    await w?.close();
    await index?.close();
    await wheels?.cleanup();
  });

  const notebookPath = (nid: string) => `/api/v1/projects/${w.pid}/notebooks/${nid}`;
  const update = (nid: string, base: string, who: 'editor' | 'viewer' = 'editor') =>
    w.api(`${notebookPath(nid)}/environment/update`, who, { method: 'POST', body: { base_version_id: base } });
  const environmentOf = (nid: string, vid: string) =>
    eventually(
      async () => (await w.api(`${notebookPath(nid)}/versions/${vid}/environment`, 'viewer')).json.data,
      (view) => view?.status !== 'pending',
      120_000,
    );
  const versionIds = async (nid: string) =>
    ((await w.api(`${notebookPath(nid)}/versions`, 'viewer')).json.data.items as { version_id: string }[]).map((version) => version.version_id);
  const runJob = async (nid: string, jobId: string) => {
    const triggered = await w.api(`${jobsPath(w, nid)}/${jobId}/runs`, 'editor', { method: 'POST', body: {} });
    const run = await runToEnd(w, nid, jobId, triggered.json.data.id);
    const log = (await w.api(`${jobsPath(w, nid)}/${jobId}/runs/${run.id}/logs`, 'viewer')).text;
    return { run, log };
  };

  it('saves the same code as a new version locked to what the index has now; runs of the old version keep their packages', async () => {
    const nid = await w.notebook('Update me');
    const code = probeNotebook('moving');
    const first = await saveNotebookCode(w, nid, code);
    const before = await environmentOf(nid, first);
    expect(before.packages).toEqual(
      expect.arrayContaining([
        { name: pkg('moving'), version: '1.0.0' },
        { name: pkg('base'), version: '1.0.0' },
      ]),
    );
    const pinned = await createJob(w, nid, { name: 'Pinned to the first version', version_id: first });

    // Nothing new in the index: the fresh resolution is the lock the version has, and nothing is saved.
    const same = await update(nid, first);
    expect(same.status, same.text).toBe(200);
    expect(same.json.data).toMatchObject({
      updated: false,
      version: null,
      changes: [],
      environment: { version_id: first, environment_id: before.environment_id },
    });
    expect(await versionIds(nid)).toEqual([first, expect.any(String)]);

    await index.add(pkg('moving'), '2.0.0', { requires: [pkg('base')] });
    const updated = await update(nid, first);
    expect(updated.status, updated.text).toBe(201);
    const result = updated.json.data;
    expect(result).toMatchObject({ updated: true, changes: [{ name: pkg('moving'), from: '1.0.0', to: '2.0.0' }] });
    const second = result.version.version_id as string;
    expect(result.version).toMatchObject({ parent_id: first, message: `Updated dependencies: ${pkg('moving')} 1.0.0 → 2.0.0` });
    expect(result.environment).toMatchObject({ version_id: second, status: 'locked', reused_from: null });
    expect(result.environment.environment_id).not.toBe(before.environment_id);
    expect(result.environment.packages).toEqual(
      expect.arrayContaining([
        { name: pkg('moving'), version: '2.0.0' },
        { name: pkg('base'), version: '1.0.0' },
      ]),
    );
    // The same code; the record the API shows is the one the update answered with.
    expect((await w.api(`${notebookPath(nid)}/versions/${second}/code`, 'viewer')).text).toBe(code);
    expect((await w.api(`${notebookPath(nid)}/versions/${second}/environment`, 'viewer')).json.data).toEqual(result.environment);
    expect((await w.api(notebookPath(nid), 'viewer')).json.data.source.current_version_id).toBe(second);
    // The old version's lock is as it was.
    expect((await w.api(`${notebookPath(nid)}/versions/${first}/environment`, 'viewer')).json.data).toEqual(before);

    const audit = (await w.api(`/api/v1/projects/${w.pid}/events`, 'admin')).json.data as { event: string; actor: string; metadata: Record<string, unknown> }[];
    expect(audit.filter((entry) => entry.event === 'notebook.environment.update').map((entry) => entry.metadata.version_id)).toEqual([second]);
    expect(audit.find((entry) => entry.event === 'notebook.environment.lock' && entry.metadata.version_id === second)).toMatchObject({
      actor: 'system',
      metadata: { environment_id: result.environment.environment_id, reused_from: null },
    });

    // A job pinned to the first version runs its packages; one that runs the current version, the new ones.
    const old = await runJob(nid, pinned);
    expect(old.run, JSON.stringify(old.run.error)).toMatchObject({ state: 'succeeded', version_id: first, environment_id: before.environment_id });
    expect(old.log).toContain('probe version 1.0.0');
    const current = await runJob(nid, await createJob(w, nid, { name: 'The current version' }));
    expect(current.run, JSON.stringify(current.run.error)).toMatchObject({
      state: 'succeeded',
      version_id: second,
      environment_id: result.environment.environment_id,
    });
    expect(current.log).toContain('probe version 2.0.0');

    // A save based on the updated version with the same block shares its fresh lock.
    const third = await saveNotebookCode(w, nid, `${code}\n# an edit below the block\n`);
    expect(await environmentOf(nid, third)).toMatchObject({ environment_id: result.environment.environment_id, reused_from: second });
  }, 600_000);

  it("refuses with uv's reason when the block cannot be resolved now, and saves nothing", async () => {
    const nid = await w.notebook('Cannot update');
    const first = await saveNotebookCode(w, nid, probeNotebook('moving', [`${pkg('moving')}>=9`]));
    expect((await environmentOf(nid, first)).status).toBe('failed');
    const versions = await versionIds(nid);
    const refused = await update(nid, first);
    expect(refused.status, refused.text).toBe(422);
    expect(refused.json.error.code).toBe('PYTHON_ENV_SETUP_FAILED');
    expect(refused.json.error.message).toContain('nothing was saved');
    expect(refused.json.error.message).toMatch(/No solution found/);
    expect(await versionIds(nid)).toEqual(versions);
    const audit = (await w.api(`/api/v1/projects/${w.pid}/events`, 'admin')).json.data as { event: string; metadata: Record<string, unknown> }[];
    expect(audit.filter((entry) => entry.event === 'notebook.environment.update' && entry.metadata.notebook_id === nid)).toEqual([]);
  }, 300_000);

  it('refuses a version that is not the current one, a version without dependencies, and a viewer', async () => {
    const nid = await w.notebook('Moved on');
    const first = await saveNotebookCode(w, nid, probeNotebook('base'));
    const second = await saveNotebookCode(w, nid, `${probeNotebook('base')}\n# later\n`);
    const stale = await update(nid, first);
    expect(stale.status, stale.text).toBe(409);
    expect(stale.json.error).toMatchObject({ code: 'CONFLICT' });
    expect(stale.json.error.message).toContain(second);

    const plain = await update(w.nid, (await w.api(notebookPath(w.nid), 'viewer')).json.data.source.current_version_id);
    expect(plain.status, plain.text).toBe(409);
    expect(plain.json.error.message).toContain('declares no dependencies');

    expect((await update(nid, second, 'viewer')).status).toBe(403);
    expect(await versionIds(nid)).toEqual([second, first, expect.any(String)]);
  }, 300_000);
});
