import { isSurfaceId, type SurfaceId } from '../../../core/ports/surface-model.js';

/**
 * Each surface of each session is served from a host of its own, `<surface>-<session id>.<domain>`
 * (docs/surfaces.md, "Own origins"): its pages ask for `/assets/...` and its API at the root as
 * they please, and nothing it runs shares an origin with the hub or with another session.
 */
const LABEL = /^(vscode|opencode)-(ses-[0-9a-z]{16})$/;

/** Where a surface's host trades a ticket for its grant cookie; never forwarded to the surface. */
export const ENTER_PATH = '/.notebook-hub/enter';
/** The grant, a cookie of the surface's host only; never forwarded to the surface. */
export const GRANT_COOKIE = 'notebook_hub_surface';

/** The domain surface hosts live under: the configured one, else `localhost` (browsers resolve `*.localhost` to this machine). */
export const surfaceDomainOf = (configured: string | null): string => configured ?? 'localhost';

/** The session and surface a request's `Host` names, or null for any other host (the hub's own). */
export function surfaceOfHost(host: string | undefined, domain: string): { surface: SurfaceId; sessionId: string } | null {
  if (!host) return null;
  const name = host.toLowerCase().replace(/:\d+$/, '');
  if (!name.endsWith(`.${domain}`)) return null;
  const match = LABEL.exec(name.slice(0, -domain.length - 1));
  if (!match || !isSurfaceId(match[1]!)) return null;
  return { surface: match[1], sessionId: match[2]! };
}

/**
 * The origin of a session's surface, with the scheme and port of the hub's own origin
 * (SERVICE_PUBLIC_URL's, else the address it listens on: `hubOriginOf`).
 */
export function surfaceOrigin(options: { hubOrigin: string; domain: string }, surface: SurfaceId, sessionId: string): string {
  const base = new URL(options.hubOrigin);
  return `${base.protocol}//${surface}-${sessionId}.${options.domain}${base.port ? `:${base.port}` : ''}`;
}
