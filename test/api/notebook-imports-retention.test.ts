import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotebookImports, importLimitsFor } from '../../service/src/features/imports/core/notebook-imports.js';
import type { Logger } from '../../service/src/core/ports/logger.js';
import { ZipFolderReader } from '../../service/src/adapters/zip/zip-folder-reader.js';
import { notebookImportsTask } from '../../service/src/features/imports/loops/import-housekeeping.js';
import { CSV_NOTEBOOK, marimoNotebook } from '../support/notebook-folders.js';
import { startTestHub, type TestHub } from '../support/test-hub.js';

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const silent: Logger = { fatal: () => {}, error: () => {}, warn: () => {}, info: () => {}, debug: () => {}, child: () => silent };
const encode = (text: string) => new TextEncoder().encode(text);
const TWO_NOTEBOOKS = zipSync({
  'first.py': encode(CSV_NOTEBOOK),
  'second.py': encode(marimoNotebook({ cells: ['def _():\n    import marimo as mo\n    return (mo,)'] })),
  data: { 'input.csv': encode('a,b\n1,2\n') },
});

describe('notebook import retention: the folder for 24 hours, the receipts 7 days more', () => {
  let t: TestHub;
  let editor: string;
  let pid: string;
  const imports = () => `/api/v1/projects/${pid}/notebook-imports`;
  const upload = async () => {
    const response = await t.call(imports(), { method: 'POST', token: editor, body: TWO_NOTEBOOKS, headers: { 'content-type': 'application/zip' } });
    expect(response.status, response.text).toBe(201);
    return response.json.data as { id: string; created_at: string };
  };
  const importKeys = async (importId: string) =>
    (await t.hub.services.store.list(`imports/${pid}/${importId}/`)).items.map((item) => item.key.split('/').slice(3).join('/'));
  const sweep = (now: number) => notebookImportsTask(t.hub.services.store).run({ signal: new AbortController().signal, logger: silent, now });
  /** The import service as it would behave at another moment, on the same store. */
  const at = (moment: number) => {
    const { store, audit, notebooks, workspace, settings } = t.hub.services;
    return new NotebookImports({
      store,
      audit,
      notebooks,
      workspace,
      reader: new ZipFolderReader(),
      limits: importLimitsFor(settings.limits.maxRequestBytes),
      now: () => new Date(moment),
    });
  };

  beforeAll(async () => {
    t = await startTestHub();
    const owner = await t.tokenFor('owner@example.com');
    editor = await t.tokenFor('editor@example.com');
    pid = (await t.call('/api/v1/projects', { method: 'POST', token: owner, body: { name: 'Retention' } })).json.data.id;
    await t.call(`/api/v1/projects/${pid}/members`, { method: 'POST', token: owner, body: { email: 'editor@example.com', role: 'editor' } });
  });
  afterAll(() => t.close());

  it('keeps everything for 24 hours, then deletes the folder and keeps the receipts', async () => {
    const { id, created_at } = await upload();
    const created = Date.parse(created_at);
    const first = await t.call(`${imports()}/${id}/notebooks`, { method: 'POST', token: editor, body: { path: 'first.py' } });
    expect(first.status, first.text).toBe(201);
    const notebookId = first.json.data.notebook.meta.id;
    expect(await importKeys(id)).toEqual(['notebooks/0', 'record', 'snapshot']);

    expect(await sweep(created + DAY - 1)).toMatchObject({ snapshots_deleted: 0, imports_deleted: 0, deleted: 0 });
    expect(await importKeys(id)).toEqual(['notebooks/0', 'record', 'snapshot']);

    expect(await sweep(created + DAY)).toMatchObject({ snapshots_deleted: 1, imports_deleted: 0, deleted: 1 });
    expect(await importKeys(id)).toEqual(['notebooks/0', 'record']);
    const view = (await t.call(`${imports()}/${id}`, { token: editor })).json.data;
    expect(view.state).toBe('files_expired');
    expect(view.notebooks).toMatchObject([
      { path: 'first.py', state: 'imported', notebook_id: notebookId, workspace_files: null },
      { path: 'second.py', state: 'expired', workspace_files: null },
    ]);
    const gone = await t.call(`${imports()}/${id}/notebooks`, { method: 'POST', token: editor, body: { path: 'second.py' } });
    expect(gone.status).toBe(410);
    expect(gone.json.error.code).toBe('GONE');
    // The notebook created from the import keeps its files: they belong to its workspace now.
    const file = await t.call(`/api/v1/projects/${pid}/notebooks/${notebookId}/workspace/files?path=data%2Finput.csv`, { token: editor });
    expect(file.text).toBe('a,b\n1,2\n');

    expect(await sweep(created + 8 * DAY - 1)).toMatchObject({ imports_deleted: 0, deleted: 0 });
    expect(await sweep(created + 8 * DAY)).toMatchObject({ imports_deleted: 1, deleted: 2 });
    expect(await importKeys(id)).toEqual([]);
    expect((await t.call(`${imports()}/${id}`, { token: editor })).status).toBe(404);
  });

  it('judges expiry by time, before housekeeping has deleted anything', async () => {
    const { id, created_at } = await upload();
    const created = Date.parse(created_at);
    expect((await at(created + DAY - 1).get(pid, id)).state).toBe('available');
    const expired = await at(created + DAY).get(pid, id);
    expect(expired.state).toBe('files_expired');
    expect(expired.notebooks.map((notebook) => notebook.state)).toEqual(['expired', 'expired']);
    const actor = { id: 'usr-0000000000000000', email: 'editor@example.com' };
    await expect(at(created + DAY).createNotebook(pid, 'Retention', id, { path: 'first.py' }, actor)).rejects.toMatchObject({ code: 'GONE' });
    await expect(at(created + 8 * DAY).get(pid, id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await importKeys(id)).toEqual(['record', 'snapshot']);
  });

  it('runs as a housekeeping task of the maintenance loop', () => {
    expect(t.hub.loops?.maintenance.taskNames()).toContain('notebook_imports');
  });
});
