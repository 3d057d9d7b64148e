import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxRuntime, startSessionWorld, type SessionWorld } from '../support/session-world.js';

/** `GET /api/v1/me/sessions`: a person's live sessions across projects, with real marimo sessions. */
describe.skipIf(sandboxRuntime === null)('my sessions', () => {
  let w: SessionWorld;
  let editSession: string;
  let appSession: string;
  beforeAll(async () => {
    w = await startSessionWorld();
    const edit = await w.start('editor', { notebook_id: w.nid, mode: 'edit' });
    const app = await w.start('viewer', { notebook_id: w.nid, mode: 'app' });
    expect([edit.status, app.status]).toEqual([201, 201]);
    editSession = edit.json.data.id;
    appSession = app.json.data.id;
  }, 120_000);
  afterAll(async () => {
    await w?.close();
  });

  const mine = async (who: 'editor' | 'viewer' | 'manager') => {
    const listed = await w.api('/api/v1/me/sessions', who);
    expect(listed.status).toBe(200);
    return (listed.json.data as { id: string; mode: string; project_id: string; notebook_id: string; state: string }[]).map(
      ({ id, mode, project_id, notebook_id, state }) => ({ id, mode, project_id, notebook_id, state }),
    );
  };

  it("lists each person's own live sessions, and nobody else's", async () => {
    // The list reads the catalog's summaries, written just after a session's record says it runs.
    await expect.poll(() => mine('editor')).toEqual([{ id: editSession, mode: 'edit', project_id: w.pid, notebook_id: w.nid, state: 'running' }]);
    await expect.poll(() => mine('viewer')).toEqual([{ id: appSession, mode: 'app', project_id: w.pid, notebook_id: w.nid, state: 'running' }]);
    expect(await mine('manager')).toEqual([]);
  });

  it('drops a session once it is stopped', async () => {
    const stopped = await w.api(`/api/v1/projects/${w.pid}/sessions/${appSession}/stop`, 'manager', { method: 'POST', body: {} });
    expect(stopped.status).toBe(200);
    expect(await mine('viewer')).toEqual([]);
  });

  it('hides the sessions of a project the person can no longer read', async () => {
    const removed = await w.api(`/api/v1/projects/${w.pid}/members/${w.userIds.editor}`, 'admin', { method: 'DELETE' });
    expect(removed.status).toBe(200);
    expect(await mine('editor')).toEqual([]);
  });
});
