import { createHash, randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { launchChromium, type Chromium } from '../support/browser.js';
import { closeBrowserSuite, MARIMO_FRAME, marimoIn, moveTmpdirOffTmp, runFirstCell, startMarimoUiHub } from '../support/marimo-browser-suite.js';
import { startNginxProxy, type NginxProxy } from '../support/nginx.js';
import type { TestHub } from '../support/test-hub.js';
import { unusedPort } from '../support/unused-port.js';
import { prerequisite } from '../setup/prerequisites.js';

const nginx = prerequisite('nginx');
const chromium = prerequisite('chromium');
const sandboxRuntime = prerequisite('sandboxRuntime');
const BASE = '/notebooks';
const PROJECT_NAME = 'Behind the proxy';
const NOTEBOOK_TITLE = 'Prefixed notebook';
// A value marimo can only show by running the cell: its kernel answered over the proxied WebSocket.
const CELL_CODE = '7 * 11 * 13 * 101';
const CELL_OUTPUT = '101101';
const UPLOAD_BYTES = 40 * 1024 * 1024;

const missing = [nginx === null && 'nginx', chromium === null && 'Chromium', sandboxRuntime === null && 'the sandbox runtime (marimo venv)'].filter(Boolean);
if (missing.length > 0) console.warn(`SKIPPED the reverse proxy suite: no ${missing.join(', no ')} on this machine`);

/**
 * The hub behind a real nginx under a path prefix (docs/deploy.md, "Behind a reverse proxy"):
 * nginx passes `/notebooks/...` through unchanged to a hub whose SERVICE_PUBLIC_URL is
 * `http://127.0.0.1:<nginx port>/notebooks`, and everything is driven through nginx only: a real
 * Chromium signs in, creates a project and a notebook and runs a cell in marimo (its pages and
 * WebSockets through the proxy); the API answers a token; a foreign Origin is refused; a file of
 * tens of megabytes goes up to the workspace.
 */
describe.skipIf(missing.length > 0)('the hub behind nginx under a path prefix', () => {
  let t: TestHub;
  let proxy: NginxProxy;
  let browser: Chromium;
  let page: Page;
  let token: string;
  let root = '';
  let pid = '';
  let nid = '';
  let restoreTmpdir: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    restoreTmpdir = await moveTmpdirOffTmp('proxy');
    const proxyPort = await unusedPort();
    root = `http://127.0.0.1:${proxyPort}${BASE}`;
    t = await startMarimoUiHub(sandboxRuntime!.runtimeDir, { SERVICE_PUBLIC_URL: `${root}/`, SERVICE_MAX_REQUEST_BYTES: String(64 * 1024 * 1024) });
    proxy = await startNginxProxy({
      executablePath: nginx!.executablePath,
      port: proxyPort,
      upstreamPort: Number(new URL(t.url).port),
      basePath: BASE,
      maxBodyBytes: 64 * 1024 * 1024,
    });
    browser = await launchChromium(chromium!.executablePath);
    token = await t.tokenFor('admin@localhost');
  }, 120_000);
  afterAll(() => closeBrowserSuite({ browsers: [browser], proxy, hub: t, restoreTmpdir }));

  it('signs in with the local login and lands on the home page under the prefix', async () => {
    page = await browser.newPage();
    await browser.signIn(page, proxy.url, t.hub.localLoginPath!);
    expect(new URL(page.url()).pathname).toBe(`${BASE}/`);
    await page.getByRole('heading', { name: 'Projects', level: 1 }).waitFor();
    const [cookie] = (await browser.context.cookies(`${root}/`)).filter((entry) => entry.name === 'svc_session');
    expect(cookie?.path).toBe(`${BASE}/`);
    await browser.screenshot(page, 'proxy-prefix-home');
  });

  it('creates a project and a notebook in the UI', async () => {
    await page.getByRole('button', { name: 'Create project' }).first().click();
    await page.getByRole('dialog').getByLabel('Name').fill(PROJECT_NAME);
    await page.getByRole('dialog').getByRole('button', { name: 'Create', exact: true }).click();
    await page.waitForURL(new RegExp(`^${proxy.url}${BASE}/projects/proj-[0-9a-z]{16}`));
    pid = /\/projects\/(proj-[0-9a-z]{16})/.exec(page.url())![1]!;

    await page.getByRole('button', { name: 'Create notebook' }).first().click();
    await page.getByRole('dialog').getByLabel('Title').fill(NOTEBOOK_TITLE);
    await page.getByRole('dialog').getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByText(NOTEBOOK_TITLE).first().waitFor();
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await browser.screenshot(page, 'proxy-prefix-project');
  });

  it('draws the home page in the hub with links under the prefix, and the app takes it over', async () => {
    const [cookie] = (await browser.context.cookies(`${root}/`)).filter((entry) => entry.name === 'svc_session');
    const drawn = await (await fetch(`${root}/`, { headers: { accept: 'text/html', cookie: `svc_session=${cookie!.value}` } })).text();
    expect(drawn).toContain('id="first-page-data"');
    expect(drawn).toContain(`href="${BASE}/projects/${pid}"`);
    expect(drawn).toMatch(new RegExp(`<script type="module" crossorigin src="${BASE}/assets/index-[^"]+\\.js"></script>`));

    const home = await browser.newPage();
    await home.goto(`${root}/`);
    await home.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    await home.getByRole('link', { name: PROJECT_NAME }).click();
    await home.waitForURL(`${root}/projects/${pid}/notebooks`);
    await home.close();
  });

  it('reloads a deep link under the prefix', async () => {
    const deep = await browser.newPage();
    const response = await deep.goto(`${proxy.url}${BASE}/projects/${pid}`);
    expect(response!.status()).toBe(200);
    await deep.getByRole('heading', { name: PROJECT_NAME }).waitFor();
    await deep.reload();
    await deep.getByRole('heading', { name: PROJECT_NAME }).waitFor();
    await deep.getByText(NOTEBOOK_TITLE).first().waitFor();
    // The project's first tab (its notebooks) is its own route: the app went on to it under the prefix.
    expect(new URL(deep.url()).pathname).toBe(`${BASE}/projects/${pid}/notebooks`);
    await deep.close();
  });

  it('answers the API with a token through the proxy', async () => {
    const response = await fetch(`${root}/api/v1/projects/${pid}/notebooks`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    const notebooks = ((await response.json()) as { data: { items: { id: string; title: string }[] } }).data.items;
    nid = notebooks.find((entry) => entry.title === NOTEBOOK_TITLE)!.id;
    expect(nid).toMatch(/^nb-/);
    const document = parseYaml(await (await fetch(`${root}/openapi.yaml`)).text()) as { servers: { url: string }[] };
    expect(document.servers).toEqual([expect.objectContaining({ url: root })]);
    // Outside the prefix nginx answers on its own: the hub is not there.
    expect((await fetch(`${proxy.url}/api/v1/projects`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(404);
  });

  it("refuses a change made with the browser's cookie from a foreign page", async () => {
    const [cookie] = (await browser.context.cookies(`${root}/`)).filter((entry) => entry.name === 'svc_session');
    const create = (origin: string) =>
      fetch(`${root}/api/v1/projects`, {
        method: 'POST',
        headers: { cookie: `svc_session=${cookie!.value}`, origin, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Forged' }),
      });
    const forged = await create('http://evil.example');
    expect(forged.status).toBe(403);
    expect(((await forged.json()) as { error: { code: string } }).error.code).toBe('FORBIDDEN');
    // The same request from the hub's own origin goes through: the check knows the public origin behind the proxy.
    expect((await create(proxy.url)).status).toBe(201);
  });

  it('takes a large upload to the workspace through the proxy', async () => {
    const body = randomBytes(UPLOAD_BYTES);
    const url = `${root}/api/v1/projects/${pid}/notebooks/${nid}/workspace/files?path=${encodeURIComponent('data/large.bin')}`;
    const upload = await fetch(url, { method: 'PUT', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' }, body });
    expect(upload.status, await proxy.errorLog()).toBe(201);
    const stored = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    expect(stored.status).toBe(200);
    const back = Buffer.from(await stored.arrayBuffer());
    expect(back.length).toBe(UPLOAD_BYTES);
    expect(createHash('sha256').update(back).digest('hex')).toBe(createHash('sha256').update(body).digest('hex'));
  }, 120_000);

  it('opens marimo in the UI through the proxy and runs a cell over its WebSocket', async () => {
    await page.goto(`${root}/projects/${pid}/notebooks/${nid}/edit`);
    const frame = page.locator(MARIMO_FRAME);
    await frame.waitFor({ timeout: 120_000 });
    expect(await frame.getAttribute('src')).toMatch(new RegExp(`^${BASE}/s/ses-[0-9a-z]{16}/`));
    await marimoIn(page)
      .locator('.cm-content')
      .first()
      .waitFor({ timeout: 90_000 })
      .catch(async (error: unknown) => {
        // What the page showed, and what nginx said, for whoever reads the failure.
        await browser.screenshot(page, 'proxy-prefix-marimo-failed');
        throw new Error(`marimo did not load through the proxy: ${String(error)}\nnginx: ${await proxy.errorLog()}`, { cause: error });
      });
    await runFirstCell(page, CELL_CODE, CELL_OUTPUT);
    await browser.screenshot(page, 'proxy-prefix-marimo');
  }, 240_000);

  it('logged no page error, no CSP violation and no failed hydration, and every file of the UI was found', async () => {
    expect(browser.console.filter((line) => /Content Security Policy|Refused to|pageerror|did not match/i.test(line))).toEqual([]);
    const requests = await proxy.requests();
    // The app's chunks and stylesheets, the lazily loaded ones included, all came from under the prefix.
    expect(requests.filter((line) => line.includes(`${BASE}/assets/`)).length).toBeGreaterThan(5);
    expect(requests.filter((line) => /\/assets\//.test(line) && !line.startsWith('200 ') && !line.startsWith('304 '))).toEqual([]);
  });
});
