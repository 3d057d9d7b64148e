// Changing and deleting a project.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { paths } from './schema';
import { api, expectOk, unwrap } from './client';
import { keys } from './queries';

export type ProjectPatch = paths['/api/v1/projects/{pid}']['patch']['requestBody']['content']['application/json'];
export type AssignableRole = NonNullable<ProjectPatch['default_role']>;

export function useUpdateProject(pid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProjectPatch) => unwrap(api.PATCH('/api/v1/projects/{pid}', { params: { path: { pid } }, body })),
    onSuccess: (project) => {
      queryClient.setQueryData(keys.project(pid), project);
      return queryClient.invalidateQueries({ queryKey: keys.projects, exact: true });
    },
  });
}

export function useDeleteProject(pid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => expectOk(api.DELETE('/api/v1/projects/{pid}', { params: { path: { pid } } })),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: keys.project(pid) });
      return queryClient.invalidateQueries({ queryKey: keys.projects, exact: true });
    },
  });
}
