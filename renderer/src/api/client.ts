import createClient from 'openapi-fetch';
import { hubBasePath } from '../app/base-path';
import { takeEarlyResponse } from './early-requests';
import { toApiError, unreachable } from './errors';
import type { paths } from './schema';

/** The typed client of the hub's API, under the hub's base; the browser sends the session cookie (same origin). */
export const api = createClient<paths>({
  baseUrl: hubBasePath(),
  credentials: 'same-origin',
  fetch: (request) => takeEarlyResponse(request) ?? fetch(request),
});

type Result<T> = { data: { data: T }; error?: never; response: Response } | { data?: never; error: unknown; response: Response };
type OkResult = { data: { success: true }; error?: never; response: Response } | { data?: never; error: unknown; response: Response };

/** Awaits a request; a request that never got an answer becomes HUB_UNREACHABLE. */
export async function reach<R>(request: Promise<R>): Promise<R> {
  try {
    return await request;
  } catch (cause) {
    throw unreachable(cause);
  }
}

/** Awaits an API call and returns its envelope's data, or throws an ApiError. */
export async function unwrap<T>(request: Promise<Result<T>>): Promise<T> {
  const result = await reach(request);
  if (result.data !== undefined) return result.data.data;
  throw toApiError(result.error, result.response);
}

/** A resource read or written with its version: the `ETag` to send back as `If-Match` when changing it. */
export interface Tagged<T> {
  data: T;
  etag: string;
}

/** Awaits an API call and returns its envelope's data with the answer's `ETag`, or throws an ApiError. */
export async function unwrapTagged<T>(request: Promise<Result<T>>): Promise<Tagged<T>> {
  const result = await reach(request);
  if (result.data !== undefined) return { data: result.data.data, etag: result.response.headers.get('etag') ?? '' };
  throw toApiError(result.error, result.response);
}

/** Awaits an API call whose success carries no data (deletions), or throws an ApiError. */
export async function expectOk(request: Promise<OkResult>): Promise<void> {
  const result = await reach(request);
  if (result.data === undefined) throw toApiError(result.error, result.response);
}
