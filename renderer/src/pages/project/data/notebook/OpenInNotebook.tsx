import { Anchor, Button, Code, Group, Modal, Radio, ScrollArea, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { cellCodeQuery, useAddCell, type AddedCell, type CellData, type CellTarget, type DataSource } from '../../../../api/data-browser';
import { notebooksQuery } from '../../../../api/queries';
import { isLive, projectSessionsQuery } from '../../../../api/sessions';
import { hubPath } from '../../../../app/base-path';
import { formatDateTime } from '../../../../app/format';
import { fieldError, FormError } from '../../../../components/FormError';
import { useMe } from '../../../../components/use-me';
import { DataErrorAlert } from '../DataErrorAlert';
import { useDataContext } from '../data-context';
import { dataLinks } from '../data-links';

interface Props {
  source: DataSource;
  /** What the cell loads: the object, the table or the query. */
  data: CellData;
  /** What it is, for the dialog's title ("sales.csv", "public.orders", "this query"). */
  what: string;
  disabled?: boolean;
}

/** "Open in notebook": a cell that loads exactly this data, added where the user chooses. */
export function OpenInNotebookButton({ source, data, what, disabled }: Props) {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button variant="default" onClick={open} disabled={disabled}>
        Open in notebook
      </Button>
      {opened && <OpenInNotebookModal source={source} data={data} what={what} onClose={close} />}
    </>
  );
}

type Choice = 'session' | 'notebook' | 'new';

function OpenInNotebookModal({ source, data, what, onClose }: Props & { onClose: () => void }) {
  const { project } = useDataContext();
  const me = useMe();
  const navigate = useNavigate();
  const sessions = useQuery(projectSessionsQuery(project.id));
  const notebooks = useInfiniteQuery(notebooksQuery(project.id));
  const code = useQuery(cellCodeQuery(project.id, { source_id: source.id, ...data }));
  const add = useAddCell(project.id);

  const notebookItems =
    notebooks.data?.pages.flatMap((page) => page.items).filter((notebook) => notebook.status !== 'deleted' && notebook.status !== 'archived') ?? [];
  const titleOf = (nid: string) => notebookItems.find((notebook) => notebook.id === nid)?.title ?? nid;
  const mySessions = (sessions.data?.items ?? []).filter((session) => session.user_id === me.id && session.mode === 'edit' && isLive(session));

  const [choice, setChoice] = useState<Choice | null>(null);
  const chosen: Choice = choice ?? (mySessions.length > 0 ? 'session' : notebookItems.length > 0 ? 'notebook' : 'new');
  const [sessionId, setSessionId] = useState<string | null>(null);
  const [notebookId, setNotebookId] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [missing, setMissing] = useState<string | null>(null);

  const target = (): CellTarget | null => {
    if (chosen === 'session') {
      const id = sessionId ?? mySessions[0]?.id;
      return id ? { session_id: id } : null;
    }
    if (chosen === 'notebook') return notebookId ? { notebook_id: notebookId } : null;
    return name.trim() ? { new_notebook: { name: name.trim() } } : null;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const chosenTarget = target();
    if (!chosenTarget) {
      setMissing(chosen === 'session' ? 'Choose a session.' : chosen === 'notebook' ? 'Choose a notebook.' : 'Name the new notebook.');
      return;
    }
    setMissing(null);
    add.mutate(
      { source_id: source.id, ...data, target: chosenTarget },
      {
        onSuccess: (added) => {
          onClose();
          announce(added, added.session_id ? titleOf(added.notebook_id) : chosen === 'new' ? name.trim() : titleOf(added.notebook_id));
        },
      },
    );
  };

  const announce = (added: AddedCell, title: string) => {
    const path = added.session_id ? dataLinks.editor(project.id, added.notebook_id) : dataLinks.notebook(project.id, added.notebook_id);
    const id = `cell-${added.notebook_id}-${Date.now()}`;
    notifications.show({
      id,
      color: 'green',
      title: added.session_id ? 'Cell added to your session' : 'Cell added to the notebook',
      message: (
        <>
          {added.session_id ? `It runs in your editor of “${title}”. ` : `“${title}” has it${added.version ? ` in version ${added.version}` : ''}. `}
          <Anchor
            href={hubPath(path)}
            size="sm"
            onClick={(event) => {
              event.preventDefault();
              notifications.hide(id);
              void navigate(path);
            }}
          >
            {added.session_id ? 'Open the editor' : 'Open the notebook'}
          </Anchor>
        </>
      ),
    });
  };

  return (
    <Modal opened onClose={onClose} title={`Open ${what} in a notebook`} size="lg">
      <form onSubmit={submit}>
        <Stack gap="sm">
          <Radio.Group value={chosen} onChange={(value) => setChoice(value as Choice)} label="Add the cell to">
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
                  {sessions.isPending ? 'Looking for your sessions…' : 'You have no notebook open in the editor in this project.'}
                </Text>
              )}
              <Radio value="notebook" label="A notebook of this project" disabled={notebookItems.length === 0} />
              {chosen === 'notebook' && (
                <Select
                  aria-label="Notebook"
                  placeholder="Choose a notebook"
                  data={notebookItems.map((notebook) => ({ value: notebook.id, label: notebook.title }))}
                  value={notebookId}
                  onChange={setNotebookId}
                  searchable
                  nothingFoundMessage="No notebook has that name"
                  ml="xl"
                />
              )}
              <Radio value="new" label="A new notebook" />
              {chosen === 'new' && (
                <TextInput
                  label="Name of the new notebook"
                  value={name}
                  onChange={(event) => setName(event.currentTarget.value)}
                  maxLength={200}
                  error={fieldError(add.error, 'target.new_notebook.name')}
                  ml="xl"
                />
              )}
            </Stack>
          </Radio.Group>

          <div>
            <Text size="sm" fw={500} id="cell-code-label">
              The cell
            </Text>
            <Text size="xs" c="dimmed" mb={4}>
              It reads the data through the integration&apos;s variables; no secret is written into it.
            </Text>
            {code.isPending ? (
              <Text size="sm" c="dimmed">
                Writing the cell…
              </Text>
            ) : code.isError ? (
              <DataErrorAlert title="The cell cannot be written" error={code.error} onRetry={() => void code.refetch()} />
            ) : (
              <ScrollArea.Autosize mah={260} type="auto" viewportProps={{ tabIndex: 0, role: 'region', 'aria-labelledby': 'cell-code-label' }}>
                <Code block style={{ whiteSpace: 'pre' }}>
                  {code.data}
                </Code>
              </ScrollArea.Autosize>
            )}
          </div>

          {missing && (
            <Text size="sm" c="red" role="alert">
              {missing}
            </Text>
          )}
          <FormError error={add.error} fields={['target.new_notebook.name']} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={add.isPending} disabled={code.isError}>
              Add the cell
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
