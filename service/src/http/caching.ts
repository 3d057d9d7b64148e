import { hash } from 'node:crypto';
import { matchedRoute } from './matched-route.js';
import type { HubApp } from './types.js';

/**
 * Successful reads carry an ETag (a conditional request with a matching If-None-Match gets 304)
 * and `Cache-Control: private, no-cache`; credential routes and failures are `no-store`.
 *
 * One onSend hook does both, on every response: the ETag part is what @fastify/etag did (a
 * strong sha256 of the serialized body unless the route set its own, compared with
 * If-None-Match also in its weak forms), without a second hook run per response.
 */
export function registerCaching(app: HubApp): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    let body = payload;
    let etag = reply.getHeader('etag');
    if (!etag && (typeof payload === 'string' || payload instanceof Buffer)) {
      etag = `"${hash('sha256', payload, 'base64')}"`;
      void reply.header('etag', etag);
    }
    if (etag) {
      const condition = request.headers['if-none-match'];
      // Only a successful read can be answered "not modified"; a write or a failure never is.
      const conditional = reply.statusCode === 200 && (request.method === 'GET' || request.method === 'HEAD');
      if (conditional && condition !== undefined && (condition === etag || `W/${etag}` === condition || `W/${condition}` === etag)) {
        void reply.code(304);
        body = '';
      }
    }
    if (!reply.hasHeader('cache-control')) {
      const policy = matchedRoute(request).config.cache;
      const cacheable = (request.method === 'GET' || request.method === 'HEAD') && (reply.statusCode === 200 || reply.statusCode === 304);
      void reply.header('cache-control', cacheable && policy !== 'no-store' ? 'private, no-cache' : 'private, no-store');
    }
    done(null, body);
  });
}
