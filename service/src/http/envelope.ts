import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { CasExhaustedError } from '../core/store/cas.js';
import { HubError, type ErrorCode, type FieldProblem } from '../core/errors.js';
import { InvalidCursorError, StoreUnavailableError } from '../core/ports/object-store.js';
import { ERROR_STATUS } from './error-status.js';

export interface ErrorEnvelope {
  success: false;
  error: { code: ErrorCode; message: string; details?: FieldProblem[]; request_id?: string };
}

export function errorEnvelope(code: ErrorCode, message: string, requestId: string, details?: FieldProblem[]): ErrorEnvelope {
  return { success: false, error: { code, message, ...(details ? { details } : {}), request_id: requestId } };
}

/** Turns anything thrown by a route or hook into the failure envelope; no stack or secret leaks. */
export function handleError(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply): void {
  const hubError = toHubError(error);
  if (hubError.code === 'INTERNAL_ERROR') request.log.error({ event: 'unhandled_error', err: error }, 'unhandled_error');
  if (hubError.retryAfterSeconds !== undefined) void reply.header('retry-after', String(hubError.retryAfterSeconds));
  void reply
    .code(protocolStatusOf(error, hubError) ?? ERROR_STATUS[hubError.code])
    .send(errorEnvelope(hubError.code, hubError.message, request.id, hubError.details));
}

/**
 * fastify's refusals whose HTTP status says more than `BAD_REQUEST`'s 400 keep it (an unsupported
 * media type is 415); see docs/errors.md, "Answers before a route".
 */
function protocolStatusOf(error: FastifyError | Error, hubError: HubError): number | undefined {
  if (error instanceof HubError || hubError.code !== 'BAD_REQUEST') return undefined;
  const status = (error as FastifyError).statusCode;
  return status !== undefined && PROTOCOL_STATUSES.has(status) ? status : undefined;
}

const PROTOCOL_STATUSES = new Set([405, 406, 408, 411, 414, 415, 416, 417, 431]);

function toHubError(error: FastifyError | Error): HubError {
  if (error instanceof HubError) return error;
  if (error instanceof InvalidCursorError) {
    return new HubError('VALIDATION_ERROR', 'the cursor is not one this list returned', [{ field: 'cursor', message: 'invalid cursor' }]);
  }
  if (error instanceof StoreUnavailableError || error instanceof CasExhaustedError) {
    return new HubError('SERVICE_UNAVAILABLE', 'storage is temporarily unavailable; retry shortly', undefined, { retryAfterSeconds: 5 });
  }
  const fastifyError = error as FastifyError;
  if (fastifyError.validation) {
    const container = fastifyError.validationContext ?? 'body';
    const details = fastifyError.validation.map((problem) => {
      const missing = (problem.params as { missingProperty?: string }).missingProperty;
      const extra = (problem.params as { additionalProperty?: string }).additionalProperty;
      const path = [problem.instancePath.split('/').filter(Boolean).join('.'), missing ?? extra].filter(Boolean).join('.');
      const field = container === 'body' ? path || 'body' : [container === 'querystring' ? 'query' : container, path].filter(Boolean).join('.');
      const message = extra ? 'is not a known field' : (problem.message ?? 'is invalid');
      return { field, message };
    });
    return new HubError('VALIDATION_ERROR', `the request is invalid: ${details.map((d) => `${d.field} ${d.message}`).join('; ')}`, details);
  }
  switch (fastifyError.statusCode) {
    case 413:
      return new HubError('PAYLOAD_TOO_LARGE', 'the request body is larger than limits.max_request_bytes');
    case 415:
      return new HubError('BAD_REQUEST', `unsupported content type ${JSON.stringify(fastifyError.message.split(': ').at(-1) ?? '')}`);
  }
  if (fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || fastifyError.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || error instanceof SyntaxError) {
    // fastify's parser gives one error for both: it also refuses keys that could reach a prototype.
    return new HubError('BAD_REQUEST', 'the request body is not valid JSON, or has a "__proto__" or "constructor.prototype" key');
  }
  if (fastifyError.statusCode !== undefined && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
    return new HubError('BAD_REQUEST', error.message);
  }
  return new HubError('INTERNAL_ERROR', 'an unexpected error occurred; the request id identifies it in the server log');
}
