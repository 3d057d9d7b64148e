import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, sandboxRuntime } from '../support/session-world.js';
import { GATED, notebookWith, startCoreWorld, type CoreWorld } from './session-core-world.js';

describe.skipIf(sandboxRuntime === null)('saving and retiring an edit session as it stops', () => {
  let w: CoreWorld;
  beforeAll(async () => {
    w = await startCoreWorld();
  });
  afterAll(() => w?.close());

  const sessions = () => `/api/v1/projects/${w.pid}/sessions`;
  const versionsOf = async (nid: string) =>
    (await w.api(`/api/v1/projects/${w.pid}/notebooks/${nid}/versions`, 'admin')).json.data.items as Record<string, unknown>[];

  it('keeps the notebook retiring while a stop saves, and destroys the sandbox only after the snapshot is rendered', async () => {
    const nid = await w.notebook('Gated');
    const started = await w.start('editor', { notebook_id: nid, mode: 'edit' });
    expect(started.status, started.text).toBe(201);
    const sid = started.json.data.id as string;
    await w.writeNotebook(sid, GATED);
    const before = (await versionsOf(nid)).length;

    const stopping = w.api(`${sessions()}/${sid}/stop`, 'editor', { method: 'POST' });
    // The save is stored; its snapshot's export now waits on the flag, inside the stop.
    const versions = await eventually(
      () => versionsOf(nid),
      (items) => items.length > before,
    );
    expect(versions[0]).toMatchObject({ message: 'Saved when the session stopped (user)' });
    expect((await w.api(`${sessions()}/${sid}`, 'editor')).json.data.state).toBe('stopping');

    for (const who of ['manager', 'editor'] as const) {
      const blocked = await w.start(who, { notebook_id: nid, mode: 'edit' });
      expect(blocked.status, blocked.text).toBe(409);
      expect(blocked.json.error.code).toBe('EDIT_SESSION_RETIRING');
      expect(blocked.headers.get('retry-after')).toBe('5');
    }
    // The refused starts say so in their provision lines; no session was stored for them.
    const lost = w.provisionLines().filter((line) => line.notebook_id === nid && line.editor_claim_lost === true);
    expect(lost).toHaveLength(2);
    for (const line of lost) {
      expect(line).toMatchObject({ client: 'cli', outcome: 'failed', provision_error_code: 'EDIT_SESSION_RETIRING', editor_claim_lost_phase: 'preflight' });
      expect(line).not.toHaveProperty('session_id');
    }
    const listed = (await w.api(`${sessions()}?limit=100`, 'admin')).json.data.items as { notebook_id: string }[];
    expect(listed.filter((item) => item.notebook_id === nid)).toHaveLength(1);

    await w.t.hub.services.sandboxes.writeFile(await w.sandboxOf(sid), 'release.flag', '');
    const stopped = await stopping;
    expect(stopped.json.data, stopped.text).toMatchObject({ state: 'stopped', stop_reason: 'user' });

    // The snapshot is there the moment the stop answers: it was rendered before the sandbox went.
    const versionId = versions[0]!.version_id as string;
    const version = await w.api(`/api/v1/projects/${w.pid}/notebooks/${nid}/versions/${versionId}`, 'admin');
    expect(version.json.data.html_snapshot, version.text).toMatchObject({ bytes: expect.any(Number) });
    const html = await w.api(`/api/v1/projects/${w.pid}/notebooks/${nid}/html`, 'admin');
    expect(html.status).toBe(200);
    expect(html.headers.get('x-notebook-version')).toBe(versionId);
    expect(html.text).toContain('released');
    expect(await w.claimOf(nid)).toBeNull();

    const next = await w.start('manager', { notebook_id: nid, mode: 'edit' });
    expect(next.status, next.text).toBe(201);
    await w.api(`${sessions()}/${next.json.data.id}/stop`, 'manager', { method: 'POST', body: { save: false } });
  }, 180_000);

  it('stops all the same when the snapshot cannot be rendered, keeping the version without one', async () => {
    const nid = await w.notebook('Unrenderable');
    const started = await w.start('editor', { notebook_id: nid, mode: 'edit' });
    expect(started.status, started.text).toBe(201);
    const sid = started.json.data.id as string;
    const sandboxId = await w.sandboxOf(sid);
    // Rendering runs the notebook: this one kills the export that runs it, so no page comes out.
    // Saving does not run it, and the editor's kernel never does either (no browser is connected).
    await w.writeNotebook(sid, notebookWith('    import os, signal\n    kept = "without a snapshot"\n    os.kill(os.getppid(), signal.SIGKILL)'));

    const stopped = await w.api(`/api/v1/projects/${w.pid}/sessions/${sid}/stop`, 'editor', { method: 'POST' });
    expect(stopped.json.data, stopped.text).toMatchObject({ state: 'stopped', stop_reason: 'user' });
    const [latest] = await versionsOf(nid);
    expect(latest).toMatchObject({ message: 'Saved when the session stopped (user)' });
    expect(latest).not.toHaveProperty('html_snapshot');
    expect((await w.api(`/api/v1/projects/${w.pid}/notebooks/${nid}/versions/${latest!.version_id}/code`, 'editor')).text).toContain('without a snapshot');
    expect(w.t.logs.filter((line) => line.event === 'snapshot_failed' && line.session_id === sid)).toHaveLength(1);
    expect((await w.t.hub.services.sandboxes.list()).map((sandbox) => sandbox.id)).not.toContain(sandboxId);
    expect(await w.claimOf(nid)).toBeNull();
  }, 180_000);

  it('renders the snapshot of the session a takeover stops before its sandbox goes', async () => {
    const nid = await w.notebook('Taken over');
    const first = await w.start('editor', { notebook_id: nid, mode: 'edit' });
    expect(first.status, first.text).toBe(201);
    await w.writeNotebook(first.json.data.id, notebookWith('    left_by_the_editor = "taken over"'));

    const takeover = await w.start('manager', { notebook_id: nid, mode: 'edit', takeover_from: first.json.data.id });
    expect(takeover.status, takeover.text).toBe(201);
    const [latest] = await versionsOf(nid);
    expect(latest).toMatchObject({ message: 'Saved when the session stopped (takeover)', html_snapshot: { bytes: expect.any(Number) } });
    const html = await w.api(`/api/v1/projects/${w.pid}/notebooks/${nid}/html`, 'manager');
    expect(html.headers.get('x-notebook-version')).toBe(latest!.version_id);
    expect(html.text).toContain('taken over');
    await w.api(`${sessions()}/${takeover.json.data.id}/stop`, 'manager', { method: 'POST', body: { save: false } });
  }, 180_000);
});
