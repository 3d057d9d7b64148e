import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { unzipSync, zipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, type Chromium } from '../support/browser.js';
import { marimoNotebook } from '../support/notebook-folders.js';
import { startTestHub, type TestHub } from '../support/test-hub.js';
import { expectAccessible, shootAll as shootAllIn } from '../support/ui-pages.js';
import { prerequisite } from '../setup/prerequisites.js';

const chromium = prerequisite('chromium');
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const UI_DIR = path.resolve(import.meta.dirname, '../../renderer/dist');

const FIRST = marimoNotebook({
  title: 'Revenue model',
  cells: ['def _():\n    import marimo as mo\n    return (mo,)', 'def _(mo):\n    mo.md("Revenue: 100")\n    return'],
});
const SECOND = FIRST.replace('Revenue: 100', 'Revenue: 250').replace('    return (mo,)', '    growth = 0.15\n    return (mo,)');

/**
 * The notebook page's tabs (overview, versions with code, diff and restore, the HTML snapshot, the
 * workspace files) and the folder import, in the built UI against a real hub, signed in as an editor;
 * a viewer in a second browser sees the files read-only.
 */
describe.skipIf(chromium === null)('the notebook and import pages', () => {
  let t: TestHub;
  let browser: Chromium;
  let page: Page;
  let owner: string;
  let pid: string;
  let nid: string;
  let base: string;

  const shootAll = async (target: Page, name: string) => {
    await shootAllIn(browser, target, name);
    await expectAccessible(target, name);
  };
  const api = async (route: string, options: Parameters<TestHub['call']>[1] = {}) => {
    const result = await t.call(route, { token: owner, ...options });
    expect(result.status, `${options.method ?? 'GET'} ${route}: ${result.text}`).toBeLessThan(300);
    return result.json.data;
  };

  beforeAll(async () => {
    expect(existsSync(path.join(UI_DIR, 'index.html'))).toBe(true);
    // Pages of two versions, so that paging through them is part of the test.
    t = await startTestHub({ env: { SERVICE_DEFAULT_PAGE_SIZE: '2' }, hub: () => ({ uiDir: UI_DIR }) });
    browser = await launchChromium(chromium!.executablePath);
    page = await browser.newPage();
    // The signed-in user is the hub's local user; an owner sets up the project and makes them an editor.
    await browser.signIn(page, t.url, t.hub.localLoginPath!);
    owner = await t.tokenFor('owner@example.com');
    pid = (await api('/api/v1/projects', { method: 'POST', body: { name: 'Forecasting' } })).id;
    await api(`/api/v1/projects/${pid}/members`, { method: 'POST', body: { email: t.hub.services.settings.auth.localUserEmail, role: 'editor' } });
    const created = await api(`/api/v1/projects/${pid}/notebooks`, {
      method: 'POST',
      body: { title: 'Revenue model', description: 'Quarterly revenue with growth scenarios', tags: ['finance'], code: FIRST },
    });
    nid = created.meta.id;
    await api(`/api/v1/projects/${pid}/notebooks/${nid}/versions`, {
      method: 'POST',
      body: { code: SECOND, base_version_id: created.source.current_version_id, message: 'Add a growth rate' },
    });
    base = `${t.url}/projects/${pid}/notebooks/${nid}`;
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const versions = async () => (await api(`/api/v1/projects/${pid}/notebooks/${nid}/versions?limit=50`)).items as { version_id: string; message: string }[];

  it('opens on the overview with the editor actions', async () => {
    await page.goto(base);
    await page.waitForURL(`${base}/overview`);
    await page.getByRole('heading', { name: 'README' }).waitFor();
    expect(await page.getByRole('link', { name: 'Open in editor' }).getAttribute('href')).toBe(`/projects/${pid}/notebooks/${nid}/edit`);
    expect(await page.getByRole('link', { name: 'Open as app' }).getAttribute('href')).toBe(`/projects/${pid}/notebooks/${nid}/app`);
    await shootAll(page, 'notebook-overview');
  }, 120_000);

  it('lists the versions, shows one version’s code and its changes, and restores an older one', async () => {
    const [newest, oldest] = await versions();
    await page.getByRole('tab', { name: 'Versions' }).click();
    await page.waitForURL(`${base}/versions`);
    await page.getByText('Add a growth rate').waitFor();
    expect(await page.getByRole('row').count()).toBe(3);
    await shootAll(page, 'notebook-versions');

    await page
      .getByRole('row', { name: /Add a growth rate/ })
      .getByRole('link')
      .first()
      .click();
    await page.waitForURL(`${base}/versions/${newest!.version_id}`);
    const code = page.getByLabel(`Code of version ${newest!.version_id}`);
    await code.getByText('growth = 0.15').waitFor();
    await shootAll(page, 'notebook-version-code');

    await page.getByText('Changes', { exact: true }).click();
    await page.waitForURL(`${base}/versions/${newest!.version_id}?view=changes`);
    await page.getByText('2 lines added, 1 line removed').waitFor();
    expect(await page.locator('ins').allInnerTexts()).toEqual([expect.stringContaining('growth = 0.15'), expect.stringContaining('Revenue: 250')]);
    expect(await page.locator('del').allInnerTexts()).toEqual([expect.stringContaining('Revenue: 100')]);
    await shootAll(page, 'notebook-version-diff');

    // The first version has nothing to compare with, and can be restored.
    await page.goto(`${base}/versions/${oldest!.version_id}?view=changes`);
    await page.getByText('This is the first version').waitFor();
    await page.getByRole('button', { name: 'Restore this version' }).click();
    const dialog = page.getByRole('dialog', { name: 'Restore this version?' });
    await shootAll(page, 'notebook-version-restore');
    await dialog.getByRole('button', { name: 'Restore', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    const after = await versions();
    expect(after).toHaveLength(3);
    await page.waitForURL(`${base}/versions/${after[0]!.version_id}`);
    const current = await t.call(`/api/v1/projects/${pid}/notebooks/${nid}/code`, { token: owner });
    expect(current.text).toBe(FIRST);

    // Someone saves meanwhile: restoring on a stale base is refused, and the page shows the API's reason.
    await api(`/api/v1/projects/${pid}/notebooks/${nid}/versions`, { method: 'POST', body: { code: SECOND, base_version_id: after[0]!.version_id } });
    await page.goto(`${base}/versions/${oldest!.version_id}`);
    await page.getByRole('button', { name: 'Restore this version' }).waitFor();
    await api(`/api/v1/projects/${pid}/notebooks/${nid}/versions`, {
      method: 'POST',
      body: { code: FIRST, base_version_id: (await versions())[0]!.version_id },
    });
    await page.getByRole('button', { name: 'Restore this version' }).click();
    await dialog.getByRole('button', { name: 'Restore', exact: true }).click();
    const refusal = await t.call(`/api/v1/projects/${pid}/notebooks/${nid}/versions/${oldest!.version_id}/restore`, {
      method: 'POST',
      token: owner,
      body: { base_version_id: after[0]!.version_id },
    });
    expect(refusal.status).toBe(409);
    await dialog.getByRole('alert').getByText(refusal.json.error.message).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // Five versions now, two a page.
    await page.getByRole('link', { name: '← All versions' }).click();
    await page.waitForURL(`${base}/versions`);
    const rows = page.getByRole('row');
    await page.getByRole('button', { name: 'Load more versions' }).click();
    await expect.poll(() => rows.count()).toBe(5);
    await page.getByRole('button', { name: 'Load more versions' }).click();
    await expect.poll(() => rows.count()).toBe(6);
    await page.getByText('Created', { exact: true }).waitFor();
  }, 180_000);

  it('shows the snapshot tab empty, then the newest snapshot in a sandboxed frame', async () => {
    await page.goto(`${base}/snapshot`);
    await page.getByText('No snapshot yet').waitFor();
    await shootAll(page, 'notebook-snapshot-empty');

    const [newest] = await versions();
    const html = '<!doctype html><html><head><title>Revenue</title></head><body><h1>Revenue model</h1><p>Revenue: 250</p></body></html>';
    await t.hub.services.notebooks.attachSnapshot(pid, nid, newest!.version_id, Buffer.from(html), 'system');
    await page.reload();
    const frame = page.locator('iframe[title="Snapshot of Revenue model"]');
    expect(await frame.getAttribute('sandbox')).toBe('allow-scripts');
    await page.frameLocator('iframe[title="Snapshot of Revenue model"]').getByText('Revenue: 250').waitFor();
    await page.getByRole('link', { name: `version ${newest!.version_id}` }).waitFor();
    await shootAll(page, 'notebook-snapshot');
  }, 120_000);

  it('uploads, downloads, creates a folder, moves, copies and deletes workspace files', async () => {
    await page.goto(`${base}/files`);
    await page.getByRole('button', { name: 'Upload files' }).waitFor();
    const bytes = Buffer.from(Array.from({ length: 200_000 }, (_, index) => (index * 31) % 256));
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload files' }).click();
    await (await chooser).setFiles({ name: 'sales data.bin', mimeType: 'application/octet-stream', buffer: bytes });
    const progress = page.getByRole('progressbar', { name: 'Upload of sales data.bin' });
    await page.getByText('Uploaded', { exact: true }).waitFor();
    expect(await progress.getAttribute('aria-valuenow')).toBe('100');
    await page.getByRole('row', { name: /sales data\.bin/ }).waitFor();

    // A slow upload shows its progress on the way and can be cancelled.
    const network = await page.context().newCDPSession(page);
    await network.send('Network.enable');
    await network.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 64 * 1024 });
    const slow = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload files' }).click();
    await (await slow).setFiles({ name: 'large.bin', mimeType: 'application/octet-stream', buffer: Buffer.alloc(4 * 1024 * 1024, 7) });
    const largeProgress = page.getByRole('progressbar', { name: 'Upload of large.bin' });
    await expect.poll(async () => Number(await largeProgress.getAttribute('aria-valuenow'))).toBeGreaterThan(0);
    expect(Number(await largeProgress.getAttribute('aria-valuenow'))).toBeLessThan(100);
    await page.getByRole('button', { name: 'Cancel the upload of large.bin' }).click();
    await page.getByText('Cancelled', { exact: true }).waitFor();
    await network.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await network.detach();
    const afterCancel = await api(`/api/v1/projects/${pid}/notebooks/${nid}/workspace/items`);
    expect(afterCancel.map((item: { path: string }) => item.path)).not.toContain('large.bin');

    // The same name again replaces nothing until asked to.
    const replacement = Buffer.from(bytes).reverse();
    const again = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload files' }).click();
    await (await again).setFiles({ name: 'sales data.bin', mimeType: 'application/octet-stream', buffer: replacement });
    await page.getByText('A file with this name is already here').waitFor();
    const before = await t.call(`/api/v1/projects/${pid}/notebooks/${nid}/workspace/files?path=sales%20data.bin`, { token: owner });
    expect(before.headers.get('etag')).toBe(`"${sha256(bytes)}"`);
    await page.getByRole('button', { name: 'Replace it' }).click();
    await page.getByText('Uploaded', { exact: true }).nth(1).waitFor();
    const after = await t.call(`/api/v1/projects/${pid}/notebooks/${nid}/workspace/files?path=sales%20data.bin`, { token: owner });
    expect(after.headers.get('etag')).toBe(`"${sha256(replacement)}"`);

    await page.getByRole('button', { name: 'Actions for sales data.bin' }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'Download' }).click();
    expect(Buffer.compare(await readFile((await (await download).path())!), replacement)).toBe(0);

    await page.getByRole('button', { name: 'New folder' }).click();
    await page.getByRole('dialog', { name: 'New folder' }).getByLabel('Name').fill('inputs');
    await page.getByRole('dialog', { name: 'New folder' }).getByRole('button', { name: 'Create' }).click();
    await page.getByRole('link', { name: 'inputs' }).waitFor();

    await page.getByRole('button', { name: 'Actions for sales data.bin' }).click();
    await page.getByRole('menuitem', { name: 'Move or rename…' }).click();
    const move = page.getByRole('dialog', { name: 'Move or rename sales data.bin' });
    await move.getByLabel('New path').fill('inputs/sales.bin');
    await shootAll(page, 'notebook-files-move');
    await move.getByRole('button', { name: 'Move' }).click();
    await move.waitFor({ state: 'hidden' });
    await page.getByRole('link', { name: 'inputs' }).click();
    await page.waitForURL(`${base}/files?path=inputs`);
    await page.getByRole('row', { name: /sales\.bin/ }).waitFor();

    await page.getByRole('button', { name: 'Actions for sales.bin' }).click();
    await page.getByRole('menuitem', { name: 'Copy…' }).click();
    const copy = page.getByRole('dialog', { name: 'Copy sales.bin' });
    expect(await copy.getByLabel('New path').inputValue()).toBe('inputs/sales copy.bin');
    await copy.getByRole('button', { name: 'Copy' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByRole('row', { name: /sales copy\.bin/ }).waitFor();
    await shootAll(page, 'notebook-files');

    await page.getByRole('button', { name: 'Actions for sales copy.bin' }).click();
    await page.getByRole('menuitem', { name: 'Delete…' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete sales copy.bin?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('row', { name: /sales copy\.bin/ }).waitFor({ state: 'detached' });

    const listed = await api(`/api/v1/projects/${pid}/notebooks/${nid}/workspace/items?path=inputs`);
    expect(listed.map((item: { path: string; size: number }) => [item.path, item.size])).toEqual([['inputs/sales.bin', replacement.length]]);

    // The folder as a zip, from the breadcrumbs' folder, holds the moved file.
    const archive = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download folder' }).click();
    const entries = unzipSync(new Uint8Array(await readFile((await (await archive).path())!)));
    expect(Buffer.compare(Buffer.from(entries['inputs/sales.bin']!), replacement)).toBe(0);

    // The notebook's own code cannot be moved or deleted from here.
    await page.getByRole('link', { name: 'Workspace' }).click();
    await page.getByRole('button', { name: 'Actions for notebook.py' }).click();
    await page.getByRole('menuitem', { name: 'Download' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Delete…' }).count()).toBe(0);
    await page.keyboard.press('Escape');
  }, 180_000);

  it('shows a viewer the files read-only, with the reason, and no import', async () => {
    const viewerToken = await t.tokenFor('viewer@example.com');
    await api(`/api/v1/projects/${pid}/members`, { method: 'POST', body: { email: 'viewer@example.com', role: 'viewer' } });
    const other = await launchChromium(chromium!.executablePath);
    try {
      const viewerPage = await other.newPage();
      await viewerPage.setExtraHTTPHeaders({ authorization: `Bearer ${viewerToken}` });
      await viewerPage.goto(`${base}/files`);
      await viewerPage.getByText('These files are read-only').waitFor();
      await viewerPage.getByText('Your role in this project lets you read these files').waitFor();
      expect(await viewerPage.getByRole('button', { name: 'Upload files' }).count()).toBe(0);
      expect(await viewerPage.getByRole('link', { name: 'Open in editor' }).count()).toBe(0);
      await viewerPage.getByRole('link', { name: 'Open as app' }).waitFor();
      await shootAllIn(other, viewerPage, 'notebook-files-read-only');
      await expectAccessible(viewerPage, 'the page');

      await viewerPage.goto(`${t.url}/projects/${pid}/import`);
      await viewerPage.getByText('You cannot import into this project').waitFor();
    } finally {
      await other.close();
    }
  }, 120_000);

  it('imports a zipped folder and creates its notebooks', async () => {
    await page.goto(`${t.url}/projects/${pid}/import`);
    await page.getByRole('heading', { name: 'Import a folder of notebooks' }).waitFor();

    // Not a zip: the API's reason is shown and nothing is created.
    await page.locator('input[type="file"]').setInputFiles({ name: 'broken.zip', mimeType: 'application/zip', buffer: Buffer.from('not a zip at all') });
    await page.getByRole('alert').waitFor();
    expect((await page.getByRole('alert').innerText()).trim().length).toBeGreaterThan(0);
    await shootAll(page, 'import-upload');

    const encode = (text: string) => new TextEncoder().encode(text);
    const zip = zipSync({
      analytics: {
        'sales_report.py': encode(marimoNotebook({ title: 'Sales report', cells: ['def _():\n    import marimo as mo\n    return (mo,)'] })),
        'helpers.py': encode('def total(rows):\n    return sum(rows)\n'),
        data: { 'sales.csv': encode('region,amount\nnorth,10\nsouth,20\n') },
        ops: { 'capacity.py': encode(marimoNotebook({ title: 'Capacity plan', cells: ['def _():\n    return'] })), 'load.csv': encode('hour,load\n1,5\n') },
      },
    });
    await page.locator('input[type="file"]').setInputFiles({ name: 'analytics.zip', mimeType: 'application/zip', buffer: Buffer.from(zip) });
    await page.waitForURL(/\/import\/imp-[0-9a-z]{16}$/);
    await page.getByRole('heading', { name: '2 notebooks found' }).waitFor();
    await page
      .getByRole('row', { name: /Sales report/ })
      .getByText('Ready')
      .waitFor();
    await shootAll(page, 'import-detail');

    await page.getByRole('button', { name: 'Create all 2 notebooks' }).click();
    const sales = page.getByRole('link', { name: 'Open Sales report' });
    await sales.waitFor();
    await page.getByRole('link', { name: 'Open Capacity plan' }).waitFor();
    await shootAll(page, 'import-created');

    await sales.click();
    await page.waitForURL(/\/notebooks\/nb-[0-9a-z]{16}\/overview$/);
    await page.getByRole('heading', { name: 'Sales report' }).waitFor();
    await page.getByRole('tab', { name: 'Files' }).click();
    await page.getByRole('link', { name: 'data' }).waitFor();
    await page.getByRole('row', { name: /helpers\.py/ }).waitFor();
    const notebooks = await api(`/api/v1/projects/${pid}/notebooks?limit=50`);
    expect(notebooks.items.map((item: { title: string }) => item.title).sort()).toEqual(['Capacity plan', 'Revenue model', 'Sales report']);
  }, 180_000);

  it('logged no page error and no CSP violation', () => {
    expect(browser.console.filter((line) => /Content Security Policy|Refused to|pageerror/i.test(line))).toEqual([]);
  });
});
