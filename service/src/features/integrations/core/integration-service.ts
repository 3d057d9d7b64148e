import type { AuditLog } from '../../../core/audit/audit-log.js';
import { HubError } from '../../../core/errors.js';
import { InvalidCursorError } from '../../../core/ports/object-store.js';
import type { SecretBox } from '../../../core/ports/secret-box.js';
import { layout } from '../../../core/storage-layout.js';
import { checkIntegration, kindFor, type CheckedIntegration, type IntegrationInput, type IntegrationReplacement } from './integration-input.js';
import {
  INTEGRATION_ID_PATTERN,
  newIntegrationId,
  newIntegrationVersionId,
  ORGANIZATION_SCOPE,
  scopeKey,
  secretField,
  staleWrite,
  type IntegrationRecord,
  type IntegrationRecords,
  type IntegrationScope,
  type IntegrationVersionRecord,
  type OpenIntegration,
  type ScopeIndexEntry,
} from './integration-records.js';
import { openSource, sameSource, sourceView, type SecretSource, type SecretSourceReader } from './secret-sources.js';

export interface IntegrationServiceOptions {
  /** Integrations one scope may have (SERVICE_INTEGRATIONS_MAX_PER_SCOPE). */
  maxPerScope: number;
}

export interface IntegrationServiceDeps {
  records: IntegrationRecords;
  box: SecretBox;
  reader: SecretSourceReader;
  audit: AuditLog;
  options: IntegrationServiceOptions;
  now?: () => Date;
}

/** How a create the hub makes itself differs from one a person asks for (the project's Git credentials, docs/git.md). */
export interface CreateOptions {
  /** The id it is created with, one that says which integration it is: CONFLICT when that id exists. */
  id?: string;
  /** Created even when the scope has as many integrations as it may have. */
  beyondCapacity?: boolean;
  /** What its `integration.create` audit entry says besides (never a value). */
  auditMetadata?: Record<string, unknown>;
}

/** A record and the ETag writes must name. */
export interface IntegrationWithEtag {
  record: IntegrationRecord;
  etag: string;
}

export interface IntegrationPage {
  items: IntegrationRecord[];
  nextCursor: string | null;
}

/**
 * Integrations of projects and of the organization (docs/integrations.md): checked writes, the
 * scope's unique names and prefixes, an immutable version per change, the audit event of every
 * change (never with a value). Authorization is decided before these are called.
 */
export class IntegrationService {
  private readonly now: () => Date;

  constructor(private readonly deps: IntegrationServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /** Newest first; the cursor is the id the previous page ended with. */
  async list(scope: IntegrationScope, page: { cursor: string | null; limit: number }): Promise<IntegrationPage> {
    const after = page.cursor === null ? null : decodeCursor(page.cursor);
    const newestFirst = [...(await this.deps.records.index(scopeKey(scope)))].reverse();
    const remaining = after === null ? newestFirst : newestFirst.filter((entry) => entry.id < after);
    const items: IntegrationRecord[] = [];
    let consumed = 0;
    for (const entry of remaining) {
      if (items.length === page.limit) break;
      consumed++;
      const found = await this.deps.records.get(scopeKey(scope), entry.id);
      if (found) items.push(found.record);
    }
    const more = consumed < remaining.length;
    return { items, nextCursor: more ? encodeCursor(remaining[consumed - 1]!.id) : null };
  }

  async get(scope: IntegrationScope, id: string): Promise<IntegrationWithEtag> {
    const found = INTEGRATION_ID_PATTERN.test(id) ? await this.deps.records.get(scopeKey(scope), id) : null;
    if (!found) throw notFound(scope);
    return found;
  }

  /** Every integration of a scope, oldest first, as kept (what rendering into sandboxes reads). */
  async all(scope: IntegrationScope): Promise<IntegrationRecord[]> {
    const records: IntegrationRecord[] = [];
    for (const entry of await this.deps.records.index(scopeKey(scope))) {
      const found = await this.deps.records.get(scopeKey(scope), entry.id);
      if (found) records.push(found.record);
    }
    return records;
  }

  async create(scope: IntegrationScope, input: IntegrationInput, actor: string, options: CreateOptions = {}): Promise<IntegrationWithEtag> {
    const kind = kindFor(input.kind, scope.kind);
    const checked = await checkIntegration(
      kind,
      { name: input.name, env_prefix: input.env_prefix, description: input.description, config: input.config ?? {}, secrets: input.secrets ?? {} },
      null,
      this.deps.reader,
    );
    const capacity = options.beyondCapacity ? Infinity : this.deps.options.maxPerScope;
    const created = await this.store(scope, checked, null, actor, { id: options.id, capacity });
    await this.deps.audit.append({
      event: 'integration.create',
      actor,
      ...auditScope(scope),
      metadata: { ...describe(created.record), ...options.auditMetadata },
    });
    return created;
  }

  /** The names and variable prefixes the scope's integrations hold. */
  async entries(scope: IntegrationScope): Promise<ScopeIndexEntry[]> {
    return this.deps.records.index(scopeKey(scope));
  }

  /**
   * Puts an integration back in its scope's index when a crash between its first writes left it
   * out (so it was never listed); CONFLICT when another took its name or prefix meanwhile.
   */
  async reindex(scope: IntegrationScope, id: string): Promise<void> {
    const found = await this.deps.records.get(scopeKey(scope), id);
    if (!found || (await this.entries(scope)).some((entry) => entry.id === id)) return;
    await this.reserve(scope, entryOf(found.record), Infinity);
  }

  /** An organization integration copied into a project: its configuration, and each secret with its source (a stored value sealed anew, for its new place). */
  async copy(projectId: string, input: { from: string; name?: string; env_prefix?: string }, actor: string): Promise<IntegrationWithEtag> {
    const organization: IntegrationScope = { kind: 'organization' };
    const source = await this.get(organization, input.from).catch((error: unknown) => {
      throw error instanceof HubError && error.code === 'NOT_FOUND' ? new HubError('NOT_FOUND', `no organization integration ${input.from}`) : error;
    });
    const kind = kindFor(source.record.kind, 'project');
    const open = this.open(source.record);
    const checked = await checkIntegration(
      kind,
      {
        name: input.name ?? source.record.name,
        env_prefix: input.env_prefix ?? source.record.env_prefix,
        description: source.record.description,
        config: source.record.config,
        secrets: {},
      },
      { env_prefix: source.record.env_prefix, secrets: open.secrets },
      this.deps.reader,
    );
    const scope: IntegrationScope = { kind: 'project', projectId };
    const copiedFrom = { integration_id: source.record.id, version_id: source.record.version_id };
    const created = await this.store(scope, checked, copiedFrom, actor, { capacity: this.deps.options.maxPerScope });
    await this.deps.audit.append({ event: 'integration.copy', actor, projectId, metadata: { ...describe(created.record), copied_from: copiedFrom } });
    return created;
  }

  /**
   * Replaces the configuration when `ifMatch` is the current ETag: PRECONDITION_REQUIRED without
   * one, PRECONDITION_FAILED when someone else saved first (nothing is written then).
   */
  async replace(scope: IntegrationScope, id: string, ifMatch: string | null, input: IntegrationReplacement, actor: string): Promise<IntegrationWithEtag> {
    const current = await this.get(scope, id);
    if (ifMatch === null)
      throw new HubError('PRECONDITION_REQUIRED', 'send the ETag this integration was read with as If-Match, so a change made since is not overwritten');
    if (ifMatch !== current.etag) throw staleWrite();
    if (input.kind !== undefined && input.kind !== current.record.kind)
      throw new HubError('VALIDATION_ERROR', 'the kind of an integration cannot change', [{ field: 'kind', message: 'cannot change' }]);
    const open = this.open(current.record);
    const checked = await checkIntegration(
      kindFor(current.record.kind, scope.kind),
      { name: input.name, env_prefix: input.env_prefix, description: input.description, config: input.config, secrets: input.secrets ?? {} },
      { env_prefix: current.record.env_prefix, secrets: open.secrets },
      this.deps.reader,
    );
    const changedSecrets = changedKeys(open.secrets, checked.secrets);
    const at = this.now().toISOString();
    const versionId = newIntegrationVersionId(this.now().getTime());
    const next: IntegrationRecord<SecretSource> = {
      ...open,
      name: checked.name,
      env_prefix: checked.env_prefix,
      description: checked.description,
      config: checked.config,
      secrets: checked.secrets,
      version_number: current.record.version_number + 1,
      version_id: versionId,
      updated_at: at,
      updated_by: actor,
    };
    const renamed = next.name !== current.record.name || next.env_prefix !== current.record.env_prefix;
    const key = scopeKey(scope);
    if (renamed) await this.reserve(scope, entryOf(next), Infinity);
    const version = versionOf(next, changedSecrets);
    await this.deps.records.putVersion(version);
    try {
      const written = await this.deps.records.replace(next, current.etag);
      const changedFields = Object.keys({ ...current.record.config, ...next.config }).filter((field) => current.record.config[field] !== next.config[field]);
      await this.deps.audit.append({
        event: 'integration.update',
        actor,
        ...auditScope(scope),
        metadata: { ...describe(written.record), changed_fields: changedFields.sort(), changed_secrets: changedSecrets },
      });
      return written;
    } catch (error) {
      await this.deps.records.deleteVersion(version).catch(() => {});
      if (renamed) await this.deps.records.changeIndex(key, (entries) => restore(entries, entryOf(current.record), next)).catch(() => {});
      throw error;
    }
  }

  /** Deletes the integration and its versions; with `ifMatch`, only when it is still the one read. */
  async delete(scope: IntegrationScope, id: string, ifMatch: string | null, actor: string): Promise<void> {
    const current = await this.get(scope, id);
    if (ifMatch !== null && ifMatch !== current.etag) throw staleWrite();
    const key = scopeKey(scope);
    await this.deps.records.delete(key, id, current.etag);
    await this.deps.records.changeIndex(key, (entries) => (entries.some((entry) => entry.id === id) ? entries.filter((entry) => entry.id !== id) : undefined));
    await this.deps.records.deleteVersions(key, id);
    await this.deps.audit.append({ event: 'integration.delete', actor, ...auditScope(scope), metadata: describe(current.record) });
  }

  async versions(
    scope: IntegrationScope,
    id: string,
    page: { cursor: string | null; limit: number },
  ): Promise<{ items: IntegrationVersionRecord[]; nextCursor: string | null }> {
    await this.get(scope, id);
    return this.deps.records.versions(scopeKey(scope), id, page);
  }

  /** The record with its stored values opened: for checks and copies inside the hub, never for an answer. */
  open(record: IntegrationRecord): OpenIntegration {
    const key = layout.integration(record.scope, record.id);
    const secrets = Object.fromEntries(
      Object.entries(record.secrets).map(([field, source]) => [field, openSource(this.deps.box, source, key, secretField(field))]),
    );
    return { ...record, secrets };
  }

  /**
   * Puts `entry` in the scope's index. An entry whose record is gone (a delete cut short between
   * its two writes) holds no name: it is dropped and the reservation tried again.
   */
  private async reserve(scope: IntegrationScope, entry: ScopeIndexEntry, capacity: number): Promise<void> {
    const key = scopeKey(scope);
    try {
      await this.deps.records.changeIndex(key, (entries) => reserve(entries, entry, scope, capacity));
    } catch (error) {
      if (!(error instanceof HubError) || (error.code !== 'CONFLICT' && error.code !== 'RESOURCE_EXHAUSTED')) throw error;
      const gone: string[] = [];
      for (const other of await this.deps.records.index(key)) if (other.id !== entry.id && !(await this.deps.records.get(key, other.id))) gone.push(other.id);
      if (gone.length === 0) throw error;
      await this.deps.records.changeIndex(key, (entries) =>
        reserve(
          entries.filter((other) => !gone.includes(other.id)),
          entry,
          scope,
          capacity,
        ),
      );
    }
  }

  /**
   * Stores a new integration: the record, its first version, then its entry in the scope's index
   * (which holds names and prefixes unique and the scope's capacity). A refused entry removes
   * what was written, so a losing concurrent create leaves nothing.
   */
  private async store(
    scope: IntegrationScope,
    checked: CheckedIntegration,
    copiedFrom: IntegrationRecord['copied_from'],
    actor: string,
    place: { id?: string; capacity: number },
  ): Promise<IntegrationWithEtag> {
    const at = this.now();
    const record: IntegrationRecord<SecretSource> = {
      schema_version: 1,
      id: place.id ?? newIntegrationId(at.getTime()),
      scope: scopeKey(scope),
      kind: checked.kind.kind,
      name: checked.name,
      env_prefix: checked.env_prefix,
      description: checked.description,
      config: checked.config,
      secrets: checked.secrets,
      version_number: 1,
      version_id: newIntegrationVersionId(at.getTime()),
      copied_from: copiedFrom,
      created_at: at.toISOString(),
      created_by: actor,
      updated_at: at.toISOString(),
      updated_by: actor,
    };
    const created = await this.deps.records.create(record);
    const version = versionOf(record, Object.keys(record.secrets).sort());
    try {
      await this.deps.records.putVersion(version);
      await this.reserve(scope, entryOf(record), place.capacity);
    } catch (error) {
      await this.deps.records.deleteVersion(version).catch(() => {});
      await this.deps.records.delete(record.scope, record.id, created.etag).catch(() => {});
      throw error;
    }
    return created;
  }
}

const entryOf = (record: Pick<IntegrationRecord, 'id' | 'kind' | 'name' | 'env_prefix'>): ScopeIndexEntry => ({
  id: record.id,
  kind: record.kind,
  name: record.name,
  env_prefix: record.env_prefix,
});

/** The entries with `entry` in them (added, or its own replaced): CONFLICT for a name or prefix another has, RESOURCE_EXHAUSTED at capacity. */
function reserve(entries: readonly ScopeIndexEntry[], entry: ScopeIndexEntry, scope: IntegrationScope, capacity: number): ScopeIndexEntry[] {
  const others = entries.filter((candidate) => candidate.id !== entry.id);
  const where = scope.kind === 'organization' ? 'the organization' : 'this project';
  if (others.some((other) => other.name.toLowerCase() === entry.name.toLowerCase()))
    throw new HubError('CONFLICT', `${where} has an integration named ${entry.name} already`, [{ field: 'name', message: 'is taken' }]);
  if (others.some((other) => other.env_prefix === entry.env_prefix))
    throw new HubError('CONFLICT', `${where} has an integration with the variable prefix ${entry.env_prefix} already`, [
      { field: 'env_prefix', message: 'is taken' },
    ]);
  if (others.length === entries.length && others.length >= capacity)
    throw new HubError('RESOURCE_EXHAUSTED', `${where} can have at most ${capacity} integrations; delete one first`);
  return [...others, entry];
}

/** Puts back an entry a failed replace changed, unless someone changed it since. */
function restore(entries: readonly ScopeIndexEntry[], previous: ScopeIndexEntry, attempted: ScopeIndexEntry): ScopeIndexEntry[] | undefined {
  const now = entries.find((entry) => entry.id === previous.id);
  if (!now || now.name !== attempted.name || now.env_prefix !== attempted.env_prefix) return undefined;
  return entries.map((entry) => (entry.id === previous.id ? previous : entry));
}

function versionOf(record: IntegrationRecord<SecretSource>, changedSecrets: string[]): IntegrationVersionRecord {
  return {
    schema_version: 1,
    id: record.version_id,
    integration_id: record.id,
    scope: record.scope,
    number: record.version_number,
    kind: record.kind,
    name: record.name,
    env_prefix: record.env_prefix,
    description: record.description,
    config: record.config,
    secrets: Object.fromEntries(Object.entries(record.secrets).map(([key, source]) => [key, sourceView(source)])),
    changed_secrets: changedSecrets,
    created_at: record.updated_at,
    created_by: record.updated_by,
  };
}

/** The secret fields set, replaced or removed between two sets of sources. */
function changedKeys(before: Readonly<Record<string, SecretSource>>, after: Readonly<Record<string, SecretSource>>): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter((key) => !before[key] || !after[key] || !sameSource(before[key], after[key])).sort();
}

/** What audit entries say of an integration: never a value or a reference. */
function describe(record: IntegrationRecord): Record<string, unknown> {
  return {
    integration_id: record.id,
    scope: record.scope === ORGANIZATION_SCOPE ? 'organization' : 'project',
    kind: record.kind,
    name: record.name,
    env_prefix: record.env_prefix,
    version_id: record.version_id,
    secrets_set: Object.keys(record.secrets).sort(),
  };
}

export const auditScope = (scope: IntegrationScope): { projectId?: string } => (scope.kind === 'project' ? { projectId: scope.projectId } : {});

export function notFound(scope: IntegrationScope): HubError {
  return new HubError('NOT_FOUND', scope.kind === 'organization' ? 'no such organization integration' : 'no such integration in this project');
}

function encodeCursor(id: string): string {
  return Buffer.from(id, 'utf8').toString('base64url');
}

function decodeCursor(cursor: string): string {
  const id = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!INTEGRATION_ID_PATTERN.test(id)) throw new InvalidCursorError();
  return id;
}
