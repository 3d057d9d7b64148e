import { HubError } from '../core/errors.js';

/**
 * Writes that must be based on what the writer read (docs/errors.md, "Conditional writes"): a read
 * answers the resource's version as `ETag`, the write sends it back as `If-Match`, and a write
 * whose version is no longer the stored one fails with 412 PRECONDITION_FAILED. A write without
 * `If-Match` is refused with 428 PRECONDITION_REQUIRED, so no client overwrites by accident.
 */

/** The `ETag` header of a version: the store's tag, quoted. */
export const entityTagHeader = (version: string): string => `"${opaqueTag(version)}"`;

/** A tag without its quotes and weak prefix, as versions compare. */
export const opaqueTag = (tag: string): string =>
  tag
    .trim()
    .replace(/^W\//, '')
    .replace(/^"(.*)"$/, '$1');

/** The versions an `If-Match` header names: `*` (any), or its tags; undefined when it is absent or empty. */
export function ifMatchOf(header: string | undefined): '*' | string[] | undefined {
  if (header === undefined || header.trim() === '') return undefined;
  if (header.trim() === '*') return '*';
  return header
    .split(',')
    .map(opaqueTag)
    .filter((tag) => tag !== '');
}

/** The versions a write is based on; 428 PRECONDITION_REQUIRED when the request names none. */
export function requiredIfMatch(header: string | undefined, what: string): '*' | string[] {
  const tags = ifMatchOf(header);
  if (tags === undefined || (tags !== '*' && tags.length === 0)) {
    throw new HubError(
      'PRECONDITION_REQUIRED',
      `send If-Match with the ETag of ${what} as you read it, so that a change someone made meanwhile is not overwritten`,
    );
  }
  return tags;
}
