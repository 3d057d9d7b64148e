import { Alert } from '@mantine/core';
import { ApiError } from '../api/errors';

/** A failed form submission: the API's message (field messages are shown at their fields). */
export function FormError({ error }: { error: Error | null }) {
  if (!error) return null;
  const details = error instanceof ApiError ? error.details : [];
  return (
    <Alert color="red" role="alert" title={error.message}>
      {details.length > 0 && details.map((detail) => <div key={detail.field}>{`${detail.field}: ${detail.message}`}</div>)}
    </Alert>
  );
}

/** The API's message for one field of a failed submission. */
export function fieldError(error: Error | null, field: string): string | undefined {
  return error instanceof ApiError ? error.fieldMessage(field) : undefined;
}
