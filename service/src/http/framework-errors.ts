import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { errorEnvelope } from './envelope.js';
import type { HubApp } from './types.js';

/**
 * Answers that fastify or Node give before any route runs, in the hub's envelope rather than their
 * own bodies, so a client parses every failure the same way (docs/errors.md, "Answers before a
 * route"). Their codes are `BAD_REQUEST` (or `INTERNAL_ERROR`); the HTTP status keeps the protocol's
 * meaning (414, 431, ...), which is why these statuses are not in the code table.
 */

/** fastify's `frameworkErrors`: a URL that cannot be decoded, or a path parameter over the router's length limit. */
export function frameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  // These answers skip the onRequest hooks, which set the request id header everywhere else.
  void reply.header('x-request-id', request.id).header('cache-control', 'private, no-store');
  switch (error.code) {
    case 'FST_ERR_MAX_PARAM_LENGTH':
      void reply.code(414).send(errorEnvelope('BAD_REQUEST', 'a path segment is longer than the hub accepts', request.id));
      return;
    case 'FST_ERR_BAD_URL':
      void reply.code(400).send(errorEnvelope('BAD_REQUEST', 'the URL is not validly percent-encoded', request.id));
      return;
    default:
      request.log.error({ event: 'unhandled_error', err: error }, 'unhandled_error');
      void reply.code(500).send(errorEnvelope('INTERNAL_ERROR', 'an unexpected error occurred; the request id identifies it in the server log', request.id));
  }
}

/**
 * fastify's `clientErrorHandler`: Node could not parse the request (headers over its size limit,
 * a malformed request line, a request that took too long), so there is no request object; the
 * answer is written on the socket, which is then closed.
 */
export function clientErrorHandler(nextRequestId: () => string): (error: Error & { code?: string }, socket: Socket) => void {
  return (error, socket) => {
    // A reset connection has no one left to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const [status, message] =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'the request headers are larger than the hub accepts']
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, 'the request was not received in time']
          : [400, 'the request is not valid HTTP'];
    if (!socket.writable) {
      socket.destroy(error);
      return;
    }
    const requestId = nextRequestId();
    const body = JSON.stringify(errorEnvelope('BAD_REQUEST', message, requestId));
    // end() rather than destroy(): the answer must reach the client before the socket closes.
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        'Connection: close\r\n' +
        'Content-Type: application/json; charset=utf-8\r\n' +
        'Cache-Control: private, no-store\r\n' +
        `X-Request-Id: ${requestId}\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  };
}

/**
 * Once the hub is closing, a request still arriving on an open connection is refused with
 * `SERVICE_UNAVAILABLE` in the envelope (fastify's own refusal, turned off with
 * `return503OnClosing: false`, has a body of its own); the client retries on another replica.
 * Registered before every other onRequest hook, so a closing hub does no work for it.
 */
export function registerDrainRefusal(app: HubApp): void {
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (!closing) return done();
    void reply
      .code(503)
      .header('x-request-id', request.id)
      .header('connection', 'close')
      .header('retry-after', '5')
      // Sent as text: a route's own 503 schema (the health check's) must not reshape it.
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(errorEnvelope('SERVICE_UNAVAILABLE', 'the hub is shutting down; retry shortly', request.id)));
  });
}
