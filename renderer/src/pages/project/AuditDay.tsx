import { Badge, Code, Group, Text, Title } from '@mantine/core';
import type { AuditLogEntry } from '../../api/project-audit';
import type { Project } from '../../api/types';
import { personIn } from '../../app/people';
import { DataTable, type Column } from '../../components/DataTable';
import { actionText, detailsOf, targetOf } from './audit-describe';

const dayFormat = new Intl.DateTimeFormat(undefined, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const timeFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23', timeZone: 'UTC' });

interface Props {
  day: string;
  events: AuditLogEntry[];
  project: Project;
  meId: string;
}

function actorName(project: Project, meId: string, actor: string): string {
  if (actor === 'system') return 'The hub';
  const name = personIn(project, actor);
  return actor === meId ? `You (${name})` : name;
}

/** One UTC day of the log: who did what to what, with the event's other details. */
export function AuditDay({ day, events, project, meId }: Props) {
  const headingId = `audit-day-${day}`;
  const columns: Column<AuditLogEntry>[] = [
    {
      header: 'Time (UTC)',
      width: 110,
      cell: (entry) => (
        <Text size="sm" ff="monospace" component="time" dateTime={entry.ts}>
          {timeFormat.format(new Date(entry.ts))}
        </Text>
      ),
    },
    { header: 'Who', width: '22%', breakAnywhere: true, cell: (entry) => <Text size="sm">{actorName(project, meId, entry.actor)}</Text> },
    {
      header: 'What',
      width: '24%',
      cell: (entry) => (
        <>
          <Text size="sm">{actionText(entry.event)}</Text>
          <Code fz="xs">{entry.event}</Code>
        </>
      ),
    },
    {
      header: 'Target',
      width: '20%',
      breakAnywhere: true,
      cell: (entry) => {
        const { target, field } = targetOf(entry);
        return <Text size="sm">{target ? (field === 'user_id' ? personIn(project, target) : target) : '—'}</Text>;
      },
    },
    {
      header: 'Details',
      cell: (entry) => {
        const details = detailsOf(entry, targetOf(entry).field);
        return (
          <Group gap={4}>
            {details.length === 0
              ? '—'
              : details.map(([key, value]) => (
                  <Badge key={key} variant="default" size="sm" tt="none" fw={400} maw="100%">
                    {key}: {value}
                  </Badge>
                ))}
          </Group>
        );
      },
    },
  ];
  return (
    <section aria-labelledby={headingId}>
      <Group gap="sm" mb="xs">
        <Title order={2} size="h5" id={headingId}>
          {dayFormat.format(new Date(`${day}T00:00:00Z`))} (UTC)
        </Title>
        <Text size="sm" c="dimmed">
          {events.length === 0 ? 'no events' : events.length === 1 ? '1 event' : `${events.length} events`}
        </Text>
      </Group>
      <DataTable labelledBy={headingId} columns={columns} rows={events} rowKey={(entry) => entry.id} minWidth={720} nativeScroll framed spacing="xs" />
    </section>
  );
}
