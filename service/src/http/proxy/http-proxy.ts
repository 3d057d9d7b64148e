import type { FastifyReplyFromOptions } from '@fastify/reply-from';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingHttpHeaders } from 'node:http';
import { HubError } from '../../core/errors.js';
import type { SessionRecord } from '../../core/sessions/session-model.js';
import { principalOf } from '../auth/authenticate.js';
import { handleError } from '../envelope.js';
import { LAUNCH_SECRET_HEADER } from '../launch-secret.js';
import type { HubApp } from '../types.js';
import type { ProxyAccess, ProxyTarget } from './proxy-access.js';

/** `/s/<session id>/...`: the whole segment, so `/s/ses-x` never matches `/s/ses-xy`. */
export const SESSION_PATH = /^\/s\/(ses-[0-9a-z]{16})(\/|$)/;

/**
 * The session a proxied request's path names, or null. A path with a segment that is, or decodes
 * to, `.` or `..`, or that hides a slash, names no session: whoever resolves it later (the HTTP
 * client, marimo) could land outside the session that was authorized.
 */
export function sessionOfPath(url: string): string | null {
  const path = url.split('?', 1)[0]!;
  const sessionId = SESSION_PATH.exec(path)?.[1];
  if (!sessionId) return null;
  return hasUnsafeSegment(path) ? null : sessionId;
}

/** Whether a path has a segment that is, or decodes to, `.` or `..`, or that hides a slash. */
export function hasUnsafeSegment(path: string): boolean {
  // Nearly every path has neither escapes nor dot segments: one test instead of a decode per segment.
  if (!/%|\\|\/\.\.?(\/|$)/.test(path)) return false;
  for (const segment of path.split('/')) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return true;
    }
    if (decoded === '.' || decoded === '..' || /[/\\]/.test(decoded)) return true;
  }
  return false;
}

/**
 * Headers a browser sends for the hub (its credentials, the desktop app's launch secret, what a
 * proxy in front of the hub says about the caller) that never reach a sandbox: not marimo, not a
 * surface (docs/surfaces.md, "Own origins").
 */
const HUB_ONLY_HEADERS = new Set(['cookie', 'authorization', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'forwarded', LAUNCH_SECRET_HEADER]);

/** The browser's headers without the hub's own ({@link HUB_ONLY_HEADERS}) and without `drop`. */
export function withoutHubHeaders(headers: IncomingHttpHeaders, drop: readonly string[] = []): Record<string, string | string[]> {
  const forwarded: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !HUB_ONLY_HEADERS.has(name) && !drop.includes(name)) forwarded[name] = value;
  }
  return forwarded;
}

export function forwardedHeaders(headers: IncomingHttpHeaders, target: ProxyTarget): Record<string, string | string[]> {
  return { ...withoutHubHeaders(headers, ['host']), host: target.origin.replace(/^http:\/\//, ''), ...target.headers };
}

export interface ProxyHooks {
  /** Called for every forwarded request (activity keeps a session from going idle). */
  activity(record: SessionRecord): void;
  /** The session's notebook server refused or dropped a forwarded request: a hint to check that it still answers. */
  unanswered(record: SessionRecord): void;
}

/**
 * The authenticated HTTP proxy into sessions. Every request is authorized (`session.proxy`) and
 * streamed both ways; the browser's credentials for the hub are replaced by the session's secret,
 * and marimo's own cookies never reach the browser.
 */
export async function registerHttpProxy(app: HubApp, access: ProxyAccess, hooks: ProxyHooks): Promise<void> {
  await app.register(async (proxy: FastifyInstance) => {
    // Bodies stream through untouched, whatever their type or size.
    proxy.removeAllContentTypeParsers();
    proxy.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    // One log line per request (docs/telemetry.md): the hub's own, not reply-from's two more per request.
    const replyFrom = lazyReplyFrom({ undici: { headersTimeout: 300_000, bodyTimeout: 0, connections: 64 }, disableRequestLogging: true }, proxy.log);
    proxy.addHook('onClose', replyFrom.close);

    const forward = async (request: FastifyRequest, reply: FastifyReply) => {
      const sessionId = sessionOfPath(request.url);
      if (!sessionId) throw new HubError('NOT_FOUND', 'no such session path');
      const target = await access.resolve(principalOf(request), sessionId);
      hooks.activity(target.record);
      // The path alone: reply-from takes the query string from the request as it came, untouched.
      // The path as it came, base included: marimo is mounted under the hub's base (docs/deploy.md,
      // "Behind a reverse proxy"), so its own links and WebSocket URLs lead back through the proxy.
      const from = await replyFrom.load();
      return from.call(reply, `${target.origin}${request.originalUrl.split('?', 1)[0]}`, {
        rewriteRequestHeaders: (original) => forwardedHeaders(original.headers, target),
        rewriteHeaders: (headers) => {
          const { 'set-cookie': _dropped, ...rest } = headers;
          return rest;
        },
        onError: (failedReply, { error }) => {
          // Most often the session just ended: answer with what it is now, not with a bare 502.
          hooks.unanswered(target.record);
          access.forget(sessionId);
          void access
            .resolve(principalOf(request), sessionId)
            .then(() => {
              request.log.warn({ event: 'proxy_upstream_failed', session_id: sessionId, err: error }, 'proxy_upstream_failed');
              throw new HubError('SERVICE_UNAVAILABLE', 'the session did not answer', undefined, { retryAfterSeconds: 2 });
            })
            .catch((reason: unknown) => handleError(reason as Error, request, failedReply as unknown as FastifyReply));
        },
      });
    };

    proxy.route({
      method: ['GET', 'HEAD'],
      url: '/s/:sid',
      schema: { hide: true },
      handler: async (request, reply) => {
        const url = request.originalUrl;
        const query = url.includes('?') ? url.slice(url.indexOf('?')) : '';
        return reply.redirect(`${url.split('?')[0]}/${query}`, 308);
      },
    });
    proxy.route({ method: ['DELETE', 'GET', 'HEAD', 'PATCH', 'POST', 'PUT', 'OPTIONS'], url: '/s/:sid/*', schema: { hide: true }, handler: forward });
  });
}

type ReplyFrom = FastifyReply['from'];

/**
 * @fastify/reply-from, loaded with the first proxied request rather than at start-up: it brings
 * its HTTP client (undici, over a hundred modules) that a hub without sessions never uses. The
 * plugin is run on a stand-in for the proxy's scope that keeps what it declares: the `from` reply
 * method (called with the reply as `this`, as a decorator would be) and its close hook.
 */
function lazyReplyFrom(options: FastifyReplyFromOptions, log: FastifyBaseLogger): { load(): Promise<ReplyFrom>; close(): Promise<void> } {
  let loading: Promise<{ from: ReplyFrom; close: (() => Promise<void>) | null }> | null = null;
  const start = async () => {
    const plugin = (await import('@fastify/reply-from')).default as unknown as (
      scope: object,
      options: FastifyReplyFromOptions,
      done: (error?: Error) => void,
    ) => void;
    let from: ReplyFrom | null = null;
    let close: ((scope: unknown, done: () => void) => void) | null = null;
    const scope = {
      log,
      decorateReply: (name: string, method: ReplyFrom) => {
        if (name === 'from') from = method;
      },
      addHook: () => {},
      onClose: (hook: (scope: unknown, done: () => void) => void) => {
        close = hook;
      },
      hasPlugin: () => false,
    };
    await new Promise<void>((resolve, reject) => plugin(scope, options, (error) => (error ? reject(error) : resolve())));
    if (from === null) throw new Error('@fastify/reply-from declared no reply.from');
    const closeHook = close as ((scope: unknown, done: () => void) => void) | null;
    return { from: from as ReplyFrom, close: closeHook ? () => new Promise<void>((resolve) => closeHook(scope, resolve)) : null };
  };
  return {
    load: async () => (await (loading ??= start())).from,
    close: async () => {
      if (loading === null) return;
      const loaded = await loading.catch(() => null);
      await loaded?.close?.();
    },
  };
}
