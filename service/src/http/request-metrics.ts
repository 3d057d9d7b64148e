import { NO_METRICS, type MetricAttributes, type Metrics } from '../core/ports/metrics.js';
import { matchedRoute, type MatchedRoute } from './matched-route.js';
import type { HubApp } from './types.js';

/** The OpenTelemetry semantic-convention buckets for request durations, in seconds. */
const DURATION_BOUNDARIES = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10];

const KNOWN_METHODS = new Set(['CONNECT', 'DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT', 'TRACE']);

/**
 * `http.server.request.duration` and `http.server.active_requests` (docs/telemetry.md), with the semantic
 * conventions' attribute names. Requests are labelled by route template, never by raw URL: ids in
 * paths would give every project its own series. Must be registered before any other `onRequest`
 * hook, since one that throws skips the hooks after it.
 */
export function registerRequestMetrics(app: HubApp, metrics: Metrics): void {
  // With telemetry off the hooks would only cost time on every request.
  if (metrics === NO_METRICS) return;
  const duration = metrics.histogram('http.server.request.duration', {
    description: 'Duration of HTTP requests, until the response is complete',
    unit: 's',
    boundaries: DURATION_BOUNDARIES,
  });
  const active = metrics.upDownCounter('http.server.active_requests', { description: 'HTTP requests being served', unit: '{request}' });
  const attributes = new AttributeSets();

  app.addHook('onRequest', (request, reply, done) => {
    const inFlight = attributes.of(matchedRoute(request), request.method);
    active.add(1, inFlight);
    // `close` comes exactly once, also when the client goes away before the response finished
    // (when onResponse never runs), so the count cannot drift upwards.
    reply.raw.once('close', () => active.add(-1, inFlight));
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    duration.record(reply.elapsedTime / 1000, attributes.of(matchedRoute(request), request.method, reply.statusCode));
    done();
  });
}

/**
 * The attribute sets are few (routes x methods x statuses) and immutable, so each is built once
 * rather than on every request.
 */
class AttributeSets {
  private readonly byRoute = new WeakMap<MatchedRoute, Map<string, MetricAttributes>>();

  of(route: MatchedRoute, method: string, status?: number): MetricAttributes {
    let sets = this.byRoute.get(route);
    if (sets === undefined) this.byRoute.set(route, (sets = new Map()));
    const known = KNOWN_METHODS.has(method) ? method : '_OTHER';
    const key = status === undefined ? known : `${known} ${status}`;
    let found = sets.get(key);
    if (found === undefined) {
      found = Object.freeze({
        'http.request.method': known,
        'url.scheme': 'http',
        // Unmatched requests (404s) have no template; the conventions leave the attribute out.
        ...(route.url ? { 'http.route': route.url } : {}),
        ...(status === undefined ? {} : { 'http.response.status_code': status }),
      });
      sets.set(key, found);
    }
    return found;
  }
}
