import type { AuditLog } from '../../../../core/audit/audit-log.js';
import { HubError, type FieldProblem } from '../../../../core/errors.js';
import { secretNameProblem } from './secret-names.js';
import { matches, stale, type ProjectSecretRecord, type ProjectSecretRecords, type StoredProjectSecret } from './secret-records.js';
import type { SecretReference, SecretReferences, SecretSource } from './secret-source.js';

/** A source as a request gives it: a stored value in plain text (sealed before it is written), or a reference. */
export type SecretSourceInput = { source: 'stored'; value: string } | SecretReference;

/** The versions a write is based on, as `If-Match` names them (`*`: whatever version is stored). */
export type VersionCondition = '*' | readonly string[];

/** A replacement: like a new secret's, except that a stored value left out keeps the one stored. */
export type SecretReplacement = ({ source: 'stored'; value?: string } | SecretReference) & { description?: string };

export interface ProjectSecretLimits {
  /** How many secrets a project may have. */
  maxPerProject: number;
  /** The longest stored value, in bytes of UTF-8. */
  maxValueBytes: number;
}

export const PROJECT_SECRET_LIMITS: ProjectSecretLimits = { maxPerProject: 200, maxValueBytes: 32 * 1024 };
export const DESCRIPTION_MAX = 500;

/** The outcome of checking that a secret can be read now (`POST …/test`). */
export interface SecretCheck {
  ok: boolean;
  /** What was found, in words a user can act on; never the value. */
  message: string;
  checked_at: string;
  duration_ms: number;
}

export interface ProjectSecretsDeps {
  records: ProjectSecretRecords;
  audit: AuditLog;
  /** What reads references; null where the hub reads none yet (only stored values are accepted then). */
  references: SecretReferences | null;
  limits?: ProjectSecretLimits;
  now?: () => Date;
}

/**
 * A project's secrets (docs/project-secrets.md): named values a notebook reads as environment
 * variables, each a value the hub stores sealed or a reference to where the hub reads it. Values
 * are write-only: nothing here returns one except {@link values}, for the sandboxes that receive
 * them. Every change is audited, by name and source type, never with a value.
 */
export class ProjectSecrets {
  private readonly limits: ProjectSecretLimits;
  private readonly now: () => Date;

  constructor(private readonly deps: ProjectSecretsDeps) {
    this.limits = deps.limits ?? PROJECT_SECRET_LIMITS;
    this.now = deps.now ?? (() => new Date());
  }

  list(projectId: string): Promise<StoredProjectSecret[]> {
    return this.deps.records.list(projectId);
  }

  async get(projectId: string, name: string): Promise<StoredProjectSecret> {
    const found = secretNameProblem(name) === null ? await this.deps.records.get(projectId, name) : null;
    if (!found) throw new HubError('NOT_FOUND', `the project has no secret named ${name}`);
    return found;
  }

  /** Writes `secret.create`. */
  async create(projectId: string, input: SecretSourceInput & { name: string; description?: string }, actor: string): Promise<StoredProjectSecret> {
    const { name, description, ...source } = input;
    const nameProblem = secretNameProblem(name);
    invalidIf([...(nameProblem ? [{ field: 'name', message: nameProblem }] : []), ...descriptionProblems(description), ...this.valueProblems(source)]);
    await this.checkReference(source);
    if ((await this.deps.records.count(projectId)) >= this.limits.maxPerProject) {
      throw new HubError('RESOURCE_EXHAUSTED', `a project has at most ${this.limits.maxPerProject} secrets; delete one first`);
    }
    const at = this.now().toISOString();
    const created = await this.deps.records.create({
      schema_version: 1,
      project_id: projectId,
      name,
      description: description ?? '',
      source: sourceOf(source),
      created_at: at,
      created_by: actor,
      updated_at: at,
      updated_by: actor,
    });
    await this.deps.audit.append({ event: 'secret.create', actor, projectId, metadata: { name, source: source.source } });
    return created;
  }

  /**
   * Replaces a secret's source and description, based on the version read with `ifMatch` (`*`:
   * whatever version is there). Writes `secret.update`.
   */
  async replace(projectId: string, name: string, input: SecretReplacement, ifMatch: VersionCondition, actor: string): Promise<StoredProjectSecret> {
    const { description, ...replacement } = input;
    const current = await this.get(projectId, name);
    if (!matches(current, ifMatch)) throw stale(name);
    const keep = replacement.source === 'stored' && replacement.value === undefined;
    if (keep && current.record.source.source !== 'stored') {
      invalidIf([{ field: 'value', message: 'is required: the secret has no stored value to keep' }]);
    }
    const source: SecretSourceInput | null = keep ? null : (replacement as SecretSourceInput);
    invalidIf([...descriptionProblems(description), ...(source ? this.valueProblems(source) : [])]);
    if (source) await this.checkReference(source);
    const updated = await this.deps.records.replace(
      {
        ...current.record,
        description: description ?? current.record.description,
        source: source ? sourceOf(source) : current.record.source,
        updated_at: this.now().toISOString(),
        updated_by: actor,
      },
      current.etag,
    );
    await this.deps.audit.append({
      event: 'secret.update',
      actor,
      projectId,
      metadata: { name, source: updated.record.source.source, value_changed: source !== null },
    });
    return updated;
  }

  /** Writes `secret.delete`; with `ifMatch`, only the version read. */
  async delete(projectId: string, name: string, ifMatch: VersionCondition | undefined, actor: string): Promise<void> {
    const current = await this.get(projectId, name);
    if (ifMatch !== undefined && !matches(current, ifMatch)) throw stale(name);
    await this.deps.records.delete(projectId, name, current.etag);
    await this.deps.audit.append({ event: 'secret.delete', actor, projectId, metadata: { name, source: current.record.source.source } });
  }

  /** Whether the secret can be read now: a stored value opens, a reference resolves. */
  async test(projectId: string, name: string): Promise<SecretCheck> {
    const { record } = await this.get(projectId, name);
    const started = performance.now();
    const problem = await this.readProblem(record);
    return {
      ok: problem === null,
      message: problem ?? (record.source.source === 'stored' ? 'The stored value opens with this hub’s key.' : `The ${describe(record.source)} can be read.`),
      checked_at: this.now().toISOString(),
      duration_ms: Math.round(performance.now() - started),
    };
  }

  /**
   * The values of every secret of the project, for a sandbox that receives them; those that
   * cannot be read now are left out, with why.
   */
  async values(projectId: string): Promise<{ values: Record<string, string>; unavailable: { name: string; reason: string }[] }> {
    const values: Record<string, string> = {};
    const unavailable: { name: string; reason: string }[] = [];
    for (const { record } of await this.deps.records.list(projectId)) {
      try {
        values[record.name] = await this.read(record);
      } catch (error) {
        unavailable.push({ name: record.name, reason: reasonOf(error) });
      }
    }
    return { values, unavailable };
  }

  private async read(record: ProjectSecretRecord): Promise<string> {
    const { source } = record;
    if (source.source === 'stored') return this.deps.records.openStored({ ...record, source });
    if (!this.deps.references) throw new HubError('SERVICE_UNAVAILABLE', `this hub does not read ${describe(source)} references`);
    return this.deps.references.reader.read(source);
  }

  private async readProblem(record: ProjectSecretRecord): Promise<string | null> {
    try {
      await this.read(record);
      return null;
    } catch (error) {
      return reasonOf(error);
    }
  }

  private valueProblems(source: SecretSourceInput): FieldProblem[] {
    if (source.source === 'stored') {
      const bytes = Buffer.byteLength(source.value, 'utf8');
      if (bytes === 0 || bytes > this.limits.maxValueBytes) return [{ field: 'value', message: `must be 1 to ${this.limits.maxValueBytes} bytes` }];
      if (source.value.includes('\0')) return [{ field: 'value', message: 'must not contain a NUL character (an environment variable cannot hold one)' }];
      return [];
    }
    if (!this.deps.references) {
      return [{ field: 'source', message: `${source.source} references are not read by this hub: store the value (source "stored")` }];
    }
    const problem = this.deps.references.validate(source);
    return problem ? [{ field: 'source', message: problem }] : [];
  }

  /** A reference is read once when it is written: one that cannot be read is refused now, not at the next session. */
  private async checkReference(source: SecretSourceInput): Promise<void> {
    if (source.source === 'stored' || !this.deps.references) return;
    try {
      await this.deps.references.reader.read(source);
    } catch (error) {
      invalidIf([{ field: 'source', message: reasonOf(error) }]);
    }
  }
}

function sourceOf(input: SecretSourceInput): SecretSource {
  switch (input.source) {
    case 'stored':
      return { source: 'stored', value: input.value };
    case 'environment':
      return { source: 'environment', variable: input.variable };
    case 'file':
      return { source: 'file', path: input.path };
    case 'kubernetes_secret':
      return { source: 'kubernetes_secret', secret: input.secret, key: input.key };
  }
}

function describe(source: SecretSource): string {
  switch (source.source) {
    case 'stored':
      return 'stored value';
    case 'environment':
      return `variable ${source.variable} of the hub’s environment`;
    case 'file':
      return `file ${source.path}`;
    case 'kubernetes_secret':
      return `key ${source.key} of the Kubernetes Secret ${source.secret}`;
  }
}

/** Why a value could not be read: the reader's message (it never holds a value), or a generic one. */
function reasonOf(error: unknown): string {
  if (error instanceof HubError) return error.message;
  if (error instanceof Error && error.name === 'SecretUnreadableError') return 'the stored value does not open with this hub’s keys';
  return error instanceof Error && error.message ? error.message : 'it could not be read';
}

function descriptionProblems(description: string | undefined): FieldProblem[] {
  return description !== undefined && description.length > DESCRIPTION_MAX
    ? [{ field: 'description', message: `must be at most ${DESCRIPTION_MAX} characters` }]
    : [];
}

function invalidIf(problems: FieldProblem[]): void {
  if (problems.length > 0)
    throw new HubError('VALIDATION_ERROR', `the request is invalid: ${problems.map((p) => `${p.field} ${p.message}`).join('; ')}`, problems);
}
