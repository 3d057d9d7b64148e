import type { FastifyContextConfig, FastifyRequest } from 'fastify';
import type { HubApp } from './types.js';

/** What the hub's hooks need to know about the route a request matched. */
export interface MatchedRoute {
  /** The route template (`/api/v1/projects/:project_id`); null for an unmatched request. */
  readonly url: string | null;
  readonly config: FastifyContextConfig;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Filled by {@link matchedRoute}; use that, not this field. */
    matchedRouteCache: MatchedRoute | null;
  }
}

// One record per route, keyed by its config object (fastify keeps one per route), so hooks can
// hang per-route data off it.
const byConfig = new WeakMap<FastifyContextConfig, MatchedRoute>();

/**
 * The route of a request. Fastify's `request.routeOptions` builds a fresh thirteen-field object
 * at every read, and half a dozen hooks read it on every request; this reads it once.
 */
export function matchedRoute(request: FastifyRequest): MatchedRoute {
  const cached = request.matchedRouteCache;
  if (cached !== null) return cached;
  const options = request.routeOptions;
  let route = byConfig.get(options.config);
  if (route === undefined) {
    route = { url: options.config.catchAll ? null : (options.url ?? null), config: options.config };
    byConfig.set(options.config, route);
  }
  request.matchedRouteCache = route;
  return route;
}

export function registerMatchedRoute(app: HubApp): void {
  app.decorateRequest('matchedRouteCache', null);
}
