import { Anchor, Button, Code, Group, Modal, Radio, ScrollArea, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { cellPreviewQuery, useAddCell, type AddedCell, type CellData, type CellTarget, type DataSource } from '../../../../api/data-browser';
import { notebooksQuery } from '../../../../api/queries';
import { isLive, projectSessionsQuery } from '../../../../api/sessions';
import { hubPath } from '../../../../app/base-path';
import { formatDateTime } from '../../../../app/format';
import { fieldError, FormError } from '../../../../components/FormError';
import { useMe } from '../../../../components/use-me';
import { useDataContext } from '../data-context';
import { dataLinks } from '../data-links';

interface Props {
  source: DataSource;
  /** What the cell loads: the object, the table or the query. */
  data: CellData;
  /** What it is, for the dialog's title ("sales.csv", "public.orders", "this query"). */
  what: string;
}

/** "Open in notebook": cells that load exactly this data, added where the user chooses. */
export function OpenInNotebookButton({ source, data, what }: Props) {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button variant="default" onClick={open}>
        Open in notebook
      </Button>
      {opened && <OpenInNotebookModal source={source} data={data} what={what} onClose={close} />}
    </>
  );
}

type Choice = 'session' | 'notebook' | 'new';

/** What the cells will do, in words (their code follows, as the hub would write it for the chosen target). */
function describeCells(source: DataSource, data: CellData): string {
  const what =
    'object' in data ? `read ${data.object.key}` : 'table' in data ? `query the first rows of ${data.table.schema}.${data.table.name}` : 'run this query';
  const how = source.kind === 'workspace' ? 'from the notebook’s workspace' : 'through the integration’s environment variables, never a secret';
  return `The hub writes cells that ${what} into a data frame, ${how}.`;
}

function OpenInNotebookModal({ source, data, what, onClose }: Props & { onClose: () => void }) {
  const { project } = useDataContext();
  const me = useMe();
  const navigate = useNavigate();
  const sessions = useQuery(projectSessionsQuery(project.id));
  const notebooks = useInfiniteQuery(notebooksQuery(project.id));
  const add = useAddCell(project.id);

  const notebookItems =
    notebooks.data?.pages.flatMap((page) => page.items).filter((notebook) => notebook.status !== 'deleted' && notebook.status !== 'archived') ?? [];
  const titleOf = (nid: string) => notebookItems.find((notebook) => notebook.id === nid)?.title ?? 'the notebook';
  const mySessions = (sessions.data?.items ?? []).filter((session) => session.user_id === me.id && session.mode === 'edit' && isLive(session));

  const [choice, setChoice] = useState<Choice | null>(null);
  const chosen: Choice = choice ?? (mySessions.length > 0 ? 'session' : notebookItems.length > 0 ? 'notebook' : 'new');
  const [sessionId, setSessionId] = useState<string | null>(null);
  const [notebookId, setNotebookId] = useState<string | null>(null);
  const [title, setTitle] = useState('');
  const [missing, setMissing] = useState<string | null>(null);
  const [added, setAdded] = useState<{ cell: AddedCell; title: string } | null>(null);

  const target = (): CellTarget | null => {
    if (chosen === 'session') {
      const id = sessionId ?? mySessions[0]?.id;
      return id ? { session_id: id } : null;
    }
    if (chosen === 'notebook') return notebookId ? { notebook_id: notebookId } : null;
    return title.trim() ? { new_notebook: { title: title.trim() } } : null;
  };

  // The new notebook's title is not in its cells: the preview does not wait for it.
  const previewTarget: CellTarget | null = chosen === 'new' ? { new_notebook: { title: 'Preview' } } : target();
  const preview = useQuery({
    ...cellPreviewQuery(project.id, { source_id: source.id, ...data, target: previewTarget ?? { new_notebook: { title: 'Preview' } } }),
    // The default target follows the sessions and notebooks: previewing before they load would preview the wrong one.
    enabled: previewTarget !== null && !sessions.isPending && !notebooks.isPending,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const chosenTarget = target();
    if (!chosenTarget) {
      setMissing(chosen === 'session' ? 'Choose a session.' : chosen === 'notebook' ? 'Choose a notebook.' : 'Give the new notebook a title.');
      return;
    }
    setMissing(null);
    add.mutate(
      { source_id: source.id, ...data, target: chosenTarget },
      {
        onSuccess: (cell) => {
          setAdded({ cell, title: chosen === 'new' ? title.trim() : titleOf(cell.notebook_id) });
        },
      },
    );
  };

  const pathTo = (cell: AddedCell) => (cell.session_id ? dataLinks.editor(project.id, cell.notebook_id) : dataLinks.notebook(project.id, cell.notebook_id));
  const announce = (cell: AddedCell, shownTitle: string) => {
    const path = pathTo(cell);
    const id = `cell-${cell.notebook_id}-${Date.now()}`;
    notifications.show({
      id,
      color: 'green',
      title: cell.session_id ? 'Cells added to your editor' : 'Cells added to the notebook',
      message: (
        <>
          {cell.session_id ? `They are in “${shownTitle}”, open in your editor. ` : `“${shownTitle}” has them in a new version. `}
          {/* Notifications live outside the router: the link navigates through the page's own. */}
          <Anchor
            href={hubPath(path)}
            size="sm"
            underline="always"
            onClick={(event) => {
              event.preventDefault();
              notifications.hide(id);
              void navigate(path);
            }}
          >
            {cell.session_id ? 'Open the editor' : 'Open the notebook'}
          </Anchor>
        </>
      ),
    });
  };

  if (added) {
    // Closed without going there: a notification keeps the way to the cells.
    const closeSummary = () => {
      onClose();
      announce(added.cell, added.title);
    };
    return (
      <Modal opened onClose={closeSummary} title={`${what} is in “${added.title}”`} size="lg">
        <Stack gap="sm">
          <Text size="sm">
            {added.cell.session_id
              ? 'The cells are in your editor session; run them there.'
              : 'The cells are saved in a new version of the notebook; open it in the editor to run them.'}{' '}
            The data is in <Code>{added.cell.variable}</Code>
            {added.cell.dependencies.length > 0 && (
              <>
                ; the notebook declares {added.cell.dependencies.length === 1 ? 'the package' : 'the packages'} it needs (
                {added.cell.dependencies.map((dependency, index) => (
                  <span key={dependency}>
                    {index > 0 && ', '}
                    <Code>{dependency}</Code>
                  </span>
                ))}
                )
              </>
            )}
            .
          </Text>
          <CellCode code={added.cell.code} />
          <Group justify="flex-end">
            <Button variant="default" onClick={closeSummary}>
              Done
            </Button>
            <Button component={Link} to={pathTo(added.cell)} onClick={onClose}>
              {added.cell.session_id ? 'Open the editor' : 'Open the notebook'}
            </Button>
          </Group>
        </Stack>
      </Modal>
    );
  }

  return (
    <Modal opened onClose={onClose} title={`Open ${what} in a notebook`} size="lg">
      <form onSubmit={submit}>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {describeCells(source, data)}
          </Text>
          <Radio.Group value={chosen} onChange={(value) => setChoice(value as Choice)} label="Add them to">
            <Stack gap="xs" mt={6}>
              <Radio value="session" label="My open editor session" disabled={mySessions.length === 0} />
              {chosen === 'session' && mySessions.length > 0 && (
                <Select
                  aria-label="Session"
                  data={mySessions.map((session) => ({
                    value: session.id,
                    label: `${titleOf(session.notebook_id)} — since ${formatDateTime(session.created_at)}`,
                  }))}
                  value={sessionId ?? mySessions[0]!.id}
                  onChange={setSessionId}
                  allowDeselect={false}
                  ml="xl"
                />
              )}
              {mySessions.length === 0 && (
                <Text size="xs" c="dimmed" ml="xl" mt={-4}>
                  {sessions.isPending ? 'Looking for your sessions…' : 'You have no notebook of this project open in the editor.'}
                </Text>
              )}
              <Radio value="notebook" label="A notebook of this project, as a new version" disabled={notebookItems.length === 0} />
              {chosen === 'notebook' && (
                <Select
                  aria-label="Notebook"
                  placeholder="Choose a notebook"
                  data={notebookItems.map((notebook) => ({ value: notebook.id, label: notebook.title }))}
                  value={notebookId}
                  onChange={setNotebookId}
                  searchable
                  nothingFoundMessage="No notebook has that title"
                  ml="xl"
                />
              )}
              <Radio value="new" label="A new notebook" />
              {chosen === 'new' && (
                <TextInput
                  label="Title of the new notebook"
                  value={title}
                  onChange={(event) => setTitle(event.currentTarget.value)}
                  maxLength={200}
                  error={fieldError(add.error, 'target.new_notebook.title')}
                  ml="xl"
                />
              )}
            </Stack>
          </Radio.Group>
          <CellsToAdd
            code={preview.data?.code}
            error={preview.error}
            pending={previewTarget !== null && preview.isPending}
            hint={previewTarget === null ? 'Choose a notebook to see the cells.' : null}
          />
          {missing && (
            <Text size="sm" c="red" role="alert">
              {missing}
            </Text>
          )}
          <FormError error={add.error} fields={['target.new_notebook.title']} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={add.isPending}>
              Add the cells
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The cells as the hub would write them for the chosen target, before anything is added. */
function CellsToAdd({ code, error, pending, hint }: { code: string | undefined; error: Error | null; pending: boolean; hint: string | null }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        The cells
      </Text>
      {code !== undefined && hint === null ? (
        <CellCode code={code} label="The cells to add" maxHeight={220} />
      ) : (
        <Text size="sm" c="dimmed">
          {hint ?? (pending ? 'Writing the cells…' : error ? `The cells cannot be written: ${error.message}` : '')}
        </Text>
      )}
    </Stack>
  );
}

function CellCode({ code, label = 'The cells added', maxHeight = 320 }: { code: string; label?: string; maxHeight?: number }) {
  return (
    <ScrollArea.Autosize mah={maxHeight} type="auto" viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': label }}>
      <Code block style={{ whiteSpace: 'pre' }}>
        {code}
      </Code>
    </ScrollArea.Autosize>
  );
}
