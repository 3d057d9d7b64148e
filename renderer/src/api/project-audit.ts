// A project's audit log, read one UTC day per request (the API's unit), newest day first.
import { infiniteQueryOptions } from '@tanstack/react-query';
import type { components } from './schema';
import { api, unwrap } from './client';

export type AuditLogEntry = components['schemas']['AuditLogEntry'];

/** Today's date in UTC, YYYY-MM-DD: the API's days are UTC days. */
export function utcToday(): string {
  return new Date().toISOString().slice(0, 10);
}

export function previousDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

/** Pages are days: the first is `from`, each further page the day before. */
export const projectEventsQuery = (pid: string, from: string) =>
  infiniteQueryOptions({
    queryKey: ['projects', pid, 'events', from] as const,
    queryFn: async ({ pageParam }) => ({
      day: pageParam,
      events: await unwrap(api.GET('/api/v1/projects/{pid}/events', { params: { path: { pid }, query: { date: pageParam } } })),
    }),
    initialPageParam: from,
    getNextPageParam: (page) => previousDay(page.day),
  });
