import type { TestHub } from './test-hub.js';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';

/**
 * Just enough of a browser for login flows over plain `fetch`: a cookie jar that scopes cookies
 * like a browser (by host, not port, and by path; Max-Age and Expires honoured) and redirects
 * followed by hand, so a test can stop at any hop.
 */

interface StoredCookie {
  name: string;
  value: string;
  host: string;
  path: string;
  expiresAt: number | null;
}

export class CookieJar {
  private readonly cookies: StoredCookie[] = [];

  store(url: URL, setCookieHeaders: string[]): void {
    for (const header of setCookieHeaders) {
      const [pair = '', ...attributeParts] = header.split(';');
      const separator = pair.indexOf('=');
      if (separator <= 0) continue;
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const attributes = new Map(
        attributeParts.map((part) => {
          const [key = '', ...rest] = part.split('=');
          return [key.trim().toLowerCase(), rest.join('=').trim()] as const;
        }),
      );
      const path = attributes.get('path') || defaultPath(url);
      let expiresAt: number | null = null;
      if (attributes.has('max-age')) expiresAt = Date.now() + Number(attributes.get('max-age')) * 1000;
      else if (attributes.has('expires')) expiresAt = Date.parse(attributes.get('expires')!);
      this.remove(url.hostname, name, path);
      if (expiresAt !== null && expiresAt <= Date.now()) continue;
      this.cookies.push({ name, value, host: url.hostname, path, expiresAt });
    }
  }

  /** The Cookie header a browser would send to `url`, or undefined. */
  headerFor(url: URL): string | undefined {
    const now = Date.now();
    const matching = this.cookies
      .filter((cookie) => cookie.host === url.hostname && pathMatches(url.pathname, cookie.path) && (cookie.expiresAt === null || cookie.expiresAt > now))
      .sort((a, b) => b.path.length - a.path.length);
    return matching.length > 0 ? matching.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ') : undefined;
  }

  /** The value of a cookie a browser would send to `url`. */
  get(url: URL, name: string): string | undefined {
    return this.headerFor(url)
      ?.split('; ')
      .find((pair) => pair.startsWith(`${name}=`))
      ?.slice(name.length + 1);
  }

  private remove(host: string, name: string, path: string): void {
    const index = this.cookies.findIndex((cookie) => cookie.host === host && cookie.name === name && cookie.path === path);
    if (index !== -1) this.cookies.splice(index, 1);
  }
}

export interface Hop {
  url: URL;
  response: Response;
}

export class TestBrowser {
  readonly jar = new CookieJar();

  /** One request, no redirect followed; cookies are sent and stored. */
  async request(target: string | URL, init: RequestInit = {}): Promise<Response> {
    const url = new URL(target);
    const headers = new Headers(init.headers);
    const cookie = this.jar.headerFor(url);
    if (cookie && !headers.has('cookie')) headers.set('cookie', cookie);
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    this.jar.store(url, response.headers.getSetCookie());
    return response;
  }

  /**
   * Requests `target` and follows redirects until a response is not a redirect or `stopBefore`
   * says the next URL must not be fetched; returns every hop, and the unfetched URL if stopped.
   */
  async navigate(
    target: string | URL,
    init: RequestInit = {},
    stopBefore: (next: URL) => boolean = () => false,
  ): Promise<{ hops: Hop[]; stoppedAt: URL | null }> {
    const hops: Hop[] = [];
    let url = new URL(target);
    let request = init;
    for (let hop = 0; hop < 20; hop++) {
      const response = await this.request(url, request);
      hops.push({ url, response });
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) return { hops, stoppedAt: null };
      await response.body?.cancel();
      const next = new URL(location, url);
      if (stopBefore(next)) return { hops, stoppedAt: next };
      url = next;
      if (response.status !== 307 && response.status !== 308) request = {};
    }
    throw new Error(`more than 20 redirects from ${String(target)}`);
  }
}

function defaultPath(url: URL): string {
  const last = url.pathname.lastIndexOf('/');
  return last <= 0 ? '/' : url.pathname.slice(0, last);
}

function pathMatches(requestPath: string, cookiePath: string): boolean {
  if (requestPath === cookiePath) return true;
  if (!requestPath.startsWith(cookiePath)) return false;
  return cookiePath.endsWith('/') || requestPath[cookiePath.length] === '/';
}

/**
 * A real browser for UI tests: the Chromium the global setup provided (`prerequisite('chromium')`),
 * driven by playwright-core, headless, with a fresh profile. Pages are opened against a hub the
 * test started on 127.0.0.1; console messages (CSP violations among them) and page errors are kept.
 */
export interface Chromium {
  readonly context: BrowserContext;
  /** Every console message and uncaught page error, as `type: text`. */
  readonly console: string[];
  /** A new page; its console and errors go to {@link console}. */
  newPage(): Promise<Page>;
  /** Signs the browser in through the hub's local login link; the page lands where it redirects, once the app runs there. */
  signIn(page: Page, hubUrl: string, localLoginPath: string): Promise<void>;
  /** Writes a screenshot of the page to `test/artifacts/<name>.png` and returns its path. */
  screenshot(page: Page, name: string): Promise<string>;
  close(): Promise<void>;
}

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const ARTIFACTS_DIR = path.resolve(import.meta.dirname, '../artifacts');

export async function launchChromium(executablePath: string): Promise<Chromium> {
  const { chromium } = await import('playwright-core');
  const profile = await mkdtemp(path.join(os.tmpdir(), 'notebook-hub-chromium-'));
  // A persistent context is how playwright takes a --user-data-dir: a fresh one per launch.
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1280, height: 800 },
  });
  const console: string[] = [];
  const watch = (page: Page) => {
    page.on('console', (message) => console.push(`${message.type()}: ${message.text()}`));
    page.on('pageerror', (error) => console.push(`pageerror: ${error.message}`));
  };
  context.on('page', watch);
  for (const page of context.pages()) watch(page);
  return {
    context,
    console,
    newPage: () => context.newPage(),
    async signIn(page, hubUrl, localLoginPath) {
      const response = await page.goto(new URL(localLoginPath, hubUrl).href);
      if (!response?.ok()) throw new Error(`the local login failed: ${response?.status()} at ${page.url()}`);
      // The hub may have drawn the page before the app runs: wait until the app answers input.
      await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    },
    async screenshot(page, name) {
      await mkdir(ARTIFACTS_DIR, { recursive: true });
      const file = path.join(ARTIFACTS_DIR, `${name}.png`);
      await page.screenshot({ path: file, fullPage: true });
      return file;
    },
    async close() {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/** Signs `browser` in as a user the hub knows by e-mail (not the local login user), through a login session cookie. */
export async function signInAs(t: Pick<TestHub, 'hub' | 'url'>, browser: Chromium, email: string): Promise<void> {
  const user = await t.hub.services.users.ensureByEmail(email, { name: null, superAdmin: false }, 'test');
  const { cookieValue } = await t.hub.services.loginSessions.create(user.id, 'local');
  await browser.context.addCookies([{ name: 'svc_session', value: cookieValue, url: t.url }]);
}
