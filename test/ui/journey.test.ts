import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, type Chromium } from '../support/browser.js';
import { closeBrowserSuite, MARIMO_FRAME, marimoIn, moveTmpdirOffTmp, runFirstCell, startMarimoUiHub } from '../support/marimo-browser-suite.js';
import { killMarimoIn } from '../support/marimo-signals.js';
import type { TestHub } from '../support/test-hub.js';
import { expectAccessible, shootAll } from '../support/ui-pages.js';
import { prerequisite } from '../setup/prerequisites.js';

const chromium = prerequisite('chromium');
const sandboxRuntime = prerequisite('sandboxRuntime');
const NOTEBOOK_TITLE = 'Revenue model';
// A value marimo can only show by running the cell.
const CELL_CODE = '6 * 7 * 1001';
const CELL_OUTPUT = '42042';

if (chromium === null || sandboxRuntime === null)
  console.warn(`SKIPPED the web UI journey: ${chromium === null ? 'no Chromium' : 'no sandbox runtime (marimo venv)'} on this machine`);

/**
 * A user's journey through the built web UI against a hub running real marimo: create a project
 * and a notebook, edit and run a cell in marimo through the hub's proxy, save a version, then a
 * viewer opens the app and a manager is offered the takeover, and takes it.
 */
describe.skipIf(chromium === null || sandboxRuntime === null)('the web UI journey with real marimo', () => {
  let t: TestHub;
  const browsers: Chromium[] = [];
  let admin: Chromium;
  let adminToken: string;
  let editor: Page;
  let pid = '';
  let nid = '';

  /** Another person in a browser of their own: a user signed in with a session cookie the hub minted for them. */
  async function personBrowser(email: string, role: 'manager' | 'viewer'): Promise<{ browser: Chromium; page: Page }> {
    const { user, cookieValue } = await t.hub.services.signIns.signIn({
      identity: { subject: `journey-${role}`, email, name: null, picture_url: null },
      provider: 'local',
    });
    await addMemberInThePage(email, role);
    const members = (await t.call(`/api/v1/projects/${pid}`, { token: adminToken })).json.data.members as { user_id: string; role: string }[];
    expect(members).toContainEqual(expect.objectContaining({ user_id: user.id, role }));
    const browser = await launchChromium(chromium!.executablePath);
    browsers.push(browser);
    await browser.context.addCookies([{ name: 'svc_session', value: cookieValue, url: t.url }]);
    return { browser, page: await browser.newPage() };
  }

  /** The admin adds a member on the project's members page, in a tab of their own (their editor stays open). */
  async function addMemberInThePage(email: string, role: 'manager' | 'viewer'): Promise<void> {
    const page = await admin.newPage();
    await page.goto(`${t.url}/projects/${pid}/members`);
    await page.getByRole('button', { name: 'Add member' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('E-mail').fill(email);
    await page.getByRole('option', { name: email }).click();
    await dialog.getByRole('textbox', { name: 'Role' }).click();
    await page.getByRole('option', { name: role === 'manager' ? 'Manager' : 'Viewer' }).click();
    await dialog.getByRole('button', { name: 'Add member' }).click();
    await page.getByRole('cell', { name: email, exact: true }).waitFor();
    await page.close();
  }

  const check = async (browser: Chromium, page: Page, name: string) => {
    await shootAll(browser, page, name);
    await expectAccessible(page, name);
  };

  let restoreTmpdir: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    restoreTmpdir = await moveTmpdirOffTmp('journey');
    t = await startMarimoUiHub(sandboxRuntime!.runtimeDir);
    admin = await launchChromium(chromium!.executablePath);
    browsers.push(admin);
    adminToken = await t.tokenFor('admin@localhost');
  }, 120_000);
  afterAll(() => closeBrowserSuite({ browsers, hub: t, restoreTmpdir }));

  it('creates a project and a notebook through the pages', async () => {
    editor = await admin.newPage();
    await admin.signIn(editor, t.url, t.hub.localLoginPath!);
    await editor.getByRole('button', { name: 'Create project' }).first().click();
    await editor.getByRole('dialog').getByLabel('Name').fill('Journey');
    await editor.getByRole('dialog').getByRole('button', { name: 'Create', exact: true }).click();
    await editor.waitForURL(/\/projects\/proj-[0-9a-z]{16}/);
    pid = /\/projects\/(proj-[0-9a-z]{16})/.exec(editor.url())![1]!;

    await editor.getByRole('button', { name: 'Create notebook' }).first().click();
    await editor.getByRole('dialog').getByLabel('Title').fill(NOTEBOOK_TITLE);
    await editor.getByRole('dialog').getByRole('button', { name: 'Create', exact: true }).click();
    await editor.getByText(NOTEBOOK_TITLE).first().waitFor();
    const notebooks = await t.call(`/api/v1/projects/${pid}/notebooks`, { token: adminToken });
    nid = notebooks.json.data.items.find((entry: { title: string }) => entry.title === NOTEBOOK_TITLE).id;
    expect(nid).toMatch(/^nb-/);
  });

  it('opens the notebook in the editor: start-up progress, then marimo', async () => {
    // The session's own answers are held back (then passed on unchanged) so the progress can be photographed;
    // once released, the route lets every read through as it comes.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const sessionRead = /\/api\/v1\/projects\/[^/]+\/sessions\/ses-[0-9a-z]{16}$/;
    await editor.route(sessionRead, async (route) => {
      await held;
      await route.continue();
    });
    await editor.goto(`${t.url}/projects/${pid}/notebooks/${nid}/edit`);
    await editor.getByRole('heading', { name: 'Starting the editor' }).waitFor();
    await editor.getByLabel('Start-up progress').waitFor();
    await check(admin, editor, 'session-starting');
    release();

    await editor.locator(MARIMO_FRAME).waitFor({ timeout: 120_000 });
    await expect.poll(() => editor.getByText('Running', { exact: true }).count()).toBe(1);
    await marimoIn(editor).locator('.cm-content').first().waitFor({ timeout: 60_000 });
  }, 180_000);

  it('runs a cell typed into marimo and shows its output', async () => {
    await runFirstCell(editor, CELL_CODE, CELL_OUTPUT);
    // marimo's content is marimo's own: the accessibility check covers the hub's page around it.
    await check(admin, editor, 'session-edit');
  }, 120_000);

  it('saves a new version from the bar', async () => {
    // marimo writes the notebook file when its own save button is pressed; until then there is nothing for the hub to save.
    await marimoIn(editor).locator('#save-button').click();
    let saved = false;
    for (let tries = 0; tries < 10 && !saved; tries++) {
      await editor.getByRole('button', { name: 'Save', exact: true }).click();
      const answer = editor.getByText(/^(Saved|Nothing to save)$/).last();
      await answer.waitFor();
      saved = (await answer.textContent()) === 'Saved';
      await editor.locator('.mantine-Notification-closeButton').first().click();
      if (!saved) await editor.waitForTimeout(500);
    }
    expect(saved).toBe(true);
    const versions = await t.call(`/api/v1/projects/${pid}/notebooks/${nid}/versions`, { token: adminToken });
    const newest = versions.json.data.items[0];
    expect(newest.message).toBe('Saved from the editor');
    const code = await t.call(`/api/v1/projects/${pid}/notebooks/${nid}/versions/${newest.version_id}/code`, { token: adminToken });
    expect(code.text).toContain(CELL_CODE);
  }, 120_000);

  it('keeps the open editor alive with heartbeats', async () => {
    const beat = await editor.waitForResponse((response) => response.url().endsWith('/heartbeat') && response.request().method() === 'POST', {
      timeout: 60_000,
    });
    expect(beat.status()).toBe(200);
    expect(beat.request().postDataJSON()).toEqual({ connected: true });
    expect((await beat.json()).data.state).toBe('running');
  }, 90_000);

  it('shows my running session and the notebook among the recent ones on the home page', async () => {
    const home = await admin.newPage();
    await home.goto(`${t.url}/`);
    const sessions = home.getByRole('region', { name: 'My running sessions' });
    await sessions.getByRole('link', { name: NOTEBOOK_TITLE, exact: true }).waitFor();
    await expect.poll(() => sessions.getByText('Running', { exact: true }).count()).toBe(1);
    await home.getByRole('region', { name: 'Recently opened notebooks' }).getByRole('link', { name: NOTEBOOK_TITLE, exact: true }).waitFor();
    await check(admin, home, 'home-sessions');
    await home.close();
  });

  it('lets a viewer open the notebook as an app, in a browser of their own', async () => {
    const { browser, page } = await personBrowser('viewer@journey.test', 'viewer');
    await page.goto(`${t.url}/projects/${pid}/notebooks/${nid}/app`);
    await page.locator(MARIMO_FRAME).waitFor({ timeout: 120_000 });
    await marimoIn(page).getByText(CELL_OUTPUT, { exact: true }).first().waitFor({ timeout: 60_000 });
    expect(await page.getByRole('button', { name: 'Save' }).count()).toBe(0);
    // A viewer may not stop the app (editors and above stop their own sessions): they close it.
    expect(await page.getByRole('button', { name: 'Stop' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Close' }).waitFor();
    await check(browser, page, 'session-app');

    // The app's notebook server dies: the hub starts it again at the same address, and the page loads it afresh.
    const frame = (await page.locator(MARIMO_FRAME).elementHandle())!;
    const sid = /\/s\/([^/]+)\//.exec((await frame.getAttribute('src')) ?? '')![1]!;
    const session = await t.hub.services.sessionStore.get(pid, sid);
    expect(await killMarimoIn(t.dataDir, session!.sandbox!.id)).toBeGreaterThan(0);
    await expect.poll(() => frame.evaluate((element) => element.isConnected), { timeout: 60_000 }).toBe(false);
    // The session itself must be running again (and say so when it is not) before its page is looked at.
    await expect
      .poll(
        async () => {
          const { state, restarts, stop_reason, failure } = (await t.hub.services.sessionStore.get(pid, sid))!;
          return { state, restarts, stop_reason, failure };
        },
        { timeout: 60_000 },
      )
      .toEqual({ state: 'running', restarts: 1, stop_reason: null, failure: null });
    await marimoIn(page).getByText(CELL_OUTPUT, { exact: true }).first().waitFor({ timeout: 60_000 });
    expect((await t.hub.services.sessionStore.get(pid, sid))!.restarts).toBe(1);
  }, 240_000);

  it('offers a manager the takeover of the notebook, and the editor sees that their session ended', async () => {
    const { browser, page } = await personBrowser('manager@journey.test', 'manager');
    await page.goto(`${t.url}/projects/${pid}/notebooks/${nid}/edit`);
    await page.getByRole('heading', { name: 'Someone else is editing this notebook' }).waitFor();
    await page.getByText('admin@localhost has had it open since').waitFor();
    await check(browser, page, 'session-takeover');

    await page.getByRole('button', { name: 'Take over' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Take over' }).click();
    await page.locator(MARIMO_FRAME).waitFor({ timeout: 120_000 });
    await marimoIn(page).locator('.cm-content').filter({ hasText: CELL_CODE }).first().waitFor({ timeout: 60_000 });

    await editor.getByRole('heading', { name: 'This session has ended' }).waitFor({ timeout: 30_000 });
    await editor.getByText('Another editor took the notebook over').waitFor();
    await check(admin, editor, 'session-ended');
  }, 240_000);

  it('logged no page error and no CSP violation', () => {
    // marimo's own page, in the frame, may fail to refresh its service worker while its server is
    // being started again (the proxy answers 503 meanwhile): that error is marimo's, not the hub's.
    const marimosOwn = (line: string) => /^pageerror: Failed to update a ServiceWorker for scope \('[^']*\/s\/ses-/.test(line);
    for (const browser of browsers) {
      expect(browser.console.filter((line) => /Content Security Policy|Refused to|pageerror/i.test(line) && !marimosOwn(line))).toEqual([]);
    }
  });
});
