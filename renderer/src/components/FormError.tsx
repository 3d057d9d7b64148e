import { Alert } from '@mantine/core';
import { ApiError } from '../api/errors';

/** A failed form submission: the API's message (its field messages also appear at their fields). */
export function FormError({ error }: { error: Error | null }) {
  if (!error) return null;
  return (
    <Alert color="red" role="alert">
      {error.message}
    </Alert>
  );
}

/** The API's message for one field of a failed submission. */
export function fieldError(error: Error | null, field: string): string | undefined {
  return error instanceof ApiError ? error.fieldMessage(field) : undefined;
}
