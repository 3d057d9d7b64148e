import replyFrom from '@fastify/reply-from';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingHttpHeaders } from 'node:http';
import { HubError } from '../../core/errors.js';
import type { SessionRecord } from '../../core/sessions/session-model.js';
import { principalOf } from '../auth/authenticate.js';
import { handleError } from '../envelope.js';
import type { HubApp } from '../types.js';
import type { ProxyAccess, ProxyTarget } from './proxy-access.js';

/** `/s/<session id>/...`: the whole segment, so `/s/ses-x` never matches `/s/ses-xy`. */
export const SESSION_PATH = /^\/s\/(ses-[0-9a-z]{16})(\/|$)/;

/** Headers the browser sent for the hub that must never reach marimo. */
const DROPPED_REQUEST_HEADERS = ['cookie', 'authorization', 'host', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'forwarded'];

export function forwardedHeaders(headers: IncomingHttpHeaders, target: ProxyTarget): Record<string, string | string[]> {
  const forwarded: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !DROPPED_REQUEST_HEADERS.includes(name)) forwarded[name] = value;
  }
  return { ...forwarded, host: target.origin.replace(/^http:\/\//, ''), ...target.headers };
}

export interface ProxyHooks {
  /** Called for every forwarded request (activity keeps a session from going idle). */
  activity(record: SessionRecord): void;
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
    await proxy.register(replyFrom, { undici: { headersTimeout: 300_000, bodyTimeout: 0, connections: 64 } });

    const forward = async (request: FastifyRequest, reply: FastifyReply) => {
      const sessionId = SESSION_PATH.exec(request.url)?.[1];
      if (!sessionId) throw new HubError('NOT_FOUND', 'no such session path');
      const target = await access.resolve(principalOf(request), sessionId);
      hooks.activity(target.record);
      return reply.from(`${target.origin}${request.url}`, {
        rewriteRequestHeaders: (original) => forwardedHeaders(original.headers, target),
        rewriteHeaders: (headers) => {
          const { 'set-cookie': _dropped, ...rest } = headers;
          return rest;
        },
        onError: (failedReply, { error }) => {
          // Most often the session just ended: answer with what it is now, not with a bare 502.
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

    proxy.route({ method: ['GET', 'HEAD'], url: '/s/:sid', schema: { hide: true }, handler: async (request, reply) => {
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      return reply.redirect(`${request.url.split('?')[0]}/${query}`, 308);
    } });
    proxy.route({ method: ['DELETE', 'GET', 'HEAD', 'PATCH', 'POST', 'PUT', 'OPTIONS'], url: '/s/:sid/*', schema: { hide: true }, handler: forward });
  });
}
