import { Alert, Anchor, Button, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { isApiError } from '../../../api/errors';
import { useUpdateDependencies, type DependencyUpdate } from '../../../api/notebook-versions';
import { FormError } from '../../../components/FormError';
import { LogView } from '../../../components/LogView';

interface Props {
  pid: string;
  nid: string;
  /** The version shown. */
  versionId: string;
  /** Whether it is the notebook's current version: only that one's dependencies are updated. */
  current: boolean;
}

/**
 * "Update dependencies" (docs/environments.md): resolves the current version's block against the
 * package index now and saves the same code as a new version with that lock. A resolution takes
 * seconds to minutes, so the wait shows how long it has been; the result stays once the shown
 * version is no longer the current one.
 */
export function UpdateDependencies({ pid, nid, versionId, current }: Props) {
  const update = useUpdateDependencies(pid, nid);
  const seconds = useSecondsWhile(update.isPending);
  if (!current && update.isIdle) return null;
  // uv's verdict comes after the line that says what failed; a refused index or a missing sandbox is a message of its own.
  const message = update.error?.message ?? '';
  const uvSaid = isApiError(update.error, 'PYTHON_ENV_SETUP_FAILED') && message.includes('\n') ? message.slice(message.indexOf('\n') + 1) : null;
  return (
    <Stack gap="xs">
      {current && (
        <Group gap="sm" wrap="wrap" align="center">
          <Button variant="default" size="xs" onClick={() => update.mutate({ baseVersionId: versionId })} disabled={update.isPending}>
            Update dependencies
          </Button>
          <Text size="xs" c="dimmed" style={{ flex: '1 1 16rem' }}>
            Resolves the block against the package index now and saves the same code as a new version with the newest packages it allows. Earlier versions, and
            the jobs pinned to them, keep their packages.
          </Text>
        </Group>
      )}
      {update.isPending && (
        <Group gap="xs" role="status">
          <Loader size="xs" />
          <Text size="sm">Resolving the dependencies against the package index…{seconds > 0 ? ` ${seconds} s` : ''}</Text>
        </Group>
      )}
      {update.isError &&
        (uvSaid !== null ? (
          <Alert color="red" role="alert" title="The dependencies could not be updated">
            <Stack gap="xs">
              <Text size="sm">uv could not resolve them against the package index as it is now. Nothing was saved.</Text>
              <LogView label="What uv said" text={uvSaid} maxHeight={240} />
            </Stack>
          </Alert>
        ) : (
          <FormError error={update.error} />
        ))}
      {update.data && <UpdateResult pid={pid} nid={nid} result={update.data} />}
    </Stack>
  );
}

/** A coloured alert's title in the text's colour: the tinted one is too faint on its tinted background in either theme. */
const READABLE_TITLE = { title: { color: 'var(--mantine-color-text)' } };

function UpdateResult({ pid, nid, result }: { pid: string; nid: string; result: DependencyUpdate }) {
  if (!result.updated || !result.version) {
    return (
      <Alert color="blue" role="status" title="Already up to date" styles={READABLE_TITLE}>
        The package index gives the packages this version is locked to. Nothing was saved.
      </Alert>
    );
  }
  const id = result.version.version_id;
  return (
    <Alert color="green" role="status" title="Dependencies updated" styles={READABLE_TITLE}>
      <Stack gap="xs">
        <Text size="sm">
          Saved as a new version,{' '}
          <Anchor component={Link} to={`/projects/${pid}/notebooks/${nid}/versions/${id}?view=environment`} underline="always" c="var(--mantine-color-text)">
            {id}
          </Anchor>
          , with the same code. {result.changes.length === 0 ? 'The same package versions, with other files or for another Python.' : 'What changed:'}
        </Text>
        {result.changes.length > 0 && (
          <Table withTableBorder aria-label="Changed packages" fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Package</Table.Th>
                <Table.Th>Was</Table.Th>
                <Table.Th>Now</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {result.changes.map((change) => (
                <Table.Tr key={change.name}>
                  <Table.Td ff="monospace">{change.name}</Table.Td>
                  <Table.Td ff="monospace">{change.from ?? '—'}</Table.Td>
                  <Table.Td ff="monospace">{change.to ?? 'removed'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Alert>
  );
}

/** Whole seconds since `running` became true (0 while it is false). */
function useSecondsWhile(running: boolean): number {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    setSeconds(0);
    if (!running) return;
    const started = Date.now();
    const timer = setInterval(() => setSeconds(Math.floor((Date.now() - started) / 1000)), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return seconds;
}
