import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { callerAs, startDesktopHub } from '../../electron/src/host/desktop-hub.js';
import { fileNameOf, importFolder, notebookFile } from '../../electron/src/host/disk-flows.js';
import type { HubCall } from '../../electron/src/host/menu-actions.js';
import { makeTempDir } from '../support/temp-dir.js';

const NOTEBOOK = (title: string) => `import marimo

app = marimo.App()


@app.cell
def _():
    import marimo as mo
    mo.md("# ${title}")
    return (mo,)


if __name__ == "__main__":
    app.run()
`;

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function launch(): Promise<{ call: HubCall; dir: string }> {
  const temp = await makeTempDir('desktop-disk');
  cleanups.push(temp.cleanup);
  const desktop = await startDesktopHub({ dataDir: path.join(temp.dir, 'hub'), logLevel: 'silent' });
  cleanups.push(() => desktop.close().then(() => undefined));
  return { call: callerAs(desktop.url, await desktop.windowCookies()), dir: temp.dir };
}

async function newProject(call: HubCall): Promise<string> {
  const created = await call('/api/v1/projects', { method: 'POST', body: { name: 'From disk' } });
  expect(created.status).toBe(201);
  return (created.json as { data: { id: string } }).data.id;
}

describe('folders and files on disk', () => {
  it('imports a folder as the browser import of its zip would, leaving tool folders and links out', async () => {
    const { call, dir } = await launch();
    const pid = await newProject(call);
    const folder = path.join(dir, 'analytics');
    await mkdir(path.join(folder, 'reports', '__pycache__'), { recursive: true });
    await mkdir(path.join(folder, '.git'), { recursive: true });
    await mkdir(path.join(folder, 'data'), { recursive: true });
    await writeFile(path.join(folder, 'sales.py'), NOTEBOOK('Sales'));
    await writeFile(path.join(folder, 'reports', 'weekly.py'), NOTEBOOK('Weekly'));
    await writeFile(path.join(folder, 'reports', '__pycache__', 'weekly.cpython-311.pyc'), 'compiled');
    await writeFile(path.join(folder, '.git', 'HEAD'), 'ref: refs/heads/main\n');
    await writeFile(path.join(folder, 'data', 'sales.csv'), 'month,total\nJan,10\n');
    await symlink(path.join(folder, 'data', 'sales.csv'), path.join(folder, 'latest.csv'));

    const imported = await importFolder(call, folder, pid);
    expect(imported.page).toBe(`/projects/${pid}/import/${imported.importId}`);
    expect(imported.skipped).toEqual(['analytics/.git/', 'analytics/latest.csv', 'analytics/reports/__pycache__/']);
    const read = await call(`/api/v1/projects/${pid}/notebook-imports/${imported.importId}`);
    expect(read.status).toBe(200);
    const notebooks = (read.json as { data: { notebooks: { path: string }[] } }).data.notebooks.map((entry) => entry.path).sort();
    expect(notebooks).toEqual(['analytics/reports/weekly.py', 'analytics/sales.py']);
  });

  it('says why a folder cannot be imported', async () => {
    const { call, dir } = await launch();
    const pid = await newProject(call);
    await mkdir(path.join(dir, 'empty', '.git'), { recursive: true });
    await expect(importFolder(call, path.join(dir, 'empty'), pid)).rejects.toThrow('has no files to import');
    await mkdir(path.join(dir, 'other'));
    await writeFile(path.join(dir, 'other', 'a.py'), NOTEBOOK('A'));
    await expect(importFolder(call, path.join(dir, 'other'), 'proj-0000000000000000')).rejects.toThrow(/HTTP 404/);
  });

  it("gives a notebook's current source with a file name made from its title", async () => {
    const { call } = await launch();
    const pid = await newProject(call);
    const created = await call(`/api/v1/projects/${pid}/notebooks`, { method: 'POST', body: { title: 'Q3 Revenue: Café report', code: NOTEBOOK('Q3') } });
    expect(created.status).toBe(201);
    const nid = (created.json as { data: { meta: { id: string } } }).data.meta.id;
    expect(await notebookFile(call, pid, nid)).toEqual({ fileName: 'q3_revenue_cafe_report.py', code: NOTEBOOK('Q3') });
    expect(fileNameOf('***')).toBe('notebook');
  });
});
