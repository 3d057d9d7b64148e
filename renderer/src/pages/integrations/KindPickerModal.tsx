import { Group, Modal, Paper, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { integrationKindsQuery, type IntegrationKind, type IntegrationScope } from '../../api/integrations';
import { ErrorView } from '../../components/ErrorView';
import { LoadingState } from '../../components/LoadingState';
import classes from './KindPickerModal.module.css';
import { KindIcon } from './KindIcon';

interface Props {
  scope: IntegrationScope;
  onPick: (kind: IntegrationKind) => void;
  onClose: () => void;
}

/** The first step of adding an integration: which kind, each with its icon and what it connects to. */
export function KindPickerModal({ scope, onPick, onClose }: Props) {
  const kinds = useQuery(integrationKindsQuery);
  const offered = kinds.data?.filter((kind) => kind.scopes.includes(scope.kind)) ?? [];
  return (
    <Modal opened onClose={onClose} title="Add an integration" size="xl">
      {kinds.isPending ? (
        <LoadingState label="Loading the kinds of integration…" />
      ) : kinds.isError ? (
        <ErrorView error={kinds.error} onRetry={() => void kinds.refetch()} />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" role="list" aria-label="Kinds of integration">
          {offered.map((kind, index) => (
            <div role="listitem" key={kind.kind}>
              <UnstyledButton className={classes.kind} onClick={() => onPick(kind)} data-autofocus={index === 0 || undefined} w="100%" h="100%">
                <Paper withBorder p="sm" h="100%" className={classes.card}>
                  <Group gap="sm" wrap="nowrap" align="flex-start">
                    <KindIcon kind={kind.kind} size={36} />
                    <div style={{ minWidth: 0 }}>
                      <Text fw={600}>{kind.name}</Text>
                      <Text size="sm" c="dimmed">
                        {kind.description}
                      </Text>
                    </div>
                  </Group>
                </Paper>
              </UnstyledButton>
            </div>
          ))}
        </SimpleGrid>
      )}
    </Modal>
  );
}
