import { QueryClient } from '@tanstack/react-query';
import { HUB_UNREACHABLE, isApiError } from '../api/errors';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Only a hub that did not answer is worth retrying; the API's refusals are final.
      retry: (failures, error) => isApiError(error, HUB_UNREACHABLE) && failures < 1,
      staleTime: 30_000,
      refetchOnWindowFocus: false,
    },
  },
});
