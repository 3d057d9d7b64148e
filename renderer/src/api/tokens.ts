// The signed-in user's personal access tokens (these routes take a browser session only).
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { components, paths } from './schema';
import { api, expectOk, unwrap } from './client';

export type TokenInfo = components['schemas']['TokenInfo'];
export type CreatedToken = components['schemas']['CreatedToken'];
export type TokenScope = components['schemas']['TokenScope'];
export type TokenAction = Exclude<TokenScope['actions'], '*'>[number];
export type NewToken = paths['/api/v1/me/tokens']['post']['requestBody']['content']['application/json'];

const tokensKey = ['me', 'tokens'] as const;

export const tokensQuery = queryOptions({
  queryKey: tokensKey,
  queryFn: () => unwrap(api.GET('/api/v1/me/tokens')),
});

export function useCreateToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewToken) => unwrap(api.POST('/api/v1/me/tokens', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokensKey }),
  });
}

export function useRevokeToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => expectOk(api.DELETE('/api/v1/me/tokens/{token_id}', { params: { path: { token_id: id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokensKey }),
  });
}
