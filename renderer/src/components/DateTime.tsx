import { formatDateTime, formatUtcDateTime } from '../app/format';
import { useHydrated } from './use-hydrated';

/** A timestamp in the reader's time zone; in UTC on a page the hub prerendered, until the app takes it over. */
export function DateTime({ value }: { value: string | null | undefined }) {
  const hydrated = useHydrated();
  return <time dateTime={value ?? undefined}>{hydrated ? formatDateTime(value) : formatUtcDateTime(value)}</time>;
}
