import { HubError } from '../../../core/errors.js';
import { timeOrderedId } from '../../../core/ids.js';
import type { ObjectStore } from '../../../core/ports/object-store.js';
import { getJson, jsonBody, retryOnConflict } from '../../../core/store/cas.js';
import { layout } from '../../../core/storage-layout.js';
import type { NotebookOutcome } from './remote-operations.js';

export const REMOTE_RUN_ID_PATTERN = /^rrun-[0-9a-z]{16}$/;
/** How long a run (and a job's output brought back) is kept. */
export const REMOTE_RUN_RETENTION_MS = 30 * 24 * 3600_000;

/** starting: the team's session provisions (a job waits); running; ended: its result is back; failed: it failed there (what it left is back). */
export type RemoteRunState = 'starting' | 'running' | 'ended' | 'failed';

export const FINAL_RUN_STATES: ReadonlySet<RemoteRunState> = new Set(['ended', 'failed']);

/**
 * `remote-runs/<uid>/<rrid>/record`: a session or job run a user started on a team hub for a
 * notebook of a linked project (docs/remotes.md, "Running on the team hub"), changed by CAS.
 */
export interface RemoteRunRecord {
  schema_version: 1;
  id: string;
  kind: 'session' | 'job';
  user_id: string;
  remote: string;
  project_id: string;
  notebook_id: string;
  remote_project_id: string;
  remote_notebook_id: string;
  /** A session's mode; null for a job. */
  mode: 'edit' | 'app' | null;
  /** The profile asked for; null: the notebook's own on the team hub. */
  compute_profile: string | null;
  state: RemoteRunState;
  /** What the team hub last said of it. */
  team: {
    session_id: string | null;
    job_id: string | null;
    run_id: string | null;
    state: string;
    compute_profile: string | null;
    /** The session's page on the team hub. */
    page_url: string | null;
    failure: { code: string; message: string } | null;
  };
  /** The push that sent the notebook's local versions first, when it was ahead. */
  push_operation_id: string | null;
  /** An edit session's saved result, pulled back once it ended. */
  result: {
    operation_id: string;
    outcome: NotebookOutcome['outcome'];
    /** The local head and the team version it is based on afterwards. */
    local_version_id: string | null;
    remote_version_id: string | null;
    note: string | null;
  } | null;
  /** A job's output and log brought back: their sizes (null: none). */
  output: { output_bytes: number | null; log_bytes: number } | null;
  /** Why the last step failed (the team hub unreachable): asked again at the next read. */
  error: { code: string; message: string } | null;
  created_at: string;
  updated_at: string;
  ended_at: string | null;
  expires_at: string;
}

export type NewRemoteRun = Pick<
  RemoteRunRecord,
  | 'kind'
  | 'user_id'
  | 'remote'
  | 'project_id'
  | 'notebook_id'
  | 'remote_project_id'
  | 'remote_notebook_id'
  | 'mode'
  | 'compute_profile'
  | 'team'
  | 'push_operation_id'
>;

/** Persistence of remote runs: each user's own, listed newest first, with a job's files beside the record. */
export class RemoteRuns {
  constructor(
    private readonly store: ObjectStore,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async create(input: NewRemoteRun, state: RemoteRunState): Promise<RemoteRunRecord> {
    const at = this.now();
    const record: RemoteRunRecord = {
      schema_version: 1,
      id: `rrun-${timeOrderedId(at.getTime())}`,
      ...input,
      state,
      result: null,
      output: null,
      error: null,
      created_at: at.toISOString(),
      updated_at: at.toISOString(),
      ended_at: null,
      expires_at: new Date(at.getTime() + REMOTE_RUN_RETENTION_MS).toISOString(),
    };
    await this.store.put(layout.remoteRun(input.user_id, record.id), jsonBody(record), { ifNoneMatch: '*' });
    return record;
  }

  async get(userId: string, runId: string): Promise<RemoteRunRecord | null> {
    if (!REMOTE_RUN_ID_PATTERN.test(runId)) return null;
    return (await getJson<RemoteRunRecord>(this.store, layout.remoteRun(userId, runId)))?.value ?? null;
  }

  /** The user's runs, newest first (at most `limit`). */
  async list(userId: string, limit: number): Promise<RemoteRunRecord[]> {
    const keys: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await this.store.list(layout.remoteRunsPrefix(userId), { cursor });
      keys.push(...page.items.map((item) => item.key).filter((key) => key.endsWith('/record')));
      cursor = page.nextCursor;
    } while (cursor);
    const records: RemoteRunRecord[] = [];
    for (const key of keys.reverse().slice(0, limit)) {
      const found = await getJson<RemoteRunRecord>(this.store, key);
      if (found) records.push(found.value);
    }
    return records;
  }

  /** Changes a run by compare-and-swap; `change` may run several times. */
  async update(userId: string, runId: string, change: (current: RemoteRunRecord) => RemoteRunRecord): Promise<RemoteRunRecord> {
    const key = layout.remoteRun(userId, runId);
    return retryOnConflict(key, async () => {
      const found = await getJson<RemoteRunRecord>(this.store, key);
      if (!found) throw new HubError('NOT_FOUND', `run ${runId} not found`);
      const next = { ...change(found.value), updated_at: this.now().toISOString() };
      await this.store.put(key, jsonBody(next), { ifMatch: found.etag });
      return next;
    });
  }

  async putFile(userId: string, runId: string, file: 'output' | 'log', bytes: Buffer): Promise<void> {
    await this.store.put(layout.remoteRunFile(userId, runId, file), bytes);
  }

  async file(userId: string, runId: string, file: 'output' | 'log'): Promise<Buffer | null> {
    return (await this.store.get(layout.remoteRunFile(userId, runId, file)))?.body ?? null;
  }

  /** Every user's runs that have not ended (what the maintenance loop follows). */
  async live(): Promise<RemoteRunRecord[]> {
    const found: RemoteRunRecord[] = [];
    let cursor: string | null = null;
    do {
      const page = await this.store.list(layout.remoteRunsPrefix(), { cursor });
      for (const item of page.items) {
        if (!item.key.endsWith('/record')) continue;
        const run = (await getJson<RemoteRunRecord>(this.store, item.key))?.value;
        if (run && !FINAL_RUN_STATES.has(run.state)) found.push(run);
      }
      cursor = page.nextCursor;
    } while (cursor);
    return found;
  }

  /** Deletes runs past their `expires_at` with their files (housekeeping); answers how many. */
  async sweep(signal: AbortSignal): Promise<number> {
    let removed = 0;
    let cursor: string | null = null;
    const at = this.now().getTime();
    do {
      const page = await this.store.list(layout.remoteRunsPrefix(), { cursor });
      for (const item of page.items) {
        if (signal.aborted) return removed;
        if (!item.key.endsWith('/record')) continue;
        const found = await getJson<RemoteRunRecord>(this.store, item.key);
        if (!found || Date.parse(found.value.expires_at) > at) continue;
        const { user_id, id } = found.value;
        await this.store.delete(layout.remoteRunFile(user_id, id, 'output'));
        await this.store.delete(layout.remoteRunFile(user_id, id, 'log'));
        await this.store.delete(item.key);
        removed++;
      }
      cursor = page.nextCursor;
    } while (cursor);
    return removed;
  }
}
