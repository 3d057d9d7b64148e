const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/** Unix milliseconds (as the health routes report them) for people to read. */
export function formatMillisAt(value: number | null): string {
  return value === null ? '—' : dateTime.format(new Date(value));
}
