import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { callerAs, startDesktopHub } from '../../electron/src/host/desktop-hub.js';
import { handOff, startHandoffServer, type LaunchArguments } from '../../electron/src/host/handoff.js';
import { launchPaths, relaunchArguments } from '../../electron/src/host/launch-paths.js';
import { checkAndOpenPaths, type OpenPathsAnswer } from '../../electron/src/host/open-paths.js';
import { makeTempDir } from '../support/temp-dir.js';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const packaged = { defaultApp: false };
const fromCheckout = { defaultApp: true };

describe('paths on the command line', () => {
  it('are the arguments that are not options, resolved where the launch started', () => {
    const cwd = '/home/ada/work';
    expect(launchPaths({ argv: ['/opt/Notebook Hub/notebook-hub', 'analytics', '/tmp/sales.py'], cwd }, packaged)).toEqual([
      '/home/ada/work/analytics',
      '/tmp/sales.py',
    ]);
    // From a checkout Electron runs `electron <app folder> …`: the app folder is no path to open.
    expect(launchPaths({ argv: ['/x/electron', '/repo/electron', '../report.py'], cwd }, fromCheckout)).toEqual(['/home/ada/report.py']);
    // Switches Chromium adds to a second launch's command line, and the app's own options, are not paths; after `--` everything is.
    expect(launchPaths({ argv: ['/opt/nh', '--allow-file-access-from-files', '--enable-logging', 'a.py', '--', '-odd name.py', ''], cwd }, packaged)).toEqual([
      '/home/ada/work/a.py',
      '/home/ada/work/-odd name.py',
    ]);
    expect(launchPaths({ argv: ['/opt/nh'], cwd }, packaged)).toEqual([]);
  });

  it('are left out of a restart, so a restart imports nothing again', () => {
    expect(relaunchArguments(['/opt/nh', '--enable-logging', 'analytics', '--', 'x.py'], packaged)).toEqual(['--enable-logging']);
    expect(relaunchArguments(['/x/electron', '/repo/electron', 'analytics'], fromCheckout)).toEqual(['/repo/electron']);
  });

  it('of a second launch reach the running app, which imports them and names the page to show', async () => {
    const temp = await makeTempDir('desktop-launch');
    cleanups.push(temp.cleanup);
    const desktop = await startDesktopHub({ dataDir: path.join(temp.dir, 'hub'), logLevel: 'silent', uiDir: null });
    cleanups.push(() => desktop.close());
    const call = callerAs(desktop.url, await desktop.windowCookies());
    const work = path.join(temp.dir, 'work');
    await mkdir(path.join(work, 'analytics'), { recursive: true });
    await writeFile(
      path.join(work, 'analytics', 'weekly.py'),
      'import marimo\n\napp = marimo.App()\n\n\n@app.cell\ndef _():\n    return\n\n\nif __name__ == "__main__":\n    app.run()\n',
    );

    // The running app's side, as main.ts wires it: the handed-off command line is opened like a drop.
    const opened: OpenPathsAnswer[] = [];
    let done: () => void = () => {};
    const handled = new Promise<void>((resolve) => (done = resolve));
    const server = await startHandoffServer('token-1', (launch: LaunchArguments) => {
      void checkAndOpenPaths(call, launchPaths(launch, packaged), { pageUrl: null, hubOrigin: desktop.url, recent: [] }).then((answer) => {
        opened.push(answer);
        done();
      });
    });
    cleanups.push(() => server.close());

    await handOff({ port: server.port, token: 'token-1' }, { argv: ['/opt/nh', '--enable-logging', 'analytics'], cwd: work });
    await handled;
    expect(opened).toHaveLength(1);
    expect(opened[0]!.failures).toEqual([]);
    expect(opened[0]!.opened).toEqual([
      { path: path.join(work, 'analytics'), kind: 'folder', page: expect.stringMatching(/^\/projects\/[^/]+\/import\/imp-/) },
    ]);
    const read = await call(`/api/v1${opened[0]!.page!.replace('/import/', '/notebook-imports/')}`);
    expect(read.status).toBe(200);
    expect((read.json as { data: { notebooks: { path: string }[] } }).data.notebooks.map((notebook) => notebook.path)).toEqual(['analytics/weekly.py']);
  });
});
