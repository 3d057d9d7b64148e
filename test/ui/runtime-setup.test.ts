import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, type Chromium } from '../support/browser.js';
import { useCachedRuntimeBuilds } from '../support/runtime-builds.js';
import { closeSessionHub } from '../support/session-world.js';
import { makeTempDir } from '../support/temp-dir.js';
import { startTestHub, type TestHub } from '../support/test-hub.js';
import { expectAccessible, shootAll } from '../support/ui-pages.js';
import { prerequisite } from '../setup/prerequisites.js';

const chromium = prerequisite('chromium');
const sandboxRuntime = prerequisite('sandboxRuntime');
const UI_DIR = path.resolve(import.meta.dirname, '../../renderer/dist');
const STATUS_READ = /\/api\/v1\/runtime-setup$/;

/** A scrolling box the keyboard can reach and scroll, whether or not it overflows yet (axe: scrollable-region-focusable). */
async function expectKeyboardReachable(region: Locator): Promise<void> {
  expect(await region.getAttribute('tabindex')).toBe('0');
  await region.focus();
  expect(await region.evaluate((element) => element === (element.ownerDocument as { activeElement: unknown }).activeElement)).toBe(true);
}

if (chromium === null || sandboxRuntime === null)
  console.warn(`SKIPPED the runtime set-up screens: ${chromium === null ? 'no Chromium' : 'no sandbox runtime (marimo venv)'} on this machine`);

/**
 * The notebook runtime's set-up in the window, against hubs whose runtime really is built (from a
 * uv cache, see runtime-builds.ts): the notice on every page, its repair, and the start-up screen
 * of a first session waiting for the build.
 */
describe.skipIf(chromium === null || sandboxRuntime === null)('the notebook runtime set-up in the UI', () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  let builds: Awaited<ReturnType<typeof useCachedRuntimeBuilds>>;
  let browser: Chromium;
  let page: Page;
  let hub: TestHub | undefined;

  const check = async (name: string, on: Page = page) => {
    await shootAll(browser, on, name);
    await expectAccessible(on, name);
  };
  /** Holds the page's status reads while `work` runs, so a build's progress stays on screen for it. */
  const holdingStatus = async (work: () => Promise<void>) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const hold = async (route: { continue(): Promise<void> }) => {
      await held;
      await route.continue().catch(() => {});
    };
    await page.route(STATUS_READ, hold);
    try {
      await work();
    } finally {
      release();
      await page.unroute(STATUS_READ, hold);
    }
  };
  const startHub = async (runtimeDir: string) => {
    hub = await startTestHub({
      env: { SERVICE_SANDBOX_RUNTIME_DIR: runtimeDir, SERVICE_RUN_MAINTENANCE: 'false', SERVICE_AUTOMATIC_THUMBNAILS: 'false' },
      hub: () => ({ uiDir: UI_DIR }),
    });
    await browser.signIn(page, hub.url, hub.hub.localLoginPath!);
    return hub;
  };

  beforeAll(async () => {
    expect(existsSync(path.join(UI_DIR, 'index.html'))).toBe(true);
    temp = await makeTempDir('ui-runtime-setup');
    builds = await useCachedRuntimeBuilds(sandboxRuntime!);
    browser = await launchChromium(chromium!.executablePath);
    page = await browser.newPage();
  }, 120_000);
  afterEach(async () => {
    if (hub) await closeSessionHub(hub);
    hub = undefined;
  });
  afterAll(async () => {
    await browser?.close().catch(() => {});
    await builds?.restore();
    await temp?.cleanup();
  });

  it('shows a runtime that needs a repair on every page, and repairs it with its progress', async () => {
    const runtimeDir = path.join(temp.dir, 'half-built');
    // An install that stopped half-way: the venv folder and nothing else.
    await mkdir(path.join(runtimeDir, 'venv'), { recursive: true });
    const t = await startHub(runtimeDir);

    // A user who may not repair it is told, without the button or the log.
    const user = await t.hub.services.users.ensureByEmail('viewer@example.com', { name: 'Vi Ewer', superAdmin: false }, 'test');
    const { cookieValue } = await t.hub.services.loginSessions.create(user.id, 'local');
    const userContext = await page.context().browser()!.newContext();
    await userContext.addCookies([{ name: 'svc_session', value: cookieValue, url: t.url }]);
    const userPage = await userContext.newPage();
    await userPage.goto(`${t.url}/`);
    const userNotice = userPage.getByRole('alert', { name: 'The notebook runtime needs a repair' });
    // Told whom to ask, without the machine's details.
    await userNotice.getByText(/until an administrator repairs it/).waitFor();
    expect(await userNotice.getByText(/did not finish/).count()).toBe(0);
    expect(await userNotice.getByRole('button').count()).toBe(0);
    await userContext.close();

    await page.goto(`${t.url}/account`);
    const notice = page.getByRole('alert', { name: 'The notebook runtime needs a repair' });
    await notice.getByText(/did not finish/).waitFor();
    await check('runtime-needs-repair');

    await notice.getByRole('button', { name: 'Repair' }).click();
    const building = page.getByRole('status', { name: 'Setting up the notebook runtime' });
    const bar = building.getByRole('progressbar', { name: 'Notebook runtime set-up progress' });
    await expect
      .poll(async () => Number((await bar.getAttribute('aria-valuenow').catch(() => null)) ?? 0), { timeout: 120_000, interval: 100 })
      .toBeGreaterThan(2);
    await holdingStatus(async () => {
      await building.getByRole('button', { name: 'Show log' }).click();
      const log = building.getByRole('region', { name: "The last lines of the runtime's build log" });
      await log.getByText(/rebuilding the notebook runtime/).waitFor();
      // However long the log has grown by now (it scrolls only once it is long), the keyboard reaches it.
      await expectKeyboardReachable(log);
      await check('runtime-preparing');
    });
    await building.waitFor({ state: 'detached', timeout: 240_000 });
    expect(await page.getByRole('alert').count()).toBe(0);
    expect((await t.call('/api/v1/runtime-setup', { token: await t.tokenFor('admin@localhost') })).json.data.state).toBe('ready');
  }, 420_000);

  it("shows the runtime's first build on the start-up screen of the first session, which then opens", async () => {
    const t = await startHub(path.join(temp.dir, 'first-run'));
    const token = await t.tokenFor('admin@localhost');
    const project = await t.call('/api/v1/projects', { method: 'POST', token, body: { name: 'Planning' } });
    const pid = project.json.data.id as string;
    const notebook = await t.call(`/api/v1/projects/${pid}/notebooks`, { method: 'POST', token, body: { title: 'Forecast' } });
    const nid = notebook.json.data.meta.id as string;

    // A runtime never built: nothing to say until something needs it.
    const statusRead = page.waitForResponse(STATUS_READ);
    await page.goto(`${t.url}/projects/${pid}`);
    expect((await (await statusRead).json()).data.state).toBe('missing');
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    expect(await page.getByRole('alert').count()).toBe(0);

    await page.goto(`${t.url}/projects/${pid}/notebooks/${nid}/edit`);
    const building = page.getByRole('status', { name: 'Notebook runtime set-up' });
    await building.getByText('Setting up the notebook runtime (first time only)').waitFor({ timeout: 120_000 });
    const bar = building.getByRole('progressbar', { name: 'Notebook runtime set-up progress' });
    await expect
      .poll(async () => Number((await bar.getAttribute('aria-valuenow').catch(() => null)) ?? 0), { timeout: 120_000, interval: 100 })
      .toBeGreaterThan(2);
    await holdingStatus(() => check('session-runtime-setup'));
    await page.locator('iframe[title$="in marimo"]').waitFor({ timeout: 240_000 });
  }, 420_000);

  it('says when there is no Python to build the runtime with, and shows why a repair failed', async () => {
    const saved = process.env.PYTHON;
    process.env.PYTHON = path.join(temp.dir, 'no-such-python3');
    try {
      const t = await startHub(path.join(temp.dir, 'no-python'));
      await page.goto(`${t.url}/`);
      const notice = page.getByRole('alert', { name: 'Notebooks cannot run: no Python to set up their runtime with' });
      await notice.getByText(/no-such-python3 was not found/).waitFor();
      await notice.getByRole('button', { name: 'Repair' }).click();
      await notice.getByRole('button', { name: 'Show log' }).click({ timeout: 60_000 });
      const log = notice.getByRole('region', { name: "The last lines of the runtime's build log" });
      await log
        .getByText(/failed/)
        .first()
        .waitFor();
      await expectKeyboardReachable(log);
      await check('runtime-no-python');
    } finally {
      if (saved === undefined) delete process.env.PYTHON;
      else process.env.PYTHON = saved;
    }
  }, 180_000);
});
