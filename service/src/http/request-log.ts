import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * Exactly one JSON line per request (spec 6.3), written when the response is complete: at info,
 * or at error for a failure. Health probes and proxied notebook traffic are requests too, so they
 * are logged like any other; an operator who wants fewer lines raises SERVICE_LOG_LEVEL.
 */
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
    else reply.log.info(fields, 'request');
  }
}
