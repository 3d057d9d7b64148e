import type { Job, RunState } from '../../../api/jobs';

/** Each run state's badge: a colour and a word, so the state never rests on colour alone. */
export const RUN_STATE_LOOK: Record<RunState, { label: string; color: string }> = {
  queued: { label: 'Queued', color: 'gray' },
  running: { label: 'Running', color: 'blue' },
  succeeded: { label: 'Succeeded', color: 'green' },
  failed: { label: 'Failed', color: 'red' },
  cancelled: { label: 'Cancelled', color: 'yellow' },
  timed_out: { label: 'Timed out', color: 'orange' },
};

/** "0 7 * * * · Europe/Berlin", or "On demand only" for a job without a schedule. */
export function scheduleText(schedule: Job['schedule']): string {
  return schedule ? `${schedule.cron} · ${schedule.time_zone}` : 'On demand only';
}

/** A run's duration for people: "850 ms", "42 s", "3 min 5 s", "2 h 4 min"; "—" when it has none. */
export function formatRunDuration(ms: number | null): string {
  if (ms === null) return '—';
  if (ms < 1000) return `${ms} ms`;
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min${seconds % 60 ? ` ${seconds % 60} s` : ''}`;
  return `${Math.floor(minutes / 60)} h${minutes % 60 ? ` ${minutes % 60} min` : ''}`;
}

/**
 * The arguments typed into the parameters field: one per line, or several on a line separated by
 * spaces; a quoted part ("New York" or 'New York') stays one argument.
 */
export function parseParameters(text: string): string[] {
  const parameters: string[] = [];
  for (const match of text.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)) parameters.push(match[1] ?? match[2] ?? match[3] ?? '');
  return parameters;
}

/** An argument as it would be typed: quoted when it holds a space (or is empty). */
const quoted = (parameter: string): string => (/\s|^$/.test(parameter) ? (parameter.includes('"') ? `'${parameter}'` : `"${parameter}"`) : parameter);

/** The job's arguments written back into the field: one per line. */
export const parametersText = (parameters: readonly string[]): string => parameters.map(quoted).join('\n');

/** The job's arguments on one line, as on a command line. */
export const argumentsLine = (parameters: readonly string[]): string => parameters.map(quoted).join(' ');

/** The browser's own time zone, the natural default for a new schedule. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** Every IANA time zone this browser knows, with UTC first. */
export function timeZoneNames(): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...zones.filter((zone) => zone !== 'UTC')];
}
