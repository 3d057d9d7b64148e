import { staysInWindow } from './menu-actions.js';

/**
 * Where the desktop app shows a notebook running on a team hub (docs/desktop.md, "Sessions on a
 * team hub"): the team hub's one-use launch link (`<team hub>/api/v1/sync/launches/<ticket>`,
 * docs/remotes.md) of a team hub the person signed in to opens in an app window of its own, and the
 * team hub's pages stay there. A launch link of any other host is no team hub's: it goes to the
 * system browser like any link.
 */

const LAUNCH_PATH = /^(?:\/[A-Za-z0-9._~-]+)*\/api\/v1\/sync\/launches\/[A-Za-z0-9_-]{43}$/;

function parse(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/** The origin of the team hub whose launch link `url` is, when it is one of `teamOrigins` (the remotes' addresses); else null. */
export function teamLaunchOrigin(url: string, teamOrigins: readonly string[]): string | null {
  const parsed = parse(url);
  if (!parsed || !['http:', 'https:'].includes(parsed.protocol) || parsed.search !== '' || parsed.username !== '' || parsed.password !== '') return null;
  if (!LAUNCH_PATH.test(parsed.pathname)) return null;
  return teamOrigins.includes(parsed.origin) ? parsed.origin : null;
}

/** A navigation inside a team hub's window: its own origin stays there, the local hub's pages go to the main window, the rest to the system browser. */
export function teamWindowNavigation(url: string, windowOrigin: string, hubOrigin: string): 'stay' | 'hub-window' | 'external' {
  if (parse(url)?.origin === windowOrigin) return 'stay';
  return staysInWindow(url, hubOrigin) ? 'hub-window' : 'external';
}
