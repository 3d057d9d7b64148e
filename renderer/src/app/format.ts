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
