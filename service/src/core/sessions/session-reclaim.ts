import type { AuditLog } from '../audit/audit-log.js';
import type { KernelHealth } from '../ports/kernel-health.js';
import type { Logger } from '../ports/logger.js';
import type { BackgroundRunner } from '../ports/background-runner.js';
import { isSandboxError, type SandboxDriver } from '../ports/sandbox-driver.js';
import type { EditorClaims } from './editor-claims.js';
import {
  ReclaimBlockedError,
  inspectedReclaimBlockOf,
  reclaimBlocked,
  reclaimReadsSandbox,
  type InspectedReclaimBlock,
  type ReclaimBlock,
  type ReclaimTimings,
} from './reclaim-rules.js';
import type { Actor, SessionManager } from './session-manager.js';
import type { SessionRecord } from './session-model.js';
import { saveFromSandbox, type SaverDeps } from './session-saver.js';
import type { SessionStore } from './session-store.js';

export interface ReclaimDeps {
  sessions: SessionStore;
  manager: SessionManager;
  claims: EditorClaims;
  saver: SaverDeps;
  driver: SandboxDriver;
  kernels: KernelHealth;
  audit: AuditLog;
  logger: Logger;
  now: () => Date;
  /** Shutdown waits for work that outlived its bound, so the store is not closed under it. */
  background: BackgroundRunner;
}

/** How long marimo gets to answer its health check before a save. */
const HEALTH_TIMEOUT_MS = 5_000;

class TimedOut extends Error {}

/**
 * Forced reclaim of sessions that are over but still hold a sandbox (docs/sessions.md): a super admin's
 * request, optionally saving the notebook from the sandbox first, and the lifecycle loop's own
 * release of such sessions. Both are bounded (`timeoutMs`) and log `session_reclaim_timeout`
 * when the bound is exceeded.
 */
export class SessionReclaimer {
  constructor(
    private readonly deps: ReclaimDeps,
    readonly timings: ReclaimTimings,
  ) {}

  /** A reclaim by a super admin: `{saved}` on success, a ReclaimBlockedError naming the cause otherwise. */
  async reclaim(projectId: string, sessionId: string, request: { save: boolean; actor: Actor }): Promise<{ saved: boolean }> {
    const record = await this.deps.sessions.require(projectId, sessionId);
    try {
      const outcome = await this.attempt(record, request);
      await this.audit(record, request, { reclaimed: true, saved: outcome.saved });
      return outcome;
    } catch (error) {
      const reason: ReclaimBlock | 'error' = error instanceof ReclaimBlockedError ? error.reason : 'error';
      await this.audit(record, request, { reclaimed: false, reason });
      throw error;
    }
  }

  /** Whether the record alone blocks a reclaim with `save` (runtime inspection asks with the default, true). */
  inspect(record: SessionRecord, save = true): InspectedReclaimBlock | null {
    return inspectedReclaimBlockOf(record, { now: this.deps.now().getTime(), canAttach: this.deps.driver.canAttach, save, timings: this.timings });
  }

  /**
   * The lifecycle loop's release of a session that is over: destroys its sandbox without saving
   * (its stop saved what could be saved) and frees its claim. Where the provider cannot attach, a
   * session that may hold unsaved edits stays until its authorization deadline (`hard_stop_at`), so
   * that a super admin decides; after it the sandbox goes unsaved. True once the sandbox is released.
   */
  async releaseRetired(record: SessionRecord): Promise<boolean> {
    if (record.sandbox_released) return true;
    if (!this.deps.driver.canAttach && reclaimReadsSandbox(record, true) && this.deps.now().getTime() < Date.parse(record.hard_stop_at)) return false;
    try {
      return (await this.bounded(record, 'maintenance', () => this.deps.manager.release(record))).sandbox_released;
    } catch (error) {
      if (error instanceof TimedOut) return false;
      throw error;
    }
  }

  private async attempt(record: SessionRecord, request: { save: boolean; actor: Actor }): Promise<{ saved: boolean }> {
    const now = this.deps.now().getTime();
    const blocked = (reason: ReclaimBlock, detail?: string) => reclaimBlocked(reason, record, { now, timings: this.timings, ...(detail ? { detail } : {}) });
    const inspected = this.inspect(record, request.save);
    if (inspected) throw blocked(inspected);
    if (record.sandbox_released) return { saved: false };
    if (record.connected_until !== null && Date.parse(record.connected_until) > now) throw blocked('kernel_active');
    try {
      return await this.bounded(record, 'admin', async (signal) => {
        const reads = reclaimReadsSandbox(record, request.save);
        if (reads && record.endpoint) {
          const answers = await this.deps.kernels.answers({ endpoint: record.endpoint, baseUrl: record.base_url, secret: record.secret }, HEALTH_TIMEOUT_MS);
          if (!answers) throw blocked('kernel_unreachable');
        }
        // While the reclaim saves and destroys, an edit start is told the notebook is being retired.
        if (record.mode === 'edit') await this.deps.claims.retire(record.project_id, record.notebook_id, record.id);
        const saved = reads ? await this.save(record, request.actor, blocked) : false;
        // Past the bound the caller has been answered: start nothing more (a retry does the rest).
        if (signal.aborted) return { saved };
        const released = await this.deps.manager.release(record);
        if (!released.sandbox_released) throw blocked('destroy_failed');
        return { saved };
      });
    } catch (error) {
      if (error instanceof TimedOut) throw blocked('timeout');
      throw error;
    }
  }

  /** Saves the notebook file from the sandbox as a new version; false when it had not changed. */
  private async save(record: SessionRecord, actor: Actor, blocked: (reason: ReclaimBlock, detail?: string) => ReclaimBlockedError): Promise<boolean> {
    try {
      return (
        (await saveFromSandbox(this.deps.saver, record, { actor, message: 'Saved by a reclaim', event: 'notebook.save_on_reclaim', teardown: true })) !== null
      );
    } catch (error) {
      // Only the sandbox half of a save raises sandbox errors; the store half keeps its own.
      if (isSandboxError(error)) throw blocked('attachment_failed', error.code);
      throw error;
    }
  }

  /** Runs `work` for at most `timeoutMs`; past it, logs `session_reclaim_timeout` and throws TimedOut. */
  private async bounded<T>(record: SessionRecord, source: 'admin' | 'maintenance', work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        controller.abort();
        reject(new TimedOut());
      }, this.timings.timeoutMs);
    });
    let running!: Promise<T>;
    const start = () => (running = work(controller.signal));
    if (!this.deps.background.run(start)) void start();
    // A late failure has nobody left to answer; the next attempt sees the state it left.
    running.catch(() => {});
    try {
      return await Promise.race([running, expired]);
    } catch (error) {
      if (error instanceof TimedOut) {
        this.deps.logger.warn(
          {
            event: 'session_reclaim_timeout',
            source,
            session_id: record.id,
            project_id: record.project_id,
            sandbox_id: record.sandbox?.id ?? null,
            timeout_ms: this.timings.timeoutMs,
          },
          'session_reclaim_timeout',
        );
      }
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  private async audit(
    record: SessionRecord,
    request: { save: boolean; actor: Actor },
    result: { reclaimed: boolean; saved?: boolean; reason?: ReclaimBlock | 'error' },
  ): Promise<void> {
    try {
      await this.deps.audit.append({
        event: 'session.reclaim',
        actor: request.actor.id,
        projectId: record.project_id,
        metadata: { session_id: record.id, notebook_id: record.notebook_id, mode: record.mode, save_requested: request.save, ...result },
      });
    } catch (error) {
      // The reclaim itself stands (or was refused) either way; the caller learns its real outcome.
      this.deps.logger.warn({ event: 'session_reclaim_audit_failed', session_id: record.id, err: error }, 'session_reclaim_audit_failed');
    }
  }
}
