import { Badge, Code, Group, Paper, Table, Text, Title } from '@mantine/core';
import type { AuditLogEntry } from '../../api/project-audit';
import type { Project } from '../../api/types';
import { personIn } from '../../app/people';
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
      {events.length > 0 && (
        <Paper withBorder>
          <Table.ScrollContainer minWidth={720} type="native">
            <Table verticalSpacing="xs" aria-labelledby={headingId}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={110}>Time (UTC)</Table.Th>
                  <Table.Th w="22%">Who</Table.Th>
                  <Table.Th w="24%">What</Table.Th>
                  <Table.Th w="20%">Target</Table.Th>
                  <Table.Th>Details</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {events.map((entry) => {
                  const { target, field } = targetOf(entry);
                  const details = detailsOf(entry, field);
                  return (
                    <Table.Tr key={entry.id}>
                      <Table.Td>
                        <Text size="sm" ff="monospace" component="time" dateTime={entry.ts}>
                          {timeFormat.format(new Date(entry.ts))}
                        </Text>
                      </Table.Td>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>
                        <Text size="sm">{actorName(project, meId, entry.actor)}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{actionText(entry.event)}</Text>
                        <Code fz="xs">{entry.event}</Code>
                      </Table.Td>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>
                        <Text size="sm">{target ? (field === 'user_id' ? personIn(project, target) : target) : '—'}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Group gap={4}>
                          {details.length === 0
                            ? '—'
                            : details.map(([key, value]) => (
                                <Badge key={key} variant="default" size="sm" tt="none" fw={400} maw="100%">
                                  {key}: {value}
                                </Badge>
                              ))}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
    </section>
  );
}
