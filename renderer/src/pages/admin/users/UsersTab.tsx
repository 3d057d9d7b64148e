import { Group, Stack, Text, TextInput } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { adminUsersQuery, useSetSuspended } from '../../../api/admin';
import type { AdminUser } from '../../../api/admin-types';
import { EmptyState } from '../../../components/EmptyState';
import { RequestError } from '../RequestError';
import { DataTable } from '../../../components/DataTable';
import { LoadingState } from '../../../components/LoadingState';
import { LoadMore } from '../../../components/LoadMore';
import { useMe } from '../../../components/use-me';
import { SuspendButton, userColumns } from './user-table';

// The API pages users but cannot search them: the search runs over the pages loaded so far.
function matches(user: AdminUser, needle: string): boolean {
  return !needle || user.email.toLowerCase().includes(needle) || user.name.toLowerCase().includes(needle) || user.id === needle;
}

/** Every user of the deployment, newest first, with suspend and restore. The search is kept in the URL (?q=). */
export function UsersTab() {
  const me = useMe();
  const users = useInfiniteQuery(adminUsersQuery);
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const setSuspended = useSetSuspended();
  const loaded = users.data?.pages.flatMap((page) => page.items) ?? [];
  const needle = search.trim().toLowerCase();
  const shown = loaded.filter((user) => matches(user, needle));

  if (users.isPending) return <LoadingState label="Loading users…" />;
  if (users.isError && !users.isFetchNextPageError) return <RequestError error={users.error} onRetry={() => void users.refetch()} />;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <TextInput
          label="Search by e-mail or name"
          placeholder="someone@example.com"
          type="search"
          w={320}
          value={search}
          onChange={(event) => setParams(event.currentTarget.value ? { q: event.currentTarget.value } : {}, { replace: true })}
        />
        <Text size="sm" c="dimmed">
          {loaded.length} user{loaded.length === 1 ? '' : 's'} loaded{users.hasNextPage ? ', more available' : ''}
        </Text>
      </Group>
      {shown.length === 0 ? (
        <EmptyState title={loaded.length === 0 ? 'No users yet' : 'No matching users'}>
          {loaded.length === 0
            ? 'Users appear here after their first sign-in.'
            : users.hasNextPage
              ? 'None of the loaded users match; load more to search further.'
              : 'Change the search.'}
        </EmptyState>
      ) : (
        <DataTable
          columns={userColumns(me.id)}
          rows={shown}
          rowKey={(user) => user.id}
          rowActions={(user) => <SuspendButton user={user} mutation={setSuspended} />}
          minWidth={720}
          highlightOnHover
          spacing="sm"
        />
      )}
      <LoadMore pages={users} errorView={RequestError} />
    </Stack>
  );
}
