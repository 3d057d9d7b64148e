import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { HubError } from '../../core/errors.js';
import type { Principal } from '../../core/identity/authenticator.js';
import type { SessionRecord } from '../../core/sessions/session-model.js';
import { errorCodeOf, NO_SPAN, NO_TRACING, type Span, type Tracer } from '../../core/ports/tracing.js';
import { stripBasePath } from '../base-path.js';
import { ERROR_STATUS } from '../error-status.js';
import { forwardedHeaders, sessionOfPath, type ProxyHooks } from './http-proxy.js';
import type { ProxyAccess } from './proxy-access.js';

export interface WsProxyDeps {
  access: ProxyAccess;
  /** Resolves the caller from the upgrade request's cookie or bearer token (null: none). */
  authenticate(request: IncomingMessage): Promise<Principal | null>;
  /** The origin pages of the hub are served from (SERVICE_PUBLIC_URL, else the request's host). */
  expectedOrigin(request: IncomingMessage): string;
  /** Upgraded connections, closed at shutdown. */
  sockets: Set<Duplex>;
  hooks: ProxyHooks & {
    /** An editor's connection is open: called now and every so often while it stays open. */
    present(record: SessionRecord): void;
    /** A connection that `present` announced has closed. */
    left(record: SessionRecord): void;
  };
  presenceIntervalMs: number;
  /** The path the hub is served under ('' at the root); upgrades outside it name no session. */
  basePath: string;
  /** Each connection is a `WS /s/:sid` server span, from the handshake until it closes. */
  tracer?: Tracer;
}

/**
 * The WebSocket half of the session proxy. Every upgrade (the kernel socket, `/ws_sync`, the
 * terminal) is authenticated and authorized like a page load, and must come from the hub's own
 * origin; then the two TCP streams are joined as they are, so frames cross without being parsed.
 */
export function handleUpgrade(deps: WsProxyDeps, request: IncomingMessage, socket: Duplex, head: Buffer): void {
  const traceparent = request.headers.traceparent;
  const span = (deps.tracer ?? NO_TRACING).startSpan('WS /s/:sid', {
    kind: 'server',
    parent: typeof traceparent === 'string' ? { traceparent } : 'root',
    attributes: { 'network.protocol.name': 'websocket', 'http.route': '/s/:sid/*' },
  });
  void span
    .run(() => upgrade(deps, request, socket, head, span))
    .catch((error: unknown) => {
      span.fail(errorCodeOf(error));
      span.end();
      refuse(socket, error);
    });
}

async function upgrade(deps: WsProxyDeps, request: IncomingMessage, socket: Duplex, head: Buffer, span: Span): Promise<void> {
  // Upgrades never pass fastify's routing, so the base comes off here; marimo gets the path as it came.
  const sessionId = sessionOfPath(stripBasePath(request.url ?? '', deps.basePath) ?? '');
  if (!sessionId) throw new HubError('NOT_FOUND', 'WebSockets are only proxied into sessions');
  // Browsers send Origin on every WebSocket handshake; a foreign page must not ride the cookie.
  if (request.headers.origin !== deps.expectedOrigin(request)) throw new HubError('FORBIDDEN', 'cross-site WebSocket refused');
  const principal = await deps.authenticate(request);
  if (!principal) throw new HubError('UNAUTHORIZED', 'sign in first');
  const target = await deps.access.resolve(principal, sessionId);
  span.setAttributes({ 'notebook_hub.session.id': target.record.id });
  bridgeUpgrade(deps, request, socket, head, {
    endpoint: target.record.endpoint!,
    headers: forwardedHeaders(request.headers, target),
    record: target.record,
    span,
  });
}

export type BridgeDeps = Pick<WsProxyDeps, 'sockets' | 'hooks' | 'presenceIntervalMs'>;

/**
 * Asks the upstream for the same upgrade and, once it agrees, joins the two TCP streams as they
 * are; the upstream's cookies never reach the browser. Shared by sessions and their surfaces.
 */
export function bridgeUpgrade(
  deps: BridgeDeps,
  request: IncomingMessage,
  socket: Duplex,
  head: Buffer,
  target: {
    endpoint: { host: string; port: number };
    headers: Record<string, string | string[]>;
    record: SessionRecord;
    /** The path and query to ask for upstream: the request's own unless given. */
    path?: string;
    /** The connection's span: ended when it closes, with the bytes each way, or when it is refused. */
    span?: Span;
  },
): void {
  const { endpoint } = target;
  const span = target.span ?? NO_SPAN;
  const upstream = httpRequest({
    host: endpoint.host,
    port: endpoint.port,
    method: 'GET',
    path: target.path ?? request.url,
    headers: target.headers,
  });
  upstream.on('upgrade', (response, upstreamSocket, upstreamHead) => {
    const lines = [`HTTP/1.1 101 ${response.statusMessage ?? 'Switching Protocols'}`];
    for (let i = 0; i < response.rawHeaders.length; i += 2) {
      if (response.rawHeaders[i]!.toLowerCase() !== 'set-cookie') lines.push(`${response.rawHeaders[i]}: ${response.rawHeaders[i + 1]}`);
    }
    socket.write(`${lines.join('\r\n')}\r\n\r\n`);
    if (upstreamHead.length > 0) socket.write(upstreamHead);
    if (head.length > 0) upstreamSocket.write(head);
    join(deps, target.record, socket, upstreamSocket, span);
  });
  upstream.on('response', (response) => {
    // marimo refused the upgrade: pass its answer on and close.
    socket.write(`HTTP/1.1 ${response.statusCode ?? 502} ${response.statusMessage ?? ''}\r\nconnection: close\r\n\r\n`);
    response.resume();
    socket.destroy();
    span.setAttributes({ 'http.response.status_code': response.statusCode ?? 502 });
    span.fail(String(response.statusCode ?? 502));
    span.end();
  });
  upstream.on('error', (error) => {
    span.fail('upstream_unavailable');
    span.end();
    deps.hooks.unanswered(target.record);
    refuse(socket, new HubError('SERVICE_UNAVAILABLE', `the session did not answer: ${error.message}`, undefined, { retryAfterSeconds: 2 }));
  });
  upstream.end();
}

function join(deps: BridgeDeps, record: SessionRecord, client: Duplex, upstream: Duplex, span: Span): void {
  for (const socket of [client, upstream]) (socket as Duplex & { setNoDelay?: (on: boolean) => void }).setNoDelay?.(true);
  deps.sockets.add(client);
  deps.hooks.present(record);
  const presence = setInterval(() => deps.hooks.present(record), deps.presenceIntervalMs);
  presence.unref();
  let lastActivity = 0;
  client.on('data', () => {
    const now = Date.now();
    if (now - lastActivity > 10_000) {
      lastActivity = now;
      deps.hooks.activity(record);
    }
  });
  let closed = false;
  const close = () => {
    if (!closed) {
      deps.hooks.left(record);
      // What the browser sent and received, as the sockets counted it (the handshake included).
      const counted = client as Duplex & { bytesRead?: number; bytesWritten?: number };
      span.setAttributes({
        'http.response.status_code': 101,
        'notebook_hub.websocket.bytes_in': counted.bytesRead ?? 0,
        'notebook_hub.websocket.bytes_out': counted.bytesWritten ?? 0,
      });
      span.end();
    }
    closed = true;
    clearInterval(presence);
    deps.sockets.delete(client);
    client.destroy();
    upstream.destroy();
  };
  client.on('close', close);
  upstream.on('close', close);
  client.on('error', close);
  upstream.on('error', close);
  client.pipe(upstream);
  upstream.pipe(client);
}

export function refuse(socket: Duplex, error: unknown): void {
  const status = error instanceof HubError ? ERROR_STATUS[error.code] : 500;
  if (socket.writable)
    socket.write(`HTTP/1.1 ${status} ${status === 500 ? 'Internal Server Error' : 'Refused'}\r\nconnection: close\r\ncontent-length: 0\r\n\r\n`);
  socket.destroy();
}
