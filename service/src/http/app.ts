import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { OneLinePerRequest } from './request-log.js';

export interface HttpAppDeps {
  logger: FastifyBaseLogger;
}

/** The fastify application: every route of the hub is registered here. */
export function buildHttpApp(deps: HttpAppDeps): FastifyInstance {
  const app = Fastify({
    loggerInstance: deps.logger,
    logController: new OneLinePerRequest(),
    trustProxy: false,
  });
  app.get('/api/health', { config: { quietLog: true } }, async () => ({ status: 'ok' }));
  return app;
}
