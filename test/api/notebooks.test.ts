import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { layout } from '../../service/src/core/storage-layout.js';
import { startTestHub, type TestHub } from '../support/test-hub.js';

const notebookCode = (label: string) => `# /// script
# requires-python = ">=3.11"
# ///
import marimo

__generated_with = "0.25.2"
app = marimo.App()


@app.cell
def _():
    print(${JSON.stringify(label)})
    return


if __name__ == "__main__":
    app.run()
`;

describe('notebooks', () => {
  let t: TestHub;
  let owner: string;
  let viewer: string;
  let editor: string;
  let outsider: string;
  let pid: string;
  beforeAll(async () => {
    t = await startTestHub({ env: { SERVICE_MAX_VERSIONS_PER_NOTEBOOK: '3', SERVICE_CLASSIFICATION_ORDER: 'public,internal,secret' } });
    owner = await t.tokenFor('owner@example.com');
    viewer = await t.tokenFor('viewer@example.com');
    editor = await t.tokenFor('editor@example.com');
    outsider = await t.tokenFor('outsider@example.com');
    pid = (await t.call('/api/v1/projects', { method: 'POST', token: owner, body: { name: 'Notebooks' } })).json.data.id;
    for (const [email, role] of [
      ['viewer@example.com', 'viewer'],
      ['editor@example.com', 'editor'],
    ]) {
      await t.call(`/api/v1/projects/${pid}/members`, { method: 'POST', token: owner, body: { email, role } });
    }
  });
  afterAll(() => t.close());
  const base = () => `/api/v1/projects/${pid}/notebooks`;
  const createNotebook = async (body: object = { title: 'Analysis' }, token = editor) => (await t.call(base(), { method: 'POST', token, body })).json.data;
  const current = async (nid: string) => (await t.call(`${base()}/${nid}`, { token: owner })).json.data.source.current_version_id as string;
  const save = (nid: string, code: string, baseVersion: string | null, token = editor) =>
    t.call(`${base()}/${nid}/versions`, { method: 'POST', token, body: { code, base_version_id: baseVersion, message: 'edit' } });

  it('creates a blank notebook with its first version, and counts it in the project', async () => {
    const created = await t.call(base(), { method: 'POST', token: editor, body: { title: ' Blank ', tags: ['kind:demo'] } });
    expect(created.status).toBe(201);
    // docs/notebooks.md: the detail is exactly these three.
    expect(Object.keys(created.json.data).sort()).toEqual(['meta', 'readme', 'source']);
    const { meta, source, readme } = created.json.data;
    expect(meta).toMatchObject({
      title: 'Blank',
      status: 'draft',
      project_id: pid,
      tags: ['kind:demo'],
      last_run_at: null,
      runtime: { marimo_version: expect.any(String) },
    });
    expect(meta.id).toMatch(/^nb-[0-9a-z]{16}$/);
    expect(source).toEqual({ type: 'local', current_version_id: expect.stringMatching(/^ver-/) });
    expect(readme).toBeNull();
    // The entry file's path is where the workspace protects it.
    const access = (await t.call(`${base()}/${meta.id}/workspace/access`, { token: editor })).json.data;
    expect(access.protected_paths.map((entry: { path: string }) => entry.path)).toEqual(['notebook.py']);
    const code = await t.call(`${base()}/${meta.id}/code`, { token: viewer });
    expect(code.headers.get('content-type')).toMatch(/^text\/x-python/);
    expect(code.text).toMatch(/app = marimo\.App\(\)/);
    const versions = (await t.call(`${base()}/${meta.id}/versions`, { token: viewer })).json.data;
    expect(versions.items).toHaveLength(1);
    expect(versions.items[0]).toMatchObject({ version_id: source.current_version_id, parent_id: null, message: 'Created' });
    const project = (await t.call(`/api/v1/projects?limit=200`, { token: editor })).json.data.items.find((item: { id: string }) => item.id === pid);
    expect(project.notebook_count).toBeGreaterThanOrEqual(1);
  });

  it('accepts only marimo notebooks, and reads their runtime', async () => {
    const created = await createNotebook({ title: 'From code', code: notebookCode('hello') });
    expect(created.meta.runtime).toEqual({ python_version: '>=3.11', marimo_version: '0.25.2' });
    for (const code of ['print("not marimo")', 'import marimo\n', `import marimo\napp = marimo.App()\n\u0000`]) {
      const refused = await t.call(base(), { method: 'POST', token: editor, body: { title: 'x', code } });
      expect(refused.status, code).toBe(422);
    }
    for (const entry_file of ['../escape.py', '/abs.py', 'notes.txt', 'a/../b.py']) {
      expect((await t.call(base(), { method: 'POST', token: editor, body: { title: 'x', entry_file } })).status, entry_file).toBe(422);
    }
    expect((await t.call(base(), { method: 'POST', token: editor, body: { title: 'x', compute_profile: 'huge' } })).status).toBe(403);
  });

  it('refuses a save that is not based on the current version, and lets exactly one of two concurrent saves win', async () => {
    const nid = (await createNotebook()).meta.id;
    const first = await current(nid);
    const saved = await save(nid, notebookCode('one'), first);
    expect(saved.status).toBe(201);
    expect(saved.json.data).toMatchObject({ parent_id: first, message: 'edit' });
    const stale = await save(nid, notebookCode('stale'), first);
    expect(stale.status).toBe(409);
    expect(stale.json.error.code).toBe('CONFLICT');
    expect((await save(nid, notebookCode('blind'), null)).status).toBe(409);

    const head = await current(nid);
    const [a, b] = await Promise.all([save(nid, notebookCode('a'), head), save(nid, notebookCode('b'), head)]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const winner = a.status === 201 ? 'a' : 'b';
    expect((await t.call(`${base()}/${nid}/code`, { token: editor })).text).toContain(`print("${winner}")`);
  });

  it('keeps at most max_versions_per_notebook versions, never the current one, and restores old ones as new versions', async () => {
    const nid = (await createNotebook()).meta.id;
    const ids = [await current(nid)];
    for (let i = 0; i < 5; i++) ids.push((await save(nid, notebookCode(`v${i}`), ids.at(-1)!)).json.data.version_id);
    const listed = (await t.call(`${base()}/${nid}/versions`, { token: viewer })).json.data.items.map((version: { version_id: string }) => version.version_id);
    expect(listed).toEqual(ids.slice(-3).reverse());
    expect((await t.call(`${base()}/${nid}/versions/${ids[0]}`, { token: viewer })).status).toBe(404);
    expect(await t.hub.store.get(layout.notebookVersionPart(pid, nid, ids[0]!, 'code'))).toBeNull();

    const restored = await t.call(`${base()}/${nid}/versions/${ids[4]}/restore`, { method: 'POST', token: editor, body: { base_version_id: ids[5] } });
    expect(restored.status).toBe(201);
    expect(restored.json.data.message).toBe(`Restored ${ids[4]}`);
    expect((await t.call(`${base()}/${nid}/code`, { token: editor })).text).toContain('print("v3")');
    expect((await t.call(`${base()}/${nid}/versions/${ids[5]}/code`, { token: editor })).text).toContain('print("v4")');
  });

  it('changes metadata by role, with valid status moves only', async () => {
    const nid = (await createNotebook()).meta.id;
    const renamed = await t.call(`${base()}/${nid}`, { method: 'PATCH', token: editor, body: { title: 'Renamed', description: 'about' } });
    expect(renamed.json.data.meta).toMatchObject({ title: 'Renamed', description: 'about' });
    expect((await t.call(`${base()}/${nid}`, { method: 'PATCH', token: editor, body: { status: 'active' } })).status).toBe(403);
    expect((await t.call(`${base()}/${nid}`, { method: 'PATCH', token: viewer, body: { title: 'x' } })).status).toBe(403);
    expect((await t.call(`${base()}/${nid}`, { method: 'PATCH', token: owner, body: { status: 'archived' } })).json.data.meta.status).toBe('archived');
    const back = await t.call(`${base()}/${nid}`, { method: 'PATCH', token: owner, body: { status: 'draft' } });
    expect(back.status).toBe(409);
    expect((await t.call(`${base()}/${nid}`, { method: 'PATCH', token: owner, body: { compute_profile: 'default' } })).json.data.meta.compute_profile).toBe(
      'default',
    );
  });

  it('applies the rules of PATCH to the settings a notebook is created with', async () => {
    const titles = async () => (await t.call(`${base()}?limit=200`, { token: owner })).json.data.items.map((item: { title: string }) => item.title) as string[];
    const secret = { classification: 'secret', compartments: [] };
    const refused: [string, object][] = [
      ['active', { status: 'active' }],
      ['archived', { status: 'archived' }],
      ['image', { base_image: 'registry.example/other:1' }],
      ['profile', { compute_profile: 'default' }],
      ['labels', { security_labels: secret }],
    ];
    for (const [title, settings] of refused) {
      const response = await t.call(base(), { method: 'POST', token: editor, body: { title: `refused ${title}`, ...settings } });
      expect(response.status, title).toBe(403);
      expect(response.json.error.code).toBe('FORBIDDEN');
    }
    expect((await titles()).filter((title) => title.startsWith('refused'))).toEqual([]);
    const events = (await t.hub.store.list(layout.projectAuditPrefix(pid))).items;
    const bodies = await Promise.all(events.map(async (item) => (await t.hub.store.get(item.key))!.body.toString()));
    expect(bodies.filter((body) => body.includes('refused '))).toEqual([]);

    // What a new notebook has anyway needs no role beyond notebook.write.
    const plain = await t.call(base(), {
      method: 'POST',
      token: editor,
      body: { title: 'defaults', status: 'draft', base_image: null, compute_profile: null, security_labels: null },
    });
    expect(plain.status, plain.text).toBe(201);
    const managed = await t.call(base(), {
      method: 'POST',
      token: owner,
      body: { title: 'managed', status: 'active', compute_profile: 'default', security_labels: secret },
    });
    expect(managed.status, managed.text).toBe(201);
    expect(managed.json.data.meta).toMatchObject({ status: 'active', compute_profile: 'default', security_labels: secret });
  });

  it('fills every page with notebooks the caller may see: labels are checked before the page is cut', async () => {
    const { notebooks } = t.hub.services;
    const me = (await t.call('/api/v1/me', { token: owner })).json.data;
    const visible: string[] = [];
    for (let i = 0; i < 3; i++) {
      // Tokens carry no security context, so labelled notebooks are hidden from every caller here.
      for (let j = 0; j < 3; j++)
        await notebooks.create(pid, 'Notebooks', { title: `hidden ${i}.${j}`, security_labels: { classification: 'public', compartments: [] } }, me);
      visible.unshift((await notebooks.create(pid, 'Notebooks', { title: `shown ${i}` }, me)).notebook.id);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const page = (await t.call(`${base()}?limit=2${query}`, { token: viewer })).json.data;
      if (page.next_cursor) expect(page.items).toHaveLength(2);
      seen.push(...page.items.map((item: { id: string }) => item.id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen.slice(0, 3)).toEqual(visible);
    const titles = (await t.call(`${base()}?limit=200`, { token: viewer })).json.data.items.map((item: { title: string }) => item.title);
    expect(titles.filter((title: string) => title.startsWith('hidden'))).toEqual([]);
  });

  it('lists newest first with a status filter, hides deleted notebooks and audits every change', async () => {
    const before = (await t.call('/api/v1/projects?limit=200', { token: owner })).json.data.items.find(
      (item: { id: string }) => item.id === pid,
    ).notebook_count;
    const older = (await createNotebook({ title: 'older' })).meta.id;
    const newer = (await createNotebook({ title: 'newer', status: 'active' }, owner)).meta.id;
    const all = (await t.call(`${base()}?limit=2`, { token: viewer })).json.data;
    expect(all.items.map((item: { id: string }) => item.id)).toEqual([newer, older]);
    expect(all.next_cursor).not.toBeNull();
    const active = (await t.call(`${base()}?status=active&limit=200`, { token: viewer })).json.data.items.map((item: { id: string }) => item.id);
    expect(active).toContain(newer);
    expect(active).not.toContain(older);

    expect((await t.call(`${base()}/${older}`, { method: 'DELETE', token: editor })).status).toBe(403);
    expect((await t.call(`${base()}/${older}`, { method: 'DELETE', token: owner })).json).toEqual({ success: true });
    expect((await t.call(`${base()}/${older}`, { token: owner })).status).toBe(404);
    expect((await t.call(`${base()}?limit=200`, { token: owner })).json.data.items.map((item: { id: string }) => item.id)).not.toContain(older);
    const after = (await t.call('/api/v1/projects?limit=200', { token: owner })).json.data.items.find((item: { id: string }) => item.id === pid).notebook_count;
    expect(after).toBe(before + 1);

    const { store } = t.hub;
    const audit = await store.list(layout.projectAuditPrefix(pid));
    const events = await Promise.all(
      audit.items.map(async (item) => JSON.parse((await store.get(item.key))!.body.toString()) as { event: string; metadata: { notebook_id?: string } }),
    );
    expect(
      events
        .filter((entry) => entry.metadata.notebook_id === older)
        .map((entry) => entry.event)
        .sort(),
    ).toEqual(['notebook.create', 'notebook.delete']);
    expect(events.map((entry) => entry.event)).toEqual(expect.arrayContaining(['notebook.save', 'notebook.restore', 'notebook.update']));
  });

  it('serves the latest HTML snapshot, or NO_HTML_SNAPSHOT', async () => {
    const nid = (await createNotebook()).meta.id;
    const none = await t.call(`${base()}/${nid}/html`, { token: viewer });
    expect(none.status).toBe(404);
    expect(none.json.error.code).toBe('NO_HTML_SNAPSHOT');
    await t.hub.services.notebooks.attachSnapshot(pid, nid, await current(nid), Buffer.from('<html><body>rendered</body></html>'), 'system');
    const html = await t.call(`${base()}/${nid}/html`, { token: viewer });
    expect(html.status).toBe(200);
    expect(html.headers.get('content-type')).toMatch(/^text\/html/);
    expect(html.headers.get('content-security-policy')).toMatch(/sandbox/);
    expect(html.text).toContain('rendered');
    const version = (await t.call(`${base()}/${nid}/versions`, { token: viewer })).json.data.items[0];
    expect(version.html_snapshot).toEqual({ captured_at: expect.any(String), bytes: 34 });
  });

  it('hides everything from non-members and keeps viewers to reading', async () => {
    const nid = (await createNotebook()).meta.id;
    for (const path of [base(), `${base()}/${nid}`, `${base()}/${nid}/code`, `${base()}/${nid}/versions`]) {
      expect((await t.call(path, { token: outsider })).status, path).toBe(404);
    }
    expect((await t.call(`${base()}/nb-0000000000000000`, { token: viewer })).status).toBe(404);
    expect((await save(nid, notebookCode('v'), await current(nid), viewer)).status).toBe(403);
    expect((await t.call(base(), { method: 'POST', token: viewer, body: { title: 'x' } })).status).toBe(403);
  });
});
