import { HubError } from '../../../core/errors.js';
import type { GitCredentials } from '../../../core/ports/git-remote.js';
import type { ObjectStore } from '../../../core/ports/object-store.js';
import { getJson, updateJson } from '../../../core/store/cas.js';
import { layout } from '../../../core/storage-layout.js';

/** A project's Git credentials as stored: the tokens are kept here and nowhere else. */
interface StoredGitCredentials {
  username: string;
  read_token: string | null;
  write_token: string | null;
  updated_at: string;
  updated_by: string;
}

/** What the API shows (docs/git.md): the tokens only as flags that say they are set. */
export interface GitCredentialsView {
  username: string | null;
  read_token_set: boolean;
  write_token_set: boolean;
  updated_at: string | null;
}

export interface GitCredentialsInput {
  username?: string;
  /** A token that may read the project's repositories; null removes it. */
  read_token?: string | null;
  /** A token that may push branches and open change requests; null removes it. */
  write_token?: string | null;
}

const DEFAULT_USERNAME = 'x-access-token';
const TOKEN = /^[\x21-\x7e]{1,1000}$/;

/**
 * Per-project Git credentials, write-only like alert secrets: set, replaced or removed, never
 * returned or logged. One record per project, so a later integration can stand behind the same
 * `read`/`write` lookups without the routes changing.
 */
export class GitCredentialStore {
  constructor(
    private readonly store: ObjectStore,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async view(projectId: string): Promise<GitCredentialsView> {
    return viewOf((await getJson<StoredGitCredentials>(this.store, layout.gitCredentials(projectId)))?.value ?? null);
  }

  /** Basic-auth credentials for reading, or null when the project has no read token. */
  async read(projectId: string): Promise<GitCredentials | null> {
    const stored = (await getJson<StoredGitCredentials>(this.store, layout.gitCredentials(projectId)))?.value;
    return stored?.read_token ? { username: stored.username, password: stored.read_token } : null;
  }

  async write(projectId: string): Promise<GitCredentials | null> {
    const stored = (await getJson<StoredGitCredentials>(this.store, layout.gitCredentials(projectId)))?.value;
    return stored?.write_token ? { username: stored.username, password: stored.write_token } : null;
  }

  async set(projectId: string, input: GitCredentialsInput, actor: string): Promise<{ view: GitCredentialsView; changed: string[] }> {
    const problems = [
      ...(input.username !== undefined && !/^[\x21-\x7e]{1,200}$/.test(input.username)
        ? [{ field: 'username', message: 'must be 1 to 200 printable characters without spaces' }]
        : []),
      ...(['read_token', 'write_token'] as const)
        .filter((field) => typeof input[field] === 'string' && !TOKEN.test(input[field]))
        .map((field) => ({ field, message: 'must be 1 to 1000 printable characters without spaces' })),
    ];
    if (problems.length > 0)
      throw new HubError('VALIDATION_ERROR', `the request is invalid: ${problems.map((p) => `${p.field} ${p.message}`).join('; ')}`, problems);
    const changed = (['username', 'read_token', 'write_token'] as const).filter((field) => input[field] !== undefined);
    const { value } = await updateJson<StoredGitCredentials>(this.store, layout.gitCredentials(projectId), (current) => ({
      username: input.username ?? current?.username ?? DEFAULT_USERNAME,
      read_token: input.read_token !== undefined ? input.read_token : (current?.read_token ?? null),
      write_token: input.write_token !== undefined ? input.write_token : (current?.write_token ?? null),
      updated_at: this.now().toISOString(),
      updated_by: actor,
    }));
    return { view: viewOf(value), changed };
  }

  async remove(projectId: string): Promise<void> {
    await this.store.delete(layout.gitCredentials(projectId));
  }
}

function viewOf(stored: StoredGitCredentials | null): GitCredentialsView {
  return {
    username: stored?.username ?? null,
    read_token_set: Boolean(stored?.read_token),
    write_token_set: Boolean(stored?.write_token),
    updated_at: stored?.updated_at ?? null,
  };
}
