import type { LimitSettings } from '../config/settings.js';

/** The page size a list route uses: the requested limit capped at max_page_size, else the default. */
export function pageLimit(requested: number | undefined, limits: LimitSettings): number {
  return Math.min(requested ?? limits.defaultPageSize, limits.maxPageSize);
}
