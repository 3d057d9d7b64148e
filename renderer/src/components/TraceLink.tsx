import { Anchor, Button } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { traceUrl, traceUrlTemplateQuery } from '../api/trace-links';
import { useMe } from './use-me';

/**
 * Where each trace is in the deployment's trace viewer, for super admins (who read the deployment
 * configuration) on a deployment that names a viewer; null for everyone else.
 */
export function useTraceUrl(): (traceId: string | null | undefined) => string | null {
  const me = useMe();
  const template = useQuery({ ...traceUrlTemplateQuery, enabled: me.is_super_admin });
  return (traceId) => traceUrl(template.data ?? null, traceId);
}

interface Props {
  traceId: string | null | undefined;
  /** What the trace is of, for the link's accessible name: "session ses-…". */
  of: string;
  /** Drawn as a subtle button, beside the buttons of a table row; a small link otherwise. */
  button?: boolean;
}

/**
 * "Trace": the item's trace in the deployment's trace viewer, in a new tab. Nothing where the
 * deployment names no viewer, the item was not traced, or the user may not read the configuration.
 */
export function TraceLink({ traceId, of, button = false }: Props) {
  const href = useTraceUrl()(traceId);
  if (!href) return null;
  const link = { href, target: '_blank', rel: 'noopener noreferrer', 'aria-label': `Trace of ${of} (opens in a new tab)` } as const;
  return button ? (
    <Button component="a" {...link} size="compact-sm" variant="subtle">
      Trace ↗
    </Button>
  ) : (
    <Anchor {...link} size="xs" style={{ whiteSpace: 'nowrap' }}>
      Trace ↗
    </Anchor>
  );
}
