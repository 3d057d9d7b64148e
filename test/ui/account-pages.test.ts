import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, type Chromium } from '../support/browser.js';
import { startTestHub, type TestHub } from '../support/test-hub.js';
import { expectAccessible, shootAll as shootAllIn } from '../support/ui-pages.js';
import { prerequisite } from '../setup/prerequisites.js';

const chromium = prerequisite('chromium');
const UI_DIR = path.resolve(import.meta.dirname, '../../renderer/dist');

/**
 * The account page's personal access tokens in the built UI against a real hub: a token created
 * in the page works against the API, its value is shown once, and revoking it in the page makes
 * the API refuse it.
 */
describe.skipIf(chromium === null)('the account page', () => {
  let t: TestHub;
  let browser: Chromium;
  let page: Page;

  beforeAll(async () => {
    expect(existsSync(path.join(UI_DIR, 'index.html'))).toBe(true);
    t = await startTestHub({ hub: () => ({ uiDir: UI_DIR }) });
    browser = await launchChromium(chromium!.executablePath);
    // The copy button writes to the clipboard; the test reads it back.
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: t.url });
    page = await browser.newPage();
    page.setDefaultTimeout(10_000);
    await browser.signIn(page, t.url, t.hub.localLoginPath!);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const shootAll = async (name: string) => {
    await shootAllIn(browser, page, name);
    await expectAccessible(page, name);
  };

  /** Creates a token through the page and returns the value the page showed (and copied). */
  const createToken = async (name: string, narrow?: () => Promise<void>): Promise<string> => {
    await page.getByRole('button', { name: 'Create token' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create token' });
    await dialog.getByLabel('Name').fill(name);
    await narrow?.();
    await dialog.getByRole('button', { name: 'Create token' }).click();
    const shown = page.getByRole('dialog', { name: 'Your new token' });
    await shown.getByText('you will not see it again').waitFor();
    const value = (await shown.getByTestId('token-value').textContent())!.trim();
    expect(value).toMatch(/^svc_pat_[A-Za-z0-9_-]{43}$/);
    await shown.getByRole('button', { name: 'Copy token' }).click();
    await shown.getByRole('button', { name: 'Copied' }).waitFor();
    // Runs in the page: no DOM types in this project's compiler settings.
    const clipboard = await page.evaluate(() =>
      (globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }).navigator.clipboard.readText(),
    );
    expect(clipboard).toBe(value);
    return value;
  };

  it('creates a token whose value is shown once and works against the API, then revokes it', async () => {
    await page.goto(`${t.url}/account`);
    await page.getByRole('heading', { name: 'No tokens' }).waitFor();
    await shootAll('account-empty');

    const token = await createToken('Nightly export');
    await shootAll('account-token-created');
    expect((await t.call('/api/v1/me', { token })).status).toBe(200);

    await page.getByRole('dialog', { name: 'Your new token' }).getByRole('button', { name: 'Done' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    // Once closed, the value is nowhere in the page.
    expect(await page.content()).not.toContain(token);
    await page.getByRole('cell', { name: 'Nightly export', exact: true }).waitFor();
    await shootAll('account');

    await page.getByRole('button', { name: 'Revoke Nightly export' }).click();
    await shootAll('account-revoke');
    await page.getByRole('dialog', { name: 'Revoke token' }).getByRole('button', { name: 'Revoke' }).click();
    await page.getByRole('heading', { name: 'No tokens' }).waitFor();
    expect((await t.call('/api/v1/me', { token })).status).toBe(401);
  });

  it('creates a token narrowed to reading projects: the API refuses anything else', async () => {
    await page.goto(`${t.url}/account`);
    const token = await createToken('Read-only dashboard', async () => {
      const dialog = page.getByRole('dialog', { name: 'Create token' });
      await dialog.getByRole('textbox', { name: 'Expires' }).click();
      await page.getByRole('option', { name: '7 days' }).click();
      await dialog.getByLabel('Only these actions').check();
      await dialog.getByRole('textbox', { name: 'Actions' }).click();
      await page.getByRole('option', { name: 'Read projects' }).click();
      await dialog.getByRole('heading', { name: 'Create token' }).click();
      await shootAllIn(browser, page, 'account-token-form');
      await expectAccessible(page, 'the page');
    });
    await page.getByRole('dialog', { name: 'Your new token' }).getByRole('button', { name: 'Done' }).click();
    await page.getByRole('cell', { name: 'Read projects in all projects', exact: true }).waitFor();

    expect((await t.call('/api/v1/projects', { token })).status).toBe(200);
    expect((await t.call('/api/v1/projects', { token, method: 'POST', body: { name: 'Not allowed' } })).status).toBe(403);
    const listed = (await t.call('/api/v1/me/tokens', { cookie: await t.localLogin() })).json.data;
    expect(listed).toContainEqual(
      expect.objectContaining({ name: 'Read-only dashboard', scope: { actions: ['project.read'], projects: '*' }, expired: false }),
    );
  });

  it('shows the API’s refusal of a token without a name', async () => {
    await page.goto(`${t.url}/account`);
    await page.getByRole('button', { name: 'Create token' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create token' });
    await dialog.getByLabel('Name').fill('   ');
    await dialog.getByRole('button', { name: 'Create token' }).click();
    await dialog.getByRole('alert').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  it('logged no page error and no CSP violation', () => {
    expect(browser.console.filter((line) => /Content Security Policy|Refused to|pageerror/i.test(line))).toEqual([]);
  });
});
