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

  async find(projectId: string, url: string, token: 'token' | 'write_token'): Promise<GitCredentials | null> {
    if (!this.source) return null;
    for (const integration of await this.source.listForBrowsing(projectId)) {
      if (integration.kind !== 'git' || !bindingServes(integrationBinding(integration.config, this.rules), url)) continue;
      const secret = (await this.source.openForBrowsing(projectId, integration.id).catch(() => null))?.secrets[token];
      if (secret) return { username: typeof integration.config.username === 'string' ? integration.config.username : 'x-access-token', password: secret };
    }
    return null;
  }
}
