import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNPACKED_MARKER } from '../../service/src/features/environments/core/archive-commands.js';
import type { LockedEnvironmentServices } from '../../service/src/features/environments/index.js';
import { prerequisite } from '../setup/prerequisites.js';
import { startClusterPackageIndex, type ClusterPackageIndex } from '../support/cluster-package-index.js';
import { createJob, jobsPath, runToEnd, saveNotebookCode } from '../support/job-world.js';
import { kubernetesDriverEnv, testNamespace } from '../support/kubernetes-cluster.js';
import { clusterProvisioned } from '../support/kubernetes-session-world.js';
import { withDependencies } from '../support/local-wheel.js';
import { eventually, startSessionWorld, type SessionWorld } from '../support/session-world.js';

const seaweed = prerequisite('seaweedfs');

const PACKAGE = `lockprobe-pods-${randomBytes(4).toString('hex')}`;
const MODULE = PACKAGE.replaceAll('-', '_');
const VERSION = '1.0.0';

/** A notebook that prints the VERSION of the locked package (a job run's log shows it). */
const probeNotebook = () =>
  withDependencies(
    [
      'import marimo',
      '',
      'app = marimo.App()',
      '',
      '',
      '@app.cell',
      'def _():',
      `    import ${MODULE}`,
      `    print("probe version", ${MODULE}.VERSION, flush=True)`,
      '    return',
      '',
      '',
      'if __name__ == "__main__":',
      '    app.run()',
      '',
    ].join('\n'),
    [PACKAGE],
  );

const lockedEnv = (w: SessionWorld) => (w.t.hub.services as unknown as { lockedEnvironments: LockedEnvironmentServices }).lockedEnvironments;
const logsOf = (w: SessionWorld, event: string) => w.t.logs.filter((line) => line.event === event);

/**
 * Locked environments on Kubernetes, and shared through the object store: the environment is built
 * once, in a build pod, and kept as an archive in the hub's store (S3 on SeaweedFS); every session
 * and job pod receives the archive over its file channel and unpacks it instead of installing. A
 * second hub on the same store (another namespace: another machine's sandboxes) unpacks the same
 * archive without building. The package comes from an index in a pod of the test cluster.
 */
describe.skipIf(clusterProvisioned === null || seaweed === null)('locked environments on Kubernetes, shared through the object store', () => {
  let index: ClusterPackageIndex;
  let a: SessionWorld;
  let b: SessionWorld | undefined;
  let env: Record<string, string>;
  const worldIn = async (label: string, extra: Record<string, string> = {}) => {
    const { namespace, remove } = await testNamespace(clusterProvisioned!, label);
    return startSessionWorld(
      { ...env, ...extra },
      {
        driverEnv: kubernetesDriverEnv(clusterProvisioned!, namespace),
        captureLogs: true,
        projectName: `Locked in pods (${label})`,
        afterClose: remove,
      },
    );
  };

  beforeAll(async () => {
    index = await startClusterPackageIndex(clusterProvisioned!, [{ name: PACKAGE, version: VERSION }]);
    env = {
      SERVICE_STORAGE: 's3',
      SERVICE_S3_ENDPOINT: seaweed!.endpoint,
      SERVICE_S3_BUCKET: seaweed!.bucket,
      SERVICE_S3_PREFIX: `pods-envs-${randomBytes(6).toString('hex')}`,
      SERVICE_S3_FORCE_PATH_STYLE: 'true',
      SERVICE_S3_ACCESS_KEY_ID: seaweed!.accessKeyId,
      SERVICE_S3_SECRET_ACCESS_KEY: seaweed!.secretAccessKey,
      // Both hubs read the store's sealed secrets: one deployment key.
      SERVICE_SECRETS_KEY: randomBytes(32).toString('base64'),
      SERVICE_LOCKED_ENVIRONMENTS: 'on',
      SERVICE_PACKAGE_INDEX_URL: index.url,
      // Plain http on the cluster's pod network, a private network of this machine.
      SERVICE_PACKAGE_INDEX_ALLOW_HTTP: 'true',
      SERVICE_PACKAGE_INDEX_ALLOW_PRIVATE_NETWORKS: 'true',
      SERVICE_JOBS: 'on',
    };
    a = await worldIn('envs-a');
  }, 600_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await index?.close();
  });

  const lockedVersion = (w: SessionWorld, nid: string, versionId: string) =>
    eventually(
      async () => (await w.api(`/api/v1/projects/${a.pid}/notebooks/${nid}/versions/${versionId}/environment`, 'viewer')).json.data,
      (view) => view?.status !== 'pending',
      300_000,
    );
  const stop = async (w: SessionWorld, sid: string) => {
    await w.api(`/api/v1/projects/${a.pid}/sessions/${sid}/stop`, 'admin', { method: 'POST', body: { save: false } });
    await eventually(
      async () => (await w.t.hub.services.sessionStore.get(a.pid, sid))?.sandbox_released,
      (released) => released === true,
      120_000,
    );
  };
  /** What the session's pod says of its environment: the locked package's version and where it came from. */
  const inPod = async (w: SessionWorld, sid: string) => {
    const record = (await w.t.hub.services.sessionStore.get(a.pid, sid))!;
    const packages = record.runtime_env.PYTHONPATH!;
    const probe = await w.t.hub.services.sandboxes.exec(record.sandbox!.id, {
      argv: [
        'python3',
        '-c',
        `import ${MODULE}, json; print(${MODULE}.VERSION, ${MODULE}.__file__); print(open(${JSON.stringify(packages.replace(/\/packages$/, `/${UNPACKED_MARKER}`))}).read())`,
      ],
      env: record.runtime_env,
      check: true,
    });
    const [imported, marker] = probe.stdout.trim().split('\n');
    return { sandboxId: record.sandbox!.id, packages, imported, marker: JSON.parse(marker!) as unknown };
  };

  let nid: string;
  let versionId: string;
  let environmentId: string;

  it('builds the environment once in a build pod and stores its archive; a second pod unpacks it and installs nothing', async () => {
    nid = await a.notebook('Locked in pods');
    versionId = await saveNotebookCode(a, nid, probeNotebook());
    const view = await lockedVersion(a, nid, versionId);
    expect(view, JSON.stringify(view)).toMatchObject({ status: 'locked', packages: [{ name: PACKAGE, version: VERSION }] });
    environmentId = view.environment_id;

    const first = (await a.start('editor', { notebook_id: nid, mode: 'edit' })).json.data;
    expect(first, JSON.stringify(first.failure)).toMatchObject({ state: 'running', environment_id: environmentId });
    expect(lockedEnv(a).builds.stats()).toMatchObject({ builds: 1 });
    expect(logsOf(a, 'environment_built').map((line) => line.environment_id)).toEqual([environmentId]);
    expect(logsOf(a, 'environment_archived')).toMatchObject([{ environment_id: environmentId }]);
    const stored = await lockedEnv(a).archives!.find(environmentId);
    expect(stored).toMatchObject({ id: environmentId, files: expect.any(Number) });
    expect(stored!.archive_bytes).toBeGreaterThan(0);
    // The session's own pod unpacked the stored archive too: the build pod is gone.
    const one = await inPod(a, first.id);
    expect(one.imported).toBe(`${VERSION} ${one.packages}/${MODULE}/__init__.py`);
    expect(one.packages).toMatch(new RegExp(`/\\.notebook-hub/environments/${environmentId}/packages$`));
    expect(one.marker).toEqual({ environment_id: environmentId, from: 'archive' });
    await stop(a, first.id);

    const second = (await a.start('editor', { notebook_id: nid, mode: 'edit' })).json.data;
    expect(second, JSON.stringify(second.failure)).toMatchObject({ state: 'running', environment_id: environmentId });
    const two = await inPod(a, second.id);
    expect(two.sandboxId).not.toBe(one.sandboxId);
    expect(two.imported).toBe(`${VERSION} ${two.packages}/${MODULE}/__init__.py`);
    expect(two.marker).toEqual({ environment_id: environmentId, from: 'archive' });
    // No build: the second pod got the archive, as the hub's log of each pod says.
    expect(lockedEnv(a).builds.stats()).toMatchObject({ builds: 1, hits: 1 });
    expect(logsOf(a, 'environment_built')).toHaveLength(1);
    expect(logsOf(a, 'environment_unpacked').map((line) => line.sandbox_id)).toEqual([one.sandboxId, two.sandboxId]);
    await stop(a, second.id);
  }, 900_000);

  it('runs a job in a pod of the same environment', async () => {
    const jobId = await createJob(a, nid, { name: 'Locked in pods' });
    const triggered = await a.api(`${jobsPath(a, nid)}/${jobId}/runs`, 'editor', { method: 'POST', body: {} });
    const run = await runToEnd(a, nid, jobId, triggered.json.data.id, 600_000);
    expect(run, JSON.stringify(run.error)).toMatchObject({ state: 'succeeded', version_id: versionId, environment_id: environmentId });
    const log = (await a.api(`${jobsPath(a, nid)}/${jobId}/runs/${run.id}/logs`, 'viewer')).text;
    expect(log).toContain(`probe version ${VERSION}`);
    expect(log).toContain(`Environment ${environmentId}`);
    expect(lockedEnv(a).builds.stats()).toMatchObject({ builds: 1 });
    expect(logsOf(a, 'environment_unpacked')).toHaveLength(3);
  }, 900_000);

  it('a second hub on the same object store unpacks the archive without building', async () => {
    // This one keeps a pod warm in the environment last started in (the last test).
    b = await worldIn('envs-b', { SERVICE_WARM_POOL_ENVIRONMENTS: '1' });
    // The same user, signed in to the other hub, starts the notebook of the first one's project.
    const started = (await b.api(`/api/v1/projects/${a.pid}/sessions`, 'editor', { method: 'POST', body: { wait: true, notebook_id: nid, mode: 'edit' } })).json
      .data;
    expect(started, JSON.stringify(started.failure)).toMatchObject({ state: 'running', environment_id: environmentId });
    const pod = await inPod(b, started.id);
    expect(pod.imported).toBe(`${VERSION} ${pod.packages}/${MODULE}/__init__.py`);
    expect(lockedEnv(b).builds.stats()).toEqual({ hits: 1, builds: 0, waits: 0 });
    expect(logsOf(b, 'environment_built')).toEqual([]);
    expect(logsOf(b, 'environment_unpacked')).toMatchObject([{ environment_id: environmentId, sandbox_id: pod.sandboxId }]);
    await stop(b, started.id);
  }, 900_000);

  it('keeps a pod warm in the environment, unpacked before a start claims it', async () => {
    const w = b!;
    expect(await w.t.hub.services.warmPool.refill(new AbortController().signal)).toEqual({ started: 1, retired: 0 });
    const [warmId] = [...(await w.t.hub.services.warmPool.sandboxIds())];
    expect(logsOf(w, 'environment_unpacked').at(-1)).toMatchObject({ environment_id: environmentId, sandbox_id: warmId });
    const started = (await w.api(`/api/v1/projects/${a.pid}/sessions`, 'editor', { method: 'POST', body: { wait: true, notebook_id: nid, mode: 'edit' } })).json
      .data;
    expect(started, JSON.stringify(started.failure)).toMatchObject({ state: 'running', warm: true, environment_id: environmentId });
    const pod = await inPod(w, started.id);
    expect(pod.sandboxId).toBe(warmId);
    expect(pod.imported).toBe(`${VERSION} ${pod.packages}/${MODULE}/__init__.py`);
    // The claim unpacked nothing more, and nothing was built.
    expect(logsOf(w, 'environment_unpacked')).toHaveLength(2);
    expect(lockedEnv(w).builds.stats().builds).toBe(0);
    await stop(w, started.id);
  }, 900_000);
});
