import type { FastifyRequest } from 'fastify';
import type { Span, Tracer } from '../core/ports/tracing.js';
import { matchedRoute } from './matched-route.js';
import type { HubApp } from './types.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's server span, where tracing is on (docs/telemetry.md, "Traces"). */
    traceSpan?: Span | null;
  }
}

const KNOWN_METHODS = new Set(['CONNECT', 'DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT', 'TRACE']);

/**
 * One server span per request (docs/telemetry.md, "Traces"), continuing the caller's trace when
 * the request carries a W3C `traceparent`. The span is active for the request's hooks and its
 * handler, so what they do (use cases, store calls, a session's start) nests under it, and it ends
 * when the response is complete or the client goes away. It names the route template, never the
 * path: paths hold ids and, for members, e-mail addresses.
 *
 * Register it first among the `onRequest` hooks, so the hooks after it run inside the span.
 */
export function registerRequestTracing(app: HubApp, tracer: Tracer): void {
  if (!tracer.enabled) return;
  app.decorateRequest('traceSpan', null);
  app.addHook('onRequest', (request, reply, done) => {
    const route = matchedRoute(request).url;
    const method = KNOWN_METHODS.has(request.method) ? request.method : '_OTHER';
    const traceparent = request.headers.traceparent;
    const tracestate = request.headers.tracestate;
    const attributes: Record<string, string> = { 'http.request.method': method, 'url.scheme': 'http', 'notebook_hub.request_id': request.id };
    if (route) attributes['http.route'] = route;
    const span = tracer.startSpan(route ? `${method} ${route}` : method, {
      kind: 'server',
      parent: typeof traceparent === 'string' ? { traceparent, tracestate: typeof tracestate === 'string' ? tracestate : undefined } : 'root',
      attributes,
    });
    request.traceSpan = span;
    // A trace that is not sampled is not recorded: its ids would lead nowhere, so the answer names
    // none, and the span needs no ending. Its context still goes along, so that calls made for
    // the request hand on "not sampled".
    if (span.recording) {
      // W3C Trace Context level 2: the caller learns which trace its request is in (to quote it, or to look it up).
      const traceresponse = span.traceparent;
      if (traceresponse) void reply.header('traceresponse', traceresponse);
      // `close` comes exactly once, also when the client went away before the response was complete.
      reply.raw.on('close', () => {
        const status = reply.statusCode;
        span.setAttributes({ 'http.response.status_code': status });
        if (status >= 500 || !reply.raw.writableFinished) span.fail(reply.raw.writableFinished ? String(status) : 'client_closed');
        span.end();
      });
    }
    span.run(done);
  });
  // A request's body arrives in events of its connection, outside the span: the hooks after the
  // body is read, and the handler, are run inside it again.
  app.addHook('preValidation', (request, _reply, done) => {
    const span = request.traceSpan;
    if (span) span.run(done);
    else done();
  });
}

/** The `traceparent` of the request's server span where it is recorded; undefined otherwise. */
export function recordedTraceparentOf(request: FastifyRequest): string | undefined {
  const span = request.traceSpan;
  return span?.recording ? (span.traceparent ?? undefined) : undefined;
}

/** The request line's trace members (`,"trace_id":…,"span_id":…`), or '' where the request has no recorded span. */
export function traceMembersOf(request: FastifyRequest): string {
  const traceparent = recordedTraceparentOf(request);
  // 00-<32 hex trace id>-<16 hex span id>-<flags>
  return traceparent ? `,"trace_id":"${traceparent.slice(3, 35)}","span_id":"${traceparent.slice(36, 52)}"` : '';
}
