import { Anchor, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { useCreateFromImport, type ImportedNotebook, type NotebookImport } from '../../api/imports';
import { DataTable } from '../../components/DataTable';
import { formatBytes } from '../notebook/files/bytes';

const STATE_COLORS: Record<ImportedNotebook['state'], string> = { ready: 'blue', importing: 'yellow', imported: 'green', invalid: 'red', expired: 'gray' };
const STATE_LABELS: Record<ImportedNotebook['state'], string> = {
  ready: 'Ready',
  importing: 'Being created',
  imported: 'Created',
  invalid: 'Cannot be created',
  expired: 'Expired',
};

/** The notebooks found in the folder, each with its state and a way to create it or open what was created. */
export function ImportNotebooks({ pid, data, canCreate }: { pid: string; data: NotebookImport; canCreate: boolean }) {
  const create = useCreateFromImport(pid, data.id);
  const [busy, setBusy] = useState<string[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const ready = data.notebooks.filter((notebook) => notebook.state === 'ready');

  const createOne = async (path: string) => {
    setBusy((all) => [...all, path]);
    setErrors(({ [path]: _dropped, ...rest }) => rest);
    try {
      await create.mutateAsync(path);
    } catch (error) {
      setErrors((all) => ({ ...all, [path]: error instanceof Error ? error.message : String(error) }));
    } finally {
      setBusy((all) => all.filter((item) => item !== path));
    }
  };
  // One after the other: each answer carries the import as it is after that notebook.
  const createAll = async () => {
    for (const notebook of ready) await createOne(notebook.path);
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={2} size="h3">
          {data.notebooks.length} {data.notebooks.length === 1 ? 'notebook' : 'notebooks'} found
        </Title>
        {canCreate && ready.length > 1 && (
          <Button onClick={() => void createAll()} loading={busy.length > 0}>
            Create all {ready.length} notebooks
          </Button>
        )}
      </Group>
      <DataTable
        columns={[
          {
            header: 'Notebook',
            breakAnywhere: true,
            cell: (notebook) => (
              <>
                <Text fw={500} size="sm">
                  {notebook.title}
                </Text>
                <Text size="xs" c="dimmed" ff="monospace">
                  {notebook.path}
                </Text>
              </>
            ),
          },
          {
            header: 'Files that come with it',
            cell: (notebook) => (
              <>
                <Text size="sm">
                  {notebook.file_count} {notebook.file_count === 1 ? 'file' : 'files'}, {formatBytes(notebook.bytes)}
                </Text>
                {notebook.workspace_files && notebook.workspace_files.length > 0 && (
                  <Text size="xs" c="dimmed" lineClamp={2} title={notebook.workspace_files.join('\n')}>
                    {notebook.workspace_files.join(', ')}
                  </Text>
                )}
              </>
            ),
          },
          {
            header: 'State',
            cell: (notebook) => (
              <>
                <Badge variant="dot" color={STATE_COLORS[notebook.state]}>
                  {STATE_LABELS[notebook.state]}
                </Badge>
                {notebook.message && (
                  <Text size="xs" c="dimmed" mt={4}>
                    {notebook.message}
                  </Text>
                )}
              </>
            ),
          },
          {
            header: 'Action',
            width: 200,
            cell: (notebook) => (
              <>
                <RowAction
                  pid={pid}
                  notebook={notebook}
                  canCreate={canCreate}
                  busy={busy.includes(notebook.path)}
                  onCreate={() => void createOne(notebook.path)}
                />
                {errors[notebook.path] && (
                  <Text size="xs" c="var(--mantine-color-red-light-color)" role="alert" mt={4}>
                    {errors[notebook.path]}
                  </Text>
                )}
              </>
            ),
          },
        ]}
        rows={data.notebooks}
        rowKey={(notebook) => notebook.path}
        minWidth={640}
        spacing="sm"
      />
    </Stack>
  );
}

function RowAction({
  pid,
  notebook,
  canCreate,
  busy,
  onCreate,
}: {
  pid: string;
  notebook: ImportedNotebook;
  canCreate: boolean;
  busy: boolean;
  onCreate: () => void;
}) {
  if (notebook.state === 'imported' && notebook.notebook_id)
    return (
      <Anchor component={Link} to={`/projects/${pid}/notebooks/${notebook.notebook_id}`} size="sm" fw={500}>
        Open {notebook.title}
      </Anchor>
    );
  if (notebook.state === 'ready' && canCreate)
    return (
      <Button size="xs" onClick={onCreate} loading={busy} aria-label={`Create notebook ${notebook.title}`}>
        Create notebook
      </Button>
    );
  return (
    <Text size="sm" c="dimmed">
      —
    </Text>
  );
}
