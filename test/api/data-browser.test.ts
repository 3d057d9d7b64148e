import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectAudit, projectWithRoles, type ProjectWithRoles } from '../support/alert-fixtures.js';
import { startTestHub, type TestHub } from '../support/test-hub.js';

/**
 * The data browser over a notebook's workspace (docs/data-browser.md): sources, folders, search,
 * pages, details, downloads, previews and cells, for whom the policy lets see them. Buckets and
 * databases are the e2e-data tier's (test/data/data-browser-*.test.ts).
 */
describe('the data browser over a workspace', () => {
  let t: TestHub;
  let p: ProjectWithRoles;
  let nid: string;
  const data = () => `/api/v1/projects/${p.id}/data`;
  const upload = async (path: string, body: string | Uint8Array) => {
    const answer = await t.call(`/api/v1/projects/${p.id}/notebooks/${nid}/workspace/files?path=${encodeURIComponent(path)}`, {
      method: 'PUT',
      token: p.tokens.editor,
      body: typeof body === 'string' ? new TextEncoder().encode(body) : body,
    });
    expect(answer.status, answer.text).toBeLessThan(300);
  };

  beforeAll(async () => {
    t = await startTestHub();
    p = await projectWithRoles(t, 'data-browser');
    const created = await t.call(`/api/v1/projects/${p.id}/notebooks`, { method: 'POST', token: p.tokens.editor, body: { title: 'Sales' } });
    expect(created.status, created.text).toBe(201);
    nid = created.json.data.meta.id;
    await upload('data/orders.csv', 'id,amount,paid,day\n1,9.5,true,2024-01-02\n2,12,false,2024-01-03\n3,,true,2024-01-04\n');
    await upload('data/orders-2023.csv', 'id\n1\n');
    for (let index = 0; index < 5; index++) await upload(`data/many/part-${index}.txt`, `part ${index}\n`);
    await upload('README.md', '# Sales\n');
  });
  afterAll(() => t?.close());

  it('reports the capability', async () => {
    const caps = await t.call('/api/v1/capabilities', { token: p.tokens.viewer });
    expect(caps.json.data.data_browser).toEqual({ available: true, preview: true, query: true, ai_query: true });
  });

  it('lists folders and files of a workspace, searches by prefix and pages', async () => {
    const root = await t.call(`${data()}/sources/${nid}/objects`, { token: p.tokens.viewer });
    expect(root.status, root.text).toBe(200);
    const rootNames = root.json.data.entries.map((entry: { name: string }) => entry.name);
    expect(rootNames[0]).toBe('data');
    expect(rootNames).toContain('README.md');
    const folder = await t.call(`${data()}/sources/${nid}/objects?prefix=data/`, { token: p.tokens.viewer });
    expect(folder.json.data.entries).toEqual([
      { type: 'folder', prefix: 'data/many/', name: 'many' },
      { type: 'object', key: 'data/orders-2023.csv', name: 'orders-2023.csv', size: 5, modified: expect.any(String), etag: null },
      { type: 'object', key: 'data/orders.csv', name: 'orders.csv', size: expect.any(Number), modified: expect.any(String), etag: null },
    ]);
    const search = await t.call(`${data()}/sources/${nid}/objects?prefix=data/orders-`, { token: p.tokens.viewer });
    expect(search.json.data.entries.map((entry: { name: string }) => entry.name)).toEqual(['orders-2023.csv']);
    const first = await t.call(`${data()}/sources/${nid}/objects?prefix=data/many/&limit=2`, { token: p.tokens.viewer });
    expect(first.json.data.entries).toHaveLength(2);
    const names = first.json.data.entries.map((entry: { name: string }) => entry.name);
    let cursor = first.json.data.next_cursor;
    while (cursor) {
      const next = await t.call(`${data()}/sources/${nid}/objects?prefix=data/many/&limit=2&cursor=${cursor}`, { token: p.tokens.viewer });
      names.push(...next.json.data.entries.map((entry: { name: string }) => entry.name));
      cursor = next.json.data.next_cursor;
    }
    expect(names).toEqual(['part-0.txt', 'part-1.txt', 'part-2.txt', 'part-3.txt', 'part-4.txt']);
  });

  it('describes and downloads a file as an attachment', async () => {
    const details = await t.call(`${data()}/sources/${nid}/object?key=data/orders.csv`, { token: p.tokens.viewer });
    expect(details.json.data).toMatchObject({ key: 'data/orders.csv', name: 'orders.csv', versions: null, format: 'csv' });
    const download = await t.call(`${data()}/sources/${nid}/object/content?key=data/orders.csv`, { token: p.tokens.viewer });
    expect(download.status).toBe(200);
    expect(download.text).toContain('1,9.5,true,2024-01-02');
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="orders.csv"/);
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    const missing = await t.call(`${data()}/sources/${nid}/object?key=data/nothing.csv`, { token: p.tokens.viewer });
    expect(missing.status).toBe(404);
  });

  it('previews a CSV with inferred column types', async () => {
    const preview = await t.call(`${data()}/sources/${nid}/object/preview?key=data/orders.csv&rows=2`, { token: p.tokens.viewer });
    expect(preview.status, preview.text).toBe(200);
    expect(preview.json.data).toMatchObject({ kind: 'table', format: 'csv', truncated: true });
    expect(preview.json.data.columns.map((column: { name: string; type: string }) => [column.name, column.type])).toEqual([
      ['id', 'integer'],
      ['amount', 'float'],
      ['paid', 'boolean'],
      ['day', 'date'],
    ]);
    expect(preview.json.data.rows).toHaveLength(2);
    const text = await t.call(`${data()}/sources/${nid}/object/preview?key=README.md`, { token: p.tokens.viewer });
    expect(text.json.data).toMatchObject({ kind: 'text', format: 'markdown', text: '# Sales\n', truncated: false, invalid_utf8: false });
  });

  it('answers a file that is not what its name says with the reason', async () => {
    await upload('data/broken.parquet', 'not parquet at all');
    const broken = await t.call(`${data()}/sources/${nid}/object/preview?key=data/broken.parquet`, { token: p.tokens.viewer });
    expect(broken.status).toBe(422);
    expect(broken.json.error.code).toBe('VALIDATION_ERROR');
    expect(broken.json.error.message).toMatch(/^broken\.parquet cannot be previewed: /);
  });

  it('keeps a workspace from strangers and bad input out', async () => {
    for (const path of ['/sources', `/sources/${nid}/objects`, `/sources/${nid}/object/preview?key=data/orders.csv`]) {
      const answer = await t.call(`${data()}${path}`, { token: p.tokens.outsider });
      expect(answer.status, path).toBe(404);
    }
    const control = await t.call(`${data()}/sources/${nid}/object?key=${encodeURIComponent('a\u0001b')}`, { token: p.tokens.viewer });
    expect(control.status).toBe(422);
    const unknownIntegration = await t.call(`${data()}/sources/intg-0000000000000000/objects`, { token: p.tokens.editor });
    expect(unknownIntegration.status).toBe(404);
    const viewerIntegration = await t.call(`${data()}/sources/intg-0000000000000000/objects`, { token: p.tokens.viewer });
    expect(viewerIntegration.status).toBe(403);
    const database = await t.call(`${data()}/sources/${nid}/tables`, { token: p.tokens.viewer });
    expect(database.status).toBe(400);
  });

  it('adds a cell that reads a workspace file to its notebook, as a new version, showing first what it will add', async () => {
    const versionsBefore = await t.call(`/api/v1/projects/${p.id}/notebooks/${nid}/versions`, { token: p.tokens.viewer });
    expect(versionsBefore.json.data.items.length).toBeGreaterThan(0);
    const shown = await t.call(`${data()}/cells/preview`, {
      method: 'POST',
      token: p.tokens.editor,
      body: { source_id: nid, object: { key: 'data/orders.csv' }, target: { notebook_id: nid } },
    });
    expect(shown.status, shown.text).toBe(200);
    expect(shown.json.data).toMatchObject({ variable: 'orders', dependencies: ['polars'] });
    const versionsAfterPreview = await t.call(`/api/v1/projects/${p.id}/notebooks/${nid}/versions`, { token: p.tokens.viewer });
    expect(versionsAfterPreview.json.data.items).toEqual(versionsBefore.json.data.items);
    const viewerPreview = await t.call(`${data()}/cells/preview`, {
      method: 'POST',
      token: p.tokens.viewer,
      body: { source_id: nid, object: { key: 'data/orders.csv' }, target: { notebook_id: nid } },
    });
    expect(viewerPreview.status).toBe(403);

    const added = await t.call(`${data()}/cells`, {
      method: 'POST',
      token: p.tokens.editor,
      body: { source_id: nid, object: { key: 'data/orders.csv' }, target: { notebook_id: nid } },
    });
    expect(added.status, added.text).toBe(201);
    expect(added.json.data).toMatchObject({ notebook_id: nid, variable: 'orders', dependencies: ['polars'] });
    expect(added.json.data.code).toBe(shown.json.data.code);
    const code = await t.call(`/api/v1/projects/${p.id}/notebooks/${nid}/versions/${added.json.data.version_id}/code`, { token: p.tokens.viewer });
    expect(code.text).toContain('orders = pl.read_csv(mo.notebook_dir() / "data/orders.csv")');
    expect(code.text).toContain('#     "polars",');
    const elsewhere = await t.call(`${data()}/cells`, {
      method: 'POST',
      token: p.tokens.editor,
      body: { source_id: nid, object: { key: 'data/orders.csv' }, target: { new_notebook: { title: 'Elsewhere' } } },
    });
    expect(elsewhere.status).toBe(422);
    const viewer = await t.call(`${data()}/cells`, {
      method: 'POST',
      token: p.tokens.viewer,
      body: { source_id: nid, object: { key: 'data/orders.csv' }, target: { notebook_id: nid } },
    });
    expect(viewer.status).toBe(403);
    const events = (await projectAudit(t, p.id)).map((entry: { event: string }) => entry.event);
    expect(events).toContain('notebook.save');
  });
});
