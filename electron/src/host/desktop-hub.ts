import { mkdir } from 'node:fs/promises';
import { openLogger } from '@notebook-hub/service/compose/adapters.js';
import { createHub, LAUNCH_SECRET_COOKIE, LAUNCH_SECRET_HEADER, type Hub } from '@notebook-hub/service/compose/hub.js';
import { readSettings, type LogLevel } from '@notebook-hub/service/config/settings.js';
import { closeLiveSessions } from './live-sessions.js';
import { isLoopbackOrigin, newLaunchSecret } from './launch-secret.js';
import type { HubCall } from './menu-actions.js';
import type { SessionsClosed } from './shutdown.js';

export interface DesktopHubOptions {
  /** The hub's data directory (the data folder's `hub/`, see data-folder.ts). */
  dataDir: string;
  /** The user's choice in the settings (docs/desktop.md); local processes unless they chose Docker. */
  sandboxDriver?: 'local' | 'docker';
  /** More `SERVICE_*` settings (tests: the prepared sandbox runtime); the desktop's own ones win. */
  env?: Readonly<Record<string, string>>;
  /** The folder of the built web UI; by default the renderer package's `dist/`. */
  uiDir?: string | null;
  /** Where the hub's log lines go (the app's log file); stdout by default. */
  logDestination?: NodeJS.WritableStream;
  logLevel?: LogLevel;
  /** The app's version, reported by the hub. */
  version?: string;
  /** A bundled wheelhouse the sandbox runtime is built from, without the network (runtime-check.ts). */
  wheelhouse?: string | null;
}

/** A cookie the window must carry on every request to the hub. */
export interface WindowCookie {
  name: string;
  value: string;
}

export interface DesktopHub {
  readonly hub: Hub;
  /** The hub's origin, `http://127.0.0.1:<port>`. */
  readonly url: string;
  /** This launch's secret; never shown to the user. */
  readonly secret: string;
  /** Headers that let a caller other than the window (the main process, tests) through. */
  readonly launchHeaders: Readonly<Record<string, string>>;
  /**
   * Signs the window in as the local administrator: the launch secret's cookie and a hub session
   * cookie from the hub's own local login, to be set in the window's cookie jar before it loads.
   */
  windowCookies(): Promise<WindowCookie[]>;
  /** Saves and stops every live session (the first step of the shutdown ordering). */
  closeSessions(): Promise<SessionsClosed>;
  /** The hub's drain. */
  close(budgetMs?: number): Promise<'drained' | 'timeout'>;
}

/** The desktop drains quickly: its user is waiting for the window to go, not a load balancer. */
const DESKTOP_DRAIN_SECONDS = '15';
/**
 * The window is signed in once per launch and has no way to sign in again (the local login link
 * is never shown): its login session lasts as long as the hub allows, 30 days.
 */
const DESKTOP_LOGIN_SESSION_HOURS = String(24 * 30);

/**
 * Starts the hub in this process through the same composition root as the headless service
 * (`createHub`): fs store and local login under `dataDir`, the chosen sandbox driver, listening on
 * a free loopback port, and refusing every request without this launch's secret (docs/desktop.md).
 * The Electron main process calls this; so do the tests and the benchmark.
 */
export async function startDesktopHub(options: DesktopHubOptions): Promise<DesktopHub> {
  await mkdir(options.dataDir, { recursive: true, mode: 0o700 });
  const settings = readSettings({
    SERVICE_SHUTDOWN_TIMEOUT_SECONDS: DESKTOP_DRAIN_SECONDS,
    SERVICE_LOGIN_SESSION_HOURS: DESKTOP_LOGIN_SESSION_HOURS,
    // The app is its own maintenance replica: scheduled runs go on while it is open.
    SERVICE_JOBS: 'on',
    ...options.env,
    SERVICE_DATA_DIR: options.dataDir,
    SERVICE_HOST: '127.0.0.1',
    SERVICE_PORT: '0',
    SERVICE_AUTH: 'local',
    SERVICE_STORAGE: 'fs',
    SERVICE_SANDBOX_DRIVER: options.sandboxDriver ?? 'local',
    SERVICE_LOG_LEVEL: options.logLevel ?? 'info',
    ...(options.version ? { SERVICE_VERSION: options.version } : {}),
    ...(options.wheelhouse ? { SERVICE_SANDBOX_WHEELHOUSE: options.wheelhouse } : {}),
  });
  const secret = newLaunchSecret();
  const hub = await createHub({
    settings,
    logger: openLogger(settings.logLevel, options.logDestination),
    launchSecret: secret,
    ...(options.uiDir !== undefined ? { uiDir: options.uiDir } : {}),
  });
  let url: string;
  try {
    url = await hub.listen();
    if (!isLoopbackOrigin(url)) throw new Error(`the desktop hub must listen on loopback, not ${url}`);
  } catch (error) {
    await hub.close();
    throw error;
  }
  const launchHeaders = { [LAUNCH_SECRET_HEADER]: secret };

  return {
    hub,
    url,
    secret,
    launchHeaders,
    async windowCookies() {
      return [{ name: LAUNCH_SECRET_COOKIE, value: secret }, await signInLocally(hub, launchHeaders)];
    },
    closeSessions: () => closeLiveSessions(hub),
    close: (budgetMs) => hub.close(budgetMs),
  };
}

/** The hub's own local login (the route the headless hub prints a link to), called in-process. */
async function signInLocally(hub: Hub, launchHeaders: Record<string, string>): Promise<WindowCookie> {
  if (!hub.localLoginPath) throw new Error('the desktop hub runs without local login');
  const login = new URL(hub.localLoginPath, 'http://desktop.invalid');
  const response = await hub.app.inject({
    method: 'POST',
    url: login.pathname,
    headers: launchHeaders,
    payload: { token: login.searchParams.get('token') ?? '' },
  });
  const session = response.cookies.find((cookie) => cookie.name === 'svc_session');
  if (response.statusCode !== 200 || !session) throw new Error(`signing the window in failed: HTTP ${response.statusCode} ${response.body}`);
  return { name: session.name, value: session.value };
}

/** Calls the hub's API as the window would, with its cookies and from its origin (the main process's own calls). */
export function callerAs(url: string, cookies: readonly WindowCookie[]): HubCall {
  const cookie = cookies.map((entry) => `${entry.name}=${entry.value}`).join('; ');
  return async (path, init = {}) => {
    const contentType = init.bytes?.contentType ?? (init.body !== undefined ? 'application/json' : undefined);
    const response = await fetch(`${url}${path}`, {
      method: init.method ?? 'GET',
      headers: { ...init.headers, cookie, origin: url, ...(contentType ? { 'content-type': contentType } : {}) },
      ...(init.bytes ? { body: init.bytes.data } : init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    });
    const text = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: response.status, json, text };
  };
}
