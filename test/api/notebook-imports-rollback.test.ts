import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotebookImports, importLimitsFor } from '../../service/src/features/imports/core/notebook-imports.js';
import { StoreUnavailableError, type ObjectStore } from '../../service/src/core/ports/object-store.js';
import { catalogKeys, layout } from '../../service/src/core/storage-layout.js';
import { WorkspaceService } from '../../service/src/core/workspace/workspace-service.js';
import { ZipFolderReader } from '../../service/src/adapters/zip/zip-folder-reader.js';
import { smallNotebookZip } from '../support/notebook-folders.js';
import { startTestHub, type TestHub } from '../support/test-hub.js';

/** The real store, down for writes of workspace heads: an outage as the workspace is committed. */
function workspaceHeadsDown(inner: ObjectStore): ObjectStore {
  return new Proxy(inner, {
    get(target, property, receiver) {
      if (property !== 'put') return Reflect.get(target, property, receiver) as unknown;
      return (key: string, ...rest: Parameters<ObjectStore['put']> extends [string, ...infer R] ? R : never) => {
        if (key.startsWith(layout.workspacesPrefix) && key.endsWith('/head'))
          return Promise.reject(new StoreUnavailableError('the object store is unreachable'));
        return target.put(key, ...rest);
      };
    },
  });
}

describe('notebook imports that fail half-way leave nothing behind', () => {
  let t: TestHub;
  let owner: string;
  let editor: string;
  let actor: { id: string; email: string };
  beforeAll(async () => {
    t = await startTestHub();
    owner = await t.tokenFor('owner@example.com');
    editor = await t.tokenFor('editor@example.com');
    actor = (await t.call('/api/v1/me', { token: editor })).json.data;
  });
  afterAll(() => t.close());

  const newProject = async (name: string) => {
    const pid = (await t.call('/api/v1/projects', { method: 'POST', token: owner, body: { name } })).json.data.id as string;
    await t.call(`/api/v1/projects/${pid}/members`, { method: 'POST', token: owner, body: { email: 'editor@example.com', role: 'editor' } });
    const uploaded = await t.call(`/api/v1/projects/${pid}/notebook-imports`, {
      method: 'POST',
      token: editor,
      body: smallNotebookZip(),
      headers: { 'content-type': 'application/zip' },
    });
    expect(uploaded.status, uploaded.text).toBe(201);
    return { pid, importId: uploaded.json.data.id as string };
  };
  /** Everything a notebook of the project could have left: records, versions, workspaces, catalog entries. */
  const leftovers = async (pid: string) => {
    const { store, catalog } = t.hub.services;
    const keys: string[] = [];
    for (const prefix of [layout.notebookRevisionsPrefix(pid), `content/notebooks/${pid}/`, layout.workspacesPrefix + `${pid}/`]) {
      keys.push(...(await store.list(prefix)).items.map((item) => item.key));
    }
    const view = await catalog.view();
    for await (const { key } of view.entries(catalogKeys.notebooksPrefix(pid))) keys.push(key);
    for await (const { key } of view.entries(`${catalogKeys.deletedNotebooksPrefix}${pid}/`)) keys.push(key);
    return keys;
  };
  /** Version entries are keyed by notebook alone, so they are counted across the catalog. */
  const versionEntries = async () => {
    let count = 0;
    for await (const _ of (await t.hub.services.catalog.view()).entries(catalogKeys.notebookVersionsPrefix())) count++;
    return count;
  };
  const notebookCount = async (pid: string) =>
    (await t.call('/api/v1/projects?limit=200', { token: owner })).json.data.items.find((item: { id: string }) => item.id === pid).notebook_count as number;
  const notebookEvents = async (pid: string) => {
    const { store } = t.hub.services;
    const page = await store.list(layout.projectAuditPrefix(pid));
    const events = await Promise.all(page.items.map(async (item) => JSON.parse((await store.get(item.key))!.body.toString()) as { event: string }));
    return events.map((event) => event.event).filter((event) => event.startsWith('notebook.') || event.startsWith('workspace.'));
  };

  it('when the workspace cannot be written: no notebook, no version, no audit event, and the import can be retried', async () => {
    const { pid, importId } = await newProject('Outage');
    const { store, audit, notebooks, settings } = t.hub.services;
    const failing = new NotebookImports({
      store,
      audit,
      notebooks,
      workspace: new WorkspaceService(workspaceHeadsDown(store), audit, notebooks),
      reader: new ZipFolderReader(),
      limits: importLimitsFor(settings.limits.maxRequestBytes),
    });
    const versionsBefore = await versionEntries();
    await expect(failing.createNotebook(pid, 'Outage', importId, { path: 'reader.py' }, actor)).rejects.toBeInstanceOf(StoreUnavailableError);

    expect(await leftovers(pid)).toEqual([]);
    expect(await versionEntries()).toBe(versionsBefore);
    expect(await notebookEvents(pid)).toEqual([]);
    expect(await notebookCount(pid)).toBe(0);
    const view = (await t.call(`/api/v1/projects/${pid}/notebook-imports/${importId}`, { token: editor })).json.data;
    expect(view.notebooks[0]).toMatchObject({ state: 'ready' });
    expect(view.notebooks[0].notebook_id).toBeUndefined();

    const retried = await t.call(`/api/v1/projects/${pid}/notebook-imports/${importId}/notebooks`, {
      method: 'POST',
      token: editor,
      body: { path: 'reader.py' },
    });
    expect(retried.status, retried.text).toBe(201);
    const nid = retried.json.data.notebook.meta.id;
    const items = (await t.call(`/api/v1/projects/${pid}/notebooks/${nid}/workspace/items?path=data`, { token: editor })).json.data;
    expect(items.map((item: { path: string }) => item.path)).toEqual(['data/input.csv']);
    expect((await notebookEvents(pid)).sort()).toEqual(['notebook.create', 'workspace.import']);
  });

  it('when the notebook cannot be stored (its project was deleted meanwhile): its prepared workspace goes too', async () => {
    const { pid, importId } = await newProject('Deleted meanwhile');
    expect((await t.call(`/api/v1/projects/${pid}`, { method: 'DELETE', token: owner })).status).toBe(200);
    const { imports } = t.hub.services;
    const versionsBefore = await versionEntries();
    await expect(imports.createNotebook(pid, 'Deleted meanwhile', importId, { path: 'reader.py' }, actor)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await leftovers(pid)).toEqual([]);
    expect(await versionEntries()).toBe(versionsBefore);
    expect(await notebookEvents(pid)).not.toContain('notebook.create');
    expect(await notebookEvents(pid)).not.toContain('notebook.delete');
    expect(await notebookEvents(pid)).not.toContain('workspace.import');
  });
});
