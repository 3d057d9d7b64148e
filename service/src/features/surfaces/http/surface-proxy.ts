import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { HubError } from '../../../core/errors.js';
import type { SessionRecord } from '../../../core/sessions/session-model.js';
import { SURFACE_TITLES, type SessionSurfaces } from '../core/session-surfaces.js';
import { surfacePortName, type SurfaceId } from '../../../core/ports/surface-model.js';
import type { SurfaceAddress, SurfaceUseCases } from '../core/surface-use-cases.js';
import type { HubSettings } from '../../../config/settings.js';
import type { BackgroundRunner } from '../../../core/ports/background-runner.js';
import type { SessionManager } from '../../../core/sessions/session-manager.js';
import type { SandboxDriver } from '../../../core/ports/sandbox-driver.js';
import { ERROR_STATUS } from '../../../http/error-status.js';
import type { HubApp } from '../../../http/types.js';
import { hasUnsafeSegment, withoutHubHeaders } from '../../../http/proxy/http-proxy.js';
import { ENTER_PATH, GRANT_COOKIE, surfaceDomainOf, surfaceOfHost } from './surface-origin.js';
import { bridgeUpgrade, refuse, type BridgeDeps } from '../../../http/proxy/ws-proxy.js';

const DECISION_CACHE_MS = 2000;
const ACTIVITY_EVERY_MS = 30_000;

interface SurfaceTarget {
  record: SessionRecord;
  endpoint: { host: string; port: number };
  headers: Record<string, string>;
  /** Query parameters the surface would take as its credential: never passed on from a browser. */
  credentialParameters: readonly string[];
}

/** What the surface proxy uses. */
export interface SurfaceProxyServices {
  settings: Pick<HubSettings, 'sessions' | 'publicUrl'>;
  useCases: { surfaces: SurfaceUseCases };
  surfaces: Pick<SessionSurfaces, 'launcher'>;
  background: BackgroundRunner;
  sessions: Pick<SessionManager, 'touch'>;
  sandboxes: Pick<SandboxDriver, 'exposePort'>;
}

/**
 * The proxy into sessions' surfaces, on their own hosts (docs/surfaces.md, "Own origins"). A
 * browser comes in with a one-use ticket (ENTER_PATH), which becomes a grant cookie of that host;
 * each request is then decided again as the opener (cached two seconds) and forwarded with the
 * surface's own secret in place of anything the browser sent for the hub. The grant and the
 * hub's credentials never reach the surface; WebSockets must come from the surface's own origin.
 */
export function registerSurfaceProxy(
  app: HubApp,
  services: SurfaceProxyServices,
  deps: Omit<BridgeDeps, 'hooks'>,
): { upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): boolean } {
  const domain = surfaceDomainOf(services.settings.sessions.surfaceDomain);
  const { surfaces } = services.useCases;
  const launcher = services.surfaces.launcher;
  const decisions = new Map<string, { target: SurfaceTarget; until: number }>();
  const touched = new Map<string, number>();

  const activity = (record: SessionRecord) => {
    const now = Date.now();
    if (now - (touched.get(record.id) ?? 0) < ACTIVITY_EVERY_MS) return;
    touched.set(record.id, now);
    if (touched.size > 10_000) touched.clear();
    services.background.run(() => services.sessions.touch(record.project_id, record.id).catch(() => {}));
  };

  const resolve = async (cookieHeader: string | undefined, at: SurfaceAddress): Promise<SurfaceTarget> => {
    const grant = app.parseCookie(cookieHeader ?? '')[GRANT_COOKIE];
    const title = SURFACE_TITLES[at.surface];
    if (!grant) throw new HubError('UNAUTHORIZED', `open ${title} from its notebook's session in Notebook Hub`);
    // Per host too: a grant answers only on the surface it was issued for.
    const key = `${grant}|${at.surface}|${at.sessionId}`;
    const cached = decisions.get(key);
    if (cached && cached.until > Date.now()) return cached.target;
    const { record, status } = await surfaces.reach(grant, at);
    if (!launcher || !record.sandbox || !status.secret) throw new HubError('GONE', `${title} is not running in this session`);
    const endpoint = await services.sandboxes.exposePort(record.sandbox.id, surfacePortName(at.surface));
    const target = {
      record,
      endpoint,
      headers: launcher.proxyHeaders(at.surface, status.secret),
      credentialParameters: launcher.credentialQueryParameters(at.surface),
    };
    if (decisions.size > 5000) decisions.clear();
    decisions.set(key, { target, until: Date.now() + DECISION_CACHE_MS });
    return target;
  };

  // A callback hook: nearly every request is the hub's own and goes on at once, without the
  // promise (and the turn of the event loop) an async hook costs every request.
  app.addHook('onRequest', (request, reply, done) => {
    const at = surfaceOfHost(request.headers.host, domain);
    if (at === null) return done();
    reply.hijack();
    void answer(request.raw, reply.raw, request.headers.cookie, at);
  });

  /** A request to a surface's own host, answered here to the end. */
  const answer = async (request: IncomingMessage, raw: ServerResponse, cookies: string | undefined, at: SurfaceAddress) => {
    const url = request.url ?? '/';
    const path = url.split('?', 1)[0]!;
    try {
      if (hasUnsafeSegment(path)) throw new HubError('NOT_FOUND', 'no such path');
      if (path === ENTER_PATH) return await enter(request, raw, at);
      const target = await resolve(cookies, at);
      activity(target.record);
      forward(request, raw, target, () => decisions.clear());
    } catch (error) {
      answerError(raw, error, at.surface);
    }
  };

  const enter = async (request: IncomingMessage, response: ServerResponse, at: SurfaceAddress) => {
    const ticket = new URL(request.url ?? '/', 'http://surface').searchParams.get('ticket') ?? '';
    const { grant, expiresAt, location } = await surfaces.enter(ticket, at);
    const secure = (services.settings.publicUrl ?? '').startsWith('https:');
    // SameSite=None: an embedded surface is a frame of the hub's page, another site than its own.
    const attributes = ['Path=/', 'HttpOnly', `Max-Age=${Math.max(1, Math.floor((Date.parse(expiresAt) - Date.now()) / 1000))}`];
    attributes.push(secure || domain === 'localhost' ? 'SameSite=None; Secure; Partitioned' : 'SameSite=Lax');
    response.writeHead(303, { location, 'set-cookie': `${GRANT_COOKIE}=${grant}; ${attributes.join('; ')}`, 'cache-control': 'no-store' });
    response.end();
  };

  return {
    upgrade(request, socket, head) {
      const at = surfaceOfHost(request.headers.host, domain);
      if (at === null) return false;
      void (async () => {
        if (hasUnsafeSegment((request.url ?? '/').split('?', 1)[0]!)) throw new HubError('NOT_FOUND', 'no such path');
        const scheme = (services.settings.publicUrl ?? 'http:').split(':', 1)[0];
        if (request.headers.origin !== `${scheme}://${request.headers.host}`) throw new HubError('FORBIDDEN', 'cross-site WebSocket refused');
        const target = await resolve(request.headers.cookie, at);
        bridgeUpgrade(
          {
            ...deps,
            hooks: { activity, unanswered: () => decisions.clear(), present: activity, left: () => {} },
          },
          request,
          socket,
          head,
          {
            endpoint: target.endpoint,
            headers: upstreamHeaders(request.headers, target),
            record: target.record,
            path: upstreamPath(request.url ?? '/', target),
          },
        );
      })().catch((error: unknown) => refuse(socket, error));
      return true;
    },
  };
}

/** The name of a `name=value` cookie pair, as cookie parsers read it (trimmed). */
const cookieName = (pair: string) => pair.slice(0, Math.max(0, pair.indexOf('='))).trim();

/**
 * The browser's headers minus its credentials and the grant, plus the surface's own secret. A
 * browser cookie by the name of the surface's credential (`code-server-session`) is dropped too:
 * code-server reads the first of two, so a stray one would stand in for the hub's.
 */
export function upstreamHeaders(headers: IncomingHttpHeaders, target: Pick<SurfaceTarget, 'headers'>): Record<string, string | string[]> {
  // The browser's host goes on: code-server checks a WebSocket's Origin against it.
  const forwarded = withoutHubHeaders(headers);
  const own = target.headers.cookie ? [target.headers.cookie] : [];
  const reserved = new Set([GRANT_COOKIE, ...own.flatMap((cookie) => cookie.split(';')).map(cookieName)]);
  // The surface's other cookies (of its own host) go on.
  const cookies = (headers.cookie ?? '')
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part !== '' && !reserved.has(cookieName(part)));
  const merged = [...cookies, ...own];
  return { ...forwarded, ...target.headers, ...(merged.length > 0 ? { cookie: merged.join('; ') } : {}) };
}

/**
 * The request's path and query without the query parameters the surface would take as its
 * credential (OpenCode's `auth_token`); the rest of the query goes on byte for byte.
 */
export function upstreamPath(url: string, target: Pick<SurfaceTarget, 'credentialParameters'>): string {
  const start = url.indexOf('?');
  if (start < 0 || target.credentialParameters.length === 0) return url;
  const kept = url
    .slice(start + 1)
    .split('&')
    .filter((part) => !target.credentialParameters.includes(new URLSearchParams(part).keys().next().value ?? ''));
  return kept.length > 0 ? `${url.slice(0, start)}?${kept.join('&')}` : url.slice(0, start);
}

function forward(request: IncomingMessage, response: ServerResponse, target: SurfaceTarget, forget: () => void): void {
  const upstream = httpRequest(
    {
      host: target.endpoint.host,
      port: target.endpoint.port,
      method: request.method,
      path: upstreamPath(request.url ?? '/', target),
      headers: upstreamHeaders(request.headers, target),
    },
    (answer) => {
      const headers = { ...answer.headers };
      // A surface may set cookies of its own host, but never one that would replace the grant.
      const cookies = [headers['set-cookie'] ?? []].flat().filter((cookie) => !cookie.startsWith(`${GRANT_COOKIE}=`));
      delete headers['set-cookie'];
      response.writeHead(answer.statusCode ?? 502, answer.statusMessage, cookies.length > 0 ? { ...headers, 'set-cookie': cookies } : headers);
      answer.pipe(response);
    },
  );
  upstream.on('error', () => {
    forget();
    answerError(response, new HubError('SERVICE_UNAVAILABLE', 'the surface did not answer', undefined, { retryAfterSeconds: 2 }), null);
  });
  request.pipe(upstream);
}

/** Refusals on a surface's host are pages people read: a short text, with the status and code. */
function answerError(response: ServerResponse, error: unknown, surface: SurfaceId | null): void {
  const known = error instanceof HubError ? error : new HubError('INTERNAL_ERROR', 'the surface could not be reached');
  if (response.headersSent) return void response.destroy();
  const title = surface ? SURFACE_TITLES[surface] : 'Surface';
  const body = `${title}: ${known.message} (${known.code})\n`;
  response.writeHead(ERROR_STATUS[known.code] ?? 500, {
    'content-type': 'text/plain; charset=utf-8',
    'cache-control': 'no-store',
    'content-length': Buffer.byteLength(body),
  });
  response.end(body);
}
