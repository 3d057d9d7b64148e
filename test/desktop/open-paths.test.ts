import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bridgeHandlers, BRIDGE_CHANNELS } from '../../electron/src/host/bridge-handlers.js';
import { callerAs, startDesktopHub, type DesktopHub } from '../../electron/src/host/desktop-hub.js';
import { notebookTitleOf } from '../../electron/src/host/disk-flows.js';
import { FIRST_PROJECT_NAME, type HubCall } from '../../electron/src/host/menu-actions.js';
import { checkAndOpenPaths, checkOpenPaths, MAX_OPENED_PATHS, OpenPathsRefused, projectShown } from '../../electron/src/host/open-paths.js';
import { SettingsFile } from '../../electron/src/host/settings.js';
import { makeTempDir } from '../support/temp-dir.js';

const NOTEBOOK = (appArgs = '') => `import marimo

app = marimo.App(${appArgs})


@app.cell
def _():
    import marimo as mo
    return (mo,)


if __name__ == "__main__":
    app.run()
`;

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function launch(): Promise<{ desktop: DesktopHub; call: HubCall; dir: string }> {
  const temp = await makeTempDir('desktop-open');
  cleanups.push(temp.cleanup);
  const desktop = await startDesktopHub({ dataDir: path.join(temp.dir, 'hub'), logLevel: 'silent', uiDir: null });
  cleanups.push(() => desktop.close());
  return { desktop, call: callerAs(desktop.url, await desktop.windowCookies()), dir: temp.dir };
}

async function newProject(call: HubCall, name: string): Promise<string> {
  const created = await call('/api/v1/projects', { method: 'POST', body: { name } });
  expect(created.status).toBe(201);
  return (created.json as { data: { id: string } }).data.id;
}

async function notebooksOf(call: HubCall, projectId: string): Promise<{ id: string; title: string }[]> {
  const listed = await call(`/api/v1/projects/${projectId}/notebooks`);
  expect(listed.status).toBe(200);
  return (listed.json as { data: { items: { id: string; title: string }[] } }).data.items;
}

describe('paths given to the app (a drop, a command line)', () => {
  it('are checked before anything is done: absolute, existing, .py files or one folder, nothing else', async () => {
    const temp = await makeTempDir('desktop-open-check');
    cleanups.push(temp.cleanup);
    const at = (name: string) => path.join(temp.dir, name);
    await writeFile(at('sales.py'), NOTEBOOK());
    await writeFile(at('notes.txt'), 'not a notebook');
    await mkdir(at('analytics'));

    expect(await checkOpenPaths([at('sales.py')])).toEqual([{ kind: 'notebook', path: at('sales.py') }]);
    expect(await checkOpenPaths([at('analytics')])).toEqual([{ kind: 'folder', path: at('analytics') }]);

    const refusal = async (paths: unknown) => {
      const error = await checkOpenPaths(paths).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(OpenPathsRefused);
      return (error as OpenPathsRefused).failures.map((failure) => failure.message);
    };
    expect(await refusal([at('notes.txt'), at('gone.py'), 'relative.py', 42])).toEqual([
      'notes.txt is neither a .py notebook nor a folder.',
      'gone.py does not exist.',
      'A dropped item has no place on disk (drop files from the file manager).',
      'A dropped item has no place on disk (drop files from the file manager).',
    ]);
    expect(await refusal([at('analytics'), at('sales.py')])).toEqual(['Import one folder at a time, on its own (a folder brings every notebook in it).']);
    expect(await refusal([])).toEqual(['Nothing to import: drop a .py notebook or a folder.']);
    expect(await refusal('/etc')).toEqual(['Nothing to import: drop a .py notebook or a folder.']);
    expect(await refusal(Array.from({ length: MAX_OPENED_PATHS + 1 }, () => at('sales.py')))).toEqual([
      `At most ${MAX_OPENED_PATHS} notebooks can be imported at once; import their folder instead.`,
    ]);
    expect(await refusal([`${at('sales.py')}\0`])).toHaveLength(1);
  });

  it('finds the project a page of the window belongs to', () => {
    const origin = 'http://127.0.0.1:40111';
    expect(projectShown(`${origin}/projects/prj-1/notebooks`, origin)).toBe('prj-1');
    expect(projectShown(`${origin}/projects/prj-1/notebooks/nb-2/edit`, origin)).toBe('prj-1');
    expect(projectShown(`${origin}/account`, origin)).toBeNull();
    expect(projectShown(`http://127.0.0.1:40112/projects/prj-1`, origin)).toBeNull();
    expect(projectShown(null, origin)).toBeNull();
  });

  it('import a .py notebook into the project the window shows, titled and named as a folder import would', async () => {
    const { desktop, call, dir } = await launch();
    const other = await newProject(call, 'Other');
    const shown = await newProject(call, 'Shown');
    await writeFile(path.join(dir, 'sales_report.py'), NOTEBOOK('width="full", app_title="Sales report"'));

    const answer = await checkAndOpenPaths(call, [path.join(dir, 'sales_report.py')], {
      pageUrl: `${desktop.url}/projects/${shown}/notebooks`,
      hubOrigin: desktop.url,
      recent: [{ projectId: other, notebookId: 'x', title: 'x', openedAt: new Date().toISOString() }],
    });
    expect(answer.failures).toEqual([]);
    const [created] = await notebooksOf(call, shown);
    expect(created?.title).toBe('Sales report');
    expect(answer).toEqual({
      opened: [{ path: path.join(dir, 'sales_report.py'), kind: 'notebook', page: `/projects/${shown}/notebooks/${created!.id}/edit` }],
      failures: [],
      page: `/projects/${shown}/notebooks/${created!.id}/edit`,
    });
    expect(await notebooksOf(call, other)).toEqual([]);
    const code = await call(`/api/v1/projects/${shown}/notebooks/${created!.id}/code`);
    expect(code.text).toBe(NOTEBOOK('width="full", app_title="Sales report"'));
    const access = await call(`/api/v1/projects/${shown}/notebooks/${created!.id}/workspace/access`);
    expect(JSON.stringify(access.json)).toContain('sales_report.py');
    const audit = await call(`/api/v1/projects/${shown}/events?limit=50`);
    expect(JSON.stringify(audit.json)).toContain('notebook.create');
  });

  it('import into the first project when the window shows none, or a new one when there is none', async () => {
    const { desktop, call, dir } = await launch();
    await writeFile(path.join(dir, 'Q3 forecast.py'), NOTEBOOK());
    await writeFile(path.join(dir, 'naïve model.py'), NOTEBOOK());
    const answer = await checkAndOpenPaths(call, [path.join(dir, 'Q3 forecast.py'), path.join(dir, 'naïve model.py')], {
      pageUrl: `${desktop.url}/account`,
      hubOrigin: desktop.url,
      recent: [],
    });
    expect(answer.failures).toEqual([]);
    const projects = await call('/api/v1/projects');
    const [project] = (projects.json as { data: { items: { id: string; name: string }[] } }).data.items;
    expect(project?.name).toBe(FIRST_PROJECT_NAME);
    // Several notebooks: the project's list shows them all.
    expect(answer.page).toBe(`/projects/${project!.id}/notebooks`);
    expect((await notebooksOf(call, project!.id)).map((notebook) => notebook.title).sort()).toEqual(['Q3 forecast', 'naïve model']);
    expect(notebookTitleOf(NOTEBOOK("app_title='  '"), 'x.py')).toBe('x');
  });

  it("say which files the hub refuses, and still import the others; a folder goes through the hub's import", async () => {
    const { desktop, call, dir } = await launch();
    const pid = await newProject(call, 'Mixed');
    await writeFile(path.join(dir, 'helpers.py'), 'def add(a, b):\n    return a + b\n');
    await writeFile(path.join(dir, 'latin1.py'), Buffer.from('import marimo\n# caf\xe9\napp = marimo.App()\n', 'latin1'));
    await writeFile(path.join(dir, 'good.py'), NOTEBOOK());
    const place = { pageUrl: `${desktop.url}/projects/${pid}`, hubOrigin: desktop.url, recent: [] };
    const answer = await checkAndOpenPaths(call, [path.join(dir, 'helpers.py'), path.join(dir, 'latin1.py'), path.join(dir, 'good.py')], place);
    expect(answer.opened.map((opened) => path.basename(opened.path))).toEqual(['good.py']);
    expect(answer.failures).toEqual([
      { path: path.join(dir, 'helpers.py'), message: expect.stringMatching(/^helpers\.py could not be imported: HTTP 422: not a marimo notebook/) },
      { path: path.join(dir, 'latin1.py'), message: 'latin1.py is not UTF-8 text: save it as UTF-8 and import it again' },
    ]);
    expect((await notebooksOf(call, pid)).map((notebook) => notebook.title)).toEqual(['good']);

    const folder = path.join(dir, 'analytics');
    await mkdir(path.join(folder, 'data'), { recursive: true });
    await writeFile(path.join(folder, 'weekly.py'), NOTEBOOK());
    await writeFile(path.join(folder, 'data', 'sales.csv'), 'month,total\n');
    const imported = await checkAndOpenPaths(call, [folder], place);
    expect(imported.failures).toEqual([]);
    expect(imported.page).toMatch(new RegExp(`^/projects/${pid}/import/imp-`));
    const read = await call(`/api/v1${imported.page!.replace('/import/', '/notebook-imports/')}`);
    expect((read.json as { data: { notebooks: { path: string }[] } }).data.notebooks.map((notebook) => notebook.path)).toEqual(['analytics/weekly.py']);

    // A refused set does nothing at all.
    await symlink('/dev/null', path.join(dir, 'device.py'));
    const refused = await checkAndOpenPaths(call, [path.join(dir, 'good.py'), path.join(dir, 'device.py')], place);
    expect(refused).toEqual({
      opened: [],
      failures: [{ path: path.join(dir, 'device.py'), message: 'device.py is neither a .py notebook nor a folder.' }],
      page: null,
    });
    expect(await notebooksOf(call, pid)).toHaveLength(1);
  });

  it('are taken over the bridge only from pages of the hub', async () => {
    const { desktop, call, dir } = await launch();
    const temp = await makeTempDir('desktop-open-settings');
    cleanups.push(temp.cleanup);
    const settings = new SettingsFile(path.join(temp.dir, 'settings.json'));
    await settings.load();
    let restarts = 0;
    const handlers = bridgeHandlers({
      hubOrigin: desktop.url,
      call,
      settings,
      launch: { driver: 'local', notice: null },
      checkDocker: () => Promise.reject(new Error('not asked')),
      restart: () => void restarts++,
    });
    await writeFile(path.join(dir, 'dropped.py'), NOTEBOOK());
    const importDropped = handlers[BRIDGE_CHANNELS.importDropped]!;
    await expect(importDropped('https://evil.example/', [path.join(dir, 'dropped.py')])).rejects.toThrow('not allowed from this page');
    await expect(handlers[BRIDGE_CHANNELS.restart]!('file:///tmp/x.html')).rejects.toThrow('not allowed from this page');
    expect(restarts).toBe(0);
    const projects = await call('/api/v1/projects');
    expect((projects.json as { data: { items: unknown[] } }).data.items).toEqual([]);

    const answer = (await importDropped(`${desktop.url}/`, [path.join(dir, 'dropped.py')])) as { page: string };
    expect(answer.page).toMatch(/^\/projects\/[^/]+\/notebooks\/nb-[^/]+\/edit$/);
    await handlers[BRIDGE_CHANNELS.restart]!(`${desktop.url}/account`);
    expect(restarts).toBe(1);
  });
});
