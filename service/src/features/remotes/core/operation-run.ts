import { HubError } from '../../../core/errors.js';
import { etaSeconds, FINISHED_RETENTION_MS, type NotebookOutcome, type OperationRecord, type RemoteOperations } from './remote-operations.js';

/** Progress is written at most this often (each write is a store write); the end and the plan always. */
const WRITE_EVERY_MS = 500;
/** While a step takes long (a large file), the runner still says it is alive this often. */
const HEARTBEAT_MS = 15_000;

/** What pulls and pushes report as they go: an operation's run, or nothing (a push within a request). */
export interface Progress {
  plan(files: number, bytes: number): Promise<void>;
  moved(files: number, bytes?: number): Promise<void>;
  notebook(outcome: NotebookOutcome): void;
}

export const NO_PROGRESS: Progress = { plan: async () => {}, moved: async () => {}, notebook: () => {} };

/**
 * One run of an operation: counts what moved and writes it to the operation record (throttled),
 * keeps its heartbeat while it runs, and records how it ended. The record is what GET
 * /api/v1/remote-operations/{opid} shows, and what tells a later run that this one was cut off.
 */
export class OperationRun implements Progress {
  private record: OperationRecord;
  private readonly startedAt: number;
  private lastWrite = 0;
  private writing: Promise<unknown> = Promise.resolve();
  private readonly heartbeat: ReturnType<typeof setInterval>;

  constructor(
    private readonly operations: RemoteOperations,
    record: OperationRecord,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.record = record;
    this.startedAt = now().getTime();
    this.heartbeat = setInterval(() => void this.write().catch(() => {}), HEARTBEAT_MS);
    this.heartbeat.unref?.();
  }

  get current(): OperationRecord {
    return this.record;
  }

  /** Sets fields of the record (the project a pull made) and writes them at once. */
  async set(fields: Partial<Pick<OperationRecord, 'project_id' | 'remote_project_id'>>): Promise<void> {
    this.record = { ...this.record, ...fields };
    await this.write();
  }

  /** Adds to what the run will move, once it knows. */
  async plan(files: number, bytes: number): Promise<void> {
    const progress = this.record.progress;
    this.record = { ...this.record, progress: { ...progress, files_total: progress.files_total + files, bytes_total: progress.bytes_total + bytes } };
    await this.write();
  }

  /** Counts what moved: versions and files, and workspace bytes. */
  async moved(files: number, bytes = 0): Promise<void> {
    const progress = this.record.progress;
    const next = { ...progress, files_done: progress.files_done + files, bytes_done: progress.bytes_done + bytes };
    this.record = { ...this.record, progress: { ...next, eta_seconds: etaSeconds(next, this.now().getTime() - this.startedAt) } };
    if (this.now().getTime() - this.lastWrite >= WRITE_EVERY_MS) await this.write();
  }

  notebook(outcome: NotebookOutcome): void {
    const others = this.record.notebooks.filter(
      (existing) => !(existing.remote_notebook_id === outcome.remote_notebook_id && existing.notebook_id === outcome.notebook_id),
    );
    this.record = { ...this.record, notebooks: [...others, outcome] };
  }

  /**
   * Notes how the run ended (a failure keeps its code and message) without writing it yet: what
   * must be in place before anyone reads the operation as ended (its audit event) comes first.
   */
  end(error: unknown): OperationRecord {
    clearInterval(this.heartbeat);
    const at = this.now();
    const failure =
      error === null
        ? null
        : error instanceof HubError
          ? { code: error.code, message: error.message }
          : { code: 'INTERNAL_ERROR', message: 'the operation failed; see the hub log' };
    this.record = {
      ...this.record,
      state: failure ? 'failed' : 'succeeded',
      error: failure,
      progress: { ...this.record.progress, eta_seconds: failure ? null : 0 },
      finished_at: at.toISOString(),
      expires_at: new Date(at.getTime() + FINISHED_RETENTION_MS).toISOString(),
    };
    return this.record;
  }

  /** Writes how the run ended (see `end`). */
  async finish(): Promise<OperationRecord> {
    await this.write();
    return this.record;
  }

  private write(): Promise<unknown> {
    this.lastWrite = this.now().getTime();
    // One write at a time, in order: each carries everything counted so far.
    this.writing = this.writing
      .catch(() => {})
      .then(() =>
        this.operations.update(this.record.user_id, this.record.id, (stored) => ({
          ...stored,
          ...this.record,
          heartbeat_at: this.now().toISOString(),
          created_at: stored.created_at,
        })),
      );
    return this.writing;
  }
}
