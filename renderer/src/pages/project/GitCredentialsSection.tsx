import { Badge, Button, Group, Paper, PasswordInput, SegmentedControl, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { gitCredentialsQuery, useRemoveGitCredentials, useSetGitCredentials, type GitCredentials, type GitCredentialsBody } from '../../api/git';
import type { Project } from '../../api/types';
import { ConfirmButton } from '../../components/ConfirmButton';
import { DateTime } from '../../components/DateTime';
import { ErrorView } from '../../components/ErrorView';
import { FormError, fieldError } from '../../components/FormError';
import { LoadingState } from '../../components/LoadingState';

/** The user name the hub sends when none was set (GitHub and GitLab accept it with an access token). */
const DEFAULT_USERNAME = 'x-access-token';

function TokenLabel({ label, set }: { label: string; set: boolean }) {
  return (
    <Group gap={6} component="span" wrap="nowrap">
      <span>{label}</span>
      <Badge size="xs" variant="dot" color={set ? 'green' : 'gray'} component="span">
        {set ? 'set' : 'not set'}
      </Badge>
    </Group>
  );
}

/**
 * The repositories as the form shows them, one a line: `owner/repo` on a provider, the full URL on
 * another Git server (so that what is saved again means the same).
 */
function repositoryLines(credentials: GitCredentials): string {
  if (credentials.host_url === null) return '';
  return credentials.repositories.map((repository) => (credentials.provider === null ? `${credentials.host_url}/${repository}` : repository)).join('\n');
}

const linesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

/** The form: the tokens are write-only (the API answers only whether each is set), so their fields always start empty. */
function CredentialsForm({ pid, credentials }: { pid: string; credentials: GitCredentials }) {
  const [username, setUsername] = useState(credentials.username ?? '');
  const [readToken, setReadToken] = useState('');
  const [writeToken, setWriteToken] = useState('');
  const [provider, setProvider] = useState<'github' | 'gitlab'>(credentials.provider ?? 'github');
  const [repositories, setRepositories] = useState(repositoryLines(credentials));
  const save = useSetGitCredentials(pid);
  const remove = useRemoveGitCredentials(pid);
  const anySet = credentials.read_token_set || credentials.write_token_set || credentials.username !== null;

  const body: GitCredentialsBody = {};
  if (username.trim() && username.trim() !== (credentials.username ?? '')) body.username = username.trim();
  if (readToken) body.read_token = readToken;
  if (writeToken) body.write_token = writeToken;
  const bindingChanged = repositories !== repositoryLines(credentials) || (credentials.provider !== null && provider !== credentials.provider);
  if (bindingChanged) {
    body.repositories = linesOf(repositories);
    body.provider = provider;
  }
  const changed = Object.keys(body).length > 0;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(body, {
      onSuccess: () => {
        setReadToken('');
        setWriteToken('');
        notifications.show({ color: 'green', message: 'Git credentials saved.' });
      },
    });
  };
  const onRemoved = () => {
    setUsername('');
    notifications.show({ color: 'green', message: 'Git credentials removed.' });
  };

  return (
    <form onSubmit={onSubmit}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="sm">
          <TextInput
            // Not "User name": the settings form above has a "Name" field, and labels that contain one another are ambiguous.
            label="Git user"
            description={`Empty: ${DEFAULT_USERNAME} (GitHub, GitLab)`}
            placeholder={DEFAULT_USERNAME}
            value={username}
            onChange={(event) => setUsername(event.currentTarget.value)}
            maxLength={200}
            autoComplete="off"
            error={fieldError(save.error, 'username')}
          />
          <PasswordInput
            label={<TokenLabel label="Read token" set={credentials.read_token_set} />}
            description={credentials.read_token_set ? 'Type a new one to replace it' : 'Reads the repositories'}
            value={readToken}
            onChange={(event) => setReadToken(event.currentTarget.value)}
            maxLength={1000}
            autoComplete="new-password"
            error={fieldError(save.error, 'read_token')}
          />
          <PasswordInput
            label={<TokenLabel label="Write token" set={credentials.write_token_set} />}
            description={credentials.write_token_set ? 'Type a new one to replace it' : 'Pushes change-request branches and opens the requests'}
            value={writeToken}
            onChange={(event) => setWriteToken(event.currentTarget.value)}
            maxLength={1000}
            autoComplete="new-password"
            error={fieldError(save.error, 'write_token')}
          />
        </SimpleGrid>
        <Group align="flex-start" gap="sm" wrap="wrap">
          <Stack gap={4}>
            <Text size="sm" fw={500} id="git-credentials-provider">
              owner/repo on
            </Text>
            <SegmentedControl
              aria-labelledby="git-credentials-provider"
              value={provider}
              onChange={(value) => setProvider(value as 'github' | 'gitlab')}
              data={[
                { value: 'github', label: 'GitHub' },
                { value: 'gitlab', label: 'GitLab' },
              ]}
            />
          </Stack>
          <Textarea
            style={{ flex: 1, minWidth: 260 }}
            label="Repositories they serve"
            description="One a line: owner/repo, owner/* or *, or a repository URL on another Git server. The credentials are sent with these and nothing else."
            placeholder={'acme/analytics\nacme/*'}
            value={repositories}
            onChange={(event) => setRepositories(event.currentTarget.value)}
            autosize
            minRows={2}
            maxRows={8}
            error={fieldError(save.error, 'repositories') ?? fieldError(save.error, 'provider')}
          />
        </Group>
        <FormError error={save.error} fields={['username', 'read_token', 'write_token', 'repositories', 'provider']} />
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Text size="sm" c="dimmed">
            {credentials.updated_at ? (
              <>
                Last changed <DateTime value={credentials.updated_at} />
              </>
            ) : (
              'No credentials set.'
            )}
          </Text>
          <Group gap="sm">
            <ConfirmButton
              mutation={remove}
              variables={undefined}
              label="Remove"
              confirmLabel="Remove credentials"
              button={{ variant: 'light', color: 'red', disabled: !anySet }}
              title="Remove the Git credentials?"
              onSuccess={onRemoved}
            >
              The project&apos;s Git notebooks then read their repositories without credentials: syncs of private repositories fail until new ones are set.
            </ConfirmButton>
            <Button type="submit" loading={save.isPending} disabled={!changed}>
              Save credentials
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}

/** The project's Git credentials, which every Git notebook of the project reads its repository with (managers). */
export function GitCredentialsSection({ project }: { project: Project }) {
  const credentials = useQuery(gitCredentialsQuery(project.id));
  let body;
  if (credentials.isPending) body = <LoadingState label="Loading Git credentials…" />;
  else if (credentials.isError) body = <ErrorView error={credentials.error} onRetry={() => void credentials.refetch()} />;
  else body = <CredentialsForm key={credentials.data.updated_at ?? 'none'} pid={project.id} credentials={credentials.data} />;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="git-credentials-heading">
      <Title order={2} size="h4" id="git-credentials-heading">
        Git credentials
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Public repositories need none. For private ones, the Git notebooks of this project whose repository is listed here read with these, and no others: use a
        token that can only read what it needs.
      </Text>
      {body}
    </Paper>
  );
}
