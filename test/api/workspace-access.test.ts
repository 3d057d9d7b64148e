import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newNotebookId, newRevisionId, newVersionId } from '../../service/src/core/ids.js';
import { NotebookRecords } from '../../service/src/core/notebooks/notebook-records.js';
import { layout } from '../../service/src/core/storage-layout.js';
import { WorkspaceService } from '../../service/src/core/workspace/workspace-service.js';
import { startTestHub, type TestHub } from '../support/test-hub.js';

const sha256 = (body: Buffer | string) => createHash('sha256').update(body).digest('hex');

describe('workspace access: roles, the protected entry file, Git sources and edit sessions', () => {
  let t: TestHub;
  let owner: string;
  let editor: string;
  let viewer: string;
  let pid: string;
  let nid: string;
  let code: string;
  const base = () => `/api/v1/projects/${pid}/notebooks/${nid}/workspace`;
  const q = (path: string) => encodeURIComponent(path);

  beforeAll(async () => {
    t = await startTestHub();
    owner = await t.tokenFor('owner@example.com');
    editor = await t.tokenFor('editor@example.com');
    viewer = await t.tokenFor('viewer@example.com');
    pid = (await t.call('/api/v1/projects', { method: 'POST', token: owner, body: { name: 'Workspace access' } })).json.data.id;
    for (const [email, role] of [
      ['viewer@example.com', 'viewer'],
      ['editor@example.com', 'editor'],
    ]) {
      await t.call(`/api/v1/projects/${pid}/members`, { method: 'POST', token: owner, body: { email, role } });
    }
    nid = (await t.call(`/api/v1/projects/${pid}/notebooks`, { method: 'POST', token: editor, body: { title: 'Files' } })).json.data.meta.id;
    code = (await t.call(`/api/v1/projects/${pid}/notebooks/${nid}/code`, { token: editor })).text;
  });
  afterAll(() => t.close());

  const upload = (path: string, body: string, options: { token?: string; notebook?: string } = {}) =>
    t.call(`/api/v1/projects/${pid}/notebooks/${options.notebook ?? nid}/workspace/files?path=${q(path)}`, {
      method: 'PUT',
      token: options.token ?? editor,
      body,
      headers: { 'content-type': 'application/octet-stream' },
    });
  const read = async (path: string) => {
    const response = await fetch(`${t.url}${base()}/files?path=${q(path)}`, { headers: { authorization: `Bearer ${viewer}` } });
    return { status: response.status, headers: response.headers, body: Buffer.from(await response.arrayBuffer()) };
  };
  const list = async (path = '') => t.call(`${base()}/items?path=${q(path)}`, { token: viewer });
  const post = (what: string, body: unknown, token = editor) => t.call(`${base()}/${what}`, { method: 'POST', token, body });
  const remove = (path: string, recursive = false, token = editor) =>
    t.call(`${base()}/items?path=${q(path)}${recursive ? '&recursive=true' : ''}`, { method: 'DELETE', token });
  const auditEvents = async () => {
    const { store } = t.hub.services;
    const page = await store.list(layout.projectAuditPrefix(pid));
    return Promise.all(
      page.items.map(
        async (item) => JSON.parse((await store.get(item.key))!.body.toString()) as { event: string; actor: string; metadata: Record<string, unknown> },
      ),
    );
  };

  it('shows the entry file from the current version and reports access per role', async () => {
    const root = (await list()).json.data;
    expect(root).toEqual([
      { path: 'notebook.py', name: 'notebook.py', kind: 'file', size: Buffer.byteLength(code), modified_at: expect.any(Number), mime_type: 'text/x-python' },
    ]);
    const entry = await read('notebook.py');
    expect(entry.body.toString()).toBe(code);
    expect(entry.headers.get('etag')).toBe(`"${sha256(code)}"`);
    const protectedPaths = [{ path: 'notebook.py', denied_operations: ['create', 'write', 'move', 'copy', 'delete'] }];
    expect((await t.call(`${base()}/access`, { token: editor })).json.data).toEqual({
      writable: true,
      read_only_reason: null,
      protected_paths: protectedPaths,
    });
    expect((await t.call(`${base()}/access`, { token: viewer })).json.data).toEqual({
      writable: false,
      read_only_reason: 'viewer',
      protected_paths: protectedPaths,
    });
  });

  it('refuses every change to the protected entry file, but lets it be read and copied', async () => {
    expect((await upload('outside.txt', 'not in the folder')).status).toBe(201);
    for (const [label, response] of [
      ['upload', await upload('notebook.py', 'print(1)')],
      ['mkdir', await post('directories', { path: 'notebook.py' })],
      ['copy onto', await post('copy', { from: 'outside.txt', to: 'notebook.py', overwrite: true })],
      ['move', await post('move', { from: 'notebook.py', to: 'moved.py' })],
      ['move onto', await post('move', { from: 'outside.txt', to: 'notebook.py', overwrite: true })],
      ['delete', await remove('notebook.py')],
    ] as const) {
      expect(response.status, label).toBe(403);
      expect(response.json.error.code, label).toBe('FORBIDDEN');
    }
    expect((await read('notebook.py')).body.toString()).toBe(code);
    expect((await post('copy', { from: 'notebook.py', to: 'backup/notebook copy.py' })).status).toBe(201);
    expect((await read('backup/notebook copy.py')).body.toString()).toBe(code);

    const nested = (
      await t.call(`/api/v1/projects/${pid}/notebooks`, { method: 'POST', token: editor, body: { title: 'Nested', entry_file: 'analysis/report.py' } })
    ).json.data.meta.id;
    const nestedBase = `/api/v1/projects/${pid}/notebooks/${nested}/workspace`;
    expect((await t.call(`${nestedBase}/items`, { token: viewer })).json.data).toEqual([{ path: 'analysis', name: 'analysis', kind: 'directory' }]);
    expect((await t.call(`${nestedBase}/items?path=analysis&recursive=true`, { method: 'DELETE', token: editor })).status).toBe(403);
    expect((await t.call(`${nestedBase}/move`, { method: 'POST', token: editor, body: { from: 'analysis', to: 'elsewhere' } })).status).toBe(403);
    expect((await upload('analysis/data.csv', 'x', { notebook: nested })).status).toBe(201);
  });

  it('refuses viewers every change, and reports each change in the audit log with paths only', async () => {
    const attempts = [
      await upload('viewer.txt', 'x', { token: viewer }),
      await post('directories', { path: 'viewer' }, viewer),
      await post('copy', { from: 'outside.txt', to: 'viewer.txt' }, viewer),
      await post('move', { from: 'outside.txt', to: 'viewer.txt' }, viewer),
      await remove('outside.txt', false, viewer),
    ];
    for (const response of attempts) expect(response.json.error.code).toBe('FORBIDDEN');

    await upload('audited/secret.txt', 'TOP-SECRET-CONTENT');
    await post('directories', { path: 'audited/dir' });
    await post('copy', { from: 'audited/secret.txt', to: 'audited/copy.txt' });
    await post('move', { from: 'audited/copy.txt', to: 'audited/moved.txt' });
    await remove('audited', true);
    const events = (await auditEvents()).filter((entry) => entry.event.startsWith('workspace.') && JSON.stringify(entry.metadata).includes('audited'));
    expect(events.map((entry) => entry.event).sort()).toEqual(['workspace.copy', 'workspace.delete', 'workspace.mkdir', 'workspace.move', 'workspace.upload']);
    expect(events.find((entry) => entry.event === 'workspace.move')!.metadata).toMatchObject({
      notebook_id: nid,
      from: 'audited/copy.txt',
      to: 'audited/moved.txt',
    });
    expect(JSON.stringify(events)).not.toContain('TOP-SECRET-CONTENT');
  });

  it('is read-only for a Git-synced notebook (CONFLICT on writes) and while an edit session holds it', async () => {
    const { store, catalog, notebooks, audit } = t.hub.services;
    const template = (await notebooks.get(pid, nid))!;
    const id = newNotebookId();
    const version = {
      version_id: newVersionId(),
      notebook_id: id,
      saved_at: new Date().toISOString(),
      author: template.author,
      message: 'Synced',
      parent_id: null,
    };
    await new NotebookRecords(store, catalog).create(
      {
        ...template,
        id,
        revision: newRevisionId(),
        title: 'From Git',
        source: {
          type: 'git',
          provider: 'github',
          repo: 'acme/analysis',
          branch: 'main',
          root_path: '',
          entry_notebook: 'notebook.py',
          sync_mode: 'pull',
          current_version_id: version.version_id,
          commit: 'abc123',
          last_synced_at: null,
        },
      },
      { version, code },
    );
    const gitBase = `/api/v1/projects/${pid}/notebooks/${id}/workspace`;
    expect((await t.call(`${gitBase}/access`, { token: editor })).json.data).toMatchObject({ writable: false, read_only_reason: 'git_source' });
    expect((await t.call(`${gitBase}/access`, { token: viewer })).json.data).toMatchObject({ writable: false, read_only_reason: 'viewer' });
    const refused = await upload('x.txt', 'x', { notebook: id });
    expect(refused.status).toBe(409);
    expect(refused.json.error.code).toBe('CONFLICT');
    expect((await t.call(`${gitBase}/directories`, { method: 'POST', token: editor, body: { path: 'd' } })).json.error.code).toBe('CONFLICT');
    expect((await t.call(`${gitBase}/items`, { token: viewer })).json.data.map((item: { name: string }) => item.name)).toEqual(['notebook.py']);
    expect(await store.get(layout.workspaceHead(pid, id))).toBeNull();

    const held = new WorkspaceService(store, audit, notebooks, { activeEditSession: async (projectId, notebookId) => projectId === pid && notebookId === nid });
    const notebook = (await notebooks.get(pid, nid))!;
    expect(await held.access(notebook, true)).toMatchObject({ writable: false, read_only_reason: 'active_session' });
    expect(await held.access(notebook, false)).toMatchObject({ writable: false, read_only_reason: 'viewer' });
    await expect(held.upload(notebook, 'held.txt', Buffer.from('x'), 'test')).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(held.remove(notebook, 'outside.txt', false, 'test')).rejects.toMatchObject({ code: 'CONFLICT' });
    expect((await held.readFile(notebook, 'outside.txt')).body.toString()).toBe('not in the folder');
  });
});
