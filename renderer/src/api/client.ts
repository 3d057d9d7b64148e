import createClient from 'openapi-fetch';
import { takeEarlyResponse } from './early-requests';
import { toApiError, unreachable } from './errors';
import type { paths } from './schema';

/** The typed client of the hub's API; the browser sends the session cookie (same origin). */
export const api = createClient<paths>({ baseUrl: '', credentials: 'same-origin', fetch: (request) => takeEarlyResponse(request) ?? fetch(request) });

type Result<T> = { data: { data: T }; error?: never; response: Response } | { data?: never; error: unknown; response: Response };

/** Awaits an API call and returns its envelope's data, or throws an ApiError. */
export async function unwrap<T>(request: Promise<Result<T>>): Promise<T> {
  let result: Result<T>;
  try {
    result = await request;
  } catch (cause) {
    throw unreachable(cause);
  }
  if (result.data !== undefined) return result.data.data;
  throw toApiError(result.error, result.response);
}
