import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, type Chromium } from '../support/browser.js';
import { startTestHub, type TestHub } from '../support/test-hub.js';
import { expectAccessible, shootAll as shootAllIn } from '../support/ui-pages.js';
import { prerequisite } from '../setup/prerequisites.js';

const chromium = prerequisite('chromium');
const UI_DIR = path.resolve(import.meta.dirname, '../../renderer/dist');
const ALL_SCOPES = 'notebooks:read notebooks:write sessions';

/** The client's side of the redirect: a page on 127.0.0.1 that records every arrival's query. */
interface Callback {
  redirectUri: string;
  /** How many times the browser arrived so far. */
  total(): number;
  /** The query of the next arrival (or of one that came while nobody waited). */
  next(): Promise<URLSearchParams>;
  close(): Promise<void>;
}

async function startCallback(): Promise<Callback> {
  const arrived: URLSearchParams[] = [];
  const waiting: ((query: URLSearchParams) => void)[] = [];
  let total = 0;
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== '/callback') {
      response.writeHead(404).end();
      return;
    }
    total++;
    const waiter = waiting.shift();
    if (waiter) waiter(url.searchParams);
    else arrived.push(url.searchParams);
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><title>The client</title><p>Back in the client.</p>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    redirectUri: `http://127.0.0.1:${port}/callback`,
    total: () => total,
    next: () => (arrived.length > 0 ? Promise.resolve(arrived.shift()!) : new Promise((resolve) => waiting.push(resolve))),
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** A registered public client, its PKCE pair, and the authorization URL a client opens in the browser. */
interface Client {
  clientId: string;
  verifier: string;
  authorizeUrl: string;
}

/**
 * The consent page and the account page's connected clients in the built UI against a real hub:
 * a client registers and opens `/oauth/authorize` in Chromium, the user answers on the page, the
 * browser arrives at the client's callback, and the code the client got is exchanged for real.
 */
describe.skipIf(chromium === null)('the MCP connect pages', () => {
  let t: TestHub;
  let browser: Chromium;
  let page: Page;
  let callback: Callback;

  beforeAll(async () => {
    expect(existsSync(path.join(UI_DIR, 'index.html'))).toBe(true);
    t = await startTestHub({ hub: () => ({ uiDir: UI_DIR }) });
    callback = await startCallback();
    browser = await launchChromium(chromium!.executablePath);
    page = await browser.newPage();
    page.setDefaultTimeout(10_000);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await callback?.close();
    await t?.close();
  });

  const shootAll = async (name: string) => {
    await shootAllIn(browser, page, name);
    await expectAccessible(page, name);
  };

  const register = async (clientName: string, extra: Record<string, unknown> = {}, redirectUri = callback.redirectUri): Promise<Client> => {
    const registered = await t.call('/oauth/register', {
      method: 'POST',
      body: { client_name: clientName, redirect_uris: [redirectUri], token_endpoint_auth_method: 'none', ...extra },
    });
    expect(registered.status, registered.text).toBe(201);
    const clientId = registered.json.client_id as string;
    const verifier = randomBytes(32).toString('base64url');
    const query = new URLSearchParams({
      client_id: clientId,
      redirect_uri: redirectUri,
      response_type: 'code',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
      state: 'xyz',
      scope: ALL_SCOPES,
    });
    return { clientId, verifier, authorizeUrl: `${t.url}/oauth/authorize?${query.toString().replace(/\+/g, '%20')}` };
  };

  /** Opens the client's authorization URL (signed in) and returns the consent page's address. */
  const openConsent = async (client: Client, clientName: string): Promise<string> => {
    await page.goto(client.authorizeUrl);
    await page.waitForURL(/\/connect\/[A-Za-z0-9_-]{43}$/);
    await page.getByRole('heading', { name: `${clientName} wants to connect to Notebook Hub` }).waitFor();
    return page.url();
  };

  const exchange = async (client: Client, code: string) => {
    const response = await fetch(`${t.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: callback.redirectUri,
        client_id: client.clientId,
        code_verifier: client.verifier,
      }),
    });
    const body = (await response.json()) as { access_token: string; scope: string };
    expect(response.status, JSON.stringify(body)).toBe(200);
    return body;
  };

  /** The MCP server's answer to a tool listing with this access token. */
  const mcpStatus = async (accessToken: string) =>
    (
      await fetch(`${t.url}/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${accessToken}` },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      })
    ).status;

  /** Whether the page is wider than the window at 1024x768 (a long name that does not wrap). */
  const overflowsAt1024 = async () => {
    const original = page.viewportSize();
    await page.setViewportSize({ width: 1024, height: 768 });
    const overflow = await page.evaluate(() => {
      const root = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }).document.documentElement;
      return root.scrollWidth - root.clientWidth;
    });
    if (original) await page.setViewportSize(original);
    return overflow > 0;
  };

  const answerButtons = () => page.getByRole('button', { name: /^(Allow|Deny)$/ });

  it('explains a client or a return address it cannot trust, and shows nothing taken from the address', async () => {
    const unknown = new URLSearchParams({ client_id: 'not-a-registered-client', redirect_uri: callback.redirectUri, response_type: 'code' });
    await page.goto(`${t.url}/oauth/authorize?${unknown}`);
    await page.waitForURL(`${t.url}/connect?problem=unknown_client`);
    await page.getByRole('heading', { name: 'Unknown application' }).waitFor();
    await page.getByText('This client is not registered with this hub (or its registration is gone).').waitFor();
    await shootAll('connect-unknown-client');

    const client = await register('Redirect tester');
    await page.goto(client.authorizeUrl.replace(encodeURIComponent(callback.redirectUri), encodeURIComponent('http://127.0.0.1:9/elsewhere')));
    await page.waitForURL(`${t.url}/connect?problem=redirect_uri`);
    await page.getByRole('heading', { name: 'Unexpected return address' }).waitFor();
    await page.getByText('so the hub stopped here to protect your account').waitFor();
    await shootAll('connect-redirect-uri');
    // Neither refusal sent the browser to the client.
    expect(callback.total()).toBe(0);

    await page.goto(`${t.url}/connect?problem=${encodeURIComponent('<b>Call 555-0100 for support</b>')}`);
    await page.getByRole('heading', { name: 'Nothing to connect' }).waitFor();
    expect(await page.content()).not.toContain('555-0100');
  });

  it('sends a visitor through sign-in and back to the consent page', async () => {
    const client = await register('Claude Desktop', { client_uri: 'https://example.org/assistant' });
    await page.goto(client.authorizeUrl);
    await page.waitForURL(/\/sign-in\?return_to=%2Fconnect%2F[A-Za-z0-9_-]{43}$/);
    const consentPath = decodeURIComponent(new URL(page.url()).searchParams.get('return_to')!);
    await page.getByLabel('Sign-in link or token').fill(`${t.url}${t.hub.localLoginPath}`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${t.url}${consentPath}`);
    await page.getByRole('heading', { name: 'Claude Desktop wants to connect to Notebook Hub' }).waitFor();
    await page.getByText('the hub has not verified it').waitFor();
    await page.getByText(`${new URL(callback.redirectUri).host}, on this computer`).waitFor();
    expect(await page.getByRole('link', { name: 'https://example.org/assistant' }).getAttribute('href')).toBe('https://example.org/assistant');
    for (const scope of ['Read notebooks', 'Change notebooks', 'Run sessions'])
      expect(await page.getByRole('checkbox', { name: scope }).isChecked()).toBe(true);
    await shootAll('connect-consent');
  });

  it('allows with a scope left out: the client gets a code, and the connection is listed until disconnected', async () => {
    await page.goto(`${t.url}/account`);
    await page.getByRole('heading', { name: 'No connected clients' }).waitFor();
    // The empty list says how to connect one: the hub's MCP address as this browser reaches it.
    await page.getByText(`${t.url}/mcp`, { exact: true }).waitFor();

    const client = await register('Claude Desktop');
    const consentUrl = await openConsent(client, 'Claude Desktop');
    const allow = page.getByRole('button', { name: 'Allow', exact: true });
    for (const scope of ['Read notebooks', 'Change notebooks', 'Run sessions']) await page.getByRole('checkbox', { name: scope }).uncheck();
    expect(await allow.isDisabled()).toBe(true);
    await page.getByText('Allow at least one of these, or deny the request.').waitFor();
    await shootAll('connect-consent-none');
    await page.getByRole('checkbox', { name: 'Read notebooks' }).check();
    await page.getByRole('checkbox', { name: 'Run sessions' }).check();
    expect(await allow.isEnabled()).toBe(true);

    await allow.click();
    const arrival = await callback.next();
    await page.waitForURL(`${callback.redirectUri}?*`);
    expect(arrival.get('code')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(arrival.get('state')).toBe('xyz');
    expect(arrival.get('iss')).toBe(t.url);
    expect(arrival.get('error')).toBeNull();

    // Answered: the request is closed, and the page says so without offering an answer.
    await page.goto(consentUrl);
    await page.getByRole('heading', { name: 'This request is no longer open' }).waitFor();
    await page.getByText('This sign-in request has expired or was already answered; start connecting again from your assistant.').waitFor();
    expect(await answerButtons().count()).toBe(0);
    await shootAll('connect-answered');

    const token = await exchange(client, arrival.get('code')!);
    expect(token.scope).toBe('notebooks:read sessions');
    expect(await mcpStatus(token.access_token)).toBe(200);

    await page.goto(`${t.url}/account`);
    const row = page.getByRole('table', { name: 'Connected clients' }).getByRole('row', { name: /Claude Desktop/ });
    await row.waitFor();
    expect(await row.getByText('Read notebooks').count()).toBe(1);
    expect(await row.getByText('Run sessions').count()).toBe(1);
    expect(await row.getByText('Change notebooks').count()).toBe(0);
    await shootAll('account-connected-clients');

    await row.getByRole('button', { name: 'Disconnect Claude Desktop' }).click();
    const dialog = page.getByRole('dialog', { name: 'Disconnect client' });
    await dialog.getByText('loses access at once').waitFor();
    await shootAll('account-disconnect');
    await dialog.getByRole('button', { name: 'Disconnect' }).click();
    await page.getByRole('heading', { name: 'No connected clients' }).waitFor();
    await shootAll('account-connected-clients-empty');
    expect(await mcpStatus(token.access_token)).toBe(401);
  });

  it('denies: the client hears access_denied, and the request is closed', async () => {
    const client = await register('Cursor');
    const consentUrl = await openConsent(client, 'Cursor');
    await page.getByRole('button', { name: 'Deny', exact: true }).click();
    const arrival = await callback.next();
    await page.waitForURL(`${callback.redirectUri}?*`);
    expect(arrival.get('error')).toBe('access_denied');
    expect(arrival.get('state')).toBe('xyz');
    expect(arrival.get('code')).toBeNull();

    await page.goto(consentUrl);
    await page.getByRole('heading', { name: 'This request is no longer open' }).waitFor();
    expect(await answerButtons().count()).toBe(0);
    const listed = (await t.call('/api/v1/me/connected-clients', { cookie: await t.localLogin() })).json.data;
    expect(listed).toEqual([]);
  });

  it('names an application’s own address by its scheme, and stays on the page while the application takes over', async () => {
    const client = await register('VS Code', {}, 'vscode://notebook-hub.assistant/callback');
    const consentUrl = await openConsent(client, 'VS Code');
    await page.getByText('the application that opens vscode: links').waitFor();
    await page.getByRole('button', { name: 'Allow', exact: true }).click();
    // The browser hands vscode: to the system (which has no such application here): the page stays, saying what happens.
    await page.getByRole('heading', { name: 'Returning you to VS Code…' }).waitFor();
    expect(page.url()).toBe(consentUrl);
    await shootAll('connect-returning');
    // The tab that asked the system for vscode: takes no more input here: the next tests use another.
    await page.close();
    page = await browser.newPage();
    page.setDefaultTimeout(10_000);
  });

  it('keeps an 80-character client name inside the consent card and the list', async () => {
    const longName = 'Visual Studio Code Insiders · NotebookHubAssistantForVisualStudioCodeNightly 202';
    expect(longName).toHaveLength(80);
    const client = await register(longName, { client_uri: 'https://example.org/a/rather/long/path/to/the/extension/documentation/page' });
    await openConsent(client, longName);
    expect(await overflowsAt1024()).toBe(false);
    await shootAll('connect-consent-long-name');

    await page.getByRole('checkbox', { name: 'Change notebooks' }).uncheck();
    await page.getByRole('button', { name: 'Allow', exact: true }).click();
    const arrival = await callback.next();
    await page.waitForURL(`${callback.redirectUri}?*`);
    await exchange(client, arrival.get('code')!);

    await page.goto(`${t.url}/account`);
    await page.getByRole('button', { name: `Disconnect ${longName}` }).waitFor();
    expect(await overflowsAt1024()).toBe(false);
    await shootAll('account-connected-clients-long-name');
  });

  it('logged no page error and no CSP violation', () => {
    expect(browser.console.filter((line) => /Content Security Policy|Refused to|pageerror/i.test(line))).toEqual([]);
  });
});
