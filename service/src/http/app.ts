import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { CatalogGate } from '../boot/catalog-gate.js';
import { errorEnvelope, handleError } from './envelope.js';
import { OneLinePerRequest } from './request-log.js';

export interface HttpAppDeps {
  logger: FastifyBaseLogger;
  catalogGate: CatalogGate;
}

/** The fastify application: every route of the hub is registered here. */
export function buildHttpApp(deps: HttpAppDeps): FastifyInstance {
  const app = Fastify({
    loggerInstance: deps.logger,
    logController: new OneLinePerRequest(),
    trustProxy: false,
    genReqId: () => `req_${randomUUID().replaceAll('-', '')}`,
  });
  app.addHook('onRequest', async (request, reply) => {
    void reply.header('x-request-id', request.id);
    // The whole API depends on the catalog; health stays up so operators can see the process.
    if (request.url.startsWith('/api/v1/')) await deps.catalogGate.ensureReady();
  });
  app.setErrorHandler(handleError);
  app.setNotFoundHandler((request, reply) => {
    void reply.code(404).send(errorEnvelope('NOT_FOUND', `no route for ${request.method} ${request.url.split('?')[0]}`, request.id));
  });
  app.get('/api/health', { config: { quietLog: true } }, async () => ({ status: 'ok' }));
  return app;
}
