import type { Logger } from '../../../core/ports/logger.js';
import type { ObjectStore } from '../../../core/ports/object-store.js';
import { PreconditionFailedError } from '../../../core/ports/object-store.js';
import type { SecretBox } from '../../../core/ports/secret-box.js';
import { getJson } from '../../../core/store/cas.js';
import { layout } from '../../../core/storage-layout.js';
import type { GitRepoRules } from './git-source-config.js';
import { integrationBinding, integrationConfigOf, sameServed, type ProjectGitIntegrations } from './integration-credentials.js';
import { boundOf, openGitCredentials, type StoredGitCredentials } from './legacy-git-credentials.js';

/** Who the audit log names for what the hub does by itself. */
const SYSTEM_ACTOR = 'system';
const LEGACY_KEY = /^git\/([^/]+)\/credentials$/;

export interface GitCredentialsMigrationDeps {
  store: ObjectStore;
  box: SecretBox;
  rules: GitRepoRules;
  /** Where the credentials move to. */
  integrations: ProjectGitIntegrations;
  logger: Logger;
}

/** What one start did: credentials moved, and records left where they are (each logged with why). */
export interface GitCredentialsMigrationOutcome {
  migrated: number;
  left: number;
}

/**
 * Moves the Git credentials older hubs kept per project (`git/<pid>/credentials`) into the
 * project's Git credentials integration, at every start (docs/git.md, "Credentials"): the same
 * user name, the tokens stored sealed again under the integration's key (they are opened only in
 * memory), the same host and repositories, `in_notebooks` off. The integration is created first,
 * under an id fixed by the project (audited as `integration.create` by `system`, `migrated_from`
 * saying where it came from), then the record is deleted; a start that stopped in between finds
 * the integration there, creates none, and deletes the record. Credentials never bound to a host
 * are sent nowhere and a `git` integration always serves its repository, so they stay where they
 * are, with a warning each start, until a manager sets their repositories or removes them.
 */
export async function migrateGitCredentials(deps: GitCredentialsMigrationDeps): Promise<GitCredentialsMigrationOutcome> {
  const outcome: GitCredentialsMigrationOutcome = { migrated: 0, left: 0 };
  let cursor: string | null = null;
  do {
    const page = await deps.store.list(layout.gitPrefix, { cursor, limit: 1000 });
    for (const { key } of page.items) {
      const projectId = LEGACY_KEY.exec(key)?.[1];
      if (projectId === undefined) continue;
      try {
        if (await migrateOne(deps, projectId, key)) outcome.migrated++;
        else outcome.left++;
      } catch (error) {
        outcome.left++;
        deps.logger.error(
          { event: 'git_credentials_migration_failed', project_id: projectId, err: error },
          "moving the project's Git credentials into an integration failed; it is tried again at the next start",
        );
      }
    }
    cursor = page.nextCursor;
  } while (cursor !== null);
  if (outcome.migrated > 0 || outcome.left > 0) deps.logger.info({ event: 'git_credentials_migration', ...outcome }, 'git_credentials_migration');
  return outcome;
}

/** Moves one project's record; false when it stays (gone meanwhile, or not to be moved). */
async function migrateOne(deps: GitCredentialsMigrationDeps, projectId: string, key: string): Promise<boolean> {
  const found = await getJson<StoredGitCredentials>(deps.store, key);
  if (!found) return false;
  const binding = boundOf(found.value);
  const hasTokens = Boolean(found.value.read_token || found.value.write_token);
  if (!binding) {
    if (hasTokens)
      deps.logger.warn(
        { event: 'git_credentials_not_migrated', project_id: projectId, reason: 'not_bound' },
        `project ${projectId} has Git credentials saved before they were bound to a Git host: they are sent nowhere. A project manager lists the repositories they serve (the project's settings, or PUT /api/v1/projects/${projectId}/git-credentials with repositories), which moves them into a git integration, or removes them (DELETE).`,
      );
    return false;
  }
  const config = { ...integrationConfigOf(binding), username: found.value.username, in_notebooks: false };
  if (!sameServed(integrationBinding(config, deps.rules), binding)) {
    deps.logger.warn(
      { event: 'git_credentials_not_migrated', project_id: projectId, reason: 'binding_not_expressible', host_url: binding.host_url },
      `project ${projectId} has Git credentials whose repositories a git integration cannot name the same way (the Git provider URLs changed?): they stay as they are. A project manager sets their repositories again to move them.`,
    );
    return false;
  }
  const opened = openGitCredentials(deps.box, key, found.value);
  const { integration, created } = await deps.integrations.save(
    projectId,
    { etag: null, config, secrets: { token: opened.read_token, write_token: opened.write_token } },
    SYSTEM_ACTOR,
    { migrated: true },
  );
  try {
    await deps.store.delete(key, { ifMatch: found.etag });
  } catch (error) {
    // Changed meanwhile (by an older hub still running): looked at again at the next start.
    if (!(error instanceof PreconditionFailedError)) throw error;
    return false;
  }
  deps.logger.info({ event: 'git_credentials_migrated', project_id: projectId, integration_id: integration.id, created }, 'git_credentials_migrated');
  return true;
}
