import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dockerProvisioned, startDockerSessionWorld, type DockerSessionWorld } from '../support/docker-session-world.js';
import { killMarimoInContainer, signalMarimoInContainer } from '../support/marimo-signals.js';
import { eventually, startEditedSession } from '../support/session-world.js';

/** The docker counterpart of session-supervision.test.ts: marimo killed inside a live container. */
describe.skipIf(dockerProvisioned === null)('supervision of notebook servers in containers (docker driver)', () => {
  let w: DockerSessionWorld;
  beforeAll(async () => {
    w = await startDockerSessionWorld(dockerProvisioned!, { SERVICE_AUTOMATIC_THUMBNAILS: 'false' });
  }, 180_000);
  afterAll(async () => {
    await w?.close();
    if (w) expect(await w.containers()).toEqual([]);
  });

  const record = (sid: string) => w.t.hub.services.sessionStore.get(w.pid, sid);
  const killMarimo = async (sid: string) => killMarimoInContainer(w.t.hub.services.sandboxes, (await record(sid))!.sandbox!.id);

  it('ends an edit session whose marimo was killed inside its live container, saving its notebook', async () => {
    const nid = await w.notebook('Killed in a container');
    const sid = await startEditedSession(w, 'editor', nid, 'import marimo as mo\nkilled_in_a_container = True');
    expect(await killMarimo(sid)).toBeGreaterThan(0);

    const ended = await eventually(
      () => record(sid),
      (session) => session?.state === 'stopped' && session.sandbox_released,
      30_000,
    );
    expect(ended).toMatchObject({ state: 'stopped', stop_reason: 'kernel_lost', sandbox_released: true });
    const [latest] = (await w.api(`/api/v1/projects/${w.pid}/notebooks/${nid}/versions`, 'editor')).json.data.items;
    expect(latest.message).toBe('Saved when the session stopped (kernel_lost)');
    expect((await w.api(`/api/v1/projects/${w.pid}/notebooks/${nid}/code`, 'editor')).text).toContain('killed_in_a_container = True');
    expect(await w.containers(sid)).toEqual([]);
  }, 240_000);

  it('ends an edit session whose marimo hangs (SIGSTOP) inside its container once it misses its probes', async () => {
    const nid = await w.notebook('Hung in a container');
    const started = await w.start('editor', { notebook_id: nid, mode: 'edit' });
    expect(started.json.data.state, started.text).toBe('running');
    const sid = started.json.data.id as string;
    expect(await signalMarimoInContainer(w.t.hub.services.sandboxes, (await record(sid))!.sandbox!.id, 'SIGSTOP')).toBeGreaterThan(0);

    const ended = await eventually(
      () => record(sid),
      (session) => session?.state === 'stopped' && session.sandbox_released,
      45_000,
    );
    // Removing the container ends its stopped processes too.
    expect(ended).toMatchObject({ state: 'stopped', stop_reason: 'kernel_lost', sandbox_released: true });
    expect(await w.containers(sid)).toEqual([]);
  }, 240_000);

  it('restarts an app whose marimo was killed in a fresh container, at the same URL', async () => {
    const nid = await w.notebook('App in a container');
    const started = await w.start('viewer', { notebook_id: nid, mode: 'app' });
    expect(started.json.data.state, started.text).toBe('running');
    const sid = started.json.data.id as string;
    const [before] = await w.containers(sid);
    expect(await killMarimo(sid)).toBeGreaterThan(0);

    const back = await eventually(
      async () => (await w.api(`/api/v1/projects/${w.pid}/sessions/${sid}`, 'viewer')).json.data,
      (session) => session.state === 'running' && session.restarts === 1,
      120_000,
    );
    expect(back).toMatchObject({ id: sid, state: 'running', restarts: 1 });
    expect((await w.api(`/s/${sid}/`, 'viewer')).status).toBe(200);
    const after = await w.containers(sid);
    expect(after.map((container) => container.Id)).not.toContain(before!.Id);
    await w.api(`/api/v1/projects/${w.pid}/sessions/${sid}/stop`, 'manager', { method: 'POST' });
  }, 240_000);
});
