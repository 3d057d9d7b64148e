import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { useDeleteProject } from '../../api/project-settings';
import type { Project } from '../../api/types';
import { ConfirmButton } from '../../components/ConfirmButton';

/** Deleting the project (admins only); the API has no restore, so the dialog asks for the name. */
export function DangerZone({ project }: { project: Project }) {
  const remove = useDeleteProject(project.id);
  const navigate = useNavigate();
  const onDeleted = () => {
    notifications.show({ color: 'green', message: `Project “${project.name}” deleted.` });
    void navigate('/', { replace: true });
  };
  return (
    <Paper withBorder p="md" style={{ borderColor: 'var(--mantine-color-red-outline)' }}>
      <Title order={2} size="h4" mb="xs">
        Danger zone
      </Title>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2}>
          <Text fw={500}>Delete this project</Text>
          <Text size="sm" c="dimmed">
            The project, its notebooks and its members disappear from every list for everyone. This cannot be undone here.
          </Text>
        </Stack>
        <ConfirmButton
          mutation={remove}
          variables={undefined}
          label="Delete project"
          button={{ color: 'red.9', style: { flexShrink: 0 } }}
          title="Delete project"
          typeToConfirm={project.name}
          onSuccess={onDeleted}
        >
          This deletes “{project.name}” for everyone: its notebooks, sessions and alert destinations stop working.
        </ConfirmButton>
      </Group>
    </Paper>
  );
}
