import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kubernetesDriverFrom } from '../../sandbox-drivers/src/testing/driver-config.js';
import { layout } from '../../service/src/core/storage-layout.js';
import { clusterProvisioned, startKubernetesSessionWorld, type KubernetesSessionWorld } from '../support/kubernetes-session-world.js';
import { eventually } from '../support/session-world.js';

/** Sessions whose sandboxes are pods of a real (single-node) cluster, through the hub's proxy. */
describe.skipIf(clusterProvisioned === null)('sessions with real marimo (kubernetes driver)', () => {
  let w: KubernetesSessionWorld;
  beforeAll(async () => {
    w = await startKubernetesSessionWorld(clusterProvisioned!, {
      SERVICE_AUTOMATIC_THUMBNAILS: 'false',
      SERVICE_COMPUTE_PROFILES: JSON.stringify([
        { name: 'default', cpu: 1, memory_bytes: 1024 ** 3 },
        { name: 'huge', cpu: 64, memory_bytes: 1024 ** 3 },
      ]),
      SERVICE_COMPUTE_PROFILE_OVERRIDE: 'editors',
    });
  });
  afterAll(async () => {
    await w?.close();
  });

  const sessionOf = async (sid: string) => (await w.api(`/api/v1/projects/${w.pid}/sessions/${sid}`, 'editor')).json.data;

  it('runs an edit session in a pod: start progress from the pod, proxied page and kernel, saves, and no pod after stop', async () => {
    const nid = await w.notebook('In a pod');
    const started = await w.api(`/api/v1/projects/${w.pid}/sessions`, 'editor', { method: 'POST', body: { notebook_id: nid, mode: 'edit' } });
    expect(started.status, started.text).toBe(201);
    const sid = started.json.data.id as string;
    // What the start-up page shows: each step of the pod's start, then the later phases.
    const details = new Set<string>();
    const running = await eventually(
      async () => {
        const session = await sessionOf(sid);
        if (session.phase_detail) details.add(session.phase_detail as string);
        return session;
      },
      (session) => session.state !== 'provisioning',
      120_000,
    );
    expect(running, JSON.stringify(running)).toMatchObject({ state: 'running', phase: 'ready', phase_detail: null });
    expect(details.size).toBeGreaterThan(0);
    for (const detail of details)
      expect(detail).toMatch(
        /^(pod created, waiting for a node|scheduled on node .+|pod network ready|image present on the node|container (created|started))$/,
      );

    const [pod, ...others] = await w.pods(sid);
    expect(others).toEqual([]);
    expect(pod!.status!.phase).toBe('Running');
    expect(pod!.spec!.automountServiceAccountToken).toBe(false);
    expect(pod!.metadata!.labels).toMatchObject({ 'notebook-hub.dev/session-id': sid, 'notebook-hub.dev/mode': 'edit' });
    const record = await w.t.hub.services.sessionStore.get(w.pid, sid);
    expect(record!.endpoint!.host).toBe(pod!.status!.podIP);

    expect((await w.api(`/s/${sid}/`, 'editor')).status).toBe(200);
    const kernel = await w.kernel('editor', sid);
    await w.editInMarimo('editor', sid, kernel, 'import marimo as mo\nran_in_a_pod = 6 * 7');
    kernel.close();
    const saved = await w.api(`/api/v1/projects/${w.pid}/sessions/${sid}/save`, 'editor', { method: 'POST', body: {} });
    expect(saved.status, saved.text).toBe(200);
    expect((await w.api(`/api/v1/projects/${w.pid}/notebooks/${nid}/code`, 'editor')).text).toContain('ran_in_a_pod = 6 * 7');

    const stopped = await w.api(`/api/v1/projects/${w.pid}/sessions/${sid}/stop`, 'editor', { method: 'POST', body: { save: false } });
    expect(stopped.status, stopped.text).toBe(200);
    expect(await w.pods(sid)).toEqual([]);
    expect(await w.t.hub.store.get(layout.editorClaim(w.pid, nid))).toBeNull();
  }, 240_000);

  it('fails a start at once with RESOURCE_EXHAUSTED naming the profile when no node fits it, leaving no pod', async () => {
    const nid = await w.notebook('Too big');
    const profile = await w.api(`/api/v1/projects/${w.pid}/notebooks/${nid}`, 'editor', { method: 'PATCH', body: { compute_profile: 'huge' } });
    expect(profile.status, profile.text).toBe(200);
    const started = await w.start('editor', { notebook_id: nid, mode: 'edit' });
    const failed = started.json.data.state === 'failed' ? started.json.data : await sessionOf(started.json.data.id);
    expect(failed).toMatchObject({ state: 'failed', failure: { code: 'RESOURCE_EXHAUSTED', message: expect.stringMatching(/"huge".*Insufficient cpu/) } });
    expect(await w.pods(failed.id)).toEqual([]);
  }, 120_000);

  it('ends a session whose pod was deleted behind its back within seconds, and a new start works', async () => {
    const nid = await w.notebook('Pod deleted');
    const first = (await w.start('editor', { notebook_id: nid, mode: 'edit' })).json.data;
    expect(first.state).toBe('running');
    const [pod] = await w.pods(first.id);
    await w.core.deleteNamespacedPod({ name: pod!.metadata!.name!, namespace: w.namespace, gracePeriodSeconds: 0 });
    // The hub's supervision of the marimo server notices, not a sweep.
    const ended = await eventually(
      () => sessionOf(first.id),
      // Over, not only stopping: the notebook's editor claim is released with the sandbox.
      (session) => session.state === 'stopped' || session.state === 'failed',
      30_000,
    );
    expect(ended.state).toMatch(/stopped|failed/);
    let again = await w.start('editor', { notebook_id: nid, mode: 'edit' });
    // What is left of the pod may still be going: the start is told when to come back, never that the notebook is owned.
    for (let waits = 0; again.json.error?.code === 'EDIT_SESSION_RETIRING' && waits < 6; waits++) {
      await new Promise((resolve) => setTimeout(resolve, Number(again.headers.get('retry-after')) * 1000));
      again = await w.start('editor', { notebook_id: nid, mode: 'edit' });
    }
    expect(again.json.data, again.text).toMatchObject({ state: 'running' });
    expect((await w.api(`/s/${again.json.data.id}/`, 'editor')).status).toBe(200);
    await w.api(`/api/v1/projects/${w.pid}/sessions/${again.json.data.id}/stop`, 'editor', { method: 'POST', body: { save: false } });
  }, 240_000);

  it("reaps pods of this deployment that no session owns, and leaves other deployments' pods alone", async () => {
    const { sandboxes } = w.t.hub.services;
    const labels = { session_id: 'ses-0000000000000000', project_id: w.pid, mode: 'edit' };
    const orphan = await sandboxes.create({ compute: { cpu: 0.1 }, labels });
    const otherDeployment = kubernetesDriverFrom({
      kind: 'kubernetes',
      ownerId: 'another-deployment',
      kubeconfig: clusterProvisioned!.kubeconfig,
      namespace: w.namespace,
      image: clusterProvisioned!.image,
    });
    const theirs = await otherDeployment.create({ compute: { cpu: 0.1 }, labels });
    const outcome = await w.sweep();
    expect(outcome.reaped).toBe(1);
    expect((await sandboxes.list()).map((sandbox) => sandbox.id)).not.toContain(orphan.id);
    expect((await otherDeployment.list()).map((sandbox) => sandbox.id)).toEqual([theirs.id]);
    await otherDeployment.destroy(theirs.id);
  }, 120_000);
});
