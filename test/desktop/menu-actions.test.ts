import { afterEach, describe, expect, it } from 'vitest';
import { callerAs, startDesktopHub, type DesktopHub } from '../../electron/src/host/desktop-hub.js';
import { createNotebookFromMenu, FIRST_PROJECT_NAME, recentNotebookOf, staysInWindow } from '../../electron/src/host/menu-actions.js';
import { makeTempDir } from '../support/temp-dir.js';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function launch(): Promise<DesktopHub> {
  const temp = await makeTempDir('desktop-menu');
  cleanups.push(temp.cleanup);
  const desktop = await startDesktopHub({ dataDir: temp.dir, logLevel: 'silent', uiDir: null });
  cleanups.push(() => desktop.close());
  return desktop;
}

describe('the File menu', () => {
  it('creates a new notebook in a first project when there is none, then in the project worked in last', async () => {
    const desktop = await launch();
    const call = callerAs(desktop.url, await desktop.windowCookies());
    const at = new Date('2026-11-25T10:30:00Z');

    const first = await createNotebookFromMenu(call, [], at);
    const [, pid, nid] = /^\/projects\/([^/]+)\/notebooks\/([^/]+)\/edit$/.exec(first)!;
    const project = await call(`/api/v1/projects/${pid}`);
    expect(project.json).toMatchObject({ data: { name: FIRST_PROJECT_NAME } });
    const notebook = await call(`/api/v1/projects/${pid}/notebooks/${nid}`);
    expect(notebook.json).toMatchObject({ data: { meta: { title: 'Untitled 2026-11-25 10:30' } } });

    const other = await call('/api/v1/projects', { method: 'POST', body: { name: 'Later' } });
    const otherId = (other.json as { data: { id: string } }).data.id;
    const recent = [{ projectId: otherId, notebookId: 'x', title: 'x', openedAt: at.toISOString() }];
    expect(await createNotebookFromMenu(call, recent, new Date('2026-11-25T10:31:00Z'))).toMatch(new RegExp(`^/projects/${otherId}/notebooks/`));

    // A recent project that is gone (or hidden) is passed over.
    const gone = [{ projectId: 'prj-0000000000000000', notebookId: 'x', title: 'x', openedAt: at.toISOString() }];
    expect(await createNotebookFromMenu(call, gone, new Date('2026-11-25T10:32:00Z'))).toMatch(/^\/projects\/[^/]+\/notebooks\//);
    const audit = await call(`/api/v1/projects/${otherId}/events?limit=50`);
    expect(audit.status).toBe(200);
    expect(JSON.stringify(audit.json)).toContain('notebook.create');
  });

  it('says why when the hub refuses', async () => {
    const desktop = await launch();
    const signedOut = callerAs(desktop.url, [{ name: 'nh_launch', value: desktop.secret }]);
    await expect(createNotebookFromMenu(signedOut, [])).rejects.toThrow(/listing projects failed: HTTP 401/);
  });
});

describe('the window', () => {
  const origin = 'http://127.0.0.1:40111';

  it('records notebooks it shows as recent, and nothing else', () => {
    const at = new Date('2026-11-25T10:00:00Z');
    expect(recentNotebookOf(`${origin}/projects/prj-1/notebooks/nb-2/edit`, origin, ' Sales model ', at)).toEqual({
      projectId: 'prj-1',
      notebookId: 'nb-2',
      title: 'Sales model',
      openedAt: at.toISOString(),
    });
    expect(recentNotebookOf(`${origin}/projects/prj-1/notebooks/nb-2/app/`, origin, '', at)?.title).toBe('Notebook');
    expect(recentNotebookOf(`${origin}/projects/prj-1/notebooks`, origin, 'x', at)).toBeNull();
    expect(recentNotebookOf(`http://127.0.0.1:40112/projects/prj-1/notebooks/nb-2/edit`, origin, 'x', at)).toBeNull();
    expect(recentNotebookOf('not a url', origin, 'x', at)).toBeNull();
  });

  it('keeps only the hub in the window; other sites go to the system browser', () => {
    expect(staysInWindow(`${origin}/s/ses_1/`, origin)).toBe(true);
    expect(staysInWindow('https://docs.marimo.io/', origin)).toBe(false);
    expect(staysInWindow('http://127.0.0.1:40112/', origin)).toBe(false);
    expect(staysInWindow('file:///etc/passwd', origin)).toBe(false);
    expect(staysInWindow('javascript:alert(1)', origin)).toBe(false);
  });
});
