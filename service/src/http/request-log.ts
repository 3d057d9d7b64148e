import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { matchedRoute } from './matched-route.js';

/**
 * Exactly one JSON line per request (spec 6.3), written when the response is complete: at info,
 * or at error for a failure. Health probes and proxied notebook traffic are requests too, so they
 * are logged like any other; an operator who wants fewer lines raises SERVICE_LOG_LEVEL.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override routeNotFound(): void {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    const status = reply.statusCode;
    // Fastify passes undefined, not null, when the response finished normally.
    const failed = Boolean(error) || status >= 500;
    const url = request.url;
    const query = url.indexOf('?');
    // One object shape for every request keeps the logger's property reads monomorphic; pino
    // leaves out `err` when it is undefined.
    const fields = {
      event: 'http_request',
      method: request.method,
      route: matchedRoute(request).url,
      url: query === -1 ? url : url.slice(0, query),
      status,
      duration_ms: Math.round(reply.elapsedTime * 100) / 100,
      err: error || undefined,
    };
    if (failed) reply.log.error(fields, 'request');
    else reply.log.info(fields, 'request');
  }
}
