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
 * The built web UI against a real hub: sign in, create a project and a notebook through the pages,
 * and a screenshot of every page of this slice at both sizes in both themes (test/artifacts/).
 */
describe.skipIf(chromium === null)('the web UI pages', () => {
  let t: TestHub;
  let browser: Chromium;
  beforeAll(async () => {
    // The test set-up builds the UI with the service; a missing build is a failure, not a skip.
    expect(existsSync(path.join(UI_DIR, 'index.html'))).toBe(true);
    t = await startTestHub({ hub: () => ({ uiDir: UI_DIR }) });
    browser = await launchChromium(chromium!.executablePath);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const shootAll = async (page: Page, name: string) => {
    await shootAllIn(browser, page, name);
    await expectAccessible(page, name);
  };

  it('shows the sign-in page to a visitor', async () => {
    const page = await browser.newPage();
    await page.goto(`${t.url}/`);
    await page
      .getByRole('heading', { name: /sign in/i })
      .first()
      .waitFor();
    await shootAll(page, 'sign-in');
    await page.close();
  });

  it('creates a project and a notebook through the pages', async () => {
    const page = await browser.newPage();
    await browser.signIn(page, t.url, t.hub.localLoginPath!);
    await page.getByRole('button', { name: 'Create project' }).first().waitFor();
    await shootAll(page, 'home-empty');

    await page.getByRole('button', { name: 'Create project' }).first().click();
    await page.getByRole('dialog').getByLabel('Name').fill('Quarterly forecasting with a rather long project name');
    await page.getByRole('dialog').getByRole('button', { name: 'Create', exact: true }).click();
    await page.waitForURL(/\/projects\/[^/]+/);
    await page.getByRole('button', { name: 'Create notebook' }).first().waitFor();
    await shootAll(page, 'project-notebooks-empty');

    await page.getByRole('button', { name: 'Create notebook' }).first().click();
    await page.getByRole('dialog').getByLabel('Title').fill('Revenue model');
    await page.getByRole('dialog').getByRole('button', { name: 'Create', exact: true }).click();
    // Creating a notebook opens it.
    await page.waitForURL(/\/notebooks\/[^/]+\/overview$/);
    await page.getByRole('heading', { name: 'Revenue model' }).waitFor();
    await shootAll(page, 'notebook');
    const projectUrl = page.url().replace(/\/notebooks\/.*$/, '');
    await page.goto(`${projectUrl}/notebooks`);
    await page.getByText('Revenue model').first().waitFor();
    await shootAll(page, 'project-notebooks');
    await page.goto(`${projectUrl}/settings`);
    await shootAll(page, 'project-settings');
    await page.goto(`${projectUrl}/members`);
    await shootAll(page, 'project-members');
    await page.goto(`${t.url}/`);
    await page.getByText('Quarterly forecasting').first().waitFor();
    await shootAll(page, 'home');
    await page.close();
  });

  it('logged no page error and no CSP violation', () => {
    expect(browser.console.filter((line) => /Content Security Policy|Refused to|pageerror/i.test(line))).toEqual([]);
  });
});
