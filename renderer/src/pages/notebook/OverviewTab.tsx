import { Paper, Stack, Title } from '@mantine/core';
import { personIn } from '../../app/people';
import { useNotebookContext } from './notebook-context';
import { NotebookMetadata } from './NotebookMetadata';
import { Readme } from './Readme';

/** The notebook's metadata and its README. */
export function OverviewTab() {
  const { notebook, project } = useNotebookContext();
  return (
    <Stack gap="md">
      <Paper withBorder p="md">
        <NotebookMetadata meta={notebook.meta} source={notebook.source} author={personIn(project, notebook.meta.author)} />
      </Paper>
      <section>
        <Title order={2} size="h3" mb="sm">
          README
        </Title>
        <Readme text={notebook.readme} />
      </section>
    </Stack>
  );
}
