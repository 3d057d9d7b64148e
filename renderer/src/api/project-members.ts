// A project's members and group members: adding, changing roles, removing; and finding users to add.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { components } from './schema';
import { api, expectOk, unwrap } from './client';
import { keys } from './queries';

export type ResolvedUser = components['schemas']['ResolvedUser'];
export type MemberRole = components['schemas']['GroupMember']['role'];
/** Who to add: an existing user by id, or an invitation by e-mail. */
export type NewMember = { user_id: string } | { email: string };

export const userSearchQuery = (q: string) =>
  queryOptions({
    queryKey: ['users', 'search', q] as const,
    queryFn: () => unwrap(api.GET('/api/v1/users/search', { params: { query: { q, limit: 10 } } })),
    enabled: q.length > 0,
    staleTime: 30_000,
  });

/** Every member change answers with the new list; the project (which embeds both lists) is read again. */
function useProjectMutation<T>(pid: string, mutationFn: (variables: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.project(pid), exact: true }) });
}

export function useAddMember(pid: string) {
  return useProjectMutation(pid, ({ member, role }: { member: NewMember; role: MemberRole }) =>
    unwrap(api.POST('/api/v1/projects/{pid}/members', { params: { path: { pid } }, body: { ...member, role } })),
  );
}

export function useAddGroupMember(pid: string) {
  return useProjectMutation(pid, ({ group, role }: { group: string; role: MemberRole }) =>
    unwrap(api.POST('/api/v1/projects/{pid}/group-members', { params: { path: { pid } }, body: { group, role } })),
  );
}

/** Who holds a role in a project: a member (a user id or an invited e-mail) or an identity-provider group. */
export type RoleHolder = 'member' | 'group';

/** Changes the role of a member or a group, named by `key` (the user id, the e-mail or the group). */
export function useChangeRole(pid: string, holder: RoleHolder) {
  return useProjectMutation(pid, ({ key, role }: { key: string; role: MemberRole }) =>
    holder === 'member'
      ? unwrap(api.PATCH('/api/v1/projects/{pid}/members/{member}', { params: { path: { pid, member: key } }, body: { role } }))
      : unwrap(api.PATCH('/api/v1/projects/{pid}/group-members/{group}', { params: { path: { pid, group: key } }, body: { role } })),
  );
}

/** Takes a member's or a group's role in the project away. */
export function useRemoveRole(pid: string, holder: RoleHolder) {
  return useProjectMutation(pid, (key: string) =>
    holder === 'member'
      ? expectOk(api.DELETE('/api/v1/projects/{pid}/members/{member}', { params: { path: { pid, member: key } } }))
      : expectOk(api.DELETE('/api/v1/projects/{pid}/group-members/{group}', { params: { path: { pid, group: key } } })),
  );
}
