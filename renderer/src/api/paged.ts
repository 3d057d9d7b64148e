import { infiniteQueryOptions, type QueryKey } from '@tanstack/react-query';

/** The query parameter that asks for the page after `cursor` (none for the first page). */
export const cursorQuery = (cursor: string | null): { cursor?: string } => (cursor ? { cursor } : {});

/**
 * A list the API answers a page at a time (cursor pagination, newest first), as an infinite
 * query: each page is read with the `next_cursor` of the page before it, until that is null.
 */
export function pagedQuery<TPage extends { next_cursor: string | null }, TKey extends QueryKey>(
  queryKey: TKey,
  readPage: (cursor: string | null) => Promise<TPage>,
) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam }) => readPage(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
  });
}
