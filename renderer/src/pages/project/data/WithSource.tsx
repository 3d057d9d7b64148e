import { Alert, Anchor, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import type { DataSource } from '../../../api/data-browser';
import { notebookQuery } from '../../../api/queries';
import { ErrorView } from '../../../components/ErrorView';
import { describeSource, useDataContext } from './data-context';
import { dataLinks } from './data-links';
import { Skeletons } from './Skeletons';

/** A source as a workspace: a notebook's files, named by its title. */
function workspaceSource(nid: string, title: string): DataSource {
  return {
    id: nid,
    type: 'objects',
    kind: 'workspace',
    name: title,
    integration_id: null,
    notebook_id: nid,
    usable: true,
    reason: null,
    bucket: null,
    database: null,
  };
}

/**
 * The source a nested page is about: an integration of the list, or else a notebook (its workspace).
 * Renders the page with it once known, or why it cannot be browsed.
 */
export function WithSource({ children }: { children: (source: DataSource) => ReactNode }) {
  const { project, sources } = useDataContext();
  const { sourceId = '' } = useParams();
  const integration = sources?.find((source) => source.id === sourceId);
  // Anything that is not one of the project's data integrations is read as a notebook's id.
  const notebook = useQuery({ ...notebookQuery(project.id, sourceId), enabled: sources !== undefined && !integration });

  if (!sources) return <Skeletons label="Loading the source…" rows={5} />;
  if (integration) {
    if (!integration.usable)
      return (
        <Alert color="gray" title={`You cannot browse ${integration.name}`}>
          <Text size="sm">{integration.reason ?? 'Your role in this project does not let you use this integration.'}</Text>
          <Text size="sm" mt="xs">
            {describeSource(integration)} ·{' '}
            <Anchor component={Link} to={`${dataLinks.integrations(project.id)}/${encodeURIComponent(integration.id)}`} size="sm" underline="always">
              its integration page
            </Anchor>
          </Text>
        </Alert>
      );
    return <>{children(integration)}</>;
  }
  if (notebook.isPending) return <Skeletons label="Loading the workspace…" rows={5} />;
  if (notebook.isError) return <ErrorView error={notebook.error} onRetry={() => void notebook.refetch()} />;
  return <>{children(workspaceSource(sourceId, notebook.data.meta.title))}</>;
}
