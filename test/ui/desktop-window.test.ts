import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bridgeHandlers, type BridgeHandler } from '../../electron/src/host/bridge-handlers.js';
import { callerAs, startDesktopHub, type DesktopHub } from '../../electron/src/host/desktop-hub.js';
import { checkDockerEngine } from '../../electron/src/host/docker-engine.js';
import type { HubCall } from '../../electron/src/host/menu-actions.js';
import { driverForLaunch, type LaunchDriver } from '../../electron/src/host/sandbox-choice.js';
import { SettingsFile } from '../../electron/src/host/settings.js';
import { launchChromium, type Chromium } from '../support/browser.js';
import { marimoIn } from '../support/marimo-browser-suite.js';
import { makeTempDir } from '../support/temp-dir.js';
import { expectAccessible, settle, shootAll as shootAllIn } from '../support/ui-pages.js';
import { prerequisite } from '../setup/prerequisites.js';

const chromium = prerequisite('chromium');
const sandboxRuntime = prerequisite('sandboxRuntime');
const docker = prerequisite('docker');
const UI_DIR = path.resolve(import.meta.dirname, '../../renderer/dist');

const NOTEBOOK = `import marimo

app = marimo.App(app_title="Sales report")


@app.cell
def _():
    import marimo as mo
    mo.md("# Sales report")
    return (mo,)


if __name__ == "__main__":
    app.run()
`;

/**
 * A stand-in for the desktop app's preload (electron/src/preload.cts), since Electron cannot run
 * here: the same `window.notebookHubDesktop` calls, sent to the test's real main-process handlers
 * (host/bridge-handlers.ts) through a playwright binding that, like Electron's IPC, tells them which
 * page called. A dropped `File` has no path in a plain browser, so the stand-in looks its name up
 * among the test's files where Electron's `webUtils.getPathForFile` would read it off the file.
 */
const fakeDesktopBridge = (fakePaths: Record<string, string>) => `(() => {
  const fakePaths = ${JSON.stringify(fakePaths)};
  const send = (channel, ...args) => window.fakeDesktopMain(channel, args);
  window.notebookHubDesktop = {
    version: async () => '0.0.0-fake',
    openDataFolder: async () => {},
    showLogs: async () => {},
    importDropped: (files) => send('desktop:import-dropped', Array.from(files, (file) => fakePaths[file.name] ?? '')),
    sandboxDriver: () => send('desktop:sandbox-driver'),
    chooseSandboxDriver: (choice) => send('desktop:choose-sandbox-driver', choice),
    restart: () => send('desktop:restart'),
  };
})();`;

/** Drags files named `names` over the window (`drop`: and lets go of them), as a file manager would. */
const dragFiles = (page: Page, names: string[], drop: boolean) =>
  page.evaluate(
    `(() => {
      const transfer = new DataTransfer();
      for (const name of ${JSON.stringify(names)}) transfer.items.add(new File(['#'], name, { type: name.endsWith('.py') ? 'text/x-python' : '' }));
      const fire = (type) => document.body.dispatchEvent(new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }));
      fire('dragenter');
      fire('dragover');
      if (${drop}) fire('drop');
    })()`,
  );

describe.skipIf(chromium === null || sandboxRuntime === null)("the desktop app's window: drops and settings", () => {
  let temp: { dir: string; cleanup: () => Promise<void> };
  let desktop: DesktopHub;
  let call: HubCall;
  let settings: SettingsFile;
  let browser: Chromium;
  let page: Page;
  let handlers: Record<string, BridgeHandler>;
  const launch: LaunchDriver = { driver: 'local', notice: null };
  let dockerSocket = '';
  let restarts = 0;
  let pid = '';

  const shootAll = async (name: string) => {
    await shootAllIn(browser, page, name);
    await expectAccessible(page, name);
  };

  beforeAll(async () => {
    expect(existsSync(path.join(UI_DIR, 'index.html'))).toBe(true);
    temp = await makeTempDir('desktop-window');
    const disk = path.join(temp.dir, 'disk');
    await mkdir(path.join(disk, 'analytics', 'data'), { recursive: true });
    await writeFile(path.join(disk, 'sales_report.py'), NOTEBOOK);
    await writeFile(path.join(disk, 'notes.txt'), 'not a notebook');
    await writeFile(path.join(disk, 'analytics', 'weekly.py'), NOTEBOOK.replace('Sales report', 'Weekly'));
    await writeFile(path.join(disk, 'analytics', 'data', 'sales.csv'), 'month,total\nJan,10\n');
    dockerSocket = path.join(temp.dir, 'no-docker.sock');

    desktop = await startDesktopHub({
      dataDir: path.join(temp.dir, 'hub'),
      logLevel: 'silent',
      uiDir: UI_DIR,
      env: { SERVICE_SANDBOX_RUNTIME_DIR: sandboxRuntime!.runtimeDir, SERVICE_AUTOMATIC_THUMBNAILS: 'false' },
    });
    const cookies = await desktop.windowCookies();
    call = callerAs(desktop.url, cookies);
    settings = new SettingsFile(path.join(temp.dir, 'settings.json'));
    await settings.load();
    handlers = bridgeHandlers({
      hubOrigin: desktop.url,
      call,
      settings,
      launch,
      checkDocker: () => checkDockerEngine({ socketPath: dockerSocket }),
      restart: () => void restarts++,
    });

    browser = await launchChromium(chromium!.executablePath);
    // What main.ts does before the window's first page: its cookies, set in its cookie jar.
    await browser.context.addCookies(cookies.map((cookie) => ({ ...cookie, url: desktop.url, httpOnly: true, sameSite: 'Strict' as const })));
    await browser.context.exposeBinding('fakeDesktopMain', (source, channel: string, args: unknown[]) => handlers[channel]!(source.frame.url(), ...args));
    await browser.context.addInitScript(
      fakeDesktopBridge({
        'sales_report.py': path.join(disk, 'sales_report.py'),
        'notes.txt': path.join(disk, 'notes.txt'),
        analytics: path.join(disk, 'analytics'),
      }),
    );
    page = await browser.newPage();
    page.setDefaultTimeout(15_000);

    const created = await call('/api/v1/projects', { method: 'POST', body: { name: 'Forecasts' } });
    expect(created.status).toBe(201);
    pid = (created.json as { data: { id: string } }).data.id;
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await desktop?.closeSessions();
    await desktop?.close();
    await temp?.cleanup();
  });

  it('shows the drop overlay while files are dragged over the window', async () => {
    await page.goto(`${desktop.url}/projects/${pid}/notebooks`);
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    await page.getByRole('heading', { name: 'Forecasts' }).waitFor();
    await dragFiles(page, ['sales_report.py'], false);
    await page.getByRole('heading', { name: 'Drop a .py notebook or a folder to import it' }).waitFor({ state: 'visible' });
    // No accessibility scan in this state: axe measures the page dimmed behind the overlay as if it were to be read.
    await shootAllIn(browser, page, 'desktop-drop-overlay');
  });

  it('says why a dropped file is not imported, and imports nothing', async () => {
    await page.goto(`${desktop.url}/projects/${pid}/notebooks`);
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    // The page's own content is there, so the shell around it (and its drop listeners) is too.
    await page.getByRole('heading', { name: 'Forecasts' }).waitFor();
    await dragFiles(page, ['notes.txt'], true);
    const refusal = page.getByRole('alert').filter({ hasText: 'Nothing was imported' });
    await refusal.getByText('notes.txt is neither a .py notebook nor a folder.').waitFor();
    await shootAll('desktop-drop-refused');
    expect(page.url()).toBe(`${desktop.url}/projects/${pid}/notebooks`);
    const listed = await call(`/api/v1/projects/${pid}/notebooks`);
    expect((listed.json as { data: { items: unknown[] } }).data.items).toEqual([]);
    await refusal.getByRole('button', { name: 'Dismiss notification' }).click();
  });

  it("imports a dropped folder into the project shown and opens the import's page", async () => {
    await dragFiles(page, ['analytics'], true);
    await page.waitForURL(new RegExp(`/projects/${pid}/import/imp-[^/]+$`));
    await page.getByText('analytics/weekly.py').first().waitFor();
  });

  it('imports a dropped notebook into the project shown and opens it in the editor', async () => {
    await page.goto(`${desktop.url}/projects/${pid}/notebooks`);
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    // The page's own content is there, so the shell around it (and its drop listeners) is too.
    await page.getByRole('heading', { name: 'Forecasts' }).waitFor();
    await dragFiles(page, ['sales_report.py'], true);
    await page.waitForURL(new RegExp(`/projects/${pid}/notebooks/nb-[^/]+/edit$`));
    const nid = /\/notebooks\/(nb-[^/]+)\/edit$/.exec(page.url())![1]!;
    const detail = await call(`/api/v1/projects/${pid}/notebooks/${nid}`);
    expect(detail.json).toMatchObject({ data: { meta: { title: 'Sales report' } } });
    expect((await call(`/api/v1/projects/${pid}/notebooks/${nid}/code`)).text).toBe(NOTEBOOK);
    await page.getByRole('alert').filter({ hasText: 'Imported sales_report.py.' }).waitFor();
    // marimo's editor has loaded (and asked for its service worker) before the next test leaves the
    // page: a page left while it loads logs the worker's aborted fetch as an error.
    await marimoIn(page).locator('.cm-content').first().waitFor({ timeout: 90_000 });
  }, 150_000);

  it('has no drop target in a plain browser', async () => {
    const plain = await launchChromium(chromium!.executablePath);
    try {
      await plain.context.addCookies(
        (await desktop.windowCookies()).map((cookie) => ({ ...cookie, url: desktop.url, httpOnly: true, sameSite: 'Strict' as const })),
      );
      const other = await plain.newPage();
      await other.goto(`${desktop.url}/account`);
      await other.locator('html[data-app-ready]').waitFor({ state: 'attached' });
      await other.getByRole('heading', { name: 'Personal access tokens' }).waitFor();
      expect(await other.getByRole('heading', { name: 'Desktop app' }).count()).toBe(0);
      await dragFiles(other, ['sales_report.py'], false);
      await settle(other);
      expect(await other.locator('[data-testid="desktop-drop-overlay"]').count()).toBe(0);
    } finally {
      await plain.close();
    }
  });

  it('refuses Docker in the settings while no engine answers, and saves nothing', async () => {
    await page.goto(`${desktop.url}/account`);
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    const section = page.getByRole('region', { name: 'Desktop app' });
    await section.getByText('In use now: Local processes.').waitFor();
    await section.getByRole('radio', { name: 'Docker' }).click();
    await section
      .getByRole('alert')
      .filter({ hasText: 'Docker was not chosen' })
      .getByText(/there is no socket there/)
      .waitFor();
    expect(await section.getByRole('radio', { name: 'Local processes' }).isChecked()).toBe(true);
    await section.scrollIntoViewIfNeeded();
    await shootAll('desktop-settings-refused');
    expect(JSON.parse(await readFile(settings.file, 'utf8').catch(() => '{}')).sandboxDriver ?? 'local').toBe('local');
  });

  it.skipIf(docker === null)('saves Docker once its engine answers, and offers the restart that makes it take effect', async () => {
    dockerSocket = docker!.socketPath;
    await page.goto(`${desktop.url}/account`);
    const section = page.getByRole('region', { name: 'Desktop app' });
    await section.getByRole('radio', { name: 'Docker' }).click();
    await section.getByText(/^Docker \S+ answers at unix:\/\//).waitFor();
    await section.getByText('Notebooks run as local processes until Notebook Hub restarts, then in Docker.', { exact: false }).waitFor();
    expect(JSON.parse(await readFile(settings.file, 'utf8')).sandboxDriver).toBe('docker');
    await shootAll('desktop-settings');
    await section.getByRole('button', { name: 'Restart now' }).click();
    await expect.poll(() => restarts).toBe(1);
  });

  it('says when this launch fell back to local processes because Docker did not answer', async () => {
    await settings.update((current) => ({ ...current, sandboxDriver: 'docker' }));
    Object.assign(launch, await driverForLaunch('docker', () => checkDockerEngine({ socketPath: path.join(temp.dir, 'gone.sock') })));
    await page.goto(`${desktop.url}/account`);
    const section = page.getByRole('region', { name: 'Desktop app' });
    const notice = section.getByRole('alert').filter({ hasText: 'This launch runs notebooks as local processes' });
    await notice.getByText(/No Docker engine answers at unix:\/\/.*gone\.sock/).waitFor();
    expect(await section.getByRole('radio', { name: 'Docker' }).isChecked()).toBe(true);
    await shootAll('desktop-settings-fallback');
  });

  it('logged no page error and no CSP violation', () => {
    expect(browser.console.filter((line) => /^(error|pageerror)/.test(line) && !/Failed to load resource/.test(line))).toEqual([]);
  });
});
