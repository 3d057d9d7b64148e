import { generateKeyPairSync, randomBytes } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestBrowser } from './browser.js';

export interface TestAccount {
  email?: string;
  email_verified?: boolean;
  name?: string;
  picture?: string;
}

export interface TestClient {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
  post_logout_redirect_uris?: string[];
}

export interface TestProviderOptions {
  clients: TestClient[];
  /** Accounts by the login name typed into the provider's sign-in form (also their `sub`). */
  accounts: Record<string, TestAccount>;
  /** Put profile and e-mail claims into the ID token too (by default only userinfo has them). */
  idTokenCarriesProfile?: boolean;
}

/**
 * A real OpenID Connect provider (`oidc-provider`, with its development sign-in and consent
 * pages) on 127.0.0.1. It listens before it is configured, so its issuer URL can go into the
 * client's settings while the client's redirect URI is not known yet; until then it answers 503.
 */
export class TestOidcProvider {
  /** Unexpected provider failures (`server_error`); a test can assert there were none. */
  readonly serverErrors: unknown[] = [];
  /** Paths requested so far (to tell, e.g., whether userinfo was asked). */
  readonly requestedPaths: string[] = [];
  private handler: ((request: IncomingMessage, response: ServerResponse) => void) | null = null;

  private constructor(
    private readonly server: http.Server,
    readonly issuer: string,
  ) {}

  static async listen(): Promise<TestOidcProvider> {
    const server = http.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const provider = new TestOidcProvider(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      provider.requestedPaths.push(new URL(request.url ?? '/', provider.issuer).pathname);
      if (provider.handler) return provider.handler(request, response);
      response.writeHead(503).end('not configured yet');
    });
    return provider;
  }

  async configure(options: TestProviderOptions): Promise<void> {
    muteProviderNotices();
    const { default: Provider } = await import('oidc-provider');
    const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
    const provider = new Provider(this.issuer, {
      clients: options.clients,
      jwks: { keys: [{ ...signingKey, kid: 'test-signing-key', use: 'sig', alg: 'RS256' }] },
      cookies: { keys: [randomBytes(32).toString('hex')] },
      pkce: { required: () => true },
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
      conformIdTokenClaims: !options.idTokenCarriesProfile,
      findAccount: (_context: unknown, sub: string) => {
        const account = options.accounts[sub];
        return account ? { accountId: sub, claims: () => ({ sub, ...account }) } : undefined;
      },
      features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: true } },
      ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Session: 3600, Grant: 3600 },
    });
    provider.on('server_error', (_context, error) => this.serverErrors.push(error));
    this.handler = provider.callback();
  }

  /**
   * Drives the provider's pages from `authorizationUrl` the way a user would: signs in as `login`
   * and consents (or cancels, with `abort`). Returns the URL the provider sends the browser back
   * to, without requesting it.
   */
  async signIn(browser: TestBrowser, authorizationUrl: string | URL, login: string, options: { abort?: boolean } = {}): Promise<URL> {
    const leavesProvider = (next: URL) => next.origin !== new URL(this.issuer).origin;
    let step = await browser.navigate(authorizationUrl, {}, leavesProvider);
    for (let page = 0; page < 5; page++) {
      if (step.stoppedAt) return step.stoppedAt;
      const last = step.hops.at(-1)!;
      const html = await last.response.text();
      const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
      const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1];
      if (!action || !prompt) throw new Error(`unexpected provider page ${last.url.href} (${last.response.status}): ${html.slice(0, 500)}`);
      if (options.abort) {
        step = await browser.navigate(new URL(`${last.url.pathname}/abort`, last.url), {}, leavesProvider);
        continue;
      }
      const form: Record<string, string> = prompt === 'login' ? { prompt, login, password: 'any' } : { prompt };
      step = await browser.navigate(
        new URL(decodeEntities(action), last.url),
        { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form).toString() },
        leavesProvider,
      );
    }
    throw new Error('the provider did not send the browser back within five pages');
  }

  /** Confirms the provider's logout page reached through an end-session URL; returns where it then sends the browser. */
  async confirmLogout(browser: TestBrowser, endSessionUrl: string): Promise<URL | null> {
    const leavesProvider = (next: URL) => next.origin !== new URL(this.issuer).origin;
    const page = await browser.navigate(endSessionUrl, {}, leavesProvider);
    if (page.stoppedAt) return page.stoppedAt;
    const last = page.hops.at(-1)!;
    const html = await last.response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1];
    if (!action || !xsrf) throw new Error(`unexpected logout page ${last.url.href} (${last.response.status}): ${html.slice(0, 500)}`);
    const confirmed = await browser.navigate(
      new URL(decodeEntities(action), last.url),
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ xsrf: decodeEntities(xsrf), logout: 'yes' }).toString(),
      },
      leavesProvider,
    );
    return confirmed.stoppedAt;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

function decodeEntities(text: string): string {
  return text.replaceAll('&quot;', '"').replaceAll('&#39;', "'").replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');
}

let muted = false;

/**
 * oidc-provider prints notices about its development defaults (in-memory storage, the built-in
 * sign-in pages, the Node.js version) straight to the console; a test provider wants exactly
 * those defaults, so the notices are dropped. Everything else still reaches the console.
 */
function muteProviderNotices(): void {
  if (muted) return;
  muted = true;
  for (const method of ['info', 'warn'] as const) {
    const original = console[method].bind(console);
    console[method] = (...args: unknown[]) => {
      if (typeof args[0] === 'string' && args[0].startsWith('oidc-provider ')) return;
      original(...args);
    };
  }
}
