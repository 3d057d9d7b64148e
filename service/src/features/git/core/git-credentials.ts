import { HubError, type FieldProblem } from '../../../core/errors.js';
import type { GitCredentials } from '../../../core/ports/git-remote.js';
import { PreconditionFailedError, type ObjectStore } from '../../../core/ports/object-store.js';
import type { SecretBox } from '../../../core/ports/secret-box.js';
import { layout } from '../../../core/storage-layout.js';
import { bindingOf, bindingServes, type CredentialBinding } from './credential-binding.js';
import type { GitProvider, GitRepoRules } from './git-source-config.js';
import {
  integrationBinding,
  integrationConfigOf,
  IntegrationGitCredentials,
  sameServed,
  type GitIntegrationSource,
  type ProjectGitIntegration,
  type ProjectGitIntegrationChange,
  type ProjectGitIntegrations,
} from './integration-credentials.js';
import { boundOf, openGitCredentials, readLegacyGitCredentials, type StoredGitCredentials } from './legacy-git-credentials.js';

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
 * A project's Git credentials (docs/git.md, "Credentials"), write-only like alert secrets: set,
 * replaced or removed, never returned or logged. They are kept as the project's own `git`
 * integration ({@link ProjectGitIntegrations}), bound to one Git host and a list of its
 * repositories ({@link CredentialBinding}) and handed out only for a URL the binding serves; a call
 * they do not serve gets the first of the project's other `git` integrations that does. A record
 * an older hub kept (`git/<pid>/credentials`) is read until it has moved into the integration.
 */
export class GitCredentialStore {
  private readonly integrations: IntegrationGitCredentials;
  private own: ProjectGitIntegrations | null = null;

  constructor(
    private readonly store: ObjectStore,
    private readonly box: SecretBox,
    private readonly rules: GitRepoRules,
  ) {
    this.integrations = new IntegrationGitCredentials(rules);
  }

  /** Where the project's `git` integrations are read from (linked once every feature is built). */
  useIntegrations(source: GitIntegrationSource | null): void {
    this.integrations.use(source);
  }

  /** Where the project's own credentials are kept (linked once every feature is built). */
  useProjectIntegrations(own: ProjectGitIntegrations | null): void {
    this.own = own;
  }

  /** Where credentials older hubs kept move to, when linked (the migration at start). */
  get projectIntegrations(): ProjectGitIntegrations | null {
    return this.own;
  }

  async view(projectId: string): Promise<GitCredentialsView> {
    const own = await this.own?.find(projectId);
    if (own) return viewOfIntegration(own, this.rules);
    return viewOfLegacy((await readLegacyGitCredentials(this.store, projectId))?.value ?? null);
  }

  /** Basic-auth credentials for reading the repository at `url`, or null when the project has none for it. */
  read(projectId: string, url: string): Promise<GitCredentials | null> {
    return this.credentialsFor(projectId, url, 'token');
  }

  /** Basic-auth credentials for pushing to the repository at `url` (and opening change requests for it), or null. */
  write(projectId: string, url: string): Promise<GitCredentials | null> {
    return this.credentialsFor(projectId, url, 'write_token');
  }

  /** The project's own credentials first (or the record of an older hub, not moved yet), then its other `git` integrations, oldest first. */
  private async credentialsFor(projectId: string, url: string, field: 'token' | 'write_token'): Promise<GitCredentials | null> {
    const own = (await this.own?.find(projectId)) ?? null;
    if (own) {
      if (own.secretsSet.includes(field) && bindingServes(integrationBinding(own.config, this.rules), url)) {
        const secret = (await own.secrets())[field];
        if (secret) return { username: usernameOf(own.config), password: secret };
      }
    } else {
      const key = layout.gitCredentials(projectId);
      const legacy = (await readLegacyGitCredentials(this.store, projectId))?.value;
      if (legacy && bindingServes(boundOf(legacy), url)) {
        const opened = openGitCredentials(this.box, key, legacy);
        const token = field === 'token' ? opened.read_token : opened.write_token;
        if (token) return { username: opened.username, password: token };
      }
    }
    return this.integrations.find(projectId, url, field, own?.id);
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
    const own = this.own;
    if (!own) throw new Error('the Git credentials integration is not linked');
    // The integration is changed as read; when someone else changed it meanwhile, the change is made again on theirs.
    for (let attempt = 1; ; attempt++) {
      try {
        const view = await this.apply(own, projectId, input, bound as CredentialBinding | null, actor);
        if (view) return { view, changed };
      } catch (error) {
        if (!(attempt < 3 && error instanceof HubError && error.code === 'PRECONDITION_FAILED')) throw error;
      }
      if (attempt >= 3) throw new HubError('PRECONDITION_FAILED', "the project's Git credentials kept changing meanwhile: try again");
    }
  }

  /** One attempt of {@link set}; null when the integration was created meanwhile (the change is then made on it). */
  private async apply(
    own: ProjectGitIntegrations,
    projectId: string,
    input: GitCredentialsInput,
    bound: CredentialBinding | null,
    actor: string,
  ): Promise<GitCredentialsView | null> {
    const current = await own.find(projectId);
    const legacyKey = layout.gitCredentials(projectId);
    const legacy = await readLegacyGitCredentials(this.store, projectId);
    // An older hub's record, not moved yet, is what the change applies to when there is no integration.
    const before = current ? null : legacy ? openGitCredentials(this.box, legacyKey, legacy.value) : null;
    const username = input.username ?? (current ? usernameOf(current.config) : before?.username) ?? DEFAULT_USERNAME;
    const binding = bound ?? (current ? integrationBinding(current.config, this.rules) : before ? boundOf(before) : null);
    const tokens = {
      token: input.read_token !== undefined ? input.read_token : current ? undefined : (before?.read_token ?? null),
      write_token: input.write_token !== undefined ? input.write_token : current ? undefined : (before?.write_token ?? null),
    };
    const has = (field: 'token' | 'write_token') => (tokens[field] !== undefined ? tokens[field] !== null : Boolean(current?.secretsSet.includes(field)));
    const bindsNothing = !binding || binding.repositories.length === 0;
    // A token with nowhere to go is refused now rather than silently never sent.
    if ((has('token') || has('write_token')) && bindsNothing)
      invalid([
        {
          field: 'repositories',
          message:
            'name the repositories the credentials may be sent with (owner/repo, owner/* or * on the provider, or their URLs on another Git host); they are sent nowhere else',
        },
      ]);
    if (bindsNothing) {
      // Neither a token nor a repository: nothing the hub would send, so nothing is kept.
      if (current) await own.remove(projectId, actor);
      if (legacy) await this.deleteLegacy(legacyKey, legacy.etag);
      return NO_CREDENTIALS;
    }
    const config: ProjectGitIntegrationChange['config'] = {
      ...integrationConfigOf(binding),
      username,
      in_notebooks: current?.config.in_notebooks === true,
    };
    if (!sameServed(integrationBinding(config, this.rules), binding))
      invalid([
        { field: 'repositories', message: 'cannot be kept as a Git integration: name them as owner/repo, owner/* or * on the provider, or by their URLs' },
      ]);
    const secrets = Object.fromEntries(Object.entries(tokens).filter(([, value]) => value !== undefined)) as ProjectGitIntegrationChange['secrets'];
    const saved = await own.save(projectId, { etag: current?.etag ?? null, config, secrets }, actor);
    if (!current && !saved.created) return null;
    // The tokens now live in the integration only.
    if (legacy) await this.deleteLegacy(legacyKey, legacy.etag);
    return viewOfIntegration(saved.integration, this.rules);
  }

  /** Removes the project's credentials: its own integration, and a record an older hub kept. */
  async remove(projectId: string, actor: string): Promise<void> {
    await this.own?.remove(projectId, actor);
    await this.store.delete(layout.gitCredentials(projectId));
  }

  /** Deletes an older hub's record unless it changed since it was read (then the migration at the next start looks at it again). */
  private async deleteLegacy(key: string, etag: string): Promise<void> {
    await this.store.delete(key, { ifMatch: etag }).catch((error: unknown) => {
      if (!(error instanceof PreconditionFailedError)) throw error;
    });
  }
}

const NO_CREDENTIALS: GitCredentialsView = {
  username: null,
  read_token_set: false,
  write_token_set: false,
  provider: null,
  host_url: null,
  repositories: [],
  updated_at: null,
};

const usernameOf = (config: ProjectGitIntegration['config']) =>
  typeof config.username === 'string' && config.username !== '' ? config.username : DEFAULT_USERNAME;

function invalid(problems: FieldProblem[]): never {
  throw new HubError('VALIDATION_ERROR', `the request is invalid: ${problems.map((p) => `${p.field} ${p.message}`).join('; ')}`, problems);
}

function viewOfIntegration(own: ProjectGitIntegration, rules: GitRepoRules): GitCredentialsView {
  const binding = integrationBinding(own.config, rules);
  return {
    username: usernameOf(own.config),
    read_token_set: own.secretsSet.includes('token'),
    write_token_set: own.secretsSet.includes('write_token'),
    provider: binding?.provider ?? null,
    host_url: binding?.host_url ?? null,
    repositories: binding?.repositories ?? [],
    updated_at: own.updatedAt,
  };
}

function viewOfLegacy(stored: StoredGitCredentials | null): GitCredentialsView {
  if (!stored) return NO_CREDENTIALS;
  const binding = boundOf(stored);
  return {
    username: stored.username,
    read_token_set: Boolean(stored.read_token),
    write_token_set: Boolean(stored.write_token),
    provider: binding?.provider ?? null,
    host_url: binding?.host_url ?? null,
    repositories: binding?.repositories ?? [],
    updated_at: stored.updated_at,
  };
}
