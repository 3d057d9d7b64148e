// Links from what the admin pages list (sessions, job runs, start-up diagnostics) to its trace in
// the deployment's trace viewer (docs/telemetry.md, "Links to a trace").
import { queryOptions } from '@tanstack/react-query';
import { adminConfigQuery } from './admin';
import type { DeploymentConfig } from './admin-types';

/** The setting that names the trace viewer; the deployment configuration reports its value to super admins. */
export const TRACE_URL_TEMPLATE_SETTING = 'SERVICE_TRACE_URL_TEMPLATE';
const PLACEHOLDER = '{trace_id}';
const TRACE_ID = /^[0-9a-f]{32}$/;

/** The trace viewer URL template the hub was started with; null when there is none. */
export function traceUrlTemplateOf(config: DeploymentConfig): string | null {
  for (const group of config.groups) {
    const value = group.settings.find((setting) => setting.key === TRACE_URL_TEMPLATE_SETTING)?.value?.trim();
    if (value) return value.includes(PLACEHOLDER) ? value : null;
  }
  return null;
}

/** The address of one trace in the viewer; null without a template, or without a (well-formed) trace id. */
export function traceUrl(template: string | null, traceId: string | null | undefined): string | null {
  if (!template || !traceId || !TRACE_ID.test(traceId)) return null;
  const url = template.replaceAll(PLACEHOLDER, traceId);
  // The hub refuses any other template at start-up; a page only ever links out over http(s).
  return /^https?:\/\//i.test(url) ? url : null;
}

/**
 * The trace viewer URL template, from the deployment configuration (super admins only). Read once
 * in a while: it changes only with a restart.
 */
export const traceUrlTemplateQuery = queryOptions({ ...adminConfigQuery, select: traceUrlTemplateOf, staleTime: 5 * 60_000 });
