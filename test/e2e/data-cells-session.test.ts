import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxRuntime, startSessionWorld, type SessionWorld } from '../support/session-world.js';

/**
 * "Open in notebook" into a running edit session (docs/data-browser.md, "Into the notebook"): the
 * cells land in the session's notebook file, marimo (which watches it) shows them to the editor at
 * once, and saving the session keeps them.
 */
describe.skipIf(sandboxRuntime === null)('cells from the data browser in an open edit session', () => {
  let w: SessionWorld;
  beforeAll(async () => {
    w = await startSessionWorld({ SERVICE_AUTOMATIC_THUMBNAILS: 'false' });
  });
  afterAll(() => w?.close());

  it("reach the editor's kernel without a reload and are saved with the session", async () => {
    const upload = await w.api(`/api/v1/projects/${w.pid}/notebooks/${w.nid}/workspace/files?path=${encodeURIComponent('data/orders.csv')}`, 'editor', {
      method: 'PUT',
      body: new TextEncoder().encode('id,amount\n1,9.5\n2,12\n'),
    });
    expect(upload.status, upload.text).toBeLessThan(300);
    const started = await w.start('editor', { notebook_id: w.nid, mode: 'edit' });
    expect(started.status, started.text).toBe(201);
    const sid = started.json.data.id as string;
    const kernel = await w.kernel('editor', sid);
    await kernel.waitFor('kernel-ready');
    const seenBefore = kernel.messages.length;

    const added = await w.api(`/api/v1/projects/${w.pid}/data/cells`, 'editor', {
      method: 'POST',
      body: { source_id: w.nid, object: { key: 'data/orders.csv' }, target: { session_id: sid } },
    });
    expect(added.status, added.text).toBe(201);
    expect(added.json.data).toMatchObject({ notebook_id: w.nid, session_id: sid, version_id: null, variable: 'orders' });

    // marimo tells its editor about the changed file: the new cell's code arrives on the socket.
    const deadline = Date.now() + 60_000;
    while (!kernel.messages.slice(seenBefore).some((message) => JSON.stringify(message.data).includes('pl.read_csv(mo.notebook_dir()'))) {
      expect(
        Date.now(),
        `no message carried the new cell (got ${kernel.messages
          .slice(seenBefore)
          .map((m) => m.op)
          .join(', ')})`,
      ).toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    kernel.close();

    const saved = await w.api(`/api/v1/projects/${w.pid}/sessions/${sid}/save`, 'editor', { method: 'POST', body: {} });
    expect(saved.status, saved.text).toBeLessThan(300);
    const code = await w.api(`/api/v1/projects/${w.pid}/notebooks/${w.nid}/code`, 'viewer');
    expect(code.text).toContain('orders = pl.read_csv(mo.notebook_dir() / "data/orders.csv")');

    const viewer = await w.api(`/api/v1/projects/${w.pid}/data/cells`, 'viewer', {
      method: 'POST',
      body: { source_id: w.nid, object: { key: 'data/orders.csv' }, target: { session_id: sid } },
    });
    expect([403, 404]).toContain(viewer.status);
    await w.api(`/api/v1/projects/${w.pid}/sessions/${sid}/stop`, 'editor', { method: 'POST', body: { save: false } });
  }, 300_000);
});
