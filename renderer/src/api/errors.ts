import type { ErrorBody, ErrorCode, FieldError } from './types';

/** The hub did not answer (network failure, or a proxy in front of it could not reach it). */
export const HUB_UNREACHABLE = 'HUB_UNREACHABLE';
export type ApiErrorCode = ErrorCode | typeof HUB_UNREACHABLE;

/** A failed API call: the envelope's error, or HUB_UNREACHABLE when no envelope came back. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly code: ApiErrorCode,
    message: string,
    readonly status: number,
    readonly requestId: string | undefined,
    readonly details: readonly FieldError[] = [],
    /** The answer's Retry-After in seconds, when it said when to come back. */
    readonly retryAfterSeconds: number | undefined = undefined,
    /** The trace the request was part of, where the hub traces (its `traceresponse` header): for an operator to look it up. */
    readonly traceId: string | undefined = undefined,
  ) {
    super(message);
  }

  /** The message for one request field (details[].field, with or without a leading path). */
  fieldMessage(field: string): string | undefined {
    return this.details.find((detail) => fieldNameOf(detail.field) === field)?.message;
  }
}

/** A detail's field as the request named it: without the leading path some validators add (`/title`, `body.title`). */
export const fieldNameOf = (field: string): string => field.replace(/^(?:\/|body\.)/, '');

function isErrorEnvelope(value: unknown): value is { success: false; error: ErrorBody } {
  if (typeof value !== 'object' || value === null) return false;
  const error = (value as { error?: unknown }).error;
  return typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string';
}

export function unreachable(cause?: unknown): ApiError {
  const error = new ApiError(HUB_UNREACHABLE, 'The hub cannot be reached.', 0, undefined);
  if (cause !== undefined) Object.assign(error, { cause });
  return error;
}

/** Turns whatever a failed response carried into an ApiError. */
export function toApiError(body: unknown, response: Response): ApiError {
  if (isErrorEnvelope(body)) {
    const { code, message, details, request_id } = body.error;
    return new ApiError(
      code,
      message,
      response.status,
      request_id ?? response.headers.get('x-request-id') ?? undefined,
      details,
      retryAfterOf(response),
      traceIdOf(response),
    );
  }
  // No envelope: a gateway (or the dev server's proxy) answered for a hub it could not reach.
  if (response.status === 0 || response.status >= 500) return unreachable();
  return new ApiError('INTERNAL_ERROR', `The hub answered HTTP ${response.status} without an error description.`, response.status, undefined);
}

/** The trace id of a W3C `traceresponse` header (`00-<trace id>-<span id>-<flags>`); undefined without one. */
export function traceIdOf(response: Response): string | undefined {
  return /^[\da-f]{2}-([\da-f]{32})-[\da-f]{16}-[\da-f]{2}$/.exec(response.headers.get('traceresponse')?.trim() ?? '')?.[1];
}

/** Retry-After as a number of seconds (the form the hub sends); undefined when absent or a date. */
function retryAfterOf(response: Response): number | undefined {
  const value = response.headers.get('retry-after')?.trim();
  return value && /^\d+$/.test(value) ? Number(value) : undefined;
}

export function isApiError(error: unknown, code?: ApiErrorCode): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.code === code);
}
