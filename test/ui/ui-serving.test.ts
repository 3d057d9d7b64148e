import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UI_CONTENT_SECURITY_POLICY } from '../../service/src/http/ui.js';
import { launchChromium, type Chromium } from '../support/browser.js';
import { startTestHub, type TestHub } from '../support/test-hub.js';
import { FIXTURE_SCRIPT, makeUiFixture } from '../support/ui-fixture.js';
import { prerequisite } from '../setup/prerequisites.js';

const chromium = prerequisite('chromium');

describe.skipIf(chromium === null)('the web UI in a browser', () => {
  let t: TestHub;
  let fixture: { dir: string; cleanup: () => Promise<void> };
  let browser: Chromium;
  beforeAll(async () => {
    fixture = await makeUiFixture();
    t = await startTestHub({ hub: () => ({ uiDir: fixture.dir }) });
    browser = await launchChromium(chromium!.executablePath);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
    await fixture?.cleanup();
  });

  it('loads the app at / after the local login, its script running under the CSP', async () => {
    const page = await browser.newPage();
    await browser.signIn(page, t.url, t.hub.localLoginPath!);
    expect(new URL(page.url()).pathname).toBe('/');
    await page.waitForSelector('#root[data-ready="yes"]');
    expect(await page.textContent('#root')).toBe('app running at /');

    const response = await page.goto(`${t.url}/`);
    const headers = response!.headers();
    expect(headers['content-security-policy']).toBe(UI_CONTENT_SECURITY_POLICY);
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('same-origin');
    expect(headers['cache-control']).toBe('no-cache');
    const script = await page.request.get(`${t.url}${FIXTURE_SCRIPT}`);
    expect(script.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(script.headers()['content-type']).toBe('text/javascript; charset=utf-8');
    await page.close();
  });

  it('answers a deep client route with the same app', async () => {
    const page = await browser.newPage();
    const response = await page.goto(`${t.url}/projects/x/notebooks`);
    expect(response!.status()).toBe(200);
    await page.waitForSelector('#root[data-ready="yes"]');
    expect(await page.textContent('#root')).toBe('app running at /projects/x/notebooks');
    const file = await browser.screenshot(page, 'ui-serving-deep-route');
    expect(existsSync(file)).toBe(true);
    await page.close();
  });

  it('keeps an unknown API route a JSON 404', async () => {
    const page = await browser.newPage();
    const response = await page.goto(`${t.url}/api/v1/nope`);
    expect(response!.status()).toBe(404);
    expect(response!.headers()['content-type']).toMatch(/^application\/json/);
    expect(await response!.json()).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
    await page.close();
  });

  it('logged no CSP violation and no page error', () => {
    expect(browser.console.filter((line) => /Content Security Policy|Refused to|pageerror/i.test(line))).toEqual([]);
  });

  it('would have seen a violation: an inline script is refused and reported', async () => {
    const page = await browser.newPage();
    await page.goto(`${t.url}/`);
    const before = browser.console.length;
    // A string, run in the page (the tests are type-checked without the DOM library).
    const ran = await page.evaluate(`(async () => {
      const script = document.createElement('script');
      script.textContent = 'window.inlineRan = true';
      document.head.append(script);
      await new Promise((resolve) => setTimeout(resolve, 200));
      return window.inlineRan === true;
    })()`);
    expect(ran).toBe(false);
    expect(browser.console.slice(before).some((line) => /Content Security Policy/.test(line))).toBe(true);
    await page.close();
  });
});
