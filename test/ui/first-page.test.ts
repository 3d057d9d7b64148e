import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UI_CONTENT_SECURITY_POLICY } from '../../service/src/http/ui.js';
import { ARTIFACTS_DIR, CHROMIUM_ARGS, launchChromium, type Chromium } from '../support/browser.js';
import { startTestHub, type TestHub } from '../support/test-hub.js';
import { prerequisite } from '../setup/prerequisites.js';

const chromium = prerequisite('chromium');
const UI_DIR = path.resolve(import.meta.dirname, '../../renderer/dist');
const HOSTILE_NAME = 'Sales </script><script>window.injected=1</script>';

/**
 * The home page the hub draws before the app runs (docs/ui.md, "Loading"): the signed-in user's
 * projects in the page itself, their API answers beside them, a Content-Security-Policy that
 * allows only the page's own inline script, and the app taking the page over without drawing it
 * again.
 */
describe.skipIf(chromium === null)('the prerendered first page', () => {
  let t: TestHub;
  let cookie: string;
  beforeAll(async () => {
    t = await startTestHub({ hub: () => ({ uiDir: UI_DIR }) });
    cookie = await t.localLogin();
    for (const body of [{ name: 'Quarterly forecasting', tags: ['finance'] }, { name: HOSTILE_NAME }]) {
      const created = await t.call('/api/v1/projects', { method: 'POST', cookie, headers: { origin: t.url }, body });
      expect(created.status).toBe(201);
    }
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const home = (headers: Record<string, string>) => fetch(`${t.url}/`, { headers: { accept: 'text/html', ...headers } });

  it('draws the signed-in user home page into index.html, with the answers it was drawn from', async () => {
    const response = await home({ cookie: `svc_session=${cookie}` });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('Quarterly forecasting');
    expect(html).toContain('id="first-page-data"');
    // A project name cannot end the data element or start a script of its own.
    expect(html).not.toContain('</script><script>window.injected');
    expect(html).toContain('Sales &lt;/script&gt;&lt;script&gt;window.injected=1&lt;/script&gt;');
    const scripts = response.headers
      .get('content-security-policy')!
      .split('; ')
      .find((directive) => directive.startsWith('script-src '));
    expect(scripts).toMatch(/^script-src 'self' 'sha256-[A-Za-z0-9+/=]+'$/);
    expect(response.headers.get('cache-control')).toBe('private, no-cache');
    expect(response.headers.get('vary')).toMatch(/cookie/i);
  });

  it('sends the plain index.html to a visitor, and to a browser whose session is not valid', async () => {
    for (const headers of [{}, { cookie: 'svc_session=not-a-session' }] as Record<string, string>[]) {
      const response = await home(headers);
      expect(response.status).toBe(200);
      expect(await response.text()).not.toContain('first-page-data');
      expect(response.headers.get('content-security-policy')).toBe(UI_CONTENT_SECURITY_POLICY);
      expect(response.headers.get('cache-control')).toBe('no-cache');
    }
  });

  describe('in the browser', () => {
    let plain: Browser;
    let browser: Chromium;
    beforeAll(async () => {
      const { chromium: playwright } = await import('playwright-core');
      plain = await playwright.launch({ executablePath: chromium!.executablePath, args: CHROMIUM_ARGS });
      browser = await launchChromium(chromium!.executablePath);
    }, 60_000);
    afterAll(async () => {
      await plain?.close();
      await browser?.close();
    });

    it('shows the projects with no script run at all', async () => {
      const context = await plain.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
      await context.addCookies([{ name: 'svc_session', value: cookie, url: t.url }]);
      const page = await context.newPage();
      await page.goto(`${t.url}/`);
      await expect(page.getByText('Quarterly forecasting').isVisible()).resolves.toBe(true);
      await expect(page.getByText(HOSTILE_NAME).isVisible()).resolves.toBe(true);
      await context.close();
    });

    it('is taken over by the app, which then answers input, with no mismatch, CSP violation or page error', async () => {
      const page = await browser.newPage();
      const stylesheets: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'stylesheet') stylesheets.push(new URL(request.url()).pathname);
      });
      await browser.signIn(page, t.url, t.hub.localLoginPath!);
      await page.getByText('Quarterly forecasting').waitFor();
      // Every stylesheet the taken-over page uses was linked by the drawn page: its first paint was styled.
      const drawn = await (await home({ cookie: `svc_session=${cookie}` })).text();
      const linked = [...drawn.matchAll(/<link rel="stylesheet"[^>]* href="([^"]+)"/g)].map((match) => match[1]);
      expect(new Set(stylesheets)).toEqual(new Set(linked));
      expect(await page.evaluate('window.injected')).toBeUndefined();
      await page.getByRole('button', { name: 'Create project' }).click();
      await page.getByRole('dialog', { name: /create project/i }).waitFor();
      await page.keyboard.press('Escape');
      // The tag filter works on the answers the page carried.
      await page.getByRole('group', { name: 'Filter by tag' }).getByText('finance').click();
      await expect.poll(() => page.getByText(HOSTILE_NAME).count()).toBe(0);
      expect(browser.console.filter((line) => /did not match|hydrat|Content Security Policy|Refused to|pageerror|^error/i.test(line))).toEqual([]);
      await page.close();
    });

    it("fetches the app's code again when its first fetch failed, and says so when the second fails too", async () => {
      for (const [refusals, scheme] of [
        [1, 'light'],
        [2, 'light'],
        [2, 'dark'],
      ] as const) {
        const context = await plain.newContext({ viewport: { width: 1024, height: 768 }, colorScheme: scheme });
        await context.addCookies([{ name: 'svc_session', value: cookie, url: t.url }]);
        let fetches = 0;
        // A connection dropped while the page loads its code (app/start-app.ts).
        await context.route(/\/assets\/start-[^/]+\.js$/, (route) => (++fetches <= refusals ? route.abort('connectionreset') : route.continue()));
        const page = await context.newPage();
        await page.goto(`${t.url}/`);
        if (refusals === 1) {
          await page.locator('html[data-app-ready]').waitFor({ state: 'attached', timeout: 30_000 });
          await page.getByRole('button', { name: 'Create project' }).click();
          await page.getByRole('dialog', { name: /create project/i }).waitFor();
        } else {
          await expect(page.getByRole('alert').textContent({ timeout: 30_000 })).resolves.toBe(
            'The app could not be loaded: check the connection to the hub and reload the page.',
          );
          expect(await page.locator('html[data-app-ready]').count()).toBe(0);
          // The drawn page's loaders say nothing comes instead of spinning on.
          await expect(page.locator('[role="status"] .mantine-Loader-root:visible').count()).resolves.toBe(0);
          await expect(page.getByText('Recently opened notebooks').isVisible()).resolves.toBe(true);
          await page.screenshot({ path: path.join(ARTIFACTS_DIR, `ui-app-load-failure-1024-${scheme}.png`) });
        }
        expect(fetches).toBe(2);
        await context.close();
      }
    });

    it("styles every Mantine component the first page shows with the first page's own stylesheet, and the rest once a dialog loads", async () => {
      // The sign-in page is a first page too (a visitor's).
      const visitor = await plain.newContext();
      const signInPage = await visitor.newPage();
      await signInPage.goto(`${t.url}/sign-in`);
      await signInPage.getByRole('heading').first().waitFor();
      await signInPage.locator('html[data-app-ready]').waitFor({ state: 'attached' });
      expect(await unstyledMantineClasses(signInPage)).toEqual({ wholeStylesheetLoaded: false, unstyled: [] });
      await visitor.close();

      const page = await browser.newPage();
      await browser.signIn(page, t.url, t.hub.localLoginPath!);
      await page.getByText('Quarterly forecasting').waitFor();
      await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
      await page.getByText('Account menu for', { exact: false }).click();
      await page.getByRole('menuitem', { name: 'Account' }).waitFor();
      expect(await unstyledMantineClasses(page)).toEqual({ wholeStylesheetLoaded: false, unstyled: [] });
      await page.keyboard.press('Escape');

      // A dialog is not part of the first page: it brings Mantine's whole stylesheet with it.
      await page.getByRole('button', { name: 'Create project' }).click();
      await page.getByRole('dialog', { name: /create project/i }).waitFor();
      expect(await unstyledMantineClasses(page)).toEqual({ wholeStylesheetLoaded: true, unstyled: [] });
      await page.close();
    });
  });
});

/** Each class of Mantine's stylesheet (`m_` and 8 hex digits) and the component whose stylesheet has it. */
const MANTINE_STYLES = path.resolve(import.meta.dirname, '../../node_modules/@mantine/core/styles');
const COMPONENT_OF_CLASS = new Map(
  readdirSync(MANTINE_STYLES)
    .filter((file) => file.endsWith('.layer.css'))
    .flatMap((file) =>
      (readFileSync(path.join(MANTINE_STYLES, file), 'utf8').match(/\bm_[0-9a-f]{8}\b/g) ?? []).map(
        (name) => [name, file.slice(0, -'.layer.css'.length)] as const,
      ),
    ),
);

/**
 * The Mantine components on the page whose classes none of its loaded stylesheets styles
 * (renderer/src/styles/first-page.css lacks them), and whether the whole stylesheet has been loaded.
 */
async function unstyledMantineClasses(page: Page): Promise<{ wholeStylesheetLoaded: boolean; unstyled: string[] }> {
  // Run in the page (the tests are compiled without the DOM's types).
  const { onPage, styled, sheets } = await page.evaluate<{ onPage: string[]; styled: string[]; sheets: string[] }>(`(() => {
    const pattern = /\\bm_[0-9a-f]{8}\\b/g;
    const styled = new Set();
    const visit = (rules) => {
      for (const rule of rules) {
        for (const name of (rule.selectorText ?? '').match(pattern) ?? []) styled.add(name);
        if (rule.cssRules) visit(rule.cssRules);
      }
    };
    for (const sheet of document.styleSheets) visit(sheet.cssRules);
    const onPage = new Set();
    for (const element of document.querySelectorAll('[class*="m_"]')) for (const name of element.getAttribute('class').match(pattern) ?? []) onPage.add(name);
    return { onPage: [...onPage], styled: [...styled], sheets: Array.from(document.styleSheets, (sheet) => sheet.href ?? '') };
  })()`);
  const loaded = new Set(styled);
  return {
    wholeStylesheetLoaded: sheets.some((href) => /\/all-components-[^/]+\.css$/.test(href)),
    unstyled: [...new Set(onPage.filter((name) => COMPONENT_OF_CLASS.has(name) && !loaded.has(name)).map((name) => COMPONENT_OF_CLASS.get(name)!))].sort(),
  };
}
