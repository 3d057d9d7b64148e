import { Button, Group } from '@mantine/core';
import type { ComponentType } from 'react';
import { ErrorView } from './ErrorView';

/** What a paged list needs of TanStack's `useInfiniteQuery` result. */
export interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  isFetchNextPageError: boolean;
  error: Error | null;
}

/** How a failed request is shown where its content would be (ErrorView, or the admin pages' RequestError). */
export type ErrorComponent = ComponentType<{ error: Error; onRetry?: () => void }>;

interface Props {
  pages: PagedQuery;
  /** The button's text: "Load more", or what it loads ("Load more versions"). */
  label?: string;
  errorView?: ErrorComponent;
}

/** The "Load more" button under a paged list, and why the last page did not load (with a retry). */
export function LoadMore({ pages, label = 'Load more', errorView: ErrorShown = ErrorView }: Props) {
  return (
    <>
      {pages.isFetchNextPageError && pages.error && <ErrorShown error={pages.error} onRetry={() => void pages.fetchNextPage()} />}
      {pages.hasNextPage && (
        <Group justify="center">
          <Button variant="default" onClick={() => void pages.fetchNextPage()} loading={pages.isFetchingNextPage}>
            {label}
          </Button>
        </Group>
      )}
    </>
  );
}
