import type { Principal } from '../identity/authenticator.js';

/** Who a change is recorded as (audit entries, `created_by`): the signed-in user. */
export function actorOf(principal: Principal): { id: string; email: string } {
  return { id: principal.user.id, email: principal.user.email };
}

/** The page sizes of the deployment (SERVICE_DEFAULT_PAGE_SIZE, SERVICE_MAX_PAGE_SIZE). */
export interface PageLimits {
  defaultPageSize: number;
  maxPageSize: number;
}

/** Which page of a listing: the cursor of the previous page, and a page size (capped at the maximum). */
export interface PageInput {
  cursor?: string | null | undefined;
  limit?: number | undefined;
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** The page size a listing uses: the requested one capped at the maximum, else the default. */
export function pageSize(requested: number | undefined, limits: PageLimits): number {
  return Math.min(requested ?? limits.defaultPageSize, limits.maxPageSize);
}
