import { errorEnvelope } from './envelope.js';
import { matchedRoute } from './matched-route.js';
import type { HubApp } from './types.js';

interface KnownPath {
  pattern: RegExp;
  methods: Set<string>;
}

/**
 * A request no route matched is either a known path asked with a method it does not have (405,
 * with `Allow` naming the methods it has) or an unknown path (404), both in the envelope
 * (docs/errors.md). It is answered in onRequest, after authentication and before fastify looks at
 * the body: otherwise a method with a body (`QUERY`, `PUT`) fails on its missing Content-Type and
 * the caller learns nothing about the route.
 *
 * The methods of each path are recorded as routes are registered; the web UI's page fallback
 * (`catchAll`) answers every GET, so it makes no path known, and a GET it caught is checked here too.
 */
export function registerMethodGuard(app: HubApp): void {
  const byTemplate = new Map<string, KnownPath>();
  app.addHook('onRoute', (route) => {
    if (route.config?.catchAll) return;
    const known = byTemplate.get(route.url) ?? { pattern: patternOf(route.url), methods: new Set<string>() };
    for (const method of [route.method].flat()) known.methods.add(method);
    byTemplate.set(route.url, known);
  });

  app.addHook('onRequest', (request, reply, done) => {
    const fallback = !request.is404 && matchedRoute(request).config.catchAll === true;
    if (!request.is404 && !fallback) return done();
    const path = request.url.split('?')[0]!;
    const allowed = new Set<string>();
    for (const known of byTemplate.values()) if (known.pattern.test(path)) for (const method of known.methods) allowed.add(method);
    if (allowed.size === 0) {
      // The web UI's fallback answers its own pages, and unknown paths as below.
      if (fallback) return done();
      void reply.code(404).send(errorEnvelope('NOT_FOUND', `no route for ${request.method} ${path}`, request.id));
      return;
    }
    const allow = [...allowed].sort().join(', ');
    void reply
      .code(405)
      .header('allow', allow)
      .send(errorEnvelope('BAD_REQUEST', `${request.method} is not a method of ${path}; it allows ${allow}`, request.id));
  });
}

/** A route template (`/api/v1/projects/:pid`, `/s/:sid/*`) as a regular expression over raw paths. */
function patternOf(template: string): RegExp {
  const source = template
    .split('/')
    .map((segment) => (segment === '*' ? '.*' : segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}$`);
}
