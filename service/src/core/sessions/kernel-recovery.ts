import type { AuditLog } from '../audit/audit-log.js';
import type { Logger } from '../ports/logger.js';
import type { ProjectEventPublisher } from '../ports/project-events.js';
import { SandboxError, type SandboxDriver } from '../ports/sandbox-driver.js';
import type { KernelLossCause } from './kernel-supervisor.js';
import type { SessionRecord, StopReason } from './session-model.js';
import type { SessionStore } from './session-store.js';

/** How many times an app whose notebook server died is started again in a fresh sandbox (docs/sessions.md). */
export const APP_RESTARTS = 1;

export interface RecoveryDeps {
  sessions: SessionStore;
  driver: SandboxDriver;
  audit: AuditLog;
  events: ProjectEventPublisher;
  logger: Logger;
  now: () => Date;
  /** The project's name, for alerts (the project may be gone: its id then). */
  projectNameOf(projectId: string): Promise<string>;
}

/** What recovery asks of the session manager. */
export interface RecoveryOps {
  stop(projectId: string, sessionId: string, options: { reason: StopReason; save: boolean; actor: { id: string; email: string } }): Promise<SessionRecord>;
  markLost(record: SessionRecord): Promise<SessionRecord>;
  /** Ends a session as every ending does (session-ending.ts); `change` returns undefined to leave it. */
  end(record: SessionRecord, change: (current: SessionRecord) => SessionRecord | undefined): Promise<{ record: SessionRecord; mine: boolean }>;
  release(record: SessionRecord): Promise<SessionRecord>;
  /** Brings a `provisioning` session up in the background, as a start does. */
  provision(record: SessionRecord, projectName: string): void;
}

const SYSTEM = { id: 'system', email: '' };

/**
 * What becomes of a running session whose notebook server died (docs/sessions.md). When the whole
 * sandbox is gone there is nothing to save: `sandbox_lost`. An edit session is saved from its
 * sandbox and stopped as `kernel_lost`, which gives up its editor claim. An app is what viewers
 * have open: it is started again once, under the same id and URL, in a fresh sandbox; an app whose
 * server dies after that has failed, and the project's destinations hear `app.unavailable`.
 * Resolves to the session as it is afterwards.
 */
export async function recoverDeadKernel(deps: RecoveryDeps, ops: RecoveryOps, record: SessionRecord, cause: KernelLossCause): Promise<SessionRecord> {
  if (!(await sandboxStillRuns(deps.driver, record))) return ops.markLost(record);
  deps.logger.warn(
    { event: 'session_kernel_lost', session_id: record.id, project_id: record.project_id, mode: record.mode, cause, restarts: record.restarts ?? 0 },
    'session_kernel_lost',
  );
  if (record.mode === 'edit') return ops.stop(record.project_id, record.id, { reason: 'kernel_lost', save: true, actor: SYSTEM });
  if ((record.restarts ?? 0) < APP_RESTARTS) return restartApp(deps, ops, record, cause);
  return failApp(deps, ops, record, cause);
}

/** How long the check that a sandbox still runs a process may take. */
const SANDBOX_CHECK_MS = 5_000;

/**
 * Whether the session's sandbox itself still lives. A sandbox killed a moment ago may still be
 * listed as running (a container's state changes after its processes die), so a listed sandbox
 * must also run a process. One that is too busy to run it in time still lives: an app is then
 * restarted in a fresh sandbox rather than ended.
 */
async function sandboxStillRuns(driver: SandboxDriver, record: SessionRecord): Promise<boolean> {
  if (!record.sandbox) return false;
  const listed = (await driver.list()).find((candidate) => candidate.id === record.sandbox!.id);
  if (listed?.state !== 'running') return false;
  return driver.exec(record.sandbox.id, { argv: ['true'], timeoutMs: SANDBOX_CHECK_MS, check: true }).then(
    () => true,
    (error: unknown) => error instanceof SandboxError && error.timedOut,
  );
}

/** Only the server that was found dead: the session may have been stopped or restarted since. */
const stillTheDeadServer = (record: SessionRecord, current: SessionRecord) => current.state === 'running' && current.sandbox?.id === record.sandbox?.id;

/** The session as `change` left it, and whether this call made the change (a concurrent one may have acted first). */
async function claim(
  deps: RecoveryDeps,
  record: SessionRecord,
  change: (current: SessionRecord) => SessionRecord,
): Promise<{ record: SessionRecord; mine: boolean }> {
  let mine = false;
  const updated = await deps.sessions.update(record.project_id, record.id, (current) => {
    mine = stillTheDeadServer(record, current);
    return mine ? change(current) : undefined;
  });
  return { record: updated, mine };
}

async function restartApp(deps: RecoveryDeps, ops: RecoveryOps, record: SessionRecord, cause: KernelLossCause): Promise<SessionRecord> {
  const restartedAt = deps.now().toISOString();
  const { record: restarting, mine } = await claim(deps, record, (current) => ({
    ...current,
    state: 'provisioning',
    phase: 'queued',
    endpoint: null,
    warm: false,
    restarts: (current.restarts ?? 0) + 1,
    restarted_at: restartedAt,
    marimo_session_ids: [],
  }));
  if (!mine) return restarting;
  await deps.audit.append({
    event: 'session.restart',
    actor: 'system',
    projectId: record.project_id,
    metadata: { session_id: record.id, notebook_id: record.notebook_id, mode: record.mode, cause, restarts: restarting.restarts },
  });
  // The dead server's sandbox goes first; should that fail, the sandbox is reaped once the session is over.
  if (record.sandbox) {
    await deps.driver
      .destroy(record.sandbox.id)
      .catch((error: unknown) =>
        deps.logger.warn({ event: 'session_release_failed', session_id: record.id, sandbox_id: record.sandbox!.id, err: error }, 'session_release_failed'),
      );
  }
  ops.provision(restarting, await deps.projectNameOf(record.project_id));
  return restarting;
}

async function failApp(deps: RecoveryDeps, ops: RecoveryOps, record: SessionRecord, cause: KernelLossCause): Promise<SessionRecord> {
  const message =
    cause === 'exited'
      ? 'the notebook server exited again after it had been restarted once'
      : 'the notebook server stopped answering again after it had been restarted once';
  const { record: failed, mine } = await ops.end(record, (current) =>
    stillTheDeadServer(record, current)
      ? { ...current, state: 'failed', stop_reason: 'kernel_lost', stopped_at: deps.now().toISOString(), failure: { code: 'SERVICE_UNAVAILABLE', message } }
      : undefined,
  );
  if (!mine) return failed;
  const released = await ops.release(failed);
  await reportAppFailure(deps, failed, await deps.projectNameOf(record.project_id));
  return released;
}

/**
 * An app that failed is what its viewers cannot open: `session.fail` goes to the audit log and
 * the project's destinations hear `app.start_failed` (it never ran) or `app.unavailable` (it ran,
 * died, and could not be brought back).
 */
export async function reportAppFailure(deps: Pick<RecoveryDeps, 'audit' | 'events' | 'now'>, record: SessionRecord, projectName: string): Promise<void> {
  const lost = (record.restarts ?? 0) > 0 || record.stop_reason === 'kernel_lost';
  await deps.audit.append({
    event: 'session.fail',
    actor: 'system',
    projectId: record.project_id,
    metadata: {
      session_id: record.id,
      notebook_id: record.notebook_id,
      mode: record.mode,
      code: record.failure?.code,
      ...(lost ? { reason: 'kernel_lost', restarts: record.restarts ?? 0 } : {}),
    },
  });
  if (record.mode !== 'app') return;
  deps.events.publish({
    kind: lost ? 'app.unavailable' : 'app.start_failed',
    project_id: record.project_id,
    project_name: projectName,
    actor: lost ? 'system' : record.user_id,
    occurred_at: deps.now().toISOString(),
    data: { notebook_id: record.notebook_id, session_id: record.id, code: record.failure?.code ?? null, message: record.failure?.message ?? null },
  });
}
