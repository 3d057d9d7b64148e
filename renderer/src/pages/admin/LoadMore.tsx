import { Button, Group } from '@mantine/core';
import { RequestError } from './RequestError';

interface Props {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  /** The failure of the last "load more", shown below the rows already loaded. */
  error: Error | null;
}

/** The "Load more" button under a paged list. */
export function LoadMore({ hasNextPage, isFetchingNextPage, fetchNextPage, error }: Props) {
  return (
    <>
      {hasNextPage && (
        <Group justify="center">
          <Button variant="default" onClick={() => void fetchNextPage()} loading={isFetchingNextPage}>
            Load more
          </Button>
        </Group>
      )}
      {error && <RequestError error={error} />}
    </>
  );
}
