import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSV_NOTEBOOK } from '../support/notebook-folders.js';
import { sandboxRuntime, startSessionWorld, type SessionWorld } from '../support/session-world.js';

const encode = (text: string) => new TextEncoder().encode(text);

describe.skipIf(sandboxRuntime === null)('an imported notebook runs with the files around it (local driver, real marimo)', () => {
  let w: SessionWorld;
  beforeAll(async () => {
    w = await startSessionWorld({ SERVICE_MAX_VERSIONS_PER_NOTEBOOK: '2' });
  });
  afterAll(() => w.close());

  it('reads its neighbouring data file when run, and its app keeps the version it runs from being pruned', async () => {
    const { t, pid } = w;
    const folder = zipSync({ report: { 'reader.py': encode(CSV_NOTEBOOK), data: { 'input.csv': encode('city,visitors\nLisbon,4217\n') } } });
    const uploaded = await w.api(`/api/v1/projects/${pid}/notebook-imports`, 'editor', {
      method: 'POST',
      body: folder,
      headers: { 'content-type': 'application/zip' },
    });
    expect(uploaded.status, uploaded.text).toBe(201);
    const created = await w.api(`/api/v1/projects/${pid}/notebook-imports/${uploaded.json.data.id}/notebooks`, 'editor', {
      method: 'POST',
      body: { path: 'report/reader.py' },
    });
    expect(created.status, created.text).toBe(201);
    const nid = created.json.data.notebook.meta.id as string;
    const first = created.json.data.notebook.source.current_version_id as string;

    const started = await w.start('editor', { notebook_id: nid, mode: 'app' });
    expect(started.status, started.text).toBe(201);
    expect(started.json.data.state).toBe('running');
    const record = (await t.hub.services.sessionStore.get(pid, started.json.data.id))!;
    expect(record.base_version_id).toBe(first);
    const html = (await t.hub.services.runtime.exportHtml(record.sandbox!, record.entry_file, record.runtime_env)).toString('utf8');
    expect(html).toContain('Lisbon');
    expect(html).toContain('4217');
    expect(html).not.toContain('FileNotFoundError');

    // Editors save on while the app runs the first version: it outlives the limit of 2.
    const versions = async () =>
      (await w.api(`/api/v1/projects/${pid}/notebooks/${nid}/versions`, 'editor')).json.data.items.map((item: { version_id: string }) => item.version_id);
    const ids = [first];
    for (const n of [1, 2, 3]) {
      const saved = await w.api(`/api/v1/projects/${pid}/notebooks/${nid}/versions`, 'editor', {
        method: 'POST',
        body: { code: `${CSV_NOTEBOOK}# edit ${n}\n`, base_version_id: ids.at(-1) },
      });
      expect(saved.status, saved.text).toBe(201);
      ids.push(saved.json.data.version_id);
    }
    expect(await versions()).toEqual([ids[3], first]);

    const stopped = await w.api(`/api/v1/projects/${pid}/sessions/${started.json.data.id}/stop`, 'editor', { method: 'POST' });
    expect(stopped.json.data.state, stopped.text).toBe('stopped');
    const saved = await w.api(`/api/v1/projects/${pid}/notebooks/${nid}/versions`, 'editor', {
      method: 'POST',
      body: { code: `${CSV_NOTEBOOK}# edit 4\n`, base_version_id: ids[3] },
    });
    expect(await versions()).toEqual([saved.json.data.version_id, ids[3]]);
  });
});
