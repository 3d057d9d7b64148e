import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { callerAs, startDesktopHub, type DesktopHub } from '../../electron/src/host/desktop-hub.js';
import { readExamples, seedExamples } from '../../electron/src/host/examples.js';
import type { HubCall } from '../../electron/src/host/menu-actions.js';
import { SettingsFile } from '../../electron/src/host/settings.js';
import { makeTempDir } from '../support/temp-dir.js';

const EXAMPLES_DIR = path.resolve(import.meta.dirname, '../../electron/examples');

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A launch on `dataDir`: the in-process hub and the window's caller, as the main process has them. */
async function launch(dataDir: string): Promise<{ desktop: DesktopHub; call: HubCall; settings: SettingsFile }> {
  const desktop = await startDesktopHub({ dataDir: path.join(dataDir, 'hub'), logLevel: 'silent' });
  cleanups.push(() => desktop.close().then(() => undefined));
  const settings = new SettingsFile(path.join(dataDir, 'settings.json'));
  await settings.load();
  return { desktop, call: callerAs(desktop.url, await desktop.windowCookies()), settings };
}

async function projectsNamed(call: HubCall, name: string): Promise<{ id: string }[]> {
  const listed = await call('/api/v1/projects?limit=100');
  return (listed.json as { data: { items: { id: string; name: string }[] } }).data.items.filter((project) => project.name === name);
}

async function notebooksOf(call: HubCall, projectId: string): Promise<{ title: string }[]> {
  const listed = await call(`/api/v1/projects/${projectId}/notebooks?limit=100`);
  return (listed.json as { data: { items: { title: string }[] } }).data.items;
}

describe('the bundled examples', () => {
  it('lists notebooks whose files are there', async () => {
    const examples = await readExamples(EXAMPLES_DIR);
    expect(examples.notebooks.length).toBeGreaterThanOrEqual(2);
    for (const example of examples.notebooks) expect(example.code).toContain('marimo.App(');
  });

  it('are seeded into an Examples project exactly once per data folder, with their code', async () => {
    const temp = await makeTempDir('desktop-examples');
    cleanups.push(temp.cleanup);
    const examples = await readExamples(EXAMPLES_DIR);

    const first = await launch(temp.dir);
    expect(await seedExamples(first.call, examples, first.settings)).toBe('seeded');
    const [project] = await projectsNamed(first.call, examples.project.name);
    const titles = (await notebooksOf(first.call, project!.id)).map((notebook) => notebook.title).sort();
    expect(titles).toEqual(examples.notebooks.map((example) => example.title).sort());
    await first.desktop.close();

    // The next launch on the same data folder seeds nothing, even after the user deleted the project.
    const second = await launch(temp.dir);
    expect((await second.call(`/api/v1/projects/${project!.id}`, { method: 'DELETE' })).status).toBe(200);
    expect(await seedExamples(second.call, examples, second.settings)).toBe('already');
    expect(await projectsNamed(second.call, examples.project.name)).toEqual([]);
  });

  it('finishes a first run that stopped half-way without creating anything twice', async () => {
    const temp = await makeTempDir('desktop-examples');
    cleanups.push(temp.cleanup);
    const examples = await readExamples(EXAMPLES_DIR);
    const { call, settings } = await launch(temp.dir);

    // The launch stops after the hub created the first notebook but before the settings said so.
    let notebooksCreated = 0;
    const stopping: HubCall = async (path, init) => {
      const answer = await call(path, init);
      if (init?.method === 'POST' && path.endsWith('/notebooks') && ++notebooksCreated === 1) throw new Error('the app was closed');
      return answer;
    };
    await expect(seedExamples(stopping, examples, settings)).rejects.toThrow('the app was closed');
    expect(settings.settings.examples.done).toBe(false);

    const reopened = new SettingsFile(settings.file);
    await reopened.load();
    expect(await seedExamples(call, examples, reopened)).toBe('seeded');
    const projects = await projectsNamed(call, examples.project.name);
    expect(projects).toHaveLength(1);
    expect(await notebooksOf(call, projects[0]!.id)).toHaveLength(examples.notebooks.length);
  });
});
