// The health routes answer without the API's envelope, so they are read here rather than through unwrap().
import { queryOptions } from '@tanstack/react-query';
import { api } from './client';
import type { DeepHealth, MaintenanceHealth } from './admin-types';
import { toApiError, unreachable } from './errors';

export const healthKeys = {
  maintenance: ['admin', 'health', 'maintenance'] as const,
  deep: ['admin', 'health', 'deep'] as const,
};

async function fetchOrThrow(input: string): Promise<Response> {
  try {
    return await fetch(input, { credentials: 'same-origin', headers: { accept: 'application/json' } });
  } catch (cause) {
    throw unreachable(cause);
  }
}

/** The maintenance loops of the process that answered; a stall answers 503 with the same body. */
export const maintenanceHealthQuery = queryOptions({
  queryKey: healthKeys.maintenance,
  queryFn: async (): Promise<MaintenanceHealth> => {
    const response = await fetchOrThrow('/api/health/maintenance');
    const body: unknown = await response.json().catch(() => undefined);
    if ((response.ok || response.status === 503) && typeof body === 'object' && body !== null && 'loops' in body) return body as MaintenanceHealth;
    throw toApiError(body, response);
  },
  refetchInterval: 15_000,
});

/** The preflight checks (storage, identity provider, compute); a failing check answers 503 with the checks. */
export const deepHealthQuery = queryOptions({
  queryKey: healthKeys.deep,
  queryFn: async (): Promise<DeepHealth> => {
    let result;
    try {
      result = await api.GET('/api/health', { params: { query: { deep: true } } });
    } catch (cause) {
      throw unreachable(cause);
    }
    if (result.data) return result.data;
    const body: unknown = result.error;
    if (result.response.status === 503 && typeof body === 'object' && body !== null && 'checks' in body) return body as DeepHealth;
    throw toApiError(body, result.response);
  },
});
