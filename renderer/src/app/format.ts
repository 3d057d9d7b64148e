const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
// The same on the hub and in every browser: a prerendered page shows it until the app takes over.
const utcDateTime = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

const formatWith = (format: Intl.DateTimeFormat, value: string | null | undefined): string => {
  if (!value) return '—';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : format.format(date);
};

/** A timestamp from the API for people to read; "—" when there is none. */
export const formatDateTime = (value: string | null | undefined): string => formatWith(dateTime, value);

/** A timestamp in UTC, written the same everywhere. */
export const formatUtcDateTime = (value: string | null | undefined): string => `${formatWith(utcDateTime, value)}${value ? ' UTC' : ''}`;

/** A phrase shown as a sentence: "container started" reads "Container started". */
export const asSentence = (phrase: string): string => phrase.charAt(0).toUpperCase() + phrase.slice(1);

/**
 * A duration in milliseconds, in the largest unit that keeps it readable; the number and its unit
 * never wrap apart (a narrow "Took" column).
 */
export function formatDuration(ms: number | null): string {
  if (ms === null) return '—';
  const unit = (value: string, name: string) => `${value}\u00a0${name}`;
  // A tenth of a millisecond where the figure has one (a connection test on a nearby server).
  if (ms < 10 && !Number.isInteger(ms)) return unit(ms.toFixed(1), 'ms');
  if (ms < 1000) return unit(String(Math.round(ms)), 'ms');
  if (ms < 60_000) return unit((ms / 1000).toFixed(ms < 10_000 ? 2 : 1), 's');
  if (ms < 3_600_000) return unit((ms / 60_000).toFixed(1), 'min');
  return unit((ms / 3_600_000).toFixed(1), 'h');
}
