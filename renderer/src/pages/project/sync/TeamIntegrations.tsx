import { Badge, Box, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ProjectRemote } from '../../../api/remotes';

/** The team project's integrations: never copied here; the notebooks use them when they run on the team hub. */
export function TeamIntegrations({ link }: { link: NonNullable<ProjectRemote['link']> }) {
  if (link.integrations.length === 0) return null;
  return (
    <section aria-labelledby="team-integrations-heading">
      <Box mb="sm">
        <Title order={2} size="h4" id="team-integrations-heading">
          The team’s integrations
        </Title>
        <Text size="sm" c="dimmed">
          Not copied here: the notebooks use them when they run on the team hub. Here, add integrations of your own where a notebook needs one.
        </Text>
      </Box>
      <Paper withBorder p="sm">
        <Stack gap={6}>
          {link.integrations.map((integration) => (
            <Group key={integration.id} gap="xs" wrap="nowrap">
              <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                {integration.name}
              </Text>
              <Badge variant="outline" color="gray" size="sm" tt="none" style={{ flexShrink: 0 }}>
                {integration.kind}
              </Badge>
              <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                {integration.scope === 'organization' ? 'the team hub’s organization' : 'the team project'}
              </Text>
            </Group>
          ))}
        </Stack>
      </Paper>
    </section>
  );
}
