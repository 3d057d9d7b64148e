import { HubError, type FieldProblem } from '../../../core/errors.js';
import type { GitCredentials } from '../../../core/ports/git-remote.js';
import type { ObjectStore } from '../../../core/ports/object-store.js';
import type { SecretBox } from '../../../core/ports/secret-box.js';
import { openOptional, plaintextCount, sealOptional, type StoredSecret } from '../../../core/secrets/sealed-values.js';
import { getJson, updateJson } from '../../../core/store/cas.js';
import { layout } from '../../../core/storage-layout.js';
import { bindingOf, bindingServes, type CredentialBinding } from './credential-binding.js';
import type { GitProvider, GitRepoRules } from './git-source-config.js';
import { IntegrationGitCredentials, type GitIntegrationSource } from './integration-credentials.js';

/** A project's Git credentials: the tokens are kept here and nowhere else, sealed (docs/secrets-at-rest.md). */
export interface GitCredentialsRecord<Token> {
  username: string;
  read_token: Token | null;
  write_token: Token | null;
  /** Where they may be sent; absent in records saved before credentials were bound (sent nowhere). */
  binding?: CredentialBinding;
  updated_at: string;
  updated_by: string;
}
type StoredGitCredentials = GitCredentialsRecord<StoredSecret>;
type OpenGitCredentials = GitCredentialsRecord<string>;

/** The record with its tokens sealed (sealed ones kept): every write, and the migration of old records. */
export function sealGitCredentials(box: SecretBox, key: string, record: StoredGitCredentials): { record: StoredGitCredentials; sealed: number } {
  return {
    record: {
      ...record,
      read_token: sealOptional(box, record.read_token, key, 'read_token'),
      write_token: sealOptional(box, record.write_token, key, 'write_token'),
    },
    sealed: plaintextCount(record.read_token, record.write_token),
  };
}

function openGitCredentials(box: SecretBox, key: string, record: StoredGitCredentials): OpenGitCredentials {
  return {
    ...record,
    read_token: openOptional(box, record.read_token, key, 'read_token'),
    write_token: openOptional(box, record.write_token, key, 'write_token'),
  };
}

/** What the API shows (docs/git.md): the tokens only as flags that say they are set, and where they may be sent. */
export interface GitCredentialsView {
  username: string | null;
  read_token_set: boolean;
  write_token_set: boolean;
  /** The recognised provider the credentials are bound to, or null (another Git server, or not bound). */
  provider: GitProvider | null;
  /** The Git host they are sent to (a provider's URL or a server's origin); null: not bound, sent nowhere. */
  host_url: string | null;
  /** The repositories of that host they are sent with, relative to `host_url`. */
  repositories: string[];
  updated_at: string | null;
}

export interface GitCredentialsInput {
  username?: string;
  /** A token that may read the project's repositories; null removes it. */
  read_token?: string | null;
  /** A token that may push branches and open change requests; null removes it. */
  write_token?: string | null;
  /** How `repositories` written as `owner/repo` are meant: on GitHub (the default) or GitLab. */
  provider?: GitProvider | null;
  /** The repositories the credentials may be sent with: `owner/repo`, `owner/*`, `*`, or URLs of those on another host. */
  repositories?: string[];
}

const DEFAULT_USERNAME = 'x-access-token';
const TOKEN = /^[\x21-\x7e]{1,1000}$/;

/**
 * Per-project Git credentials, write-only like alert secrets: set, replaced or removed, never
 * returned or logged. They are bound to one Git host and a list of its repositories
 * ({@link CredentialBinding}), and handed out only for a URL the binding serves. The project's
 * `git` integrations serve too (docs/git.md, "Credentials"): a call these credentials do not
 * serve gets the first integration's that does.
 */
export class GitCredentialStore {
  private readonly integrations: IntegrationGitCredentials;

  constructor(
    private readonly store: ObjectStore,
    private readonly box: SecretBox,
    private readonly rules: GitRepoRules,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.integrations = new IntegrationGitCredentials(rules);
  }

  /** Where the project's `git` integrations are read from (linked once every feature is built). */
  useIntegrations(source: GitIntegrationSource | null): void {
    this.integrations.use(source);
  }

  async view(projectId: string): Promise<GitCredentialsView> {
    return viewOf((await getJson<StoredGitCredentials>(this.store, layout.gitCredentials(projectId)))?.value ?? null);
  }

  /** Basic-auth credentials for reading the repository at `url`, or null when the project has none for it. */
  async read(projectId: string, url: string): Promise<GitCredentials | null> {
    const stored = await this.opened(projectId);
    if (stored?.read_token && bindingServes(stored.binding ?? null, url)) return { username: stored.username, password: stored.read_token };
    return this.integrations.find(projectId, url, 'token');
  }

  /** Basic-auth credentials for pushing to the repository at `url` (and opening change requests for it), or null. */
  async write(projectId: string, url: string): Promise<GitCredentials | null> {
    const stored = await this.opened(projectId);
    if (stored?.write_token && bindingServes(stored.binding ?? null, url)) return { username: stored.username, password: stored.write_token };
    return this.integrations.find(projectId, url, 'write_token');
  }

  private async opened(projectId: string): Promise<OpenGitCredentials | null> {
    const key = layout.gitCredentials(projectId);
    const stored = (await getJson<StoredGitCredentials>(this.store, key))?.value;
    return stored ? openGitCredentials(this.box, key, stored) : null;
  }

  async set(projectId: string, input: GitCredentialsInput, actor: string): Promise<{ view: GitCredentialsView; changed: string[] }> {
    const bound = input.repositories !== undefined ? bindingOf(input.repositories, input.provider, this.rules) : null;
    const problems: FieldProblem[] = [
      ...(bound !== null && 'field' in bound ? [bound] : []),
      ...(input.provider !== undefined && input.repositories === undefined
        ? [{ field: 'provider', message: 'goes with repositories: list the repositories on that provider the credentials may serve' }]
        : []),
      ...(input.username !== undefined && !/^[\x21-\x7e]{1,200}$/.test(input.username)
        ? [{ field: 'username', message: 'must be 1 to 200 printable characters without spaces' }]
        : []),
      ...(['read_token', 'write_token'] as const)
        .filter((field) => typeof input[field] === 'string' && !TOKEN.test(input[field]))
        .map((field) => ({ field, message: 'must be 1 to 1000 printable characters without spaces' })),
    ];
    if (problems.length > 0) invalid(problems);
    const changed = (['username', 'read_token', 'write_token', 'provider', 'repositories'] as const).filter((field) => input[field] !== undefined);
    const key = layout.gitCredentials(projectId);
    const { value } = await updateJson<StoredGitCredentials>(this.store, key, (current) => {
      const next: StoredGitCredentials = {
        username: input.username ?? current?.username ?? DEFAULT_USERNAME,
        read_token: input.read_token !== undefined ? input.read_token : (current?.read_token ?? null),
        write_token: input.write_token !== undefined ? input.write_token : (current?.write_token ?? null),
        ...(bound !== null ? { binding: bound as CredentialBinding } : current?.binding ? { binding: current.binding } : {}),
        updated_at: this.now().toISOString(),
        updated_by: actor,
      };
      // A token with nowhere to go is refused now rather than silently never sent.
      if ((next.read_token || next.write_token) && !(next.binding && next.binding.repositories.length > 0))
        invalid([
          {
            field: 'repositories',
            message:
              'name the repositories the credentials may be sent with (owner/repo, owner/* or * on the provider, or their URLs on another Git host); they are sent nowhere else',
          },
        ]);
      // A token left as it was keeps its seal; a new one is sealed here, so no plaintext is ever written.
      return sealGitCredentials(this.box, key, next).record;
    });
    return { view: viewOf(value), changed };
  }

  async remove(projectId: string): Promise<void> {
    await this.store.delete(layout.gitCredentials(projectId));
  }
}

function invalid(problems: FieldProblem[]): never {
  throw new HubError('VALIDATION_ERROR', `the request is invalid: ${problems.map((p) => `${p.field} ${p.message}`).join('; ')}`, problems);
}

function viewOf(stored: StoredGitCredentials | null): GitCredentialsView {
  const binding = stored?.binding && stored.binding.repositories.length > 0 ? stored.binding : null;
  return {
    username: stored?.username ?? null,
    read_token_set: Boolean(stored?.read_token),
    write_token_set: Boolean(stored?.write_token),
    provider: binding?.provider ?? null,
    host_url: binding?.host_url ?? null,
    repositories: binding?.repositories ?? [],
    updated_at: stored?.updated_at ?? null,
  };
}
