import type { RouteOptions } from 'fastify';
import { errorRef, failureSchema as failure } from './schemas.js';

/**
 * Every route documents, besides its own answers, the failures any route can give, each in the
 * envelope (docs/errors.md): the hub's guards (authentication, validation, the catalog, storage)
 * and the answers given before a route runs (405, 414, 415, 431). Reads document 304 (the ETag
 * revalidation of docs/api.md). The `4XX` and `5XX` ranges stay as well, for the codes only some
 * routes give (409, 410, 412, 429...).
 */
export function documentStatuses(route: RouteOptions): void {
  const schema = (route.schema ??= {}) as { response?: Record<string, unknown>; hide?: boolean };
  const own = schema.response ?? {};
  const methods = [route.method].flat();
  const documented: Record<string, unknown> = {};
  if (!schema.hide) {
    if (methods.includes('GET')) documented['304'] = NOT_MODIFIED;
    for (const [status, description] of COMMON) documented[status] = failure(description);
    if (route.url.includes(':')) documented['414'] = failure('A path segment is longer than the hub accepts (BAD_REQUEST)');
    if (methods.some((method) => BODY_METHODS.has(method))) {
      documented['413'] = failure('The body is larger than limits.max_request_bytes (PAYLOAD_TOO_LARGE)');
      documented['415'] = failure("The body's Content-Type is not one this route accepts (BAD_REQUEST)");
    }
    documented['405'] = { ...failure('The path does not have this method (BAD_REQUEST); Allow names those it has'), headers: ALLOW };
  }
  schema.response = { ...documented, '4xx': errorRef, '5xx': errorRef, ...own };
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const COMMON: [string, string][] = [
  ['400', 'The request is malformed (BAD_REQUEST and its kin)'],
  ['401', 'No valid credential (UNAUTHORIZED)'],
  ['403', 'The caller may not do this (FORBIDDEN, USER_SUSPENDED)'],
  ['404', 'The route or an object it names does not exist, or is not visible to the caller (NOT_FOUND)'],
  ['422', 'A field, parameter or cursor is invalid (VALIDATION_ERROR), with details naming it'],
  ['431', 'The request headers are larger than the hub accepts (BAD_REQUEST)'],
  ['500', 'An unexpected failure (INTERNAL_ERROR); the request id finds it in the log'],
  ['503', 'Storage or the catalog is not available (SERVICE_UNAVAILABLE, NOT_INITIALIZED); Retry-After says when to retry'],
];

const NOT_MODIFIED = { type: 'null', description: 'Not modified: If-None-Match matched the ETag; no body' };

const ALLOW = { allow: { type: 'string', description: 'The methods the path has' } };
