import { HubError } from '../../../core/errors.js';
import { timeOrderedId } from '../../../core/ids.js';
import type { ObjectStore } from '../../../core/ports/object-store.js';
import { getJson, jsonBody, retryOnConflict } from '../../../core/store/cas.js';
import { layout } from '../../../core/storage-layout.js';

export const OPERATION_ID_PATTERN = /^rop-[0-9a-z]{16}$/;
/** How long a finished operation stays readable. */
export const FINISHED_RETENTION_MS = 7 * 24 * 3600_000;
/** An operation whose runner wrote nothing for this long was interrupted (its process ended): a new run takes it over. */
export const STALE_AFTER_MS = 60_000;

export type OperationKind = 'pull' | 'push';
export type OperationState = 'running' | 'succeeded' | 'failed';
export type PullHistory = 'all' | { latest: number };

export interface OperationProgress {
  /** Versions and workspace files moved so far, and in all. */
  files_done: number;
  files_total: number;
  /** Workspace bytes moved so far, and in all (only blobs the receiving side lacked). */
  bytes_done: number;
  bytes_total: number;
  /** Seconds left at the rate so far; null until there is a rate. */
  eta_seconds: number | null;
}

/** How one notebook came out of an operation. */
export interface NotebookOutcome {
  notebook_id: string | null;
  remote_notebook_id: string | null;
  title: string;
  /** created: new on the receiving side; updated: versions or files moved; unchanged; conflict: both sides moved (resolve it); skipped: see `note`. */
  outcome: 'created' | 'updated' | 'unchanged' | 'conflict' | 'skipped';
  versions: number;
  note: string | null;
}

/** `remote-operations/<uid>/<opid>`: one pull or push of a user, changed by its runner (CAS). */
export interface OperationRecord {
  schema_version: 1;
  id: string;
  kind: OperationKind;
  user_id: string;
  remote: string;
  remote_project_id: string | null;
  /** The local project; null until a pull made it. */
  project_id: string | null;
  /** What history a pull brings (a push sends every version the team lacks). */
  history: PullHistory | null;
  /** A push that first creates the team project (POST /projects/{pid}/remote). */
  publish: { name: string } | null;
  state: OperationState;
  progress: OperationProgress;
  notebooks: NotebookOutcome[];
  error: { code: string; message: string } | null;
  /** Which process runs it, and when it last wrote: a run silent for a minute was interrupted. */
  runner: string;
  heartbeat_at: string;
  started_at: string;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
  expires_at: string;
}

export type NewOperation = Pick<OperationRecord, 'kind' | 'user_id' | 'remote' | 'remote_project_id' | 'project_id' | 'history' | 'publish'>;

export const EMPTY_PROGRESS: OperationProgress = { files_done: 0, files_total: 0, bytes_done: 0, bytes_total: 0, eta_seconds: null };

/** Seconds left: bytes (or, without bytes, files) still to move at the rate so far. */
export function etaSeconds(progress: Omit<OperationProgress, 'eta_seconds'>, elapsedMs: number): number | null {
  if (elapsedMs <= 0) return null;
  const [done, total] = progress.bytes_total > 0 ? [progress.bytes_done, progress.bytes_total] : [progress.files_done, progress.files_total];
  if (done <= 0 || total <= done) return done > 0 ? 0 : null;
  return Math.ceil(((total - done) * elapsedMs) / done / 1000);
}

/** Whether an unfinished operation's runner stopped writing (its process is gone) at `now`. */
export function isInterrupted(record: OperationRecord, now: number): boolean {
  return record.state === 'running' && now - Date.parse(record.heartbeat_at) > STALE_AFTER_MS;
}

/** Persistence of operations: each user's own, listed newest first. */
export class RemoteOperations {
  constructor(
    private readonly store: ObjectStore,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async create(input: NewOperation, runner: string): Promise<OperationRecord> {
    const at = this.now();
    const record: OperationRecord = {
      schema_version: 1,
      id: `rop-${timeOrderedId(at.getTime())}`,
      ...input,
      state: 'running',
      progress: { ...EMPTY_PROGRESS },
      notebooks: [],
      error: null,
      runner,
      heartbeat_at: at.toISOString(),
      started_at: at.toISOString(),
      created_at: at.toISOString(),
      updated_at: at.toISOString(),
      finished_at: null,
      expires_at: new Date(at.getTime() + FINISHED_RETENTION_MS).toISOString(),
    };
    await this.store.put(layout.remoteOperation(input.user_id, record.id), jsonBody(record), { ifNoneMatch: '*' });
    return record;
  }

  async get(userId: string, operationId: string): Promise<OperationRecord | null> {
    if (!OPERATION_ID_PATTERN.test(operationId)) return null;
    return (await getJson<OperationRecord>(this.store, layout.remoteOperation(userId, operationId)))?.value ?? null;
  }

  /** The user's operations, newest first (at most `limit`). */
  async list(userId: string, limit: number): Promise<OperationRecord[]> {
    const keys: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await this.store.list(layout.remoteOperationsPrefix(userId), { cursor });
      keys.push(...page.items.map((item) => item.key));
      cursor = page.nextCursor;
    } while (cursor);
    const records: OperationRecord[] = [];
    for (const key of keys.reverse().slice(0, limit)) {
      const found = await getJson<OperationRecord>(this.store, key);
      if (found) records.push(found.value);
    }
    return records;
  }

  /** Changes an operation by compare-and-swap; `change` may run several times. */
  async update(userId: string, operationId: string, change: (current: OperationRecord) => OperationRecord): Promise<OperationRecord> {
    const key = layout.remoteOperation(userId, operationId);
    return retryOnConflict(key, async () => {
      const found = await getJson<OperationRecord>(this.store, key);
      if (!found) throw new HubError('NOT_FOUND', `operation ${operationId} not found`);
      const at = this.now().toISOString();
      const next = { ...change(found.value), updated_at: at };
      await this.store.put(key, jsonBody(next), { ifMatch: found.etag });
      return next;
    });
  }
}
