import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../service/src/core/ports/sandbox-driver.js';
import type { LockedEnvironmentServices } from '../../service/src/features/environments/index.js';
import { saveNotebookCode } from '../support/job-world.js';
import { withDependencies } from '../support/local-wheel.js';
import { startPackageIndex, type PackageIndex } from '../support/package-index.js';
import { eventually, sandboxRuntime, startSessionWorld, type SessionWorld } from '../support/session-world.js';
import { makeTempDir } from '../support/temp-dir.js';

const suffix = randomBytes(4).toString('hex');
const pkg = (name: string) => `replay-${name}-${suffix}`;
/** Five dependency blocks, five locks: five environments. */
const BLOCKS = [[pkg('a')], [pkg('b')], [pkg('a'), pkg('b')], [pkg('c')], [pkg('b'), pkg('c')]];
const NOTEBOOKS = 20;
const STARTS = 200;
/** Starts that come at the same moment: a build under way is shared, not repeated. */
const AT_ONCE = 10;

/**
 * The replay of issue "locked, shared environments": 200 starts over 20 notebooks whose versions
 * are locked to 5 distinct environments build each environment exactly once. The starts are the
 * environment step of a start (what sessions and job runs call), run against one real local
 * sandbox: the builds are real uv builds from a package index on 127.0.0.1, marimo is not started.
 */
describe.skipIf(sandboxRuntime === null)('a replay of 200 starts over 20 notebooks and 5 environments (local driver, real uv)', () => {
  let w: SessionWorld;
  let index: PackageIndex;
  let wheels: Awaited<ReturnType<typeof makeTempDir>>;
  let sandbox: Sandbox;
  beforeAll(async () => {
    wheels = await makeTempDir('index');
    index = await startPackageIndex(wheels.dir);
    for (const name of ['a', 'b', 'c']) await index.add(pkg(name), '1.0.0');
    w = await startSessionWorld(
      { SERVICE_PACKAGE_INDEX_URL: index.url, SERVICE_PACKAGE_INDEX_ALLOW_HTTP: 'true' },
      { captureLogs: true, projectName: 'Replay' },
    );
    const { sandboxes, settings } = w.t.hub.services;
    sandbox = await sandboxes.create({ compute: settings.sandboxes.computeProfiles[0]!, labels: { purpose: 'replay' } });
    await sandboxes.waitReady(sandbox.id, { timeoutMs: 60_000 });
  }, 120_000);
  afterAll(async () => {
    await w?.close();
    await index?.close();
    await wheels?.cleanup();
  });

  it('builds each environment exactly once, and every start runs in its version’s', async () => {
    const blank = (await w.api(`/api/v1/projects/${w.pid}/notebooks/${w.nid}/code`, 'admin')).text;
    const notebooks: { nid: string; versionId: string; code: string; environmentId: string }[] = [];
    for (let i = 0; i < NOTEBOOKS; i++) {
      const nid = await w.notebook(`Replay ${i}`);
      const code = withDependencies(blank, BLOCKS[i % BLOCKS.length]!);
      notebooks.push({ nid, versionId: await saveNotebookCode(w, nid, code), code, environmentId: '' });
    }
    for (const notebook of notebooks) {
      const path = `/api/v1/projects/${w.pid}/notebooks/${notebook.nid}/versions/${notebook.versionId}/environment`;
      const view = await eventually(
        async () => (await w.api(path, 'viewer')).json.data,
        (current) => current?.status !== 'pending',
        180_000,
      );
      expect(view.status, JSON.stringify(view)).toBe('locked');
      notebook.environmentId = view.environment_id;
    }
    const distinct = new Set(notebooks.map((notebook) => notebook.environmentId));
    expect(distinct.size).toBe(BLOCKS.length);

    // The same order every run: a small linear congruential sequence over the notebooks.
    let seed = 35;
    const order = Array.from({ length: STARTS }, () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) % NOTEBOOKS);
    const locked = (w.t.hub.services as unknown as { lockedEnvironments: LockedEnvironmentServices }).lockedEnvironments;
    const before = locked.builds.stats();
    const ran: string[] = [];
    for (let wave = 0; wave < STARTS; wave += AT_ONCE) {
      const prepared = await Promise.all(
        order.slice(wave, wave + AT_ONCE).map(async (i) => {
          const notebook = notebooks[i]!;
          const start = { projectId: w.pid, notebookId: notebook.nid, versionId: notebook.versionId, entryFile: 'notebook.py', code: notebook.code, sandbox };
          const environment = await w.t.hub.services.environments.prepare(start, w.t.hub.services.logger);
          expect(environment.environmentId).toBe(notebook.environmentId);
          return environment.environmentId!;
        }),
      );
      ran.push(...prepared);
    }
    expect(ran).toHaveLength(STARTS);
    expect(new Set(ran)).toEqual(distinct);

    const after = locked.builds.stats();
    expect(after.builds - before.builds).toBe(BLOCKS.length);
    expect(after.hits + after.waits - before.hits - before.waits).toBe(STARTS - BLOCKS.length);
    const built = w.t.logs.filter((line) => line.event === 'environment_built').map((line) => line.environment_id);
    expect(built.sort()).toEqual([...distinct].sort());
    expect((await locked.cache.list()).map((environment) => environment.id).sort()).toEqual([...distinct].sort());
  }, 600_000);
});
