import { Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useRecentNotebooks, type RecentNotebook } from '../../app/recent-notebooks';
import { formatDateTime } from '../../app/format';
import { EmptyState } from '../../components/EmptyState';
import { useMe } from '../../components/use-me';

const OPENED_AS: Record<RecentNotebook['openedAs'], string> = { page: 'Viewed', edit: 'Edited', app: 'Opened as app' };

/** The notebooks this user opened lately in this browser, most recent first. */
export function RecentNotebooks() {
  const me = useMe();
  const recent = useRecentNotebooks(me.id);
  if (recent.length === 0)
    return <EmptyState title="No notebooks opened yet">Notebooks you open in this browser are listed here, so you can go back to them.</EmptyState>;
  return (
    <Paper withBorder radius="md">
      <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {recent.map((entry, index) => {
          const base = `/projects/${entry.projectId}/notebooks/${entry.notebookId}`;
          return (
            <Group
              key={`${entry.projectId}/${entry.notebookId}`}
              component="li"
              justify="space-between"
              wrap="nowrap"
              gap="sm"
              px="md"
              py="xs"
              style={index < recent.length - 1 ? { borderBottom: '1px solid var(--mantine-color-default-border)' } : undefined}
            >
              <div style={{ minWidth: 0 }}>
                <Anchor component={Link} to={base} fw={500} truncate="end" display="block" title={entry.title}>
                  {entry.title}
                </Anchor>
                <Text size="xs" c="dimmed" truncate="end">
                  {entry.projectName ? `${entry.projectName} · ` : ''}
                  {OPENED_AS[entry.openedAs]} {formatDateTime(entry.openedAt)}
                </Text>
              </div>
              {entry.openedAs !== 'page' && (
                <Button
                  size="xs"
                  variant="light"
                  component={Link}
                  to={`${base}/${entry.openedAs}`}
                  aria-label={`${entry.openedAs === 'edit' ? 'Edit' : 'Open app'} ${entry.title}`}
                  style={{ flex: 'none' }}
                >
                  {entry.openedAs === 'edit' ? 'Edit' : 'Open app'}
                </Button>
              )}
            </Group>
          );
        })}
      </Stack>
    </Paper>
  );
}
