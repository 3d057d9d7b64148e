import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { ApiError } from '../../api/errors';
import { projectSessionsQuery } from '../../api/sessions';
import type { NotebookMeta, Project } from '../../api/types';
import { formatDateTime } from '../../app/format';
import { personIn } from '../../app/people';
import { useMe } from '../../components/use-me';
import { notebookPath, sessionPath } from './session-text';
import { SessionMessage } from './SessionMessage';

interface Props {
  error: ApiError;
  pid: string;
  nid: string;
  project: Project | undefined;
  notebook: NotebookMeta | undefined;
  onRetry: () => void;
  onTakeover: (sessionId: string) => void;
}

/**
 * Another editor holds the notebook (EDIT_SESSION_OWNED). The error names no fields, so the
 * holding session is found in the project's session list; managers and the notebook's author may
 * take it over.
 */
export function TakeoverPanel({ error, pid, nid, project, notebook, onRetry, onTakeover }: Props) {
  const me = useMe();
  const sessions = useQuery(projectSessionsQuery(pid));
  const [confirming, confirm] = useDisclosure(false);
  const holder = sessions.data?.items.find(
    (entry) => entry.notebook_id === nid && entry.mode === 'edit' && entry.user_id !== me.id && entry.state !== 'stopped' && entry.state !== 'failed',
  );
  const owner = holder ? personIn(project, holder.user_id) : undefined;
  const mayTakeOver = project?.your_role === 'manager' || project?.your_role === 'admin' || (notebook !== undefined && notebook.author === me.id);

  return (
    <SessionMessage
      title="Someone else is editing this notebook"
      requestId={error.requestId}
      traceId={error.traceId}
      actions={
        <Group gap="sm">
          {mayTakeOver && holder && <Button onClick={confirm.open}>Take over</Button>}
          <Button component={Link} to={sessionPath(pid, nid, 'app')} variant={mayTakeOver ? 'default' : 'filled'}>
            Open as app instead
          </Button>
          <Button variant="default" onClick={onRetry}>
            Try again
          </Button>
          <Button component={Link} to={notebookPath(pid, nid)} variant="subtle">
            Back to the notebook
          </Button>
        </Group>
      }
    >
      <Text>{holder ? `${owner} has had it open since ${formatDateTime(holder.created_at)}. ` : ''}Only one person edits a notebook at a time.</Text>
      <Text size="sm">The hub says: {error.message}</Text>
      <Text c="dimmed" size="sm">
        {mayTakeOver
          ? holder
            ? 'You may take the notebook over: their session is saved and stopped, and yours starts. They are told why their session ended.'
            : 'The session holding the notebook is not in the project’s recent sessions; try again in a moment.'
          : 'A project manager or the notebook’s author may take it over. Otherwise, open it as an app, or ask them to stop their session and try again.'}
      </Text>
      <Modal opened={confirming} onClose={confirm.close} title="Take this notebook over?" centered>
        <Stack gap="md">
          <Text>
            {owner ?? 'The other editor'}&apos;s session will be saved and stopped, and they will lose their connection to it. Continue only if they have
            finished or cannot be reached.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={confirm.close}>
              Cancel
            </Button>
            <Button
              color="red"
              onClick={() => {
                confirm.close();
                if (holder) onTakeover(holder.id);
              }}
            >
              Take over
            </Button>
          </Group>
        </Stack>
      </Modal>
    </SessionMessage>
  );
}
