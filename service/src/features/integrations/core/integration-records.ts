import { HubError } from '../../../core/errors.js';
import { timeOrderedId } from '../../../core/ids.js';
import { PreconditionFailedError, type ObjectStore } from '../../../core/ports/object-store.js';
import type { SecretBox } from '../../../core/ports/secret-box.js';
import { getJson, jsonBody, updateJson } from '../../../core/store/cas.js';
import { layout } from '../../../core/storage-layout.js';
import type { IntegrationConfig } from './kinds/index.js';
import { keepSource, plaintextSources, type KeptSecretSource, type SecretSource, type SecretSourceView } from './secret-sources.js';

export const INTEGRATION_ID_PATTERN = /^intg-[0-9a-z]{16}$/;
export const INTEGRATION_VERSION_ID_PATTERN = /^intv-[0-9a-z]{16}$/;
export const newIntegrationId = (now?: number) => `intg-${timeOrderedId(now)}`;
export const newIntegrationVersionId = (now?: number) => `intv-${timeOrderedId(now)}`;

/** The store's name of the organization's scope; a project's scope is its id. */
export const ORGANIZATION_SCOPE = 'organization';

/** Where an integration lives: the organization, or one project. */
export type IntegrationScope = { kind: 'organization' } | { kind: 'project'; projectId: string };

export const scopeKey = (scope: IntegrationScope): string => (scope.kind === 'organization' ? ORGANIZATION_SCOPE : scope.projectId);

/** An integration as the store keeps it at `integrations/<scope>/<iid>`: stored secret values sealed. */
export interface IntegrationRecord<Source = KeptSecretSource> {
  schema_version: 1;
  id: string;
  /** `organization` or a project id. */
  scope: string;
  kind: string;
  name: string;
  env_prefix: string;
  description: string;
  /** The non-secret fields, defaults applied. */
  config: IntegrationConfig;
  /** The secret fields that are set, each with its source. */
  secrets: Record<string, Source>;
  /** The current version: 1 at creation, one more at each change. */
  version_number: number;
  version_id: string;
  /** The organization integration this one was copied from (its version then), or null. */
  copied_from: { integration_id: string; version_id: string } | null;
  created_at: string;
  created_by: string;
  updated_at: string;
  updated_by: string;
}

/** An integration with its secret values readable: what use cases work with, never what the store or an answer holds. */
export type OpenIntegration = IntegrationRecord<SecretSource>;

/** One immutable version (no secret in it): the non-secret configuration, which secret fields were set and changed, who, when. */
export interface IntegrationVersionRecord {
  schema_version: 1;
  id: string;
  integration_id: string;
  scope: string;
  number: number;
  kind: string;
  name: string;
  env_prefix: string;
  description: string;
  config: IntegrationConfig;
  /** The secret fields that were set, with their source (a reference is not secret; a stored value shows only as `stored`). */
  secrets: Record<string, SecretSourceView>;
  /** The secret fields this version set, replaced or removed. */
  changed_secrets: string[];
  created_at: string;
  created_by: string;
}

/** The integrations of one scope: what listing, the per-scope capacity and unique names and prefixes rest on. */
export interface ScopeIndex {
  schema_version: 1;
  scope: string;
  /** Ascending by id, which is by creation time. */
  entries: ScopeIndexEntry[];
}

export interface ScopeIndexEntry {
  id: string;
  kind: string;
  name: string;
  env_prefix: string;
}

/** The record with every stored value sealed for its place (`integrations/<scope>/<iid>#secrets.<field>`), sealed ones kept. */
export function sealIntegration(
  box: SecretBox,
  key: string,
  record: IntegrationRecord<SecretSource | KeptSecretSource>,
): { record: IntegrationRecord; sealed: number } {
  const sealed = plaintextSources(record.secrets as Record<string, KeptSecretSource>);
  const secrets = Object.fromEntries(Object.entries(record.secrets).map(([field, source]) => [field, keepSource(box, source, key, secretField(field))]));
  return { record: { ...record, secrets }, sealed };
}

/** The field a stored secret is bound to in its record. */
export const secretField = (field: string) => `secrets.${field}`;

/** Version numbers fit the 9 digits of a version entry; entries count down so the newest lists first. */
const NUMBER_CEILING = 999_999_999;
export const versionEntryOf = (version: Pick<IntegrationVersionRecord, 'number' | 'id'>) =>
  `${String(NUMBER_CEILING - version.number).padStart(9, '0')}-${version.id}`;

/**
 * Integrations in the object store (docs/storage.md): the current configuration of each at
 * `integrations/<scope>/<iid>` (changed by compare-and-swap on its ETag), its immutable versions
 * under it, and the scope's index.
 */
export class IntegrationRecords {
  constructor(
    private readonly store: ObjectStore,
    private readonly box: SecretBox,
  ) {}

  /** The record as kept (stored values sealed) and its ETag, or null. */
  async get(scope: string, id: string): Promise<{ record: IntegrationRecord; etag: string } | null> {
    const found = await getJson<IntegrationRecord>(this.store, layout.integration(scope, id));
    return found ? { record: found.value, etag: found.etag } : null;
  }

  /** Stores a new integration (its stored values sealed); CONFLICT when its id is taken. Returns its ETag. */
  async create(record: IntegrationRecord<SecretSource | KeptSecretSource>): Promise<{ record: IntegrationRecord; etag: string }> {
    const key = layout.integration(record.scope, record.id);
    const sealed = sealIntegration(this.box, key, record).record;
    try {
      const { etag } = await this.store.put(key, jsonBody(sealed), { ifNoneMatch: '*' });
      return { record: sealed, etag };
    } catch (error) {
      if (error instanceof PreconditionFailedError) throw new HubError('CONFLICT', `integration ${record.id} exists already`);
      throw error;
    }
  }

  /** Replaces the record when it still has `etag`; PRECONDITION_FAILED when someone else changed it first. */
  async replace(record: IntegrationRecord<SecretSource | KeptSecretSource>, etag: string): Promise<{ record: IntegrationRecord; etag: string }> {
    const key = layout.integration(record.scope, record.id);
    const sealed = sealIntegration(this.box, key, record).record;
    try {
      const written = await this.store.put(key, jsonBody(sealed), { ifMatch: etag });
      return { record: sealed, etag: written.etag };
    } catch (error) {
      if (error instanceof PreconditionFailedError) throw staleWrite();
      throw error;
    }
  }

  /** Removes the record when it still has `etag`. */
  async delete(scope: string, id: string, etag: string): Promise<void> {
    try {
      await this.store.delete(layout.integration(scope, id), { ifMatch: etag });
    } catch (error) {
      if (error instanceof PreconditionFailedError) throw staleWrite();
      throw error;
    }
  }

  async putVersion(version: IntegrationVersionRecord): Promise<void> {
    await this.store.put(layout.integrationVersion(version.scope, version.integration_id, versionEntryOf(version)), jsonBody(version), { ifNoneMatch: '*' });
  }

  async deleteVersion(version: IntegrationVersionRecord): Promise<void> {
    await this.store.delete(layout.integrationVersion(version.scope, version.integration_id, versionEntryOf(version)));
  }

  /** A page of versions, newest first; the cursor is the store's. */
  async versions(
    scope: string,
    id: string,
    page: { cursor: string | null; limit: number },
  ): Promise<{ items: IntegrationVersionRecord[]; nextCursor: string | null }> {
    const listed = await this.store.list(layout.integrationVersionsPrefix(scope, id), { cursor: page.cursor, limit: page.limit });
    const items: IntegrationVersionRecord[] = [];
    for (const item of listed.items) {
      const version = await getJson<IntegrationVersionRecord>(this.store, item.key);
      if (version) items.push(version.value);
    }
    return { items, nextCursor: listed.nextCursor };
  }

  /** Removes every version of an integration (once it is deleted). */
  async deleteVersions(scope: string, id: string): Promise<void> {
    const prefix = layout.integrationVersionsPrefix(scope, id);
    for (;;) {
      const page = await this.store.list(prefix, { limit: 1000 });
      if (page.items.length === 0) return;
      for (const item of page.items) await this.store.delete(item.key);
    }
  }

  async index(scope: string): Promise<ScopeIndexEntry[]> {
    return (await getJson<ScopeIndex>(this.store, layout.integrationIndex(scope)))?.value.entries ?? [];
  }

  /**
   * Replaces the scope's entries with what `change` returns (undefined: unchanged). `change` may
   * run again after a lost race, and may throw to refuse the change.
   */
  async changeIndex(scope: string, change: (entries: readonly ScopeIndexEntry[]) => ScopeIndexEntry[] | undefined): Promise<void> {
    await updateJson<ScopeIndex>(this.store, layout.integrationIndex(scope), (current) => {
      const next = change(current?.entries ?? []);
      if (next === undefined) return undefined;
      const entries = [...next].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
      return { schema_version: 1, scope, entries };
    });
  }
}

export function staleWrite(): HubError {
  return new HubError('PRECONDITION_FAILED', 'someone else saved this integration since it was read: read it again (for its new ETag) and re-apply the change');
}
