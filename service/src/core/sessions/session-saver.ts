import { HubError } from '../errors.js';
import type { NotebookVersion } from '../notebooks/notebook-model.js';
import type { NotebookService } from '../notebooks/notebook-service.js';
import type { Logger } from '../ports/logger.js';
import type { NotebookFiles } from '../notebooks/notebook-files.js';
import type { BackgroundRunner } from '../ports/background-runner.js';
import type { NotebookRuntime } from '../ports/notebook-runtime.js';
import type { SandboxDriver } from '../ports/sandbox-driver.js';
import type { SessionRecord } from './session-model.js';
import { codeHash } from './session-provisioner.js';
import type { SessionStore } from './session-store.js';
import { SnapshotMetrics } from './snapshot-metrics.js';
import { NO_TRACING, type Tracer } from '../ports/tracing.js';

export interface SaverDeps {
  sessions: SessionStore;
  notebooks: NotebookService;
  driver: SandboxDriver;
  runtime: NotebookRuntime;
  background: BackgroundRunner;
  logger: Logger;
  /** Capture an HTML snapshot with every save. */
  snapshots: boolean;
  /** Where workspace files the sandbox changed go back to. */
  files: NotebookFiles;
  /** Sandbox files larger than this stay in the sandbox. */
  maxWorkspaceFileBytes: number;
  /** `snapshots.*` (docs/telemetry.md). */
  snapshotMetrics?: SnapshotMetrics;
  /** Each render is a `snapshot.render` span. */
  tracer?: Tracer;
}

const UNCOUNTED = new SnapshotMetrics();

export interface SaveRequest {
  actor: { id: string; email: string };
  message: string;
  /** The audit event: an explicit save, an autosave, a save on stop. */
  event: 'notebook.save' | 'notebook.autosave' | 'notebook.save_on_stop' | 'notebook.save_on_reclaim';
  /**
   * The sandbox is destroyed right after this save (a stop or a reclaim): the HTML snapshot is
   * rendered before returning, since a render left running in the background would die with the
   * sandbox. Other saves render in the background so the editor gets its answer at once.
   */
  teardown?: boolean;
}

/**
 * How long a save followed by a teardown waits for its HTML snapshot. Past it the stop goes on
 * (the version stays, without a snapshot): a notebook that renders slowly must not pin its
 * sandbox, nor its editor claim, for long.
 */
export const SNAPSHOT_BEFORE_TEARDOWN_MS = 30_000;

/**
 * Saves the notebook file of an edit session's sandbox as a new version when it changed since the
 * session's last save. The session is the notebook's only writer while it holds the editor claim,
 * so the save builds on the notebook's current version. Returns null when there was nothing new.
 */
export async function saveFromSandbox(deps: SaverDeps, record: SessionRecord, request: SaveRequest): Promise<NotebookVersion | null> {
  // A preview session runs a branch or commit of the repository: it never becomes a version.
  if (record.mode !== 'edit' || !record.sandbox || record.preview_id) return null;
  await syncWorkspace(deps, record, request.actor.id);
  const code = (await deps.driver.readFile(record.sandbox.id, record.entry_file)).toString('utf8');
  const hash = codeHash(code);
  if (hash === record.saved_code_hash) return null;

  let version: NotebookVersion | undefined;
  for (let attempt = 0; attempt < 3 && !version; attempt++) {
    const notebook = await deps.notebooks.get(record.project_id, record.notebook_id);
    if (!notebook) throw new HubError('NOT_FOUND', `notebook ${record.notebook_id} no longer exists`);
    try {
      version = await deps.notebooks.save(
        record.project_id,
        record.notebook_id,
        { code, baseVersionId: notebook.source.current_version_id, message: request.message, event: request.event },
        request.actor,
      );
    } catch (error) {
      // An autosave and an explicit save crossed: read the new current version and try again.
      if (!(error instanceof HubError && error.code === 'CONFLICT') || attempt === 2) throw error;
    }
  }
  await deps.sessions.update(record.project_id, record.id, (current) => ({
    ...current,
    saved_code_hash: hash,
    base_version_id: version!.version_id,
    last_saved_at: version!.saved_at,
  }));
  if (deps.snapshots && request.teardown) await captureBeforeTeardown(deps, record, version!);
  else if (deps.snapshots) deps.background.run(() => captureSnapshot(deps, record, version!, () => false));
  return version!;
}

/**
 * Brings the workspace files the session created, changed or deleted in its sandbox back to the
 * notebook's workspace. A failure is logged: it must not cost the notebook's code its save.
 */
async function syncWorkspace(deps: SaverDeps, record: SessionRecord, actor: string): Promise<void> {
  const sandbox = record.sandbox!;
  try {
    const notebook = await deps.notebooks.get(record.project_id, record.notebook_id);
    if (!notebook) return;
    const listing = await deps.runtime.listWorkspace(sandbox, deps.maxWorkspaceFileBytes);
    const plan = await deps.files.syncFromSandbox(notebook, listing, (path) => deps.driver.readFile(sandbox.id, path), actor, record.id);
    if (plan.writes.length + plan.deletions.length + plan.skipped.length > 0) {
      deps.logger.info(
        {
          event: 'session_workspace_synced',
          session_id: record.id,
          written: plan.writes.length,
          deleted: plan.deletions.length,
          skipped: plan.skipped.slice(0, 20),
        },
        'session_workspace_synced',
      );
    }
  } catch (error) {
    deps.logger.warn({ event: 'session_workspace_sync_failed', session_id: record.id, err: error }, 'session_workspace_sync_failed');
  }
}

/** The snapshot of a save whose sandbox goes next, bounded; a failure or a timeout is logged, never thrown. */
async function captureBeforeTeardown(deps: SaverDeps, record: SessionRecord, version: NotebookVersion): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  let gaveUp = false;
  const started = performance.now();
  const expired = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      gaveUp = true;
      (deps.snapshotMetrics ?? UNCOUNTED).rendered('timed_out', performance.now() - started);
      deps.logger.warn(
        { event: 'snapshot_failed', session_id: record.id, version_id: version.version_id, reason: 'timeout', timeout_ms: SNAPSHOT_BEFORE_TEARDOWN_MS },
        'snapshot_failed',
      );
      resolve();
    }, SNAPSHOT_BEFORE_TEARDOWN_MS);
  });
  try {
    await Promise.race([captureSnapshot(deps, record, version, () => gaveUp), expired]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Renders the saved notebook to HTML in the session's sandbox and attaches it to the version.
 * `abandoned` says the caller stopped waiting: the render then dies with the sandbox, and its
 * failure is expected rather than news.
 */
async function captureSnapshot(deps: SaverDeps, record: SessionRecord, version: NotebookVersion, abandoned: () => boolean): Promise<void> {
  const metrics = deps.snapshotMetrics ?? UNCOUNTED;
  const started = performance.now();
  const attributes = { 'notebook_hub.session.id': record.id, 'notebook_hub.notebook.version_id': version.version_id };
  await (deps.tracer ?? NO_TRACING)
    .withSpan('snapshot.render', { attributes }, async () => {
      const html = await deps.runtime.exportHtml(record.sandbox!, record.entry_file, record.runtime_env);
      await deps.notebooks.attachSnapshot(record.project_id, record.notebook_id, version.version_id, html, 'system');
      // A render the caller stopped waiting for was counted as timed out then.
      if (!abandoned()) metrics.rendered('succeeded', performance.now() - started, html.length);
    })
    .catch((error: unknown) => {
      if (abandoned()) return;
      metrics.rendered('failed', performance.now() - started);
      deps.logger.warn({ event: 'snapshot_failed', session_id: record.id, version_id: version.version_id, err: error }, 'snapshot_failed');
    });
}
