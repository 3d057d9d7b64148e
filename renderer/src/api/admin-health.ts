// The health routes answer without the API's envelope, so they are read here rather than through unwrap().
import { queryOptions } from '@tanstack/react-query';
import { hubPath } from '../app/base-path';
import { api, reach } from './client';
import type { DeepHealth, MaintenanceHealth } from './admin-types';
import { toApiError } from './errors';

export const healthKeys = {
  maintenance: ['admin', 'health', 'maintenance'] as const,
  deep: ['admin', 'health', 'deep'] as const,
};

/** The maintenance loops of the process that answered; a stall answers 503 with the same body. */
export const maintenanceHealthQuery = queryOptions({
  queryKey: healthKeys.maintenance,
  queryFn: async (): Promise<MaintenanceHealth> => {
    const response = await reach(fetch(hubPath('/api/health/maintenance'), { credentials: 'same-origin', headers: { accept: 'application/json' } }));
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
    const result = await reach(api.GET('/api/health', { params: { query: { deep: true } } }));
    if (result.data) return result.data;
    const body: unknown = result.error;
    if (result.response.status === 503 && typeof body === 'object' && body !== null && 'checks' in body) return body as DeepHealth;
    throw toApiError(body, result.response);
  },
});
