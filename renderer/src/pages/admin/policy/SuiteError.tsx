import { List, Text } from '@mantine/core';
import { ApiError } from '../../../api/errors';
import { ProblemAlert } from '../ProblemAlert';

/** The API's refusal of a suite: its message and, for validation errors, every field it names. */
export function SuiteError({ error }: { error: Error | null }) {
  if (!error) return null;
  const details = error instanceof ApiError ? error.details : [];
  return (
    <ProblemAlert title="The suite was not run">
      <Text size="sm">{error.message}</Text>
      {details.length > 0 && (
        <List size="sm" mt="xs" spacing={2}>
          {details.map((detail) => (
            <List.Item key={`${detail.field}:${detail.message}`}>
              <Text span ff="monospace" size="sm">
                {detail.field || '(suite)'}
              </Text>
              : {detail.message}
            </List.Item>
          ))}
        </List>
      )}
    </ProblemAlert>
  );
}
