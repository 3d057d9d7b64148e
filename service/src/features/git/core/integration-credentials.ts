import type { GitCredentials } from '../../../core/ports/git-remote.js';
import { bindingOf, bindingServes, type CredentialBinding } from './credential-binding.js';
import type { GitRepoRules } from './git-source-config.js';

type ConfigValue = string | number | boolean;

/**
 * What Git reads of a project's integrations (docs/git.md, "Credentials"): the integrations feature
 * provides it, and the composition root links the two. Secrets are resolved only for an
 * integration that serves the repository asked for.
 */
export interface GitIntegrationSource {
  /** The project's integrations, oldest first, with their non-secret configuration. */
  listForBrowsing(projectId: string): Promise<{ id: string; kind: string; config: Readonly<Record<string, ConfigValue>> }[]>;
  /** One of them with its secret fields resolved; null when it is gone. */
  openForBrowsing(projectId: string, integrationId: string): Promise<{ secrets: Record<string, string> } | null>;
}

/**
 * Where the credentials of a `git` integration may be sent: its repository, and the paths its
 * `repositories` lists on that repository's host, bound as the project's own Git credentials are
 * (one host, those repositories). Null when its configuration binds nothing this deployment's
 * rules accept.
 */
export function integrationBinding(config: Readonly<Record<string, ConfigValue>>, rules: GitRepoRules): CredentialBinding | null {
  const repositoryUrl = typeof config.repository_url === 'string' ? config.repository_url : '';
  let origin: string;
  try {
    origin = new URL(repositoryUrl).origin;
  } catch {
    return null;
  }
  const patterns = typeof config.repositories === 'string' ? config.repositories.split(/[\s,]+/).filter((entry) => entry !== '') : [];
  const bound = bindingOf([repositoryUrl, ...patterns.map((pattern) => `${origin}/${pattern}`)], null, rules);
  return 'field' in bound ? null : bound;
}

/**
 * The configuration of a `git` integration that serves exactly what `binding` serves: the first
 * listed repository as its `repository_url`, the others in `repositories` (paths on the
 * repository's origin, so under the provider's own path when it has one). The user name is the
 * caller's to add.
 */
export function integrationConfigOf(binding: CredentialBinding): { repository_url: string; repositories: string } {
  const host = binding.host_url.replace(/\/+$/, '');
  const hostPath = new URL(host).pathname.replace(/^\/+|\/+$/g, '');
  const [first = '*', ...rest] = binding.repositories;
  return { repository_url: `${host}/${first}`, repositories: rest.map((pattern) => (hostPath ? `${hostPath}/${pattern}` : pattern)).join(' ') };
}

/** Whether two bindings send credentials with the same calls: the same host URL and repositories (the provider only names them). */
export function sameServed(a: CredentialBinding | null, b: CredentialBinding | null): boolean {
  if (!a || !b) return a === b;
  return a.host_url === b.host_url && a.repositories.length === b.repositories.length && a.repositories.every((pattern, i) => pattern === b.repositories[i]);
}

/** The project's own Git credentials kept as a `git` integration (docs/git.md, "Credentials"). */
export interface ProjectGitIntegration {
  id: string;
  /** What a change must name (If-Match). */
  etag: string;
  config: Readonly<Record<string, ConfigValue>>;
  /** The secret fields that are set: `token`, `write_token`. */
  secretsSet: readonly string[];
  updatedAt: string;
  /** Its secrets, resolved now; one whose reference cannot be read is left out. */
  secrets(): Promise<Record<string, string>>;
}

/** A change of it: its whole non-secret configuration, and the tokens changed. */
export interface ProjectGitIntegrationChange {
  /** The ETag it was read with; null creates it. */
  etag: string | null;
  config: Record<string, ConfigValue>;
  /** A value to store (sealed), null to remove; a token left out keeps its source. */
  secrets: Partial<Record<'token' | 'write_token', string | null>>;
}

/**
 * Where the project's own Git credentials are kept: one `git` integration per project, which the
 * integrations feature provides and the composition root links. It is there whether or not
 * integrations are turned on (the `/git-credentials` routes are Git's).
 */
export interface ProjectGitIntegrations {
  find(projectId: string): Promise<ProjectGitIntegration | null>;
  /**
   * Creates it (`etag` null; `created` false, nothing changed, when it exists already) or replaces
   * it as a new version (PRECONDITION_FAILED when it changed since `etag`). Audited as the
   * integration's change by `actor`; `migrated` says it came from credentials an older hub kept.
   */
  save(
    projectId: string,
    change: ProjectGitIntegrationChange,
    actor: string,
    options?: { migrated?: boolean },
  ): Promise<{ integration: ProjectGitIntegration; created: boolean }>;
  /** Deletes it (audited); false when there was none. */
  remove(projectId: string, actor: string): Promise<boolean>;
}

/**
 * The project's `git` integrations as credentials for the hub's own Git calls: the oldest one
 * that serves the repository's URL and has the token the call needs (`token` to read,
 * `write_token` to push a change request). One whose token cannot be read at the moment (a
 * referenced variable or file gone) is passed over; its "test connection" says why.
 */
export class IntegrationGitCredentials {
  private source: GitIntegrationSource | null = null;

  constructor(private readonly rules: GitRepoRules) {}

  /** Where the integrations are read from (linked once every feature is built). */
  use(source: GitIntegrationSource | null): void {
    this.source = source;
  }

  /** `except`: the project's own Git credentials integration, looked at first by the caller. */
  async find(projectId: string, url: string, token: 'token' | 'write_token', except?: string): Promise<GitCredentials | null> {
    if (!this.source) return null;
    for (const integration of await this.source.listForBrowsing(projectId)) {
      if (integration.id === except || integration.kind !== 'git' || !bindingServes(integrationBinding(integration.config, this.rules), url)) continue;
      const secret = (await this.source.openForBrowsing(projectId, integration.id).catch(() => null))?.secrets[token];
      if (secret) return { username: typeof integration.config.username === 'string' ? integration.config.username : 'x-access-token', password: secret };
    }
    return null;
  }
}
