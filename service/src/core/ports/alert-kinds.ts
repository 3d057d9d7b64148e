/** The events an alert destination can subscribe to (docs/alerts.md). */
export const ALERT_KINDS = [
  'member.invited',
  'member.added',
  'member.role_changed',
  'member.removed',
  'session.takeover',
  'notebook.deleted',
  'project.deleted',
  'app.start_failed',
  'app.unavailable',
  'sync.failed',
  'job.run.failed',
  'job.run.succeeded',
] as const;

export type AlertKind = (typeof ALERT_KINDS)[number];

/** Kinds may grow: an unrecognized value normalizes to `unknown` (docs/alerts.md). */
export function normalizeAlertKind(value: string): AlertKind | 'unknown' {
  return (ALERT_KINDS as readonly string[]).includes(value) ? (value as AlertKind) : 'unknown';
}

/**
 * How stored subscriptions are shown: each kind this build does not know reads as `unknown` (once),
 * while the stored value is kept, so a kind added by a newer hub survives a rollback.
 */
export function presentAlertKinds(stored: readonly string[]): (AlertKind | 'unknown')[] {
  return [...new Set(stored.map(normalizeAlertKind))];
}
