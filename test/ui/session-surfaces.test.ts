import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { SURFACE_NAMES, surfaceLayout, surfaceStamp } from '../../sandbox-drivers/src/surfaces/surface-layout.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, type Chromium } from '../support/browser.js';
import { closeBrowserSuite, MARIMO_FRAME, marimoIn, moveTmpdirOffTmp, startMarimoUiHub } from '../support/marimo-browser-suite.js';
import { makeTempDir } from '../support/temp-dir.js';
import type { TestHub } from '../support/test-hub.js';
import { expectAccessible, settle, THEMES } from '../support/ui-pages.js';
import { prerequisite } from '../setup/prerequisites.js';

const chromium = prerequisite('chromium');
const sandboxRuntime = prerequisite('sandboxRuntime');
const surfaceRuntime = prerequisite('surfaceRuntime');
const available = chromium !== null && sandboxRuntime !== null && surfaceRuntime !== null;

if (!available)
  console.warn(
    `SKIPPED the session page's VS Code and OpenCode: no ${chromium === null ? 'Chromium' : sandboxRuntime === null ? 'sandbox runtime (marimo venv)' : 'surface runtime (code-server + OpenCode)'} on this machine`,
  );

/**
 * VS Code beside the notebook, OpenCode in a tab of its own (docs/ui.md, "VS Code and OpenCode"),
 * with a managed model the hub has no provider for: the page says so when OpenCode opens.
 */
const SURFACES = JSON.stringify([
  { id: 'vscode', embed: 'iframe' },
  { id: 'opencode', embed: 'tab', managed_ai: true },
]);
/** The sizes the session page with its surfaces is photographed in. */
const SIZES = [
  { name: '1280', width: 1280, height: 800 },
  { name: '1024', width: 1024, height: 768 },
] as const;
const SURFACE_LIST = /\/api\/v1\/projects\/[^/]+\/sessions\/ses-[0-9a-z]{16}\/surfaces$/;

/** `test/artifacts/ui-<name>-<size>-<theme>.png` at 1280x800 and 1024x768, light and dark. */
async function shoot(browser: Chromium, page: Page, name: string): Promise<void> {
  const original = page.viewportSize();
  // Away from the button just clicked, whose tooltip would cover what is photographed.
  await page.mouse.move(5, (original?.height ?? 600) - 5);
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    for (const theme of THEMES) {
      await page.emulateMedia({ colorScheme: theme });
      await settle(page);
      await browser.screenshot(page, `ui-${name}-${size.name}-${theme}`);
    }
  }
  await page.emulateMedia({ colorScheme: null });
  if (original) await page.setViewportSize(original);
}

async function createNotebook(t: TestHub, token: string, title: string): Promise<{ pid: string; nid: string }> {
  const project = await t.call('/api/v1/projects', { method: 'POST', token, body: { name: `${title} project` } });
  expect(project.status, project.text).toBe(201);
  const pid = project.json.data.id as string;
  const notebook = await t.call(`/api/v1/projects/${pid}/notebooks`, { method: 'POST', token, body: { title } });
  expect(notebook.status, notebook.text).toBe(201);
  return { pid, nid: notebook.json.data.meta.id as string };
}

/**
 * Whether the hub's sandbox driver can start the surfaces (a launcher for it is wired in); the
 * suites that need running surfaces say so loudly and skip on a hub without one.
 */
function hostsSurfaces(t: TestHub | undefined): boolean {
  const hosts = (t?.hub.services.surfaces.available.length ?? 0) > 0;
  if (!hosts) console.warn("SKIPPED: this hub's sandbox driver starts no surfaces (no surface launcher for the local driver)");
  return hosts;
}

const surfaceButton = (page: Page, title: 'VS Code' | 'OpenCode') => page.getByRole('button', { name: new RegExp(`^${title}\\b`) });

/**
 * The edit session page against a hub whose local driver really starts code-server and OpenCode:
 * VS Code embedded beside marimo (its start-up shown, then its workbench), OpenCode in a new tab,
 * stopping them; a surface that cannot start; and no buttons where the caller may not use them.
 */
describe.skipIf(!available)("the session page's VS Code and OpenCode", () => {
  let t: TestHub | undefined;
  let admin: Chromium | undefined;
  let page: Page;
  let token = '';
  let editUrl = '';
  let appUrl = '';
  let hubUrl = '';
  let restoreTmpdir: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    restoreTmpdir = await moveTmpdirOffTmp('surfaces-ui');
    // The hub and its surfaces on one site (docs/surfaces.md, "Own origins"): browsers give a
    // framed page of another site no storage, and VS Code's workbench needs it.
    t = await startMarimoUiHub(sandboxRuntime!.runtimeDir, {
      SERVICE_SURFACES: SURFACES,
      SERVICE_SURFACE_RUNTIME_DIR: surfaceRuntime!.dir,
      SERVICE_SURFACE_DOMAIN: 'surfaces.hub.localhost',
    });
    hubUrl = t.url.replace('127.0.0.1', 'hub.localhost');
    admin = await launchChromium(chromium!.executablePath);
    page = await admin.newPage();
    await admin.signIn(page, hubUrl, t.hub.localLoginPath!);
    token = await t.tokenFor('admin@localhost');
    const { pid, nid } = await createNotebook(t, token, 'Quarterly revenue forecast');
    editUrl = `${hubUrl}/projects/${pid}/notebooks/${nid}/edit`;
    appUrl = `${hubUrl}/projects/${pid}/notebooks/${nid}/app`;
  }, 120_000);
  afterAll(() => closeBrowserSuite({ browsers: [admin], hub: t, restoreTmpdir }));

  it('shows VS Code starting, then its workbench beside the notebook', async ({ skip }) => {
    if (!hostsSurfaces(t)) return skip();
    await page.goto(editUrl);
    await page.locator(MARIMO_FRAME).waitFor({ timeout: 120_000 });
    // The notebook drawn in marimo, so the photographs show it beside the surface.
    await marimoIn(page).locator('.cm-content').first().waitFor({ timeout: 120_000 });
    await surfaceButton(page, 'VS Code').waitFor();
    // The surfaces' list is held back until the start-up screen is photographed; the answers are the hub's own.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(SURFACE_LIST, async (route) => {
      await held;
      await route.continue();
    });
    await surfaceButton(page, 'VS Code').click();
    const panel = page.getByRole('region', { name: 'VS Code' });
    await panel.getByRole('status', { name: 'VS Code start-up' }).waitFor();
    await shoot(admin!, page, 'session-vscode-starting');
    await expectAccessible(page, 'the start-up');
    release();
    // Waits for the held answers to go through before the route goes.
    await page.unrouteAll({ behavior: 'wait' });

    const workbench = page.frameLocator('iframe[title^="VS Code"]').locator('.monaco-workbench');
    await workbench.waitFor({ timeout: 180_000 });
    await expect.poll(() => surfaceButton(page, 'VS Code').getAttribute('data-state')).toBe('running');
    // marimo stays where it was, beside VS Code.
    await page.locator(MARIMO_FRAME).waitFor();
    await shoot(admin!, page, 'session-vscode');
  }, 300_000);

  it('opens OpenCode in a new tab', async ({ skip }) => {
    if (!hostsSurfaces(t)) return skip();
    const popup = page.context().waitForEvent('page', { timeout: 120_000 });
    await surfaceButton(page, 'OpenCode').click();
    // A start longer than the click's moment asks for one more click to open the tab (browsers allow tabs only right after one).
    const ready = page.getByRole('button', { name: 'Open OpenCode' });
    const opened = await Promise.race([popup, ready.waitFor({ timeout: 120_000 }).then(() => null)]);
    const tab = opened ?? (await Promise.all([popup, ready.click()]))[0];
    await tab.waitForURL(/^http:\/\/opencode-ses-[0-9a-z]{16}\.surfaces\.hub\.localhost:\d+\//, { timeout: 60_000 });
    // OpenCode's web UI has drawn itself (the hub's refusals are plain text, without a title).
    await expect.poll(() => tab.title(), { timeout: 60_000 }).toMatch(/opencode/i);
    const bodyText = () => tab.evaluate(() => (globalThis as unknown as { document: { body: { innerText: string } } }).document.body.innerText);
    await expect.poll(async () => (await bodyText()).trim().length, { timeout: 60_000 }).toBeGreaterThan(0);
    console.log('[surfaces-ui] OpenCode tab:', await tab.title(), JSON.stringify((await bodyText()).slice(0, 300)));
    await admin!.screenshot(tab, 'ui-session-opencode-tab');
    await tab.close();
    // Back on the notebook: why OpenCode has no managed model.
    const notice = page.getByRole('status').filter({ hasText: 'OpenCode opened in a new tab.' });
    await expect.poll(() => notice.textContent()).toMatch(/no managed model: this hub has no AI provider configured/);
    await shoot(admin!, page, 'session-opencode-notice');
    await expect.poll(() => surfaceButton(page, 'OpenCode').getAttribute('data-state')).toBe('running');
  }, 240_000);

  it('stops VS Code from its panel, and OpenCode from its menu; the session keeps running', async ({ skip }) => {
    if (!hostsSurfaces(t)) return skip();
    await page.getByRole('region', { name: 'VS Code' }).getByRole('button', { name: 'Stop' }).click();
    await expect.poll(() => surfaceButton(page, 'VS Code').getAttribute('data-state'), { timeout: 30_000 }).toBe('stopped');
    expect(await page.getByRole('region', { name: 'VS Code' }).count()).toBe(0);

    await page.getByRole('button', { name: 'More actions for OpenCode' }).click();
    await page.getByRole('menuitem', { name: 'Stop OpenCode' }).click();
    await expect.poll(() => surfaceButton(page, 'OpenCode').getAttribute('data-state'), { timeout: 30_000 }).toBe('stopped');

    const sid = /\/s\/(ses-[0-9a-z]{16})\//.exec((await page.locator(MARIMO_FRAME).getAttribute('src')) ?? '')?.[1];
    expect(sid).toBeDefined();
    const pid = /\/projects\/([^/]+)\//.exec(editUrl)![1]!;
    const surfaces = await t!.call(`/api/v1/projects/${pid}/sessions/${sid}/surfaces`, { token });
    expect(surfaces.json.data.map((surface: { id: string; state: string }) => [surface.id, surface.state])).toEqual([
      ['vscode', 'stopped'],
      ['opencode', 'stopped'],
    ]);
    expect((await t!.call(`/api/v1/projects/${pid}/sessions/${sid}`, { token })).json.data.state).toBe('running');
  }, 120_000);

  it('offers no surfaces in an app', async () => {
    await page.goto(appUrl);
    await page.locator(MARIMO_FRAME).waitFor({ timeout: 120_000 });
    await page.getByRole('button', { name: 'Stop' }).waitFor();
    expect(await surfaceButton(page, 'VS Code').count()).toBe(0);
    expect(await surfaceButton(page, 'OpenCode').count()).toBe(0);
  }, 180_000);

  it('logged no page error and no CSP violation', () => {
    expect(admin!.console.filter((line) => /Content Security Policy|Refused to frame|pageerror/i.test(line))).toEqual([]);
  });
});

/**
 * A surfaces folder whose programs cannot run: each launcher (under the current pins' stamp, so
 * nothing is installed over it) prints an error and exits, as a broken install would.
 */
async function fakeBrokenSurfaceRuntime(dir: string): Promise<void> {
  for (const name of SURFACE_NAMES) {
    const layout = surfaceLayout(dir, name);
    await mkdir(path.dirname(layout.launcher), { recursive: true });
    await writeFile(layout.launcher, `#!/bin/sh\necho "${name}: cannot open shared object file libgssapi_krb5.so.2" >&2\nexit 127\n`);
    await chmod(layout.launcher, 0o755);
    await writeFile(layout.stamp, surfaceStamp(name));
  }
}

describe.skipIf(chromium === null || sandboxRuntime === null)('the session page when VS Code cannot start', () => {
  let t: TestHub | undefined;
  let admin: Chromium | undefined;
  let cleanup: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    const temp = await makeTempDir('broken-surfaces');
    cleanup = temp.cleanup;
    await fakeBrokenSurfaceRuntime(temp.dir);
    t = await startMarimoUiHub(sandboxRuntime!.runtimeDir, { SERVICE_SURFACES: SURFACES, SERVICE_SURFACE_RUNTIME_DIR: temp.dir });
    admin = await launchChromium(chromium!.executablePath);
  }, 120_000);
  afterAll(async () => {
    await closeBrowserSuite({ browsers: [admin], hub: t });
    await cleanup?.();
  });

  it("shows why, with the end of the program's output, and tries again", async ({ skip }) => {
    if (!hostsSurfaces(t)) return skip();
    const page = await admin!.newPage();
    await admin!.signIn(page, t!.url, t!.hub.localLoginPath!);
    const token = await t!.tokenFor('admin@localhost');
    const { pid, nid } = await createNotebook(t!, token, 'Broken tools');
    await page.goto(`${t!.url}/projects/${pid}/notebooks/${nid}/edit`);
    await page.locator(MARIMO_FRAME).waitFor({ timeout: 120_000 });
    await surfaceButton(page, 'VS Code').click();
    const panel = page.getByRole('region', { name: 'VS Code' });
    const alert = panel.getByRole('alert').filter({ hasText: 'VS Code could not start' });
    await alert.waitFor({ timeout: 60_000 });
    await expect.poll(() => surfaceButton(page, 'VS Code').getAttribute('data-state')).toBe('failed');
    await alert.getByRole('button', { name: 'Show its output' }).click();
    await panel.getByLabel("The end of VS Code's output").getByText('libgssapi_krb5.so.2', { exact: false }).waitFor();
    await shoot(admin!, page, 'session-vscode-failed');
    await expectAccessible(page, 'the failure');

    // Try again starts it afresh (a second session.surface.open), and it fails the same way.
    const opens = async () => {
      const events = await t!.call(`/api/v1/projects/${pid}/events`, { token });
      return (events.json.data as { event: string; metadata: { surface?: string } }[]).filter(
        (entry) => entry.event === 'session.surface.open' && entry.metadata.surface === 'vscode',
      ).length;
    };
    expect(await opens()).toBe(1);
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(opens, { timeout: 30_000 }).toBe(2);
    // The second start fails as the first did, after the same wait for its output.
    await alert.waitFor({ timeout: 120_000 });

    // OpenCode opens in a tab: its failure shows under the bar.
    await surfaceButton(page, 'OpenCode').click();
    await page.getByRole('alert').filter({ hasText: 'OpenCode could not start' }).waitFor({ timeout: 60_000 });
    expect(admin!.console.filter((line) => /Content Security Policy|pageerror/i.test(line))).toEqual([]);
  }, 360_000);
});
