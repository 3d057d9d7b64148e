import type { AuditFilter } from '../../../api/admin-types';

export const FILTER_FIELDS = ['event', 'actor', 'project_id', 'from', 'to'] as const satisfies readonly (keyof AuditFilter)[];

/** The audit filter the URL's search params describe (empty params are no filter). */
export function filterFromParams(params: URLSearchParams): AuditFilter {
  const filter: AuditFilter = {};
  for (const field of FILTER_FIELDS) {
    const value = params.get(field)?.trim();
    if (value) filter[field] = value;
  }
  return filter;
}

export function paramsFromFilter(filter: AuditFilter): Record<string, string> {
  const params: Record<string, string> = {};
  for (const field of FILTER_FIELDS) {
    const value = filter[field]?.trim();
    if (value) params[field] = value;
  }
  return params;
}
