import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { HubError, type ErrorCode, type FieldProblem } from '../core/errors.js';
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
    .code(ERROR_STATUS[hubError.code])
    .header('cache-control', 'no-store')
    .send(errorEnvelope(hubError.code, hubError.message, request.id, hubError.details));
}

function toHubError(error: FastifyError | Error): HubError {
  if (error instanceof HubError) return error;
  const status = (error as FastifyError).statusCode;
  if (status === 413) return new HubError('PAYLOAD_TOO_LARGE', 'the request body is too large');
  if (status !== undefined && status >= 400 && status < 500) return new HubError('BAD_REQUEST', error.message);
  return new HubError('INTERNAL_ERROR', 'an unexpected error occurred; the request id identifies it in the server log');
}
