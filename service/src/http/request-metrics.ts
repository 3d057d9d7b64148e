import type { FastifyRequest } from 'fastify';
import type { MetricAttributes, Metrics } from '../core/ports/metrics.js';
import type { HubApp } from './types.js';

/** The OpenTelemetry semantic-convention buckets for request durations, in seconds. */
const DURATION_BOUNDARIES = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10];

const KNOWN_METHODS = new Set(['CONNECT', 'DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT', 'TRACE']);

/**
 * `http.server.request.duration` and `http.server.active_requests` (spec 6.4), with the semantic
 * conventions' attribute names. Requests are labelled by route template, never by raw URL: ids in
 * paths would give every project its own series. Must be registered before any other `onRequest`
 * hook, since one that throws skips the hooks after it.
 */
export function registerRequestMetrics(app: HubApp, metrics: Metrics): void {
  const duration = metrics.histogram('http.server.request.duration', {
    description: 'Duration of HTTP requests, until the response is complete',
    unit: 's',
    boundaries: DURATION_BOUNDARIES,
  });
  const active = metrics.upDownCounter('http.server.active_requests', { description: 'HTTP requests being served', unit: '{request}' });

  app.addHook('onRequest', (request, reply, done) => {
    const attributes = requestAttributes(request);
    active.add(1, attributes);
    // `close` comes exactly once, also when the client goes away before the response finished
    // (when onResponse never runs), so the count cannot drift upwards.
    reply.raw.once('close', () => active.add(-1, attributes));
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    duration.record(reply.elapsedTime / 1000, { ...requestAttributes(request), 'http.response.status_code': reply.statusCode });
    done();
  });
}

function requestAttributes(request: FastifyRequest): MetricAttributes {
  const route = request.routeOptions.url;
  return {
    'http.request.method': KNOWN_METHODS.has(request.method) ? request.method : '_OTHER',
    'url.scheme': 'http',
    // Unmatched requests (404s) have no template; the conventions leave the attribute out.
    ...(route ? { 'http.route': route } : {}),
  };
}
