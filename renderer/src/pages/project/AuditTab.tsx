import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { projectEventsQuery, utcToday } from '../../api/project-audit';
import { EmptyState } from '../../components/EmptyState';
import { ErrorView } from '../../components/ErrorView';
import { LoadingState } from '../../components/LoadingState';
import { useMe } from '../../components/use-me';
import { AuditDay } from './AuditDay';
import { actionText } from './audit-describe';
import { useProjectContext } from './project-context';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The project's audit log, newest day first. The API answers one UTC day per request, so the log
 * starts at ?date= (default today) and "Load the day before" reads one more day; ?event= narrows
 * the loaded days to one kind of event.
 */
export function AuditTab() {
  const project = useProjectContext();
  const me = useMe();
  const [params, setParams] = useSearchParams();
  const raw = params.get('date');
  const from = raw && DAY.test(raw) ? raw : utcToday();
  const eventFilter = params.get('event');
  const log = useInfiniteQuery(projectEventsQuery(project.id, from));

  const setParam = (name: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  };

  const days = log.data?.pages ?? [];
  const eventNames = [...new Set(days.flatMap((page) => page.events.map((entry) => entry.event)))].sort();
  const shown = days.map((page) => ({ ...page, events: eventFilter ? page.events.filter((entry) => entry.event === eventFilter) : page.events }));
  const total = shown.reduce((sum, page) => sum + page.events.length, 0);

  let body;
  if (log.isPending) body = <LoadingState label="Loading the audit log…" />;
  else if (log.isError && !log.isFetchNextPageError) body = <ErrorView error={log.error} onRetry={() => void log.refetch()} />;
  else
    body = (
      <Stack gap="lg">
        {total === 0 && (
          <EmptyState title={eventFilter ? 'No matching events' : 'No events'}>
            {eventFilter
              ? `No “${actionText(eventFilter)}” events in the days loaded. Load earlier days or clear the filter.`
              : 'Nothing happened in this project on the days loaded. Load earlier days or pick another day.'}
          </EmptyState>
        )}
        {total > 0 && shown.map((page) => <AuditDay key={page.day} day={page.day} events={page.events} project={project} meId={me.id} />)}
        <Group justify="center" gap="sm">
          <Button variant="default" onClick={() => void log.fetchNextPage()} loading={log.isFetchingNextPage}>
            Load the day before
          </Button>
        </Group>
        {log.isFetchNextPageError && <ErrorView error={log.error} />}
      </Stack>
    );

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="md">
        <TextInput
          type="date"
          label="Starting from (UTC day)"
          value={from}
          max={utcToday()}
          onChange={(event) =>
            setParam('date', DAY.test(event.currentTarget.value) && event.currentTarget.value !== utcToday() ? event.currentTarget.value : null)
          }
          w={220}
        />
        <Select
          label="Event"
          placeholder="All events"
          data={[...new Set([...eventNames, ...(eventFilter ? [eventFilter] : [])])].map((name) => ({ value: name, label: actionText(name) }))}
          value={eventFilter}
          onChange={(value) => setParam('event', value)}
          clearable
          w={280}
        />
        <Text size="sm" c="dimmed" pb={6}>
          {days.length === 1 ? 'One day loaded' : `${days.length} days loaded`}
        </Text>
      </Group>
      {body}
    </Stack>
  );
}
