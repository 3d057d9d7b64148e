import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Log this route's requests at debug level (health probes would otherwise flood the log). */
    quietLog?: boolean;
  }
}

/** Exactly one JSON line per request, written when the response is complete. */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override routeNotFound(): void {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    const fields = {
      event: 'http_request',
      method: request.method,
      route: request.routeOptions.url ?? null,
      url: request.url.split('?')[0],
      status: reply.statusCode,
      duration_ms: Math.round(reply.elapsedTime * 100) / 100,
      ...(error ? { err: error } : {}),
    };
    if (error || reply.statusCode >= 500) reply.log.error(fields, 'request');
    else if (request.routeOptions.config.quietLog) reply.log.debug(fields, 'request');
    else reply.log.info(fields, 'request');
  }
}
