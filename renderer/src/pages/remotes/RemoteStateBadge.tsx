import { Badge, Tooltip } from '@mantine/core';
import type { RemoteState } from '../../api/remotes';

const STATES: Record<RemoteState, { label: string; color: string; hint: string }> = {
  connected: { label: 'Connected', color: 'green', hint: 'Signed in: pulls and pushes go through.' },
  signing_in: { label: 'Signing in', color: 'yellow', hint: 'The sign-in in the browser is not finished.' },
  revoked: { label: 'Revoked', color: 'red', hint: 'The team hub ended the connection: sign in again. Offline work goes on meanwhile.' },
};

/** A remote's state in words (never by colour alone), what it means on hover. */
export function RemoteStateBadge({ state }: { state: RemoteState }) {
  const shown = STATES[state];
  return (
    <Tooltip label={shown.hint} multiline maw={280}>
      <Badge color={shown.color} variant="dot" style={{ flexShrink: 0 }}>
        {shown.label}
      </Badge>
    </Tooltip>
  );
}
