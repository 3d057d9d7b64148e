import type { AuditLogEntry } from '../../api/project-audit';

/** Plain words for the events a project's log holds; others show their event name. */
const ACTIONS: Record<string, string> = {
  'project.create': 'Created the project',
  'project.update': 'Changed settings',
  'project.delete': 'Deleted the project',
  'project.member.add': 'Added a member',
  'project.member.update': "Changed a member's role",
  'project.member.remove': 'Removed a member',
  'project.group_member.add': 'Added a group',
  'project.group_member.update': "Changed a group's role",
  'project.group_member.remove': 'Removed a group',
  'alert.create': 'Added an alert destination',
  'alert.update': 'Changed an alert destination',
  'alert.delete': 'Deleted an alert destination',
  'alert.verify': 'Verified an alert destination',
  'notebook.create': 'Created a notebook',
  'notebook.update': 'Changed a notebook',
  'notebook.delete': 'Deleted a notebook',
  'notebook.snapshot': 'Saved a notebook snapshot',
  'session.stop': 'Stopped a session',
  'session.lost': 'Lost a session',
  'session.reclaim': 'Reclaimed a session',
};

export function actionText(event: string): string {
  return ACTIONS[event] ?? event;
}

/** Metadata fields that name what an event acted on, in the order they are preferred. */
const TARGET_FIELDS = ['email', 'group', 'title', 'name', 'user_id', 'notebook_id', 'destination_id', 'session_id', 'version_id'];

export function targetOf(entry: AuditLogEntry): { target: string | undefined; field: string | undefined } {
  for (const field of TARGET_FIELDS) {
    const value = entry.metadata[field];
    if (typeof value === 'string' && value) return { target: value, field };
  }
  return { target: undefined, field: undefined };
}

/** The metadata not already shown as the target, as readable pairs. */
export function detailsOf(entry: AuditLogEntry, targetField: string | undefined): [string, string][] {
  return Object.entries(entry.metadata)
    .filter(([key, value]) => key !== targetField && value !== undefined && value !== null && value !== '')
    .map(([key, value]) => [key.replaceAll('_', ' '), readable(value)]);
}

function readable(value: unknown): string {
  if (Array.isArray(value)) return value.map(readable).join(', ') || '—';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value as string | number);
}
