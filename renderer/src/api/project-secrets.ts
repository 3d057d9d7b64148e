// A project's secrets (docs/project-secrets.md): names, sources, never values.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { components, paths } from './schema';
import { api, expectOk, unwrap, unwrapTagged, type Tagged } from './client';

export type ProjectSecret = components['schemas']['ProjectSecret'];
export type SecretCheck = components['schemas']['SecretCheck'];
export type NewProjectSecret = paths['/api/v1/projects/{pid}/secrets']['post']['requestBody']['content']['application/json'];
export type SecretReplacement = paths['/api/v1/projects/{pid}/secrets/{name}']['put']['requestBody']['content']['application/json'];

const secretsKey = (pid: string) => ['projects', pid, 'secrets'] as const;
const secretKey = (pid: string, name: string) => [...secretsKey(pid), 'one', name] as const;

/** Every secret of the project, by name (a plain array: a project has few). */
export const secretsQuery = (pid: string) =>
  queryOptions({
    queryKey: [...secretsKey(pid), 'list'] as const,
    queryFn: () => unwrap(api.GET('/api/v1/projects/{pid}/secrets', { params: { path: { pid } } })),
  });

/** One secret with its ETag, which a replacement sends back as If-Match. */
export const secretQuery = (pid: string, name: string) =>
  queryOptions({
    queryKey: secretKey(pid, name),
    queryFn: (): Promise<Tagged<ProjectSecret>> => unwrapTagged(api.GET('/api/v1/projects/{pid}/secrets/{name}', { params: { path: { pid, name } } })),
  });

function useSecretsMutation<T, R>(pid: string, mutationFn: (variables: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: secretsKey(pid) }) });
}

export function useCreateSecret(pid: string) {
  return useSecretsMutation(pid, (body: NewProjectSecret) => unwrap(api.POST('/api/v1/projects/{pid}/secrets', { params: { path: { pid } }, body })));
}

/** Replaces the secret read with `etag`: a 412 PRECONDITION_FAILED when someone else changed it since. */
export function useReplaceSecret(pid: string) {
  return useSecretsMutation(pid, ({ name, etag, body }: { name: string; etag: string; body: SecretReplacement }) =>
    unwrap(api.PUT('/api/v1/projects/{pid}/secrets/{name}', { params: { path: { pid, name }, header: { 'if-match': etag } }, body })),
  );
}

export function useDeleteSecret(pid: string) {
  return useSecretsMutation(pid, (name: string) => expectOk(api.DELETE('/api/v1/projects/{pid}/secrets/{name}', { params: { path: { pid, name } } })));
}

/** Whether the hub can read the secret now (a stored value opens, a reference resolves); never the value. */
export function useTestSecret(pid: string) {
  return useMutation({
    mutationFn: (name: string) => unwrap(api.POST('/api/v1/projects/{pid}/secrets/{name}/test', { params: { path: { pid, name } } })),
  });
}
