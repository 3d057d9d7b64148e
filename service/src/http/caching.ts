import { hash } from 'node:crypto';
import etag from '@fastify/etag';
import { matchedRoute } from './matched-route.js';
import type { HubApp } from './types.js';

/**
 * Successful reads carry an ETag (a conditional request with a matching If-None-Match gets 304)
 * and `Cache-Control: private, no-cache`; credential routes and failures are `no-store`.
 */
export async function registerCaching(app: HubApp): Promise<void> {
  // Every response is hashed: the one-shot form gives the plugin's sha256 ETag without a Hash
  // object per response.
  await app.register(etag, { hashFn: (payload: string | Buffer) => hash('sha256', payload, 'base64') });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!reply.hasHeader('cache-control')) {
      const policy = matchedRoute(request).config.cache;
      const cacheable = (request.method === 'GET' || request.method === 'HEAD') && (reply.statusCode === 200 || reply.statusCode === 304);
      void reply.header('cache-control', cacheable && policy !== 'no-store' ? 'private, no-cache' : 'private, no-store');
    }
    done(null, payload);
  });
}
