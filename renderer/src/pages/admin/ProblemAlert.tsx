import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';

interface Props {
  title?: string;
  tone?: 'error' | 'warning';
  /** role="alert" for a problem that just happened; none for standing advice. */
  announce?: boolean;
  children: ReactNode;
}

/**
 * A problem to read: neutral background and the page's text colour (tinted alerts in red or orange
 * fall short of 4.5:1 in the light theme), marked by a coloured border.
 */
export function ProblemAlert({ title, tone = 'error', announce = true, children }: Props) {
  return (
    <Alert
      variant="default"
      title={title}
      role={announce ? 'alert' : undefined}
      style={{ borderColor: `var(--mantine-color-${tone === 'error' ? 'red' : 'orange'}-filled)`, borderLeftWidth: 4 }}
    >
      {children}
    </Alert>
  );
}
