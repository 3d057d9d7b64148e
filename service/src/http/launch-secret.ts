import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { HubError } from '../core/errors.js';
import { constantTimeEquals } from '../core/identity/secrets.js';
import { errorEnvelope } from './envelope.js';
import type { HubApp } from './types.js';

/** The cookie the desktop window carries the launch secret in (docs/desktop.md). */
export const LAUNCH_SECRET_COOKIE = 'nh_launch';
/** The header other callers of a desktop hub (its own main process, tests) send it in. */
export const LAUNCH_SECRET_HEADER = 'x-notebook-hub-launch';

const REFUSAL = "this hub belongs to the desktop app that started it; the request does not carry that app's launch secret";

/**
 * A desktop hub listens on loopback, where every local process and every other user of the
 * machine can reach it: only requests carrying the secret of this launch get further, before
 * anything else (health, the UI, sign-in, the session proxy and its WebSockets) is looked at.
 */
export function registerLaunchSecret(
  app: HubApp,
  secret: string,
  open: { basePath: string; browserReturns: readonly RegExp[] } = { basePath: '', browserReturns: [] },
): void {
  const carries = (header: string | string[] | undefined, cookie: string | undefined) =>
    (typeof header === 'string' && constantTimeEquals(header, secret)) || (cookie !== undefined && constantTimeEquals(cookie, secret));
  // The system browser coming back from a sign-in elsewhere carries no secret; such a path checks its own state.
  const browserReturn = (method: string, url: string) => {
    if (method !== 'GET' || !url.startsWith(`${open.basePath}/`)) return false;
    const path = url.slice(open.basePath.length).split('?', 1)[0]!;
    return open.browserReturns.some((pattern) => pattern.test(path));
  };

  app.addHook('onRequest', (request, _reply, done) => {
    if (carries(request.headers[LAUNCH_SECRET_HEADER], request.cookies[LAUNCH_SECRET_COOKIE])) return done();
    if (browserReturn(request.method, request.url)) return done();
    done(new HubError('UNAUTHORIZED', REFUSAL));
  });

  // WebSocket upgrades never reach the request hooks: every upgrade listener registered by the
  // time the app is ready is put behind the same check.
  app.addHook('onReady', (done) => {
    const server = app.server;
    const listeners = server.listeners('upgrade') as ((request: IncomingMessage, socket: Duplex, head: Buffer) => void)[];
    server.removeAllListeners('upgrade');
    server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      const cookie = app.parseCookie(request.headers.cookie ?? '')[LAUNCH_SECRET_COOKIE];
      if (!carries(request.headers[LAUNCH_SECRET_HEADER], cookie)) return refuseUpgrade(socket);
      for (const listener of listeners) listener.call(server, request, socket, head);
    });
    done();
  });
}

function refuseUpgrade(socket: Duplex): void {
  const body = JSON.stringify(errorEnvelope('UNAUTHORIZED', REFUSAL, `req_${randomBytes(16).toString('hex')}`));
  socket.end(
    `HTTP/1.1 401 Unauthorized\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
}
