import { Paper, Stack, Title } from '@mantine/core';
import { personIn } from '../../app/people';
import { ChangeRequestsCard } from './git/ChangeRequestsCard';
import { NotebookIntegrationsCard } from './integrations/NotebookIntegrationsCard';
import { PreviewsCard } from './git/PreviewsCard';
import { SourceCard } from './git/SourceCard';
import { canEdit, useNotebookContext } from './notebook-context';
import { NotebookMetadata } from './NotebookMetadata';
import { Readme } from './Readme';

/**
 * The notebook's metadata, what its sandboxes receive, where a Git notebook reads from, its
 * previews and what it proposed back, and its README.
 */
export function OverviewTab() {
  const { notebook, project } = useNotebookContext();
  const { source } = notebook;
  return (
    <Stack gap="md">
      <Paper withBorder p="md">
        <NotebookMetadata meta={notebook.meta} source={notebook.source} author={personIn(project, notebook.meta.author)} />
      </Paper>
      {source.type === 'git' && <SourceCard pid={notebook.meta.project_id} nid={notebook.meta.id} source={source} editable={canEdit(project)} />}
      {source.type === 'git' && <PreviewsCard pid={notebook.meta.project_id} nid={notebook.meta.id} source={source} editable={canEdit(project)} />}
      {source.type === 'git' && (
        <ChangeRequestsCard pid={notebook.meta.project_id} nid={notebook.meta.id} source={source} project={project} editable={canEdit(project)} />
      )}
      {project && (
        <NotebookIntegrationsCard
          // A saved change comes back as the notebook's new metadata: the form starts over from it.
          key={JSON.stringify(notebook.meta.integrations)}
          meta={notebook.meta}
          project={project}
        />
      )}
      <section>
        <Title order={2} size="h3" mb="sm">
          README
        </Title>
        <Readme text={notebook.readme} />
      </section>
    </Stack>
  );
}
