import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { Writable } from 'node:stream';
import { expect } from 'vitest';
import { createLogger } from '../../service/src/adapters/telemetry/logger.js';
import { createHub, type Hub } from '../../service/src/compose/hub.js';
import { readSettings } from '../../service/src/config/settings.js';
import { UNRESTRICTED_SCOPE } from '../../service/src/core/identity/access-tokens.js';
import type { HubApp } from '../../service/src/http/types.js';
import type { SeaweedfsInfo } from '../setup/seaweedfs.js';
import { runHubCommand, startHubProcess, type HubProcess } from './hub-process.js';
import { TestOidcProvider, type TestAccount } from './oidc-provider.js';
import { makeTempDir } from './temp-dir.js';
import type { CallOptions, CallResult } from './test-hub.js';
import { unusedPort } from './unused-port.js';

/**
 * Two real hubs for the end-to-end tests of remotes (docs/remotes.md): a "team" hub in this
 * process (S3 store on SeaweedFS, OIDC sign-in with the real test provider, the built UI for its
 * consent page) that can be stopped and started again on the same bucket and port, and a
 * "desktop" hub as a `notebook-hub serve` process (filesystem store) that can be killed with
 * SIGKILL and started again on the same data directory. Everything listens on 127.0.0.1.
 */

const UI_DIR = path.resolve(import.meta.dirname, '../../renderer/dist');
const OIDC_CLIENT_ID = 'team-hub';
const OIDC_CLIENT_SECRET = 'a-client-secret-only-the-team-hub-and-its-provider-know';

/** One HTTP call to a hub at `base`, as TestHub.call makes it. */
export async function callHub(base: string, route: string, options: CallOptions = {}): Promise<CallResult> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.cookie) headers.cookie = `svc_session=${options.cookie}`;
  let body: string | Uint8Array | undefined;
  if (options.body instanceof Uint8Array) {
    body = options.body;
    headers['content-type'] ??= 'application/octet-stream';
  } else if (options.body !== undefined) {
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const response = await fetch(`${base}${route}`, { method: options.method ?? 'GET', headers, body, redirect: 'manual' });
  const bytes = Buffer.from(await response.arrayBuffer());
  const text = bytes.toString();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json, bytes } as CallResult & { bytes: Buffer };
}

/** The `data` of a successful answer; fails the test with the answer otherwise. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function dataOf(result: CallResult, status = 200): any {
  expect(result.status, result.text.slice(0, 2000)).toBe(status);
  return result.json.data;
}

/** A request the team hub answered. */
export interface TeamRequest {
  method: string;
  path: string;
  status: number;
  /** The answer's Content-Length (blob downloads), or 0. */
  bytes: number;
}

/**
 * Something to do when a request of the sync API reaches the team hub: at `request` (before the
 * team hub acts on it) or at `send` (it acted, the answer is not sent yet). `run` gets how many
 * matching requests came so far, this one included.
 */
export interface TeamTap {
  method: string;
  path: RegExp;
  at: 'request' | 'send';
  run(count: number): void | Promise<void>;
}

export interface TeamHubOptions {
  seaweed: SeaweedfsInfo;
  /** The provider's accounts, by login name. */
  accounts: Record<string, TestAccount>;
  /** More settings of the team hub (its sandbox runtime, jobs, compute profiles). */
  env?: Record<string, string>;
}

export class TeamHub {
  /** Every request answered since the hub first started, in order. */
  readonly requests: TeamRequest[] = [];
  /** Log lines at warn and above: printed when a test fails to say why. */
  readonly logs: Record<string, unknown>[] = [];
  private readonly taps: { tap: TeamTap; count: number }[] = [];
  private current: Hub | null = null;

  private constructor(
    readonly url: string,
    readonly idp: TestOidcProvider,
    private env: Record<string, string>,
    private readonly cleanup: () => Promise<void>,
  ) {}

  /** Changes settings for the next start (a stopped hub started again with jobs off, say). */
  setEnv(changes: Record<string, string>): void {
    this.env = { ...this.env, ...changes };
  }

  static async start(options: TeamHubOptions): Promise<TeamHub> {
    const idp = await TestOidcProvider.listen();
    const temp = await makeTempDir('team-hub');
    const port = await unusedPort();
    const url = `http://127.0.0.1:${port}`;
    const { seaweed } = options;
    const env = {
      SERVICE_DATA_DIR: temp.dir,
      SERVICE_HOST: '127.0.0.1',
      SERVICE_PORT: String(port),
      SERVICE_AUTH: 'oidc',
      SERVICE_OIDC_ISSUER: idp.issuer,
      SERVICE_OIDC_CLIENT_ID: OIDC_CLIENT_ID,
      SERVICE_OIDC_CLIENT_SECRET: OIDC_CLIENT_SECRET,
      SERVICE_OIDC_ALLOW_HTTP: 'true',
      SERVICE_STORAGE: 's3',
      SERVICE_S3_ENDPOINT: seaweed.endpoint,
      SERVICE_S3_BUCKET: seaweed.bucket,
      SERVICE_S3_PREFIX: `team-${randomBytes(6).toString('hex')}`,
      SERVICE_S3_FORCE_PATH_STYLE: 'true',
      SERVICE_S3_ACCESS_KEY_ID: seaweed.accessKeyId,
      SERVICE_S3_SECRET_ACCESS_KEY: seaweed.secretAccessKey,
      SERVICE_RUN_MAINTENANCE: 'false',
      SERVICE_LOCKED_ENVIRONMENTS: 'off',
      SERVICE_LOG_LEVEL: 'warn',
      ...options.env,
    };
    await idp.configure({
      clients: [
        {
          client_id: OIDC_CLIENT_ID,
          client_secret: OIDC_CLIENT_SECRET,
          redirect_uris: [`${url}/api/v1/auth/oidc/callback`],
          post_logout_redirect_uris: [`${url}/`],
        },
      ],
      accounts: options.accounts,
    });
    const team = new TeamHub(url, idp, env, async () => {
      await idp.stop();
      await temp.cleanup();
    });
    await team.startAgain();
    return team;
  }

  get hub(): Hub {
    if (!this.current) throw new Error('the team hub is stopped');
    return this.current;
  }

  get running(): boolean {
    return this.current !== null;
  }

  /** Starts the team hub (again) on its bucket prefix, data directory and port. */
  async startAgain(): Promise<void> {
    if (this.current) throw new Error('the team hub runs already');
    const settings = readSettings(this.env);
    const sink = new Writable({ write: (chunk: Buffer, _encoding, done) => (this.logs.push(JSON.parse(chunk.toString())), done()) });
    const hub = await createHub({ settings, logger: createLogger(settings.logLevel, sink), uiDir: UI_DIR, routes: [(app) => this.watch(app)] });
    await hub.listen();
    this.current = hub;
  }

  /** Stops the team hub: its port refuses connections until it starts again. */
  async stop(): Promise<void> {
    const hub = this.current;
    this.current = null;
    await hub?.close();
  }

  async close(): Promise<void> {
    await this.stop();
    await this.cleanup();
  }

  /** Adds a tap; the answer removes it. */
  tap(tap: TeamTap): () => void {
    const entry = { tap, count: 0 };
    this.taps.push(entry);
    return () => void this.taps.splice(this.taps.indexOf(entry), 1);
  }

  /** The requests answered since `from` (an index into `requests`) matching the method and path. */
  requestsSince(from: number, method: string, pathPattern: RegExp): TeamRequest[] {
    return this.requests.slice(from).filter((request) => request.method === method && pathPattern.test(request.path));
  }

  /** A personal access token of the user with this e-mail address (made when unknown). */
  async tokenFor(email: string): Promise<string> {
    const { users, tokens } = this.hub.services;
    const user = await users.ensureByEmail(email, { name: null, superAdmin: false }, 'test');
    return (await tokens.issue(user.id, { name: 'test', expiresAt: null, scope: UNRESTRICTED_SCOPE }, 'test')).token;
  }

  /** A browser session's cookie value for the user with this e-mail address (made when unknown). */
  async cookieFor(email: string): Promise<string> {
    const { users, loginSessions } = this.hub.services;
    const user = await users.ensureByEmail(email, { name: null, superAdmin: false }, 'test');
    return (await loginSessions.create(user.id, 'oidc')).cookieValue;
  }

  call(route: string, options: CallOptions = {}): Promise<CallResult> {
    return callHub(this.url, route, options);
  }

  private watch(app: HubApp): void {
    const run = async (at: TeamTap['at'], method: string, url: string) => {
      const pathname = url.split('?')[0]!;
      for (const entry of [...this.taps]) {
        if (entry.tap.at !== at || entry.tap.method !== method || !entry.tap.path.test(pathname)) continue;
        entry.count++;
        await entry.tap.run(entry.count);
      }
    };
    app.addHook('onRequest', async (request) => run('request', request.method, request.url));
    app.addHook('onSend', async (request, _reply, payload) => {
      await run('send', request.method, request.url);
      return payload;
    });
    app.addHook('onResponse', async (request, reply) => {
      this.requests.push({
        method: request.method,
        path: request.url.split('?')[0]!,
        status: reply.statusCode,
        bytes: Number(reply.getHeader('content-length') ?? 0),
      });
    });
  }
}

/** Where the sync API's calls go, by what they do (paths under the team hub). */
export const SYNC_PATHS = {
  blobDownload: /^\/api\/v1\/sync\/projects\/[^/]+\/blobs\/[0-9a-f]{64}$/,
  blobUpload: /^\/api\/v1\/sync\/projects\/[^/]+\/blobs\/[0-9a-f]{64}$/,
  versionPush: /^\/api\/v1\/sync\/projects\/[^/]+\/notebooks\/[^/]+\/versions$/,
  notebookPush: /^\/api\/v1\/sync\/projects\/[^/]+\/notebooks$/,
  workspacePush: /^\/api\/v1\/sync\/projects\/[^/]+\/notebooks\/[^/]+\/workspace$/,
};

/** The desktop hub: `notebook-hub serve` on a filesystem store, a process of its own. */
export class DesktopHub {
  private current: HubProcess | null = null;

  private constructor(
    readonly url: string,
    readonly env: Record<string, string>,
    /** A personal access token of the hub's user (ada@laptop.example). */
    readonly token: string,
    private readonly cleanup: () => Promise<void>,
  ) {}

  static async start(): Promise<DesktopHub> {
    const temp = await makeTempDir('desktop-hub');
    const port = await unusedPort();
    const env = {
      SERVICE_DATA_DIR: temp.dir,
      SERVICE_PORT: String(port),
      SERVICE_REMOTES_ALLOW_HTTP: 'true',
      SERVICE_LOCKED_ENVIRONMENTS: 'off',
      SERVICE_RUN_MAINTENANCE: 'false',
    };
    const issued = await runHubCommand(['token', 'create', '--email', 'ada@laptop.example'], env);
    if (issued.code !== 0) throw new Error(`token create failed: ${issued.stderr}`);
    const desktop = new DesktopHub(`http://127.0.0.1:${port}`, env, issued.stdout.trim(), temp.cleanup);
    await desktop.startAgain();
    return desktop;
  }

  get process(): HubProcess {
    if (!this.current) throw new Error('the desktop hub is not running');
    return this.current;
  }

  get running(): boolean {
    return this.current !== null;
  }

  /** The log lines of the running process (none when it is not running). */
  logs(): Record<string, unknown>[] {
    return this.current?.logs ?? [];
  }

  async startAgain(): Promise<void> {
    if (this.current) throw new Error('the desktop hub runs already');
    this.current = await startHubProcess(this.env);
  }

  /** Kills the process at once (SIGKILL, as `kill -9`), without waiting for it to be gone. */
  killNow(): void {
    this.current?.child.kill('SIGKILL');
  }

  /** Waits for the process to be gone after it was killed or stopped. */
  async stopped(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    const process = this.current;
    this.current = null;
    await process?.stop(signal);
  }

  async close(): Promise<void> {
    await this.stopped();
    await this.cleanup();
  }

  call(route: string, options: CallOptions = {}): Promise<CallResult> {
    return callHub(this.url, route, { token: this.token, ...options });
  }
}

/** Polls an operation of a hub (as its user: `call`) until it ends; every state seen is passed to `seen`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function operationEnd(call: (route: string) => Promise<CallResult>, operationId: string, seen?: (operation: any) => void): Promise<any> {
  for (;;) {
    const operation = dataOf(await call(`/api/v1/remote-operations/${operationId}`));
    seen?.(operation);
    if (operation.state !== 'running') return operation;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A hub's notebook versions, oldest first: id, message and code. */
export async function versionsOf(
  call: (route: string) => Promise<CallResult>,
  projectId: string,
  notebookId: string,
): Promise<{ version_id: string; message: string; code: string }[]> {
  const base = `/api/v1/projects/${projectId}/notebooks/${notebookId}/versions`;
  const items: { version_id: string; message: string }[] = [];
  let cursor: string | null = null;
  do {
    const page = dataOf(await call(`${base}?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`));
    items.push(...page.items);
    cursor = page.next_cursor;
  } while (cursor);
  const versions = [];
  for (const item of items.reverse()) {
    const code = await call(`${base}/${item.version_id}/code`);
    expect(code.status).toBe(200);
    versions.push({ version_id: item.version_id, message: item.message, code: code.text });
  }
  return versions;
}

/** A workspace file's bytes on a hub, or null when it has none at that path. */
export async function workspaceFile(call: (route: string) => Promise<CallResult>, projectId: string, notebookId: string, file: string): Promise<Buffer | null> {
  const result = (await call(`/api/v1/projects/${projectId}/notebooks/${notebookId}/workspace/files?path=${encodeURIComponent(file)}`)) as CallResult & {
    bytes: Buffer;
  };
  if (result.status === 404) return null;
  expect(result.status, result.text.slice(0, 500)).toBe(200);
  return result.bytes;
}

/** A hub's notebooks of a project: their ids by title. */
export async function notebooksOf(call: (route: string) => Promise<CallResult>, projectId: string): Promise<Record<string, string>> {
  const page = dataOf(await call(`/api/v1/projects/${projectId}/notebooks?limit=200`));
  return Object.fromEntries(page.items.map((item: { id: string; title: string }) => [item.title, item.id]));
}

/** A notebook's current version on a hub. */
export async function headOf(call: (route: string) => Promise<CallResult>, projectId: string, notebookId: string): Promise<string | null> {
  return dataOf(await call(`/api/v1/projects/${projectId}/notebooks/${notebookId}`)).source.current_version_id;
}

/** Saves `code` as a new version on a hub, on the notebook's current version. */
export async function saveVersion(
  call: (route: string, options?: CallOptions) => Promise<CallResult>,
  projectId: string,
  notebookId: string,
  code: string,
  message: string,
): Promise<string> {
  const base = await headOf(call, projectId, notebookId);
  const saved = await call(`/api/v1/projects/${projectId}/notebooks/${notebookId}/versions`, {
    method: 'POST',
    body: { code, base_version_id: base, message },
  });
  return dataOf(saved, 201).version_id;
}

/** Writes a workspace file on a hub. */
export async function putFile(
  call: (route: string, options?: CallOptions) => Promise<CallResult>,
  projectId: string,
  notebookId: string,
  file: string,
  bytes: Uint8Array,
): Promise<void> {
  const written = await call(`/api/v1/projects/${projectId}/notebooks/${notebookId}/workspace/files?path=${encodeURIComponent(file)}`, {
    method: 'PUT',
    body: bytes,
  });
  expect([200, 201], written.text.slice(0, 500)).toContain(written.status);
}

/**
 * Signs a remote of the desktop hub in to the team hub without a browser: the person (signed in to
 * the team hub with `cookie`) allows the request through the consent page's API, as the page does,
 * and their browser's way back to the desktop hub's callback is followed. The remote's view after.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function signInThroughApi(team: TeamHub, desktop: DesktopHub, cookie: string, authorizeUrl: string): Promise<any> {
  const authorize = await callHub('', authorizeUrl);
  expect(authorize.status, authorize.text).toBe(302);
  const requestId = /\/connect\/([A-Za-z0-9_-]{43})$/.exec(authorize.headers.get('location') ?? '')?.[1];
  expect(requestId, authorize.headers.get('location') ?? 'no location').toBeDefined();
  const approved = dataOf(await team.call(`/api/v1/oauth/requests/${requestId}/approve`, { method: 'POST', cookie, headers: { origin: team.url }, body: {} }));
  const back = await callHub('', approved.redirect_to);
  expect(back.status, back.text).toBe(200);
  expect(back.text).toContain('You can close this window');
  const remote = new URL(approved.redirect_to).pathname.split('/')[4]!;
  return dataOf(await desktop.call(`/api/v1/remotes/${remote}`));
}
