// The hub's workload identity issuer (docs/federation.md): its URL, as its discovery document names
// it, and a project's example trust policies, as the hub builds them for its saved target.
import { queryOptions } from '@tanstack/react-query';
import { hubPath } from '../app/base-path';
import { api, reach, unwrap } from './client';
import { toApiError } from './errors';
import type { components } from './schema';

export type TrustPolicies = components['schemas']['TrustPolicies'];

/** Where the issuer's documents are served: `<hub origin><base path>/federation`, outside the API. */
export const ISSUER_PATH = '/federation';

/**
 * The issuer URL tokens name (`iss`), read from the issuer's own discovery document: it is the
 * hub's public address when one is set, which need not be the address this browser uses. Served
 * without authentication; 404 when workload identity is off, 503 (saying why) without a usable URL.
 */
export const issuerQuery = queryOptions({
  queryKey: ['federation', 'issuer'] as const,
  queryFn: async (): Promise<string> => {
    const response = await reach(fetch(hubPath(`${ISSUER_PATH}/.well-known/openid-configuration`), { credentials: 'omit' }));
    const body: unknown = await response.json().catch(() => null);
    if (response.ok && typeof body === 'object' && body !== null && typeof (body as { issuer?: unknown }).issuer === 'string')
      return (body as { issuer: string }).issuer;
    throw toApiError(body, response);
  },
  staleTime: 5 * 60_000,
  retry: false,
});

/** The issuer URL this browser would compute, for when the document cannot be read. */
export const issuerFromHere = (): string => `${window.location.origin}${hubPath(ISSUER_PATH)}`;

/**
 * The project's example trust policies for its saved `target` (keyed by it, so a saved change reads
 * them again). Refused with CONFLICT while it has no target, NOT_FOUND where workload identity is
 * off, SERVICE_UNAVAILABLE without a usable issuer URL.
 */
export const trustPoliciesQuery = (pid: string, target: string | undefined) =>
  queryOptions({
    queryKey: ['projects', pid, 'federation', 'trust-policies', target ?? null] as const,
    queryFn: () => unwrap(api.GET('/api/v1/projects/{pid}/federation/trust-policies', { params: { path: { pid } } })),
    enabled: target !== undefined,
    retry: false,
  });
