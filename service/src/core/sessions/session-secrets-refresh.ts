import type { Logger } from '../ports/logger.js';
import { isSandboxError, type SandboxDriver } from '../ports/sandbox-driver.js';
import type { WorkloadEnvironments } from '../sandboxes/workload-environment.js';
import { LIVE_STATES, type SessionRecord } from './session-model.js';
import type { SessionStore } from './session-store.js';

export interface SessionSecretsRefreshDeps {
  sessions: Pick<SessionStore, 'active' | 'get'>;
  driver: Pick<SandboxDriver, 'replaceSecretFiles'>;
  workloads: Pick<WorkloadEnvironments, 'refreshFor'>;
  /** Whether the session's user may still have its sandbox receive the project's integrations (`integration.use`). */
  mayUse(userId: string, projectId: string): Promise<boolean>;
  logger: Logger;
  now: () => Date;
}

/** What one pass did. */
export interface SecretsRefreshOutcome {
  /** Sessions whose sandbox got new files. */
  refreshed: number;
  /** Sessions that get nothing more (the project stopped using it, the user lost the right). */
  ended: number;
  /** Sessions whose write failed; the next pass tries again. */
  failed: number;
}

/** Where the refresher stands with one session's sandbox: when its files are due next, null when nothing more is written. */
interface Due {
  sandboxId: string;
  at: number | null;
}

/**
 * Writes new content into the expiring secret files of running sessions' sandboxes (a workload
 * identity token; docs/federation.md, "Refreshing"), through the sandbox driver, before they expire.
 * One pass looks at every live session whose start recorded `secrets_refresh_at`, and refreshes
 * those due within `leadMs`. When the next ones are due is kept in memory: a replica that has not
 * seen a session yet goes by its record, whose time is the first token's, and so refreshes at
 * once, one token more than needed and never one too few. A session that is stopping or over gets
 * nothing: its state is read again between the new content and the write.
 */
export class SessionSecretsRefresh {
  private readonly due = new Map<string, Due>();

  constructor(private readonly deps: SessionSecretsRefreshDeps) {}

  async pass(signal: AbortSignal, leadMs: number): Promise<SecretsRefreshOutcome> {
    const outcome: SecretsRefreshOutcome = { refreshed: 0, ended: 0, failed: 0 };
    const live = new Set<string>();
    for await (const { projectId, sessionId } of this.deps.sessions.active()) {
      if (signal.aborted) break;
      const record = await this.deps.sessions.get(projectId, sessionId);
      if (!record || !refreshable(record)) continue;
      live.add(sessionId);
      const known = this.due.get(sessionId);
      const at = known?.sandboxId === record.sandbox.id ? known.at : Date.parse(record.secrets_refresh_at);
      if (at === null || at - leadMs > this.deps.now().getTime()) continue;
      const result = await this.refresh(record);
      outcome[result]++;
    }
    // Sessions that are over are forgotten.
    if (!signal.aborted) for (const sessionId of this.due.keys()) if (!live.has(sessionId)) this.due.delete(sessionId);
    return outcome;
  }

  private async refresh(record: RefreshableSession): Promise<'refreshed' | 'ended' | 'failed'> {
    const sandboxId = record.sandbox.id;
    const ids = { session_id: record.id, project_id: record.project_id, sandbox_id: sandboxId };
    try {
      const mayUse = await this.deps.mayUse(record.user_id, record.project_id);
      const refresh = await this.deps.workloads.refreshFor({
        projectId: record.project_id,
        notebookId: record.notebook_id,
        mode: record.mode,
        userId: record.user_id,
        sessionId: record.id,
        mayUse,
      });
      if (refresh === null) {
        this.due.set(record.id, { sandboxId, at: null });
        this.deps.logger.info({ event: 'sandbox_secrets_refresh_ended', ...ids }, 'sandbox_secrets_refresh_ended');
        return 'ended';
      }
      // Stopped meanwhile: the new content goes nowhere.
      const current = await this.deps.sessions.get(record.project_id, record.id);
      if (!current || !refreshable(current) || current.sandbox.id !== sandboxId) return 'ended';
      await this.deps.driver.replaceSecretFiles(sandboxId, refresh.files);
      this.due.set(record.id, { sandboxId, at: refresh.refreshAt.getTime() });
      this.deps.logger.info(
        { event: 'sandbox_secrets_refreshed', ...ids, files: Object.keys(refresh.files), refresh_at: refresh.refreshAt.toISOString() },
        'sandbox_secrets_refreshed',
      );
      return 'refreshed';
    } catch (error) {
      // A sandbox that went away with its session is no failure: the next pass does not see it.
      if (isSandboxError(error, 'NOT_FOUND')) return 'ended';
      this.deps.logger.warn({ event: 'sandbox_secrets_refresh_failed', ...ids, err: error }, 'sandbox_secrets_refresh_failed');
      return 'failed';
    }
  }
}

type RefreshableSession = SessionRecord & { sandbox: NonNullable<SessionRecord['sandbox']>; secrets_refresh_at: string };

const refreshable = (record: SessionRecord): record is RefreshableSession =>
  LIVE_STATES.has(record.state) && record.sandbox !== null && record.sandbox !== undefined && record.secrets_refresh_at !== undefined;
