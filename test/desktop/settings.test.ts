import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, MAX_RECENT, SettingsFile, withRecent, type RecentNotebook } from '../../electron/src/host/settings.js';
import { makeTempDir } from '../support/temp-dir.js';

let temp: { dir: string; cleanup: () => Promise<void> };
let file: string;
beforeEach(async () => {
  temp = await makeTempDir('desktop-settings');
  file = path.join(temp.dir, 'app', 'settings.json');
});
afterEach(() => temp.cleanup());

const recent = (n: number): RecentNotebook => ({ projectId: 'p1', notebookId: `n${n}`, title: `Notebook ${n}`, openedAt: new Date(n * 1000).toISOString() });

describe('desktop settings', () => {
  it('start from the defaults when there is no file yet', async () => {
    const loaded = await new SettingsFile(file).load();
    expect(loaded).toEqual({ settings: DEFAULT_SETTINGS, recoveredFrom: null });
  });

  it('are written whole and read back by the next launch', async () => {
    const settings = new SettingsFile(file);
    await settings.load();
    await settings.update((current) => ({
      ...current,
      sandboxDriver: 'docker',
      window: { x: 10, y: 20, width: 1280, height: 800, maximized: true },
    }));
    const again = await new SettingsFile(file).load();
    expect(again.settings).toEqual({
      ...DEFAULT_SETTINGS,
      sandboxDriver: 'docker',
      window: { x: 10, y: 20, width: 1280, height: 800, maximized: true },
    });
    // The temporary file of the atomic write is gone.
    expect(await readdir(path.dirname(file))).toEqual(['settings.json']);
  });

  it('apply updates in the order they were asked for', async () => {
    const settings = new SettingsFile(file);
    await settings.load();
    await Promise.all(
      Array.from({ length: 20 }, (_, n) => settings.update((current) => ({ ...current, recentNotebooks: withRecent(current.recentNotebooks, recent(n)) }))),
    );
    const stored = JSON.parse(await readFile(file, 'utf8'));
    expect(stored.recentNotebooks.map((entry: RecentNotebook) => entry.notebookId)).toEqual([
      'n19',
      'n18',
      'n17',
      'n16',
      'n15',
      'n14',
      'n13',
      'n12',
      'n11',
      'n10',
    ]);
  });

  it('recover from a corrupt file: kept aside, the app starts on the defaults', async () => {
    await new SettingsFile(file).update((current) => current);
    await writeFile(file, '{"sandboxDriver": "docker", "wind');
    const loaded = await new SettingsFile(file).load();
    expect(loaded.settings).toEqual(DEFAULT_SETTINGS);
    expect(loaded.recoveredFrom).toMatch(/settings\.json\.corrupt-/);
    expect(await readFile(loaded.recoveredFrom!, 'utf8')).toBe('{"sandboxDriver": "docker", "wind');
    expect((await readdir(path.dirname(file))).sort()).toEqual([path.basename(loaded.recoveredFrom!)]);
  });

  it('replace a field with a bad value by its default, keeping the others', async () => {
    await new SettingsFile(file).update((current) => current);
    await writeFile(
      file,
      JSON.stringify({ sandboxDriver: 'kubernetes', window: { x: 5, y: 5, width: 50, height: 700 }, recentNotebooks: [recent(1), { title: 3 }, recent(2)] }),
    );
    const { settings } = await new SettingsFile(file).load();
    expect(settings).toEqual({ ...DEFAULT_SETTINGS, recentNotebooks: [recent(1), recent(2)] });
  });

  it('keep recent notebooks newest first, once each, at most ten', () => {
    let list: RecentNotebook[] = [];
    for (let n = 0; n < 15; n++) list = withRecent(list, recent(n));
    expect(list).toHaveLength(MAX_RECENT);
    list = withRecent(list, { ...recent(9), title: 'Renamed' });
    expect(list[0]).toEqual({ ...recent(9), title: 'Renamed' });
    expect(list.filter((entry) => entry.notebookId === 'n9')).toHaveLength(1);
    expect(list).toHaveLength(MAX_RECENT);
  });
});
