// The notebook runtime's set-up (docs/runtime.md): where it stands, and a repair for super admins.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from './client';
import type { components } from './schema';

export type RuntimeSetupStatus = components['schemas']['RuntimeSetupStatus'];
export type RuntimeSetupState = RuntimeSetupStatus['state'];

const runtimeSetupKey = ['runtime-setup'] as const;

/** A build moves every second or so: that is how often its progress is read while it runs. */
export const RUNTIME_BUILD_POLL_MS = 1_000;

export const runtimeSetupQuery = queryOptions({
  queryKey: runtimeSetupKey,
  queryFn: () => unwrap(api.GET('/api/v1/runtime-setup')),
});

/** Builds the runtime again (POST with rebuild); the answer, already `preparing`, replaces the status shown. */
export function useRepairRuntime() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.POST('/api/v1/runtime-setup', { body: { rebuild: true } })),
    onSuccess: (status) => queryClient.setQueryData(runtimeSetupKey, status),
  });
}
