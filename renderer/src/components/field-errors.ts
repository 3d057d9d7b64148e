import { ApiError } from '../api/errors';

/**
 * The API's messages for a field and anything inside it (`tags` covers `tags.2` and `/tags/2`),
 * since list and object fields report the failing item's path.
 */
export function fieldErrorsUnder(error: Error | null, field: string): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const messages = error.details
    .filter((detail) => {
      const path = detail.field.replace(/^(?:\/|body[./])/, '').replaceAll('/', '.');
      return path === field || path.startsWith(`${field}.`);
    })
    .map((detail) => detail.message);
  return messages.length ? [...new Set(messages)].join('; ') : undefined;
}
