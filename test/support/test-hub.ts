import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { Writable } from 'node:stream';
import { readSettings, type HubSettings } from '../../service/src/config/settings.js';
import { UNRESTRICTED_SCOPE, type TokenScope } from '../../service/src/core/identity/access-tokens.js';
import type { HubApp } from '../../service/src/http/types.js';
import { createHub, type CreateHubOptions, type Hub } from '../../service/src/compose/hub.js';
import { createLogger } from '../../service/src/adapters/telemetry/logger.js';
import { makeTempDir } from './temp-dir.js';
import { startPackageIndex, type PackageIndex } from './package-index.js';

export interface CallOptions {
  method?: string;
  token?: string;
  cookie?: string;
  /** Sent as JSON unless it is a string, or raw bytes (application/octet-stream unless told). */
  body?: unknown;
  headers?: Record<string, string>;
  /** Aborting it closes the request, as a client that goes away. */
  signal?: AbortSignal;
}

export interface CallResult {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed JSON body, or undefined. */
  json: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export interface TestHub {
  hub: Hub;
  /** Log lines written so far (when started with `captureLogs`). */
  logs: Record<string, unknown>[];
  url: string;
  dataDir: string;
  /**
   * The package index on 127.0.0.1 that locked environments resolve against (empty: a dependency
   * no test added is not found), unless the test named one in SERVICE_PACKAGE_INDEX_URL.
   */
  packageIndex: PackageIndex | null;
  call(path: string, options?: CallOptions): Promise<CallResult>;
  /** A token for a user with this e-mail (created if unknown). */
  tokenFor(email: string, options?: { superAdmin?: boolean; scope?: TokenScope; expiresAt?: Date }): Promise<string>;
  /** Signs in through the local login link and returns the session cookie value. */
  localLogin(): Promise<string>;
  close(): Promise<void>;
}

type HubOverrides = Pick<CreateHubOptions, 'sandboxes' | 'surfaceLauncher' | 'sessionReclaim' | 'store' | 'loops' | 'uiDir' | 'resolver' | 'remoteHubs'>;

export interface TestHubOptions {
  env?: Record<string, string>;
  routes?: ((app: HubApp) => void)[];
  /** Keep the hub's log lines in `logs`. */
  captureLogs?: boolean;
  /** More createHub options, built from the hub's settings (a wrapped driver or store, short timings). */
  hub?: (settings: HubSettings) => HubOverrides | Promise<HubOverrides>;
}

/** A real hub (fs store in a temp dir unless `env` says `SERVICE_STORAGE: 'memory'`, local login) listening on 127.0.0.1. */
export async function startTestHub(options: TestHubOptions = {}): Promise<TestHub> {
  const temp = await makeTempDir('hub');
  const logs: Record<string, unknown>[] = [];
  const level = options.captureLogs ? 'info' : 'silent';
  // Locks never resolve against the public index in a test: its traffic stays on this machine.
  const indexDir = path.join(temp.dir, 'package-index');
  const packageIndex = options.env?.SERVICE_PACKAGE_INDEX_URL ? null : await mkdir(indexDir).then(() => startPackageIndex(indexDir));
  const indexEnv = packageIndex ? { SERVICE_PACKAGE_INDEX_URL: packageIndex.url, SERVICE_PACKAGE_INDEX_ALLOW_HTTP: 'true' } : {};
  // A hub on the local driver without the prepared marimo runtime starts no sandbox in its tests:
  // a lock on save would build a runtime in its data directory first. It installs at start.
  const withoutRuntime = (options.env?.SERVICE_SANDBOX_DRIVER ?? 'local') === 'local' && options.env?.SERVICE_SANDBOX_RUNTIME_DIR === undefined;
  const lockEnv = withoutRuntime ? { SERVICE_LOCKED_ENVIRONMENTS: 'off' } : {};
  const settings = readSettings({ SERVICE_DATA_DIR: temp.dir, SERVICE_PORT: '0', SERVICE_LOG_LEVEL: level, ...indexEnv, ...lockEnv, ...options.env });
  const sink = new Writable({ write: (chunk: Buffer, _encoding, done) => (logs.push(JSON.parse(chunk.toString())), done()) });
  const hub = await (async () =>
    createHub({
      settings,
      logger: createLogger(settings.logLevel, options.captureLogs ? sink : undefined),
      routes: options.routes ?? [],
      ...(await options.hub?.(settings)),
    }))().catch(async (error: unknown) => {
    await packageIndex?.close();
    throw error;
  });
  const url = await hub.listen();

  const call = async (path: string, options: CallOptions = {}): Promise<CallResult> => {
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
    const response = await fetch(`${url}${path}`, {
      method: options.method ?? 'GET',
      headers,
      body,
      redirect: 'manual',
      ...(options.signal ? { signal: options.signal } : {}),
    });
    const text = await response.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: response.status, headers: response.headers, text, json };
  };

  return {
    hub,
    logs,
    url,
    dataDir: temp.dir,
    packageIndex,
    call,
    async tokenFor(email, options = {}) {
      const { users, tokens } = hub.services;
      const user = await users.ensureByEmail(email, { name: null, superAdmin: options.superAdmin ?? false }, 'test');
      const issued = await tokens.issue(user.id, { name: 'test', expiresAt: options.expiresAt ?? null, scope: options.scope ?? UNRESTRICTED_SCOPE }, 'test');
      return issued.token;
    },
    async localLogin() {
      const response = await call(hub.localLoginPath!);
      const cookie = /svc_session=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1];
      if (!cookie) throw new Error(`local login failed: ${response.status} ${response.text}`);
      return cookie;
    },
    async close() {
      await hub.close();
      await packageIndex?.close();
      await temp.cleanup();
    },
  };
}

/**
 * Every route the hub registered, as registered (the HEAD routes fastify adds for GET left out).
 * Read from fastify's route tree; each one read is confirmed with `hasRoute`, so a misread tree
 * fails loudly instead of hiding a route.
 */
export function registeredRoutes(app: HubApp): { method: string; path: string }[] {
  const routes: { method: string; path: string }[] = [];
  const parents: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)[├└]── (\S+)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const parent = parents[depth - 1] ?? '';
    const segment = match[2]!;
    // The tree prints a wildcard after a slash as its own `*` node, and the rest of a static part two
    // paths share the start of (`sync` and `sync-token`) as a node of its own (`-token`).
    const continues = segment.startsWith('/') || parent.endsWith('/') || parent === '' || !/^[:*]/.test(segment);
    const path = continues ? parent + segment : `${parent}/${segment}`;
    parents[depth] = path;
    parents.length = depth + 1;
    for (const method of match[3]?.split(', ') ?? []) if (method !== 'HEAD') routes.push({ method, path });
  }
  for (const { method, path } of routes) {
    if (!app.hasRoute({ method: method as 'GET', url: path })) throw new Error(`misread the route tree: ${method} ${path} is not registered`);
  }
  return routes;
}
