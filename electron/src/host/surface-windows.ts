import { staysInWindow } from './menu-actions.js';

/**
 * Where the desktop app opens what a page asks for (docs/desktop.md, "VS Code and OpenCode"). A
 * session's VS Code or OpenCode is served by the hub from a host of its own,
 * `<surface>-<session id>.<domain>`: `*.localhost` on the hub's port unless a surface domain is
 * configured. Such a page opens in an app window of its own and stays there; the hub's pages stay
 * in the main window; anything else goes to the system browser.
 */
export interface SurfaceHosts {
  /** The hub's origin, `http://127.0.0.1:<port>`. */
  hubOrigin: string;
  /** `SERVICE_SURFACE_DOMAIN`, or null for `localhost`. */
  surfaceDomain: string | null;
}

/** The first label of a surface's host, as the hub names it (service/src/features/surfaces/http/surface-origin.ts). */
const SURFACE_LABEL = /^(?:vscode|opencode)-ses-[0-9a-z]{16}$/;

export type OpenTarget = 'hub-window' | 'surface-window' | 'external';

function parse(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/** The origin of the surface `url` belongs to, or null when it is no surface's. */
export function surfaceOriginOf(url: string, hosts: SurfaceHosts): string | null {
  const parsed = parse(url);
  if (!parsed || !['http:', 'https:'].includes(parsed.protocol)) return null;
  const hostname = parsed.hostname.toLowerCase();
  const domain = hosts.surfaceDomain?.toLowerCase() ?? 'localhost';
  if (!hostname.endsWith(`.${domain}`) || !SURFACE_LABEL.test(hostname.slice(0, -domain.length - 1))) return null;
  // Under `localhost` only the hub answers on its own port; another port there is someone else's server.
  if (hosts.surfaceDomain === null && (parsed.protocol !== 'http:' || parsed.port !== parse(hosts.hubOrigin)?.port)) return null;
  return parsed.origin;
}

/** Where a link or `window.open` of the main window (or of a surface's window) goes. */
export function openTarget(url: string, hosts: SurfaceHosts): OpenTarget {
  if (staysInWindow(url, hosts.hubOrigin)) return 'hub-window';
  if (surfaceOriginOf(url, hosts) !== null) return 'surface-window';
  return 'external';
}

/** A navigation inside a surface's window: its own origin stays there (a redirect after the ticket, its own pages). */
export function surfaceWindowNavigation(url: string, windowOrigin: string, hosts: SurfaceHosts): OpenTarget | 'stay' {
  return surfaceOriginOf(url, hosts) === windowOrigin ? 'stay' : openTarget(url, hosts);
}

/**
 * Whether a request of the app's pages must carry the launch secret's header: those to a surface's
 * host on the hub's own loopback port (pages, and WebSockets, which the hub refuses without the
 * secret). The cookie that carries it to the hub's pages is the hub origin's only. Never a host
 * under a configured domain, which may not be this machine.
 */
export function needsLaunchHeader(url: string, hosts: SurfaceHosts): boolean {
  const parsed = parse(url);
  if (!parsed) return false;
  const asHttp = parsed.protocol === 'ws:' ? `http:${url.slice(3)}` : url;
  return surfaceOriginOf(asHttp, { hubOrigin: hosts.hubOrigin, surfaceDomain: null }) !== null;
}

/** What the app offers when its environment says nothing: VS Code and OpenCode, started on first open, each in a window of its own. */
export const DESKTOP_SURFACES = JSON.stringify([{ id: 'vscode' }, { id: 'opencode' }]);

/**
 * The surface settings the desktop hub runs with (docs/desktop.md, "VS Code and OpenCode"): the
 * app's own `SERVICE_SURFACE*` and `SERVICE_AI_*` variables (`SERVICE_SURFACES=[]` turns the
 * surfaces off), and both surfaces when `SERVICE_SURFACES` is not set.
 */
export function surfaceSettingsFrom(env: Readonly<Record<string, string | undefined>>): Record<string, string> {
  const picked: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) if (/^SERVICE_(SURFACES?(_|$)|AI_)/.test(name) && value !== undefined) picked[name] = value;
  picked.SERVICE_SURFACES ??= DESKTOP_SURFACES;
  return picked;
}
