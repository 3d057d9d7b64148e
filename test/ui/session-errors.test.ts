import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSandboxDriver } from '../../service/src/compose/adapters.js';
import { launchChromium, type Chromium } from '../support/browser.js';
import { FakeFaultyDestroyDriver } from '../support/fake-sandbox-drivers.js';
import { closeSessionHub } from '../support/session-world.js';
import { startTestHub, type TestHub } from '../support/test-hub.js';
import { expectAccessible, shootAll } from '../support/ui-pages.js';
import { prerequisite } from '../setup/prerequisites.js';

const chromium = prerequisite('chromium');
const sandboxRuntime = prerequisite('sandboxRuntime');
const UI_DIR = path.resolve(import.meta.dirname, '../../renderer/dist');
const MARIMO_FRAME = 'iframe[title$="in marimo"]';

if (chromium === null || sandboxRuntime === null)
  console.warn(`SKIPPED the session error screens: ${chromium === null ? 'no Chromium' : 'no sandbox runtime (marimo venv)'} on this machine`);

/**
 * The session view's refusals against a hub running real marimo, one session per user allowed:
 * dependencies that cannot be installed, the session limit with my sessions to stop, an editor
 * who may not take a notebook over, and a start that waits for the notebook's last session to close.
 */
/** Asks until the hub answers EDIT_SESSION_RETIRING (the stop under way has retired the claim), and returns that answer. */
async function waitForRetiring(ask: () => Promise<{ status: number; text: string; json: { error?: { code?: string } }; headers: Headers }>) {
  for (let attempt = 0; attempt < 100; attempt++) {
    const answer = await ask();
    if (answer.json.error?.code === 'EDIT_SESSION_RETIRING') return answer;
    // Until the stop has begun, my start gets my running session back (200); never a new one.
    if (answer.status !== 200) throw new Error(`expected the notebook to be retiring: ${answer.status} ${answer.text}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the notebook never began retiring');
}

describe.skipIf(chromium === null || sandboxRuntime === null)('the session view when a session cannot start', () => {
  let t: TestHub;
  const browsers: Chromium[] = [];
  let admin: Chromium;
  let page: Page;
  let adminToken: string;
  let pid = '';
  let driver: FakeFaultyDestroyDriver;
  const notebooks: Record<'forecast' | 'budget' | 'broken', string> = { forecast: '', budget: '', broken: '' };
  const missing = `notebook-hub-no-such-package-${randomBytes(6).toString('hex')}`;

  const check = async (browser: Chromium, on: Page, name: string) => {
    await shootAll(browser, on, name);
    await expectAccessible(on, name);
  };
  const createNotebook = async (body: Record<string, unknown>) => {
    const created = await t.call(`/api/v1/projects/${pid}/notebooks`, { method: 'POST', token: adminToken, body });
    expect(created.status, created.text).toBe(201);
    return created.json.data.meta.id as string;
  };

  beforeAll(async () => {
    expect(existsSync(path.join(UI_DIR, 'index.html'))).toBe(true);
    t = await startTestHub({
      env: {
        SERVICE_SANDBOX_RUNTIME_DIR: sandboxRuntime!.runtimeDir,
        SERVICE_RUN_MAINTENANCE: 'false',
        SERVICE_AUTOMATIC_THUMBNAILS: 'false',
        SERVICE_MAX_SESSIONS_PER_USER: '1',
      },
      // The real local driver, whose destroy a test holds to keep a session closing while it looks.
      hub: async (settings) => ({
        uiDir: UI_DIR,
        sandboxes: (driver = new FakeFaultyDestroyDriver(await openSandboxDriver(settings, `hub-ui-${randomBytes(4).toString('hex')}`))),
      }),
    });
    admin = await launchChromium(chromium!.executablePath);
    browsers.push(admin);
    page = await admin.newPage();
    await admin.signIn(page, t.url, t.hub.localLoginPath!);
    adminToken = await t.tokenFor('admin@localhost');
    // Set-up through the API: the pages that create these are another test's subject.
    const project = await t.call('/api/v1/projects', { method: 'POST', token: adminToken, body: { name: 'Planning' } });
    expect(project.status, project.text).toBe(201);
    pid = project.json.data.id;
    notebooks.forecast = await createNotebook({ title: 'Forecast' });
    notebooks.budget = await createNotebook({ title: 'Budget' });
    const blank = (await t.call(`/api/v1/projects/${pid}/notebooks/${notebooks.forecast}/code`, { token: adminToken })).text;
    // A script block uv cannot resolve: the session fails while installing it.
    const script = `# /// script\n# dependencies = [\n#     "${missing}",\n# ]\n# ///\n`;
    notebooks.broken = await createNotebook({
      title: 'Unresolvable dependencies in the quarterly revenue forecast for every region and product line',
      code: script + blank,
    });
  }, 120_000);
  afterAll(async () => {
    if (driver) driver.fault = null;
    for (const browser of browsers) await browser.close().catch(() => {});
    if (t) await closeSessionHub(t);
  });

  it('cancels a start from the progress screen and goes back to the notebook', async () => {
    // The session's reads are held back so the start-up screen stays up long enough to press Cancel.
    const sessionRead = /\/api\/v1\/projects\/[^/]+\/sessions\/ses-[0-9a-z]{16}$/;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(sessionRead, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${t.url}/projects/${pid}/notebooks/${notebooks.forecast}/edit`);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(`${t.url}/projects/${pid}/notebooks/${notebooks.forecast}`);
    release();
    const sessions = await t.call(`/api/v1/projects/${pid}/sessions`, { token: adminToken });
    expect(sessions.json.data.items.map((entry: { notebook_id: string; state: string }) => [entry.notebook_id, entry.state])).toEqual([
      [notebooks.forecast, 'stopped'],
    ]);
  }, 120_000);

  it('shows the installer output when the dependencies cannot be installed', async () => {
    await page.goto(`${t.url}/projects/${pid}/notebooks/${notebooks.broken}/edit`);
    await page.getByRole('heading', { name: 'The session could not start' }).waitFor({ timeout: 120_000 });
    await page.getByLabel('Installer output').getByText(missing).first().waitFor();
    await page.getByRole('button', { name: 'Start again' }).waitFor();
    await check(admin, page, 'session-env-failed');
  }, 180_000);

  it('lists my sessions to stop when I have too many, and starts once one is stopped', async () => {
    await page.goto(`${t.url}/projects/${pid}/notebooks/${notebooks.forecast}/edit`);
    await page.locator(MARIMO_FRAME).waitFor({ timeout: 120_000 });

    await page.goto(`${t.url}/projects/${pid}/notebooks/${notebooks.budget}/edit`);
    await page.getByRole('heading', { name: 'Too many sessions are running' }).waitFor({ timeout: 60_000 });
    await page.getByRole('link', { name: 'Forecast', exact: true }).waitFor();
    await check(admin, page, 'session-limit');

    await page.getByRole('button', { name: 'Stop Forecast' }).click();
    await page.getByRole('heading', { name: 'No running sessions' }).waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.locator(MARIMO_FRAME).waitFor({ timeout: 120_000 });
    expect(await page.getByRole('heading', { name: 'Budget' }).count()).toBe(1);
  }, 300_000);

  it('offers an editor who is not a manager nor the author no takeover', async () => {
    const { user, cookieValue } = await t.hub.services.signIns.signIn({
      identity: { subject: 'session-errors-editor', email: 'editor@planning.test', name: null, picture_url: null },
      provider: 'local',
    });
    const added = await t.call(`/api/v1/projects/${pid}/members`, { method: 'POST', token: adminToken, body: { user_id: user.id, role: 'editor' } });
    expect(added.status, added.text).toBeLessThan(300);
    const other = await launchChromium(chromium!.executablePath);
    browsers.push(other);
    await other.context.addCookies([{ name: 'svc_session', value: cookieValue, url: t.url }]);
    const editorPage = await other.newPage();

    await editorPage.goto(`${t.url}/projects/${pid}/notebooks/${notebooks.budget}/edit`);
    await editorPage.getByRole('heading', { name: 'Someone else is editing this notebook' }).waitFor({ timeout: 60_000 });
    await editorPage.getByText('A project manager or the notebook’s author may take it over').waitFor();
    expect(await editorPage.getByRole('button', { name: 'Take over' }).count()).toBe(0);
    await editorPage.getByRole('link', { name: 'Open as app instead' }).waitFor();
    await check(other, editorPage, 'session-owned');
  }, 120_000);

  it("waits on the start-up screen while the notebook's last session closes, then starts by itself", async () => {
    // My one allowed session goes first.
    const mine = (await t.call(`/api/v1/me/sessions`, { token: adminToken })).json.data as { id: string; project_id: string }[];
    for (const session of mine)
      await t.call(`/api/v1/projects/${session.project_id}/sessions/${session.id}/stop`, { method: 'POST', token: adminToken, body: { save: false } });
    const nid = await createNotebook({ title: 'Closing' });
    const started = await t.call(`/api/v1/projects/${pid}/sessions`, {
      method: 'POST',
      token: adminToken,
      body: { notebook_id: nid, mode: 'edit', wait: true },
    });
    expect(started.json.data?.state, started.text).toBe('running');
    let letItGo!: () => void;
    driver.fault = { kind: 'held', until: new Promise<void>((resolve) => (letItGo = resolve)) };
    // Stopped elsewhere (another tab, the deadline): its sandbox is being removed while I open the notebook.
    const stopping = t.call(`/api/v1/projects/${pid}/sessions/${started.json.data.id}/stop`, { method: 'POST', token: adminToken, body: { save: false } });
    const refused = await waitForRetiring(() =>
      t.call(`/api/v1/projects/${pid}/sessions`, { method: 'POST', token: adminToken, body: { notebook_id: nid, mode: 'edit' } }),
    );
    expect(refused.headers.get('retry-after')).toBe('5');

    await page.goto(`${t.url}/projects/${pid}/notebooks/${nid}/edit`);
    await page.getByRole('status').filter({ hasText: 'The previous session is closing…' }).waitFor({ timeout: 60_000 });
    await page.getByText(/Starting again in \d s…/).waitFor();
    expect(await page.getByRole('heading', { name: 'Starting the editor' }).count()).toBe(1);
    await check(admin, page, 'session-previous-closing');

    letItGo();
    driver.fault = null;
    expect((await stopping).status).toBe(200);
    // No click: the page starts again after the Retry-After.
    await page.locator(MARIMO_FRAME).waitFor({ timeout: 120_000 });
    const live = (await t.call(`/api/v1/me/sessions`, { token: adminToken })).json.data as { notebook_id: string; state: string }[];
    expect(live.map((session) => session.notebook_id)).toEqual([nid]);
  }, 300_000);

  it('logged no page error and no CSP violation', () => {
    for (const browser of browsers) expect(browser.console.filter((line) => /Content Security Policy|Refused to|pageerror/i.test(line))).toEqual([]);
  });
});
