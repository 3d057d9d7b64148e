import type { IncomingHttpHeaders } from 'node:http';
import { isIP } from 'node:net';

/** What the hub's origin is worked out from: the request's headers and the connection it came on. */
export interface OriginSource {
  headers: IncomingHttpHeaders;
  socket?: { localAddress?: string; localPort?: number } | null;
}

const UNSPECIFIED = new Set(['0.0.0.0', '::', '']);
const LOOPBACK = /^(127\.|::1$)/;

const bare = (host: string) => host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
const bracketed = (host: string) => (isIP(host) === 6 ? `[${host}]` : host);

/**
 * The hub's own origin, for the absolute URLs it puts in answers (a push-mode notebook's sync URL,
 * a surface's ticket URL, the OAuth and MCP metadata): SERVICE_PUBLIC_URL's origin when set, else
 * the address the hub listens on. The request's `Host` header is a value the client chose (a
 * forged one would end up in URLs other clients are given, or in a cache), so it is used only when
 * it names that same address: the listen address, the local address the connection arrived on, or
 * `localhost` for a connection that arrived on a loopback address (DNS rebinding cannot produce
 * that name). Any other `Host` gets the listen address.
 */
export function hubOriginOf(request: OriginSource, settings: { publicUrl: string | null; host: string; port: number }): string {
  if (settings.publicUrl) return settings.publicUrl;
  const local = request.socket?.localAddress?.replace(/^::ffff:/, '');
  const port = request.socket?.localPort ?? settings.port;
  const listenHost = UNSPECIFIED.has(settings.host) ? (local ?? '127.0.0.1') : bare(settings.host);
  const fallback = `http://${bracketed(listenHost)}:${port}`;
  const given = request.headers.host;
  if (!given) return fallback;
  let named: URL;
  try {
    named = new URL(`http://${given}`);
  } catch {
    return fallback;
  }
  if (named.username !== '' || named.password !== '' || named.pathname !== '/' || named.search !== '') return fallback;
  const accepted = new Set([listenHost, ...(local ? [local] : []), ...(local && LOOPBACK.test(local) ? ['localhost'] : [])]);
  if (!accepted.has(bare(named.hostname)) || (named.port || '80') !== String(port)) return fallback;
  return `http://${named.host}`;
}
