import { HubError } from '../../../../core/errors.js';
import { PreconditionFailedError, type ObjectStore } from '../../../../core/ports/object-store.js';
import type { SecretBox } from '../../../../core/ports/secret-box.js';
import type { SealedRecordKind } from '../../../../core/secrets/sealed-records.js';
import { openValue, plaintextCount, sealValue, type StoredSecret } from '../../../../core/secrets/sealed-values.js';
import { jsonBody, parseJson } from '../../../../core/store/cas.js';
import { layout } from '../../../../core/storage-layout.js';
import type { SecretSource } from './secret-source.js';

/** A project secret: `secrets/<pid>/<name>`; a stored value sealed, bound to its key (docs/secrets-at-rest.md). */
export interface ProjectSecretRecord<Stored = StoredSecret> {
  schema_version: 1;
  project_id: string;
  name: string;
  description: string;
  source: SecretSource<Stored>;
  created_at: string;
  created_by: string;
  updated_at: string;
  updated_by: string;
}

/** A record as read, with the store's ETag (what `If-Match` names). */
export interface StoredProjectSecret {
  record: ProjectSecretRecord;
  etag: string;
}

/** The record with its stored value sealed (a sealed one kept): every write, and the migration of old records. */
export function sealProjectSecret(box: SecretBox, key: string, record: ProjectSecretRecord): { record: ProjectSecretRecord; sealed: number } {
  if (record.source.source !== 'stored') return { record, sealed: 0 };
  return {
    record: { ...record, source: { source: 'stored', value: sealValue(box, record.source.value, key, 'value') } },
    sealed: plaintextCount(record.source.value),
  };
}

export const PROJECT_SECRET_SEALED_RECORDS: SealedRecordKind = {
  name: 'project secrets',
  prefix: layout.projectSecretsPrefix(),
  holds: (key) => /^secrets\/[^/]+\/[A-Z][A-Z0-9_]*$/.test(key),
  sealPlaintext: (box, key, record) => sealProjectSecret(box, key, record as ProjectSecretRecord),
};

/** How many records a listing reads at once. */
const READ_CONCURRENCY = 8;

/**
 * Where project secrets are kept: one object each, written by compare-and-swap on the store's
 * ETag, so that a write based on a stale read fails instead of overwriting.
 */
export class ProjectSecretRecords {
  constructor(
    private readonly store: ObjectStore,
    private readonly box: SecretBox,
  ) {}

  /** Every secret of the project, by name. */
  async list(projectId: string): Promise<StoredProjectSecret[]> {
    const prefix = layout.projectSecretsPrefix(projectId);
    const keys: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await this.store.list(prefix, { cursor });
      keys.push(...page.items.map((item) => item.key).filter((key) => PROJECT_SECRET_SEALED_RECORDS.holds(key)));
      cursor = page.nextCursor;
    } while (cursor !== null);
    const found: (StoredProjectSecret | null)[] = [];
    for (let start = 0; start < keys.length; start += READ_CONCURRENCY) {
      found.push(...(await Promise.all(keys.slice(start, start + READ_CONCURRENCY).map((key) => this.read(key)))));
    }
    return found.filter((entry): entry is StoredProjectSecret => entry !== null).sort((a, b) => (a.record.name < b.record.name ? -1 : 1));
  }

  async count(projectId: string): Promise<number> {
    return (await this.list(projectId)).length;
  }

  get(projectId: string, name: string): Promise<StoredProjectSecret | null> {
    return this.read(layout.projectSecret(projectId, name));
  }

  /** Writes a new secret; CONFLICT when one of that name exists. */
  async create(record: ProjectSecretRecord): Promise<StoredProjectSecret> {
    const key = layout.projectSecret(record.project_id, record.name);
    const sealed = sealProjectSecret(this.box, key, record).record;
    try {
      const { etag } = await this.store.put(key, jsonBody(sealed), { ifNoneMatch: '*' });
      return { record: sealed, etag };
    } catch (error) {
      if (error instanceof PreconditionFailedError) throw new HubError('CONFLICT', `the project already has a secret named ${record.name}`);
      throw error;
    }
  }

  /** Replaces a secret read with `etag`; PRECONDITION_FAILED when it changed (or went) since. */
  async replace(record: ProjectSecretRecord, etag: string): Promise<StoredProjectSecret> {
    const key = layout.projectSecret(record.project_id, record.name);
    const sealed = sealProjectSecret(this.box, key, record).record;
    try {
      const written = await this.store.put(key, jsonBody(sealed), { ifMatch: etag });
      return { record: sealed, etag: written.etag };
    } catch (error) {
      if (error instanceof PreconditionFailedError) throw stale(record.name);
      throw error;
    }
  }

  /** Removes a secret; with `etag`, only that version of it (PRECONDITION_FAILED otherwise). */
  async delete(projectId: string, name: string, etag?: string): Promise<void> {
    try {
      await this.store.delete(layout.projectSecret(projectId, name), etag === undefined ? {} : { ifMatch: etag });
    } catch (error) {
      if (error instanceof PreconditionFailedError) throw stale(name);
      throw error;
    }
  }

  /** A stored value, opened. */
  openStored(record: ProjectSecretRecord & { source: { source: 'stored' } }): string {
    return openValue(this.box, record.source.value, layout.projectSecret(record.project_id, record.name), 'value');
  }

  private async read(key: string): Promise<StoredProjectSecret | null> {
    const object = await this.store.get(key);
    return object ? { record: parseJson<ProjectSecretRecord>(key, object.body), etag: object.etag } : null;
  }
}

/** Whether the stored version is one `If-Match` names (tags compare without quotes or weak prefix). */
export function matches(current: StoredProjectSecret, condition: '*' | readonly string[]): boolean {
  const bare = (tag: string) =>
    tag
      .trim()
      .replace(/^W\//, '')
      .replace(/^"(.*)"$/, '$1');
  return condition === '*' || condition.map(bare).includes(bare(current.etag));
}

/** A write based on a version of the secret that is no longer the stored one. */
export const stale = (name: string) =>
  new HubError('PRECONDITION_FAILED', `the secret ${name} changed since it was read (its ETag no longer matches If-Match): read it again and retry`);
