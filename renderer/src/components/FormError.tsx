import { Alert } from '@mantine/core';
import { ApiError, fieldNameOf } from '../api/errors';
import { asSentence } from '../app/format';
import { RequestIds } from './RequestIds';

interface Props {
  error: Error | null;
  /** The request fields the form shows messages at (with {@link fieldError}): they are not repeated here. */
  fields?: readonly string[];
}

/**
 * A failed form submission: the API's message, less what the form already shows at its fields. A
 * failure of the hub's (5xx) also shows the ids to quote when reporting it.
 */
export function FormError({ error, fields = [] }: Props) {
  if (!error) return null;
  const theHubs = error instanceof ApiError && error.status >= 500;
  return (
    <Alert color="red" role="alert">
      {asSentence(formMessage(error, fields).replace(/([^.!?])$/, '$1.'))}
      {theHubs && <RequestIds requestId={error.requestId} traceId={error.traceId} mt={4} />}
    </Alert>
  );
}

/**
 * What the form says above its buttons: the API's message, or, when the form shows every field's
 * message at its field, a pointer to them; fields it does not show are named here.
 */
export function formMessage(error: Error, fields: readonly string[]): string {
  if (!(error instanceof ApiError) || error.details.length === 0 || fields.length === 0) return error.message;
  // A field shows the messages of what is inside it too (`secrets.password` those of `secrets.password.value`).
  const shown = (name: string) => fields.some((field) => name === field || name.startsWith(`${field}.`));
  const elsewhere = error.details.filter((detail) => !shown(fieldNameOf(detail.field).replaceAll('/', '.')));
  if (elsewhere.length === 0) return error.details.length === 1 ? 'Check the field marked above.' : 'Check the fields marked above.';
  return `Check the fields marked above, and: ${elsewhere.map((detail) => `${fieldNameOf(detail.field)} ${detail.message}`).join('; ')}.`;
}

/** The API's message for one field of a failed submission. */
export function fieldError(error: Error | null, field: string): string | undefined {
  return error instanceof ApiError ? error.fieldMessage(field) : undefined;
}
