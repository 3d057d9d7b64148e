import etag from '@fastify/etag';
import type { HubApp } from './types.js';

/**
 * Successful reads carry an ETag (a conditional request with a matching If-None-Match gets 304)
 * and `Cache-Control: private, no-cache`; credential routes and failures are `no-store`.
 */
export async function registerCaching(app: HubApp): Promise<void> {
  await app.register(etag, { algorithm: 'sha256' });
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.hasHeader('cache-control')) return payload;
    const policy = request.routeOptions.config.cache;
    const cacheable = (request.method === 'GET' || request.method === 'HEAD') && (reply.statusCode === 200 || reply.statusCode === 304);
    void reply.header('cache-control', cacheable && policy !== 'no-store' ? 'private, no-cache' : 'private, no-store');
    return payload;
  });
}
