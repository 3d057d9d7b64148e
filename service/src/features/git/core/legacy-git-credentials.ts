import type { ObjectStore } from '../../../core/ports/object-store.js';
import type { SecretBox } from '../../../core/ports/secret-box.js';
import { openOptional, plaintextCount, sealOptional, type StoredSecret } from '../../../core/secrets/sealed-values.js';
import { getJson } from '../../../core/store/cas.js';
import { layout } from '../../../core/storage-layout.js';
import type { CredentialBinding } from './credential-binding.js';

/**
 * A project's Git credentials as hubs before `git` integrations kept them, at `git/<pid>/credentials`
 * (docs/git.md, "Credentials"). Nothing writes them now: the hub moves each into the project's Git
 * credentials integration when it starts (git-credentials-migration.ts), and reads one only while
 * it has not moved (credentials never bound to a host stay until a manager binds or removes them).
 */
export interface GitCredentialsRecord<Token> {
  username: string;
  read_token: Token | null;
  write_token: Token | null;
  /** Where they may be sent; absent in records saved before credentials were bound (sent nowhere). */
  binding?: CredentialBinding;
  updated_at: string;
  updated_by: string;
}
export type StoredGitCredentials = GitCredentialsRecord<StoredSecret>;
export type OpenGitCredentials = GitCredentialsRecord<string>;

/** The record with its tokens sealed (sealed ones kept): the secrets-at-rest migration of plaintext an older hub left. */
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

export function openGitCredentials(box: SecretBox, key: string, record: StoredGitCredentials): OpenGitCredentials {
  return {
    ...record,
    read_token: openOptional(box, record.read_token, key, 'read_token'),
    write_token: openOptional(box, record.write_token, key, 'write_token'),
  };
}

/** The binding of a record, when it names repositories (an older record's has none: sent nowhere). */
export const boundOf = (record: GitCredentialsRecord<unknown>): CredentialBinding | null =>
  record.binding && record.binding.repositories.length > 0 ? record.binding : null;

/** The project's record as kept (tokens sealed) and its ETag, or null. */
export async function readLegacyGitCredentials(store: ObjectStore, projectId: string): Promise<{ value: StoredGitCredentials; etag: string } | null> {
  return getJson<StoredGitCredentials>(store, layout.gitCredentials(projectId));
}
