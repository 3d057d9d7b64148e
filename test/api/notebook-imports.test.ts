import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { layout } from '../../service/src/core/storage-layout.js';
import { marimoNotebook, smallNotebookZip, zipFolder } from '../support/notebook-folders.js';
import { makeTempDir } from '../support/temp-dir.js';
import { startTestHub, type TestHub } from '../support/test-hub.js';

const SALES = marimoNotebook({
  title: 'Sales report',
  cells: [
    'def _():\n    import csv\n    import json\n    import marimo as mo\n    from helpers import total\n    return csv, json, mo, total',
    'def _(csv):\n    with open("data/sales.csv") as f:\n        rows = list(csv.DictReader(f))\n    return (rows,)',
    'def _(json):\n    with open("data/regions.json") as f:\n        regions = json.load(f)\n    return (regions,)',
    'def _(mo, regions, rows, total):\n    mo.md(f"{total(rows)} sold in {len(regions)} regions")\n    return',
  ],
});
const FORECAST = marimoNotebook({
  cells: ['def _():\n    import marimo as mo\n    return (mo,)', 'def _(mo):\n    mo.md(open("model.csv").read())\n    return'],
});
const HELPERS = 'def total(rows):\n    return sum(int(row["amount"]) for row in rows)\n';
/** Latin-1 bytes: marimo markers, but not UTF-8. */
const LEGACY = Buffer.from(marimoNotebook({ cells: ['def _():\n    x = "café"\n    return (x,)'] }), 'latin1');

describe('notebook imports: a folder of marimo notebooks, end to end', () => {
  let t: TestHub;
  let owner: string;
  let editor: string;
  let viewer: string;
  let pid: string;
  let folder: Uint8Array;
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  const imports = () => `/api/v1/projects/${pid}/notebook-imports`;
  const upload = (body: Uint8Array, token = editor) => t.call(imports(), { method: 'POST', token, body, headers: { 'content-type': 'application/zip' } });
  const create = (importId: string, body: unknown, token = editor) => t.call(`${imports()}/${importId}/notebooks`, { method: 'POST', token, body });
  const workspace = (nid: string) => `/api/v1/projects/${pid}/notebooks/${nid}/workspace`;
  const readFile = async (nid: string, file: string) => {
    const response = await fetch(`${t.url}${workspace(nid)}/files?path=${encodeURIComponent(file)}`, { headers: { authorization: `Bearer ${viewer}` } });
    return { status: response.status, body: Buffer.from(await response.arrayBuffer()) };
  };
  const auditEvents = async () => {
    const { store } = t.hub.services;
    const page = await store.list(layout.projectAuditPrefix(pid));
    return Promise.all(
      page.items.map(
        async (item) => JSON.parse((await store.get(item.key))!.body.toString()) as { event: string; actor: string; metadata: Record<string, unknown> },
      ),
    );
  };

  beforeAll(async () => {
    t = await startTestHub();
    owner = await t.tokenFor('owner@example.com');
    editor = await t.tokenFor('editor@example.com');
    viewer = await t.tokenFor('viewer@example.com');
    pid = (await t.call('/api/v1/projects', { method: 'POST', token: owner, body: { name: 'Imports' } })).json.data.id;
    for (const [email, role] of [
      ['viewer@example.com', 'viewer'],
      ['editor@example.com', 'editor'],
    ]) {
      await t.call(`/api/v1/projects/${pid}/members`, { method: 'POST', token: owner, body: { email, role } });
    }
    temp = await makeTempDir('import-folder');
    const root = path.join(temp.dir, 'analytics');
    const put = async (file: string, content: string | Buffer) => {
      await mkdir(path.dirname(path.join(root, file)), { recursive: true });
      await writeFile(path.join(root, file), content);
    };
    await put('sales_report.py', SALES);
    await put('helpers.py', HELPERS);
    await put('README.md', '# Analytics\n');
    await put('data/sales.csv', 'region,amount\nnorth,3\nsouth,4\n');
    await put('data/regions.json', '["north", "south"]');
    await put('forecasts/forecast.py', FORECAST);
    await put('forecasts/model.csv', 'month,value\n1,10\n');
    await mkdir(path.join(root, 'forecasts/empty'), { recursive: true });
    await put('scratch/legacy.py', LEGACY);
    await put('.DS_Store', Buffer.from([0, 0, 0, 1]));
    folder = await zipFolder(root);
  });
  afterAll(async () => {
    await t.close();
    await temp.cleanup();
  });

  it('detects the notebooks of a folder and reports each one with the files that come with it', async () => {
    const response = await upload(folder);
    expect(response.status, response.text).toBe(201);
    const data = response.json.data;
    expect(data.id).toMatch(/^imp-[0-9a-z]{16}$/);
    expect(data).toMatchObject({ project_id: pid, state: 'available', file_count: 8, ignored_count: 1, archive_bytes: folder.length });
    expect(Date.parse(data.files_expire_at) - Date.parse(data.created_at)).toBe(24 * 3600_000);
    expect(Date.parse(data.expires_at) - Date.parse(data.files_expire_at)).toBe(7 * 24 * 3600_000);
    expect(data.notebooks.map((notebook: { path: string; state: string }) => [notebook.path, notebook.state])).toEqual([
      ['analytics/forecasts/forecast.py', 'ready'],
      ['analytics/sales_report.py', 'ready'],
      ['analytics/scratch/legacy.py', 'invalid'],
    ]);
    const [forecast, sales, legacy] = data.notebooks;
    expect(sales).toMatchObject({ folder: 'analytics', entry_file: 'sales_report.py', title: 'Sales report', file_count: 5 });
    // Other notebooks stay out of its workspace, whatever folder they are in.
    expect(sales.workspace_files).toEqual(['README.md', 'data/regions.json', 'data/sales.csv', 'forecasts/model.csv', 'helpers.py']);
    expect(forecast).toMatchObject({ folder: 'analytics/forecasts', entry_file: 'forecast.py', title: 'forecast', workspace_files: ['model.csv'] });
    expect(legacy).toMatchObject({ state: 'invalid', reason: 'not_utf8' });
    expect((await t.call(`${imports()}/${data.id}`, { token: viewer })).json.data).toEqual(data);
    const events = await auditEvents();
    expect(events.find((event) => event.event === 'notebook_import.create')).toMatchObject({
      metadata: { import_id: data.id, files: 8, notebooks: 3, ready: 2 },
    });
  });

  it('creates two notebooks with their code and neighbouring files, and records the receipts', async () => {
    const { id } = (await upload(folder)).json.data;
    const first = await create(id, { path: 'analytics/sales_report.py' });
    expect(first.status, first.text).toBe(201);
    const sales = first.json.data.notebook;
    expect(sales.meta).toMatchObject({ title: 'Sales report', status: 'draft' });
    expect((await t.call(`${workspace(sales.meta.id)}/access`, { token: editor })).json.data.protected_paths[0].path).toBe('sales_report.py');
    expect(sales.readme).toBe('# Analytics\n');
    expect(first.json.data.import.notebooks[1]).toMatchObject({ state: 'imported', notebook_id: sales.meta.id, imported_by: expect.any(String) });

    const second = await create(id, { path: 'analytics/forecasts/forecast.py', title: 'Forecast', tags: ['team:finance'] });
    expect(second.status, second.text).toBe(201);
    const forecast = second.json.data.notebook;
    expect(forecast.meta).toMatchObject({ title: 'Forecast', tags: ['team:finance'] });

    expect((await t.call(`/api/v1/projects/${pid}/notebooks/${sales.meta.id}/code`, { token: viewer })).text).toBe(SALES);
    const items = (await t.call(`${workspace(sales.meta.id)}/items`, { token: viewer })).json.data.map((item: { name: string }) => item.name);
    expect(items).toEqual(['data', 'forecasts', 'scratch', 'README.md', 'helpers.py', 'sales_report.py']);
    expect((await readFile(sales.meta.id, 'data/sales.csv')).body.toString()).toBe('region,amount\nnorth,3\nsouth,4\n');
    expect((await readFile(sales.meta.id, 'helpers.py')).body.toString()).toBe(HELPERS);
    expect((await readFile(sales.meta.id, 'sales_report.py')).body.toString()).toBe(SALES);
    expect((await readFile(sales.meta.id, 'forecasts/forecast.py')).status).toBe(404);
    const forecastItems = (await t.call(`${workspace(forecast.meta.id)}/items`, { token: viewer })).json.data.map((item: { name: string }) => item.name);
    expect(forecastItems).toEqual(['empty', 'forecast.py', 'model.csv']);
    expect((await readFile(forecast.meta.id, 'model.csv')).body.toString()).toBe('month,value\n1,10\n');
    // The notebook file is protected as every entry file is: it changes by saving versions.
    const access = (await t.call(`${workspace(forecast.meta.id)}/access`, { token: editor })).json.data;
    expect(access.protected_paths).toEqual([{ path: 'forecast.py', denied_operations: ['create', 'write', 'move', 'copy', 'delete'] }]);

    const view = (await t.call(`${imports()}/${id}`, { token: viewer })).json.data;
    expect(view.notebooks.map((notebook: { state: string; notebook_id?: string }) => [notebook.state, notebook.notebook_id])).toEqual([
      ['imported', forecast.meta.id],
      ['imported', sales.meta.id],
      ['invalid', undefined],
    ]);
    const events = await auditEvents();
    expect(events.find((event) => event.event === 'notebook.create' && event.metadata.notebook_id === sales.meta.id)).toMatchObject({
      metadata: { import_id: id, import_path: 'analytics/sales_report.py', title: 'Sales report' },
    });
    expect(events.find((event) => event.event === 'workspace.import' && event.metadata.notebook_id === sales.meta.id)).toMatchObject({
      metadata: { import_id: id, files: 5, folders: 4 },
    });
  });

  it('imports a notebook once, refuses invalid ones and paths that are not its notebooks', async () => {
    const { id } = (await upload(folder)).json.data;
    const created = await create(id, { path: 'analytics/forecasts/forecast.py' });
    expect(created.status).toBe(201);
    const again = await create(id, { path: 'analytics/forecasts/forecast.py' });
    expect(again.status).toBe(409);
    expect(again.json.error.code).toBe('CONFLICT');
    expect(again.json.error.message).toContain(created.json.data.notebook.meta.id);
    // A double click: two requests at once create one notebook.
    const racing = await Promise.all([create(id, { path: 'analytics/sales_report.py' }), create(id, { path: 'analytics/sales_report.py' })]);
    expect(racing.map((response) => response.status).sort()).toEqual([201, 409]);
    const legacy = await create(id, { path: 'analytics/scratch/legacy.py' });
    expect(legacy.status).toBe(422);
    expect(legacy.json.error.details).toEqual([{ field: 'path', message: expect.stringContaining('UTF-8') }]);
    expect((await create(id, { path: 'analytics/helpers.py' })).json.error.code).toBe('VALIDATION_ERROR');
    expect((await create(id, { path: 'analytics/sales_report.py', extra: true })).status).toBe(422);
    expect((await t.call(`${imports()}/imp-0000000000000000`, { token: viewer })).status).toBe(404);
    expect((await create('imp-0000000000000000', { path: 'x.py' })).status).toBe(404);
  });

  it('lets editors import and create, shows imports to viewers, and refuses viewers and outsiders', async () => {
    const zip = smallNotebookZip();
    const refused = await upload(zip, viewer);
    expect(refused.status).toBe(403);
    expect(refused.json.error.code).toBe('FORBIDDEN');
    const outsider = await upload(zip, await t.tokenFor('outsider@example.com'));
    expect(outsider.status).toBe(404);
    const { id } = (await upload(zip)).json.data;
    expect((await t.call(`${imports()}/${id}`, { token: viewer })).status).toBe(200);
    expect((await t.call(`${imports()}/${id}`, { token: await t.tokenFor('outsider@example.com') })).status).toBe(404);
    expect((await create(id, { path: 'reader.py' }, viewer)).status).toBe(403);
    expect((await create(id, { path: 'reader.py' })).status).toBe(201);
  });

  it("adds a folder's files to a workspace all at once or not at all", async () => {
    const { workspace, notebooks } = t.hub.services;
    const { id } = (await upload(smallNotebookZip())).json.data;
    const created = await create(id, { path: 'reader.py' });
    const notebook = (await notebooks.get(pid, created.json.data.notebook.meta.id))!;
    const before = await workspace.manifest(notebook);
    const [input] = before.files;
    const stored = { blob: input!.blob, size: input!.size };
    const attempts: [string, () => Promise<unknown>][] = [
      [
        'FORBIDDEN',
        () =>
          workspace.importFiles(
            notebook,
            [
              { path: 'new.csv', ...stored },
              { path: 'reader.py', ...stored },
            ],
            [],
            'test',
          ),
      ],
      [
        'CONFLICT',
        () =>
          workspace.importFiles(
            notebook,
            [
              { path: 'new.csv', ...stored },
              { path: 'data/input.csv', ...stored },
            ],
            [],
            'test',
          ),
      ],
      [
        'VALIDATION_ERROR',
        () =>
          workspace.importFiles(
            notebook,
            [
              { path: 'new.csv', ...stored },
              { path: '../x.csv', ...stored },
            ],
            [],
            'test',
          ),
      ],
      ['VALIDATION_ERROR', () => workspace.importFiles(notebook, [{ path: 'data/input.csv/x', ...stored }], ['fresh'], 'test')],
    ];
    for (const [code, attempt] of attempts) await expect(attempt(), code).rejects.toMatchObject({ code });
    expect(await workspace.manifest(notebook)).toEqual(before);
    await workspace.importFiles(notebook, [{ path: 'copy/input.csv', ...stored }], ['copy/empty'], 'test');
    expect((await readFile(notebook.id, 'copy/input.csv')).body.toString()).toBe('a,b\n1,2\n');
  });

  it('accepts the zip content types browsers send and refuses other bodies', async () => {
    const zip = smallNotebookZip();
    for (const type of ['application/x-zip-compressed', 'application/octet-stream']) {
      expect((await t.call(imports(), { method: 'POST', token: editor, body: zip, headers: { 'content-type': type } })).status, type).toBe(201);
    }
    const json = await t.call(imports(), { method: 'POST', token: editor, body: { files: [] } });
    // An unsupported media type keeps HTTP's 415 (docs/errors.md).
    expect(json.status).toBe(415);
    expect(json.json.error.code).toBe('BAD_REQUEST');
  });
});
