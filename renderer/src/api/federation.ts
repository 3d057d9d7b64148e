// The hub's workload identity issuer (docs/federation.md): its URL, as its discovery document names it.
import { queryOptions } from '@tanstack/react-query';
import { hubPath } from '../app/base-path';
import { reach } from './client';
import { toApiError } from './errors';

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
