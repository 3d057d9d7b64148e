import { createHash } from 'node:crypto';
import { HubError } from '../../../core/errors.js';
import { envPrefixOf } from './integration-config.js';
import type { IntegrationScope, ScopeIndexEntry } from './integration-records.js';
import type { IntegrationSecrets } from './integration-secrets.js';
import type { IntegrationService, IntegrationWithEtag } from './integration-service.js';
import type { ConfigValue } from './kinds/index.js';
import type { SecretSource } from './secret-sources.js';

/** What the Git feature reads of the project's own Git credentials integration (its `ProjectGitIntegration`). */
export interface GitCredentialsIntegrationState {
  id: string;
  etag: string;
  config: Readonly<Record<string, ConfigValue>>;
  secretsSet: readonly string[];
  updatedAt: string;
  secrets(): Promise<Record<string, string>>;
}

/** A change of it, as the Git feature makes one (its `ProjectGitIntegrationChange`). */
export interface GitCredentialsIntegrationChange {
  etag: string | null;
  config: Record<string, ConfigValue>;
  secrets: Partial<Record<'token' | 'write_token', string | null>>;
}

const NAME = 'Git credentials';
const DESCRIPTION =
  "The project's Git credentials, set in the project's settings (or through /git-credentials): the hub uses them for the project's Git notebooks.";
const RETRIES = 3;

/**
 * The id of a project's Git credentials integration: fixed by the project, so that a second
 * create (a start that stopped between moving credentials and deleting their old record, or two
 * hubs at once) finds the first instead of making another. It is the project id's own time and
 * randomness (a project's integrations list it as their oldest); an id of another shape is hashed.
 */
export function gitCredentialsIntegrationId(projectId: string): string {
  const suffix = /^proj-([0-9a-z]{16})$/.exec(projectId)?.[1];
  if (suffix) return `intg-${suffix}`;
  const digest = BigInt(`0x${createHash('sha256').update(projectId).digest('hex').slice(0, 20)}`);
  return `intg-${digest.toString(36).padStart(16, '0').slice(-16)}`;
}

/** The first of `Git credentials`, `Git credentials 2`, ... whose name and variable prefix no other integration of the scope has. */
function freeName(entries: readonly ScopeIndexEntry[], id: string): { name: string; env_prefix: string } {
  const others = entries.filter((entry) => entry.id !== id);
  for (let n = 1; ; n++) {
    const name = n === 1 ? NAME : `${NAME} ${n}`;
    const prefix = envPrefixOf(name);
    if (!others.some((other) => other.name.toLowerCase() === name.toLowerCase() || other.env_prefix === prefix)) return { name, env_prefix: prefix };
  }
}

/**
 * Each project's own Git credentials, kept as one `git` integration of the project (docs/git.md,
 * "Credentials"): what the Git feature's `/git-credentials` routes show and change, and where
 * credentials older hubs kept move at start. A manager sees and edits it among the project's
 * integrations too. It is there whether integrations are turned on or not, and is created even
 * when the project has as many integrations as it may (a project has one at most).
 */
export class GitCredentialsIntegrations {
  constructor(private readonly deps: { integrations: IntegrationService; secrets: IntegrationSecrets }) {}

  async find(projectId: string): Promise<GitCredentialsIntegrationState | null> {
    const found = await this.get(projectId);
    return found ? this.stateOf(found) : null;
  }

  async save(
    projectId: string,
    change: GitCredentialsIntegrationChange,
    actor: string,
    options: { migrated?: boolean } = {},
  ): Promise<{ integration: GitCredentialsIntegrationState; created: boolean }> {
    const scope: IntegrationScope = { kind: 'project', projectId };
    const id = gitCredentialsIntegrationId(projectId);
    if (change.etag !== null) {
      const current = (await this.get(projectId)) ?? notFound();
      const replaced = await this.deps.integrations.replace(
        scope,
        id,
        change.etag,
        { name: current.record.name, description: current.record.description, config: change.config, secrets: sourcesOf(change.secrets) },
        actor,
      );
      return { integration: this.stateOf(replaced), created: false };
    }
    for (let attempt = 1; ; attempt++) {
      const existing = await this.get(projectId);
      if (existing) {
        // Created before (a crash may have kept it out of the project's list: it is put back).
        await this.deps.integrations.reindex(scope, id);
        return { integration: this.stateOf(existing), created: false };
      }
      const secrets = Object.fromEntries(Object.entries(sourcesOf(change.secrets)).filter(([, source]) => source !== null));
      try {
        const created = await this.deps.integrations.create(
          scope,
          { kind: 'git', ...freeName(await this.deps.integrations.entries(scope), id), description: DESCRIPTION, config: change.config, secrets },
          actor,
          { id, beyondCapacity: true, auditMetadata: options.migrated ? { migrated_from: 'git_credentials' } : {} },
        );
        return { integration: this.stateOf(created), created: true };
      } catch (error) {
        // Its name was taken meanwhile, or another hub created it: looked at again.
        if (!(attempt < RETRIES && error instanceof HubError && error.code === 'CONFLICT')) throw error;
      }
    }
  }

  async remove(projectId: string, actor: string): Promise<boolean> {
    try {
      await this.deps.integrations.delete({ kind: 'project', projectId }, gitCredentialsIntegrationId(projectId), null, actor);
      return true;
    } catch (error) {
      if (error instanceof HubError && error.code === 'NOT_FOUND') return false;
      throw error;
    }
  }

  private async get(projectId: string): Promise<IntegrationWithEtag | null> {
    try {
      return await this.deps.integrations.get({ kind: 'project', projectId }, gitCredentialsIntegrationId(projectId));
    } catch (error) {
      if (error instanceof HubError && error.code === 'NOT_FOUND') return null;
      throw error;
    }
  }

  private stateOf({ record, etag }: IntegrationWithEtag): GitCredentialsIntegrationState {
    return {
      id: record.id,
      etag,
      config: record.config,
      secretsSet: Object.keys(record.secrets).sort(),
      updatedAt: record.updated_at,
      secrets: async () => (await this.deps.secrets.resolveEach(record)).secrets,
    };
  }
}

/** Tokens as secret sources: a value stored by the hub (sealed when written), null removing it. */
function sourcesOf(secrets: GitCredentialsIntegrationChange['secrets']): Record<string, SecretSource | null> {
  return Object.fromEntries(
    Object.entries(secrets)
      .filter(([, value]) => value !== undefined)
      .map(([field, value]) => [field, value === null ? null : { source: 'stored', value }]),
  );
}

function notFound(): never {
  throw new HubError('PRECONDITION_FAILED', "the project's Git credentials were removed since they were read");
}
