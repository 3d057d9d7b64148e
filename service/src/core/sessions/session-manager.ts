import type { AuditLog } from '../audit/audit-log.js';
import { HubError } from '../errors.js';
import type { NotebookRevision, NotebookVersion } from '../notebooks/notebook-model.js';
import type { BackgroundRunner } from '../ports/background-runner.js';
import type { ProjectEventPublisher } from '../ports/project-events.js';
import { recordedTraceIdOf } from '../ports/tracing.js';
import { retiring, type ClaimOutcome } from './editor-claims.js';
import type { KernelHealth } from '../ports/kernel-health.js';
import { LIVE_STATES, TERMINAL_STATES, type ClientKind, type SessionMode, type SessionRecord, type StopReason } from './session-model.js';
import { provisionSession, reportClaimLost, sessionWorkload, type ProvisionerDeps } from './session-provisioner.js';
import { givesAnything, type WorkloadEnvironment } from '../sandboxes/workload-environment.js';
import { newSessionId } from '../ids.js';
import type { NotebookEnvironments } from '../sandboxes/notebook-environments.js';
import { WARM_ENTRY_FILE, type WarmPool, type WarmSandbox } from './warm-pool.js';
import { hasScriptBlock } from '../notebooks/marimo-source.js';
import { saveFromSandbox, type SaverDeps } from './session-saver.js';
import { newSessionRecord } from './new-session-record.js';
import type { KernelLossCause, KernelSupervisor } from './kernel-supervisor.js';
import { recoverDeadKernel, reportAppFailure, type RecoveryOps } from './kernel-recovery.js';
import { claimStanding, endSession, standingOf } from './session-ending.js';

/** How long a reused session's notebook server has to answer its health check. */
const KERNEL_PROBE_TIMEOUT_MS = 2_000;

export interface SessionConfig {
  idleTimeoutMs: number;
  lifetimeMs: number;
  connectionAware: boolean;
  sharing: 'exclusive' | 'shared';
  defaultComputeProfile: string;
  maxSessionsPerUser: number | null;
  maxAppsPerProject: number | null;
  /** How long a heartbeat or an open connection counts as an editor being there. */
  presenceMs: number;
}

export interface SessionManagerDeps extends ProvisionerDeps, SaverDeps {
  /** Asked before a running session is handed out again: a dead notebook server is never reused. */
  kernels: KernelHealth;
  /** Watches the notebook servers of the sessions this hub starts (docs/sessions.md). */
  supervisor: KernelSupervisor;
  /** The project's name, for alerts about sessions no request started (a restarted app). */
  projectNameOf(projectId: string): Promise<string>;
  warmPool: WarmPool | null;
  /** The packages a kernel starts with, and which built environment a version's start would find (its warm sandboxes'). */
  environments?: Pick<NotebookEnvironments, 'prepare' | 'install' | 'builtFor' | 'preflight'>;
  audit: AuditLog;
  events: ProjectEventPublisher;
  background: BackgroundRunner;
  config: SessionConfig;
  /** Told of every session this process brought to running (eager surfaces start then). */
  onRunning?(record: SessionRecord): void;
}

export interface Actor {
  id: string;
  email: string;
}

export interface StartRequest {
  project: { id: string; name: string };
  notebook: NotebookRevision;
  mode: SessionMode;
  user: Actor;
  client: ClientKind;
  /** A viewer's private sandbox (viewer mode `ephemeral-sandbox`). */
  ephemeral: boolean;
  /** Take the notebook over from the editor session with this id. */
  takeoverFrom?: string;
  /**
   * Start from this Git preview instead of the notebook (docs/sessions.md, "Preview sessions"):
   * no editor claim, no warm sandbox, never saved; an app is shared only with the same preview's.
   */
  preview?: { id: string };
  /**
   * The starter's own `integration.use` decision (their token's scope weighed too): whether an
   * edit session's sandbox may receive the project's secrets and integrations
   * (docs/project-secrets.md). Absent: their role in the project decides.
   */
  mayUseIntegrations?: boolean;
}

/**
 * Starting, stopping and saving kernel sessions. A start returns at once with a `provisioning`
 * session (provisioning continues in the background; its phase is on the record), or reuses a live
 * session that fits: the shared app of a notebook, the caller's own edit session, or, in shared
 * mode, the one every editor of the notebook uses.
 */
export class SessionManager {
  /** Starts provisioning in this process, by session id (see startSettled). */
  private readonly underway = new Map<string, Promise<SessionRecord | null>>();

  constructor(private readonly deps: SessionManagerDeps) {
    // A session reads its base version's code while it starts and runs that version until it
    // stops: pruning must keep it, and asking at prune time cannot leave a stale pin behind.
    deps.notebooks.holdVersionsWith((projectId, notebookId) => this.versionsInUse(projectId, notebookId));
  }

  /** The versions the sessions of a notebook that have not ended were loaded from. */
  async versionsInUse(projectId: string, notebookId: string): Promise<string[]> {
    const ids: string[] = [];
    for await (const active of this.deps.sessions.active()) {
      if (active.projectId !== projectId) continue;
      const record = await this.deps.sessions.get(projectId, active.sessionId);
      if (record?.notebook_id === notebookId && !TERMINAL_STATES.has(record.state) && record.base_version_id) ids.push(record.base_version_id);
    }
    return ids;
  }

  /** Stops the sessions of a preview that is going away (nothing of them is saved); answers how many. */
  async stopPreviewSessions(projectId: string, previewId: string, actor: Actor): Promise<number> {
    let stopped = 0;
    for await (const active of this.deps.sessions.active()) {
      if (active.projectId !== projectId) continue;
      const record = await this.deps.sessions.get(projectId, active.sessionId);
      if (record?.preview_id !== previewId || !LIVE_STATES.has(record.state)) continue;
      await this.stop(projectId, record.id, { reason: 'user', save: false, actor });
      stopped++;
    }
    return stopped;
  }

  async start(request: StartRequest): Promise<{ record: SessionRecord; reused: boolean }> {
    const { project, notebook, mode, user } = request;
    const preview = request.preview ?? null;
    if (notebook.status === 'archived' && mode === 'edit')
      throw new HubError('CONFLICT', 'archived notebooks cannot be edited; make the notebook active first');
    // A session that is reused counts once: reuse is decided before the limits are checked.
    if (mode === 'app' && !request.ephemeral) {
      const reused = await this.liveApp(project.id, notebook.id, preview?.id);
      const live = reused && (await this.answering(reused));
      if (live) return { record: live, reused: true };
    }
    if (mode === 'edit' && !request.ephemeral && !request.takeoverFrom && !preview) {
      const held = await this.deps.claims.get(project.id, notebook.id);
      const holder = held && (await this.deps.sessions.get(project.id, held.claim.session_id));
      const standing = held && standingOf(held.claim, holder ?? null, this.deps.now());
      const reused = standing === 'held' && holder && this.mayJoin(holder, user.id) ? holder : null;
      const live = reused && (await this.answering(reused));
      if (live) return { record: live, reused: true };
      // Told before the limits: the session on its way out is what counts against them.
      if (standing === 'retiring') {
        reportClaimLost(this.deps.logger, newSessionRecord(request, null, this.deps.config, this.deps.now()), 'preflight', 'EDIT_SESSION_RETIRING');
        throw this.deps.claims.retiringRefusal();
      }
    }
    await this.checkLimits(request);
    // A version that cannot start is refused here, on the start page, before any sandbox (a preview installs its own code).
    const versionId = notebook.source.current_version_id;
    if (!preview && versionId) await this.deps.environments?.preflight({ projectId: project.id, notebookId: notebook.id, versionId });
    if (mode === 'edit' && !request.ephemeral && request.takeoverFrom && !preview) await this.takeOver(project, notebook.id, request.takeoverFrom, user);
    // What the sandbox receives is decided before a warm sandbox is taken: one that receives
    // anything starts cold, as a warm sandbox runs since before anyone knew (docs/sessions.md).
    const plannedId = newSessionId(this.deps.now().getTime());
    const workload = await sessionWorkload(
      this.deps,
      { id: plannedId, project_id: project.id, notebook_id: notebook.id, mode, user_id: user.id, ...(preview ? { preview_id: preview.id } : {}) },
      request.mayUseIntegrations,
    );
    const slot = !preview && !givesAnything(workload) ? await this.warmSlot(request) : undefined;
    const warm = slot !== undefined ? await this.deps.warmPool!.claim(slot) : null;
    const record = newSessionRecord(request, warm, this.deps.config, this.deps.now(), {
      id: plannedId,
      ...(workload && !warm ? { received: workload.received, ...(workload.refreshAt ? { secretsRefreshAt: workload.refreshAt } : {}) } : {}),
      // Its provisioning runs in this trace (session-provisioner.ts), so the record names it from the first.
      traceId: recordedTraceIdOf(this.deps.tracer?.traceparent()),
    });
    try {
      if (mode === 'edit' && !request.ephemeral && !preview) {
        const outcome = await this.acquireClaim(request, record);
        if (outcome.kind === 'held') {
          const holder = await this.reusableEditSession(project.id, outcome.claim.session_id, user.id);
          if (holder) {
            if (warm) await this.deps.warmPool!.giveBack(warm);
            return { record: holder, reused: true };
          }
          const owned = new HubError(
            'EDIT_SESSION_OWNED',
            `another editor (${outcome.claim.user_id}) is editing this notebook in session ${outcome.claim.session_id}; a manager or the notebook's author may take it over`,
          );
          if (outcome.raced) reportClaimLost(this.deps.logger, record, 'claim', owned.code);
          throw owned;
        }
      }
      await this.deps.sessions.create(record, this.deps.config);
    } catch (error) {
      if (mode === 'edit') await this.deps.claims.release(project.id, notebook.id, record.id);
      if (warm) await this.returnWarm(warm, error);
      throw error;
    }
    await this.deps.audit.append({
      event: 'session.start',
      actor: user.id,
      projectId: project.id,
      metadata: { session_id: record.id, notebook_id: notebook.id, mode, ...(preview ? { preview_id: preview.id } : {}) },
    });
    this.deps.background.run(() => this.provision(record, project.name, warm ? null : workload));
    return { record, reused: false };
  }

  /** Saves (edit sessions, when asked), stops the kernel, destroys the sandbox and gives up the claim. */
  async stop(projectId: string, sessionId: string, options: { reason: StopReason; save: boolean; actor: Actor }): Promise<SessionRecord> {
    let record = await this.deps.sessions.require(projectId, sessionId);
    // Its server is about to go away on purpose: that is no loss to recover from.
    this.deps.supervisor.unwatch(sessionId);
    if (!TERMINAL_STATES.has(record.state)) {
      // From here until the sandbox is confirmed gone an edit start is told to come back
      // (EDIT_SESSION_RETIRING) rather than that the notebook is someone else's.
      const { record: stopping } = await this.end(record, (current) =>
        LIVE_STATES.has(current.state)
          ? { ...current, state: 'stopping', stop_reason: options.reason, stopping_since: this.deps.now().toISOString() }
          : undefined,
      );
      if (options.save && stopping.mode === 'edit' && stopping.sandbox && stopping.endpoint) {
        const request = {
          actor: options.actor,
          message: `Saved when the session stopped (${options.reason})`,
          event: 'notebook.save_on_stop',
          teardown: true,
        } as const;
        await saveFromSandbox(this.deps, stopping, request).catch((error: unknown) =>
          this.deps.logger.warn({ event: 'session_save_failed', session_id: sessionId, err: error }, 'session_save_failed'),
        );
      }
      ({ record } = await this.end(stopping, (current) =>
        TERMINAL_STATES.has(current.state)
          ? undefined
          : { ...current, state: 'stopped', stopped_at: this.deps.now().toISOString(), stop_reason: current.stop_reason ?? options.reason },
      ));
      await this.deps.audit.append({ event: 'session.stop', actor: options.actor.id, projectId, metadata: { session_id: sessionId, reason: options.reason } });
    }
    return this.release(record);
  }

  /**
   * Moves a session out of the live states with `change` (undefined: leave it), retiring its
   * editor claim in the same step (session-ending.ts): every ending goes through here.
   */
  end(record: SessionRecord, change: (current: SessionRecord) => SessionRecord | undefined): Promise<{ record: SessionRecord; mine: boolean }> {
    return endSession(this.deps, record, change);
  }

  /**
   * Destroys a terminal session's sandbox and, once that is confirmed, releases its editor claim.
   * A failed destroy keeps both for the lifecycle loop to retry.
   */
  async release(record: SessionRecord): Promise<SessionRecord> {
    if (record.sandbox_released) return record;
    if (record.sandbox) {
      try {
        await this.deps.driver.destroy(record.sandbox.id);
      } catch (error) {
        this.deps.logger.warn({ event: 'session_release_failed', session_id: record.id, sandbox_id: record.sandbox.id, err: error }, 'session_release_failed');
        return record;
      }
    }
    const released = await this.deps.sessions.update(record.project_id, record.id, (current) =>
      current.sandbox_released ? undefined : { ...current, sandbox_released: true },
    );
    if (record.mode === 'edit') await this.deps.claims.release(record.project_id, record.notebook_id, record.id);
    return released;
  }

  /** The session's sandbox vanished (its machine restarted, someone removed it): the session is over. */
  async markLost(record: SessionRecord): Promise<SessionRecord> {
    // Only the sandbox that was found gone: a concurrent recovery may have restarted the app meanwhile,
    // destroying that very sandbox on purpose.
    const { record: lost, mine } = await this.end(record, (current) =>
      current.state === 'running' && current.sandbox?.id === record.sandbox?.id
        ? { ...current, state: 'stopped', stop_reason: 'sandbox_lost', stopped_at: this.deps.now().toISOString() }
        : undefined,
    );
    if (!mine) return lost;
    this.deps.supervisor.unwatch(record.id);
    await this.deps.audit.append({ event: 'session.lost', actor: 'system', projectId: record.project_id, metadata: { session_id: record.id } });
    return this.release(lost);
  }

  /**
   * Refuses a change to a notebook's code from outside while an edit session holds it: the
   * session would overwrite it with its next save.
   */
  async assertNotBeingEdited(projectId: string, notebookId: string): Promise<void> {
    const held = await this.deps.claims.get(projectId, notebookId);
    const standing = held && (await claimStanding(this.deps.sessions, held.claim, this.deps.now()));
    if (standing === 'retiring') throw retiring();
    if (standing === 'held') {
      throw new HubError('EDIT_SESSION_OWNED', `edit session ${held!.claim.session_id} is editing this notebook; save from that session, or stop it first`);
    }
  }

  /** Notes activity on a live session (proxied traffic); no-op otherwise. */
  async touch(projectId: string, sessionId: string): Promise<void> {
    await this.deps.sessions.update(projectId, sessionId, (current) =>
      LIVE_STATES.has(current.state) ? { ...current, last_activity_at: this.deps.now().toISOString() } : undefined,
    );
  }

  /** Notes activity; `connected` says an editor is there (extending a connection-aware lifetime). */
  async heartbeat(projectId: string, sessionId: string, connected: boolean): Promise<SessionRecord> {
    const now = this.deps.now().getTime();
    return this.deps.sessions.update(projectId, sessionId, (current) => {
      if (!LIVE_STATES.has(current.state)) throw new HubError('CONFLICT', `the session is ${current.state}`);
      const presence = connected ? new Date(now + this.deps.config.presenceMs).toISOString() : current.connected_until;
      const extended =
        connected && this.deps.config.connectionAware
          ? new Date(Math.min(Date.parse(current.hard_stop_at), Math.max(Date.parse(current.expires_at), now + this.deps.config.presenceMs))).toISOString()
          : current.expires_at;
      return { ...current, last_activity_at: new Date(now).toISOString(), connected_until: presence, expires_at: extended };
    });
  }

  /** The editor's last connection closed: presence ends now; activity counts from now. */
  async leave(projectId: string, sessionId: string): Promise<void> {
    const now = this.deps.now().toISOString();
    await this.deps.sessions.update(projectId, sessionId, (current) =>
      LIVE_STATES.has(current.state) ? { ...current, connected_until: now, last_activity_at: now } : undefined,
    );
  }

  /** An explicit save from the editor; null when the notebook file has not changed. */
  async save(projectId: string, sessionId: string, actor: Actor, message?: string): Promise<NotebookVersion | null> {
    const record = await this.deps.sessions.require(projectId, sessionId);
    if (record.mode !== 'edit') throw new HubError('CONFLICT', 'only edit sessions save notebooks');
    if (record.state !== 'running') throw new HubError('CONFLICT', `the session is ${record.state}`);
    return saveFromSandbox(this.deps, record, { actor, message: message?.trim() || 'Saved from the editor', event: 'notebook.save' });
  }

  /**
   * The session as its start in this process left it (running, failed or stopped meanwhile), or
   * undefined when no start of it is under way here: a caller that waits for a start awaits this
   * instead of polling the store.
   */
  startSettled(sessionId: string): Promise<SessionRecord | null> | undefined {
    return this.underway.get(sessionId);
  }

  /** `workload`: what the start decided the sandbox receives; undefined: decided as it provisions (a restart). */
  private provision(record: SessionRecord, projectName: string, workload?: WorkloadEnvironment | null): Promise<void> {
    let settle: (record: SessionRecord | null) => void = () => {};
    const settled = new Promise<SessionRecord | null>((resolve) => (settle = resolve));
    this.underway.set(record.id, settled);
    return this.provisionNow(record, projectName, settle, workload).finally(() => {
      settle(null);
      if (this.underway.get(record.id) === settled) this.underway.delete(record.id);
    });
  }

  private async provisionNow(
    record: SessionRecord,
    projectName: string,
    settle: (record: SessionRecord) => void,
    workload: WorkloadEnvironment | null | undefined,
  ): Promise<void> {
    const { record: settled, process } = await provisionSession(this.deps, record, workload);
    // A warm sandbox's server was started by the pool, which keeps its process when it ran here.
    const server = process ?? (settled.warm && settled.sandbox ? (this.deps.warmPool?.serverProcess(settled.sandbox.id) ?? null) : null);
    if (settled.state === 'running') {
      this.deps.supervisor.watch(settled, server);
      this.deps.onRunning?.(settled);
    }
    settle(settled);
    if (settled.state === 'failed') {
      await this.release(settled);
      // An app is what viewers open: its failure goes to the project's alert destinations.
      await reportAppFailure(this.deps, settled, projectName);
    }
  }

  private async takeOver(project: { id: string; name: string }, notebookId: string, fromSessionId: string, by: Actor): Promise<void> {
    const claim = await this.deps.claims.requestTakeover(project.id, notebookId, fromSessionId, by.id);
    await this.stop(project.id, claim.session_id, { reason: 'takeover', save: true, actor: by });
    await this.deps.audit.append({
      event: 'session.takeover',
      actor: by.id,
      projectId: project.id,
      metadata: { notebook_id: notebookId, from_session_id: claim.session_id, from_user_id: claim.user_id },
    });
    this.deps.events.publish({
      kind: 'session.takeover',
      project_id: project.id,
      project_name: project.name,
      actor: by.id,
      occurred_at: this.deps.now().toISOString(),
      data: { notebook_id: notebookId, previous_session_id: claim.session_id, previous_user_id: claim.user_id },
    });
  }

  /** Takes the notebook's editor claim for a new session; a start that loses it says so in its provision line. */
  private async acquireClaim(request: StartRequest, record: SessionRecord): Promise<ClaimOutcome> {
    try {
      return await this.deps.claims.acquire(request.project.id, request.notebook.id, record.id, request.user.id, (claim) =>
        claimStanding(this.deps.sessions, claim, this.deps.now()),
      );
    } catch (error) {
      if (error instanceof HubError && (error.code === 'EDIT_SESSION_RETIRING' || error.code === 'CONFLICT')) {
        reportClaimLost(this.deps.logger, record, error.code === 'EDIT_SESSION_RETIRING' ? 'preflight' : 'claim', error.code);
      }
      throw error;
    }
  }

  /** A start that did not happen hands its warm sandbox back; one that failed unexpectedly destroys it (its state is unknown). */
  private async returnWarm(warm: WarmSandbox, error: unknown): Promise<void> {
    const refused = error instanceof HubError && ['EDIT_SESSION_OWNED', 'EDIT_SESSION_RETIRING', 'RESOURCE_EXHAUSTED', 'CONFLICT'].includes(error.code);
    if (refused) await this.deps.warmPool!.giveBack(warm);
    else await this.deps.driver.destroy(warm.sandbox.id).catch(() => {});
  }

  /**
   * Checks that a running session's notebook server still answers, handling it as dead when it
   * does not (the proxy asks after a failed connection).
   */
  async checkKernel(projectId: string, sessionId: string): Promise<void> {
    const record = await this.deps.sessions.get(projectId, sessionId);
    if (record) await this.answering(record);
  }

  /**
   * Has the supervisor watch every running session it does not watch yet, by probes alone: at
   * start-up, the sessions an earlier hub process started (their sandboxes outlive it). Resolves
   * to how many it took on.
   */
  async superviseRunning(): Promise<number> {
    let adopted = 0;
    for await (const { projectId, sessionId } of this.deps.sessions.active()) {
      if (this.deps.supervisor.isWatching(sessionId)) continue;
      const record = await this.deps.sessions.get(projectId, sessionId);
      if (record?.state !== 'running') continue;
      this.deps.supervisor.watch(record, null);
      adopted++;
    }
    return adopted;
  }

  /**
   * The supervisor found a session's notebook server dead (its process exited, or it stopped
   * answering): the session is saved and ended, or an app restarted (docs/sessions.md). Nothing
   * happens when the session has moved on meanwhile (stopped, or already restarted elsewhere).
   */
  async kernelLost(record: SessionRecord, cause: KernelLossCause): Promise<void> {
    await this.recover(record, cause);
  }

  /**
   * The session to hand out again, or null when there is none. A running session whose notebook
   * server no longer answers (killed, out of memory, wedged) is handled as dead first: an edit
   * session is saved and ended as `kernel_lost` (`sandbox_lost` when the sandbox is gone too), so
   * the start that asked gets a fresh one; an app restarting answers again soon under the same id.
   * A session still starting answers for itself once it runs.
   */
  private async answering(record: SessionRecord): Promise<SessionRecord | null> {
    if (record.state !== 'running' || !record.endpoint) return record;
    const address = { endpoint: record.endpoint, baseUrl: record.base_url, secret: record.secret };
    if (await this.deps.kernels.answers(address, KERNEL_PROBE_TIMEOUT_MS)) return record;
    this.deps.supervisor.unwatch(record.id);
    const after = await this.recover(record, 'unanswered');
    return LIVE_STATES.has(after.state) ? after : null;
  }

  /** Handles a dead server once: the supervisor and a start (or the proxy) may find it together. */
  private async recover(record: SessionRecord, cause: KernelLossCause): Promise<SessionRecord> {
    const current = await this.deps.sessions.get(record.project_id, record.id);
    if (current?.state !== 'running' || current.sandbox?.id !== record.sandbox?.id) return current ?? record;
    return recoverDeadKernel(this.deps, this.recovery, current, cause);
  }

  private readonly recovery: RecoveryOps = {
    stop: (projectId, sessionId, options) => this.stop(projectId, sessionId, options),
    markLost: (record) => this.markLost(record),
    end: (record, change) => this.end(record, change),
    release: (record) => this.release(record),
    provision: (record, projectName) => void this.deps.background.run(() => this.provision(record, projectName)),
  };

  /** The live edit session holding a notebook's claim, when this user may join it (their own, or any with shared editing). */
  private async reusableEditSession(projectId: string, sessionId: string, userId: string): Promise<SessionRecord | null> {
    const holder = await this.deps.sessions.get(projectId, sessionId);
    return holder && LIVE_STATES.has(holder.state) && this.mayJoin(holder, userId) ? holder : null;
  }

  private mayJoin(holder: SessionRecord, userId: string): boolean {
    return this.deps.config.sharing === 'shared' || holder.user_id === userId;
  }

  /** The notebook's live shared app; of the preview `previewId` when given (a preview's app is never the notebook's). */
  private async liveApp(projectId: string, notebookId: string, previewId?: string): Promise<SessionRecord | null> {
    for (const app of await this.deps.sessions.liveApps(projectId)) {
      if (app.notebookId !== notebookId) continue;
      const record = await this.deps.sessions.get(projectId, app.sessionId);
      if (record && LIVE_STATES.has(record.state) && !record.ephemeral && record.preview_id === previewId) return record;
    }
    return null;
  }

  /**
   * An early refusal, before a takeover stops anyone's session. The count may be stale by the time
   * the session is stored: the store checks again in the transaction that indexes it.
   */
  private async checkLimits(request: StartRequest): Promise<void> {
    const { maxSessionsPerUser, maxAppsPerProject } = this.deps.config;
    if (maxSessionsPerUser !== null && (await this.deps.sessions.liveSessionsOf(request.user.id)) >= maxSessionsPerUser) {
      throw new HubError('RESOURCE_EXHAUSTED', `you already run ${maxSessionsPerUser} session(s), the most this deployment allows; stop one first`);
    }
    if (request.mode === 'app' && maxAppsPerProject !== null && (await this.deps.sessions.liveApps(request.project.id)).length >= maxAppsPerProject) {
      throw new HubError('RESOURCE_EXHAUSTED', `this project already runs ${maxAppsPerProject} app(s), the most this deployment allows`);
    }
  }

  /**
   * The warm sandboxes that fit an edit session (undefined: none does): those of a notebook at the
   * warm entry file, on the default image and the pool's compute profile, started without
   * dependencies (null) or in the built locked environment its version's start would use.
   */
  private async warmSlot(request: StartRequest): Promise<string | null | undefined> {
    const { warmPool } = this.deps;
    const { notebook } = request;
    if (!warmPool?.enabled || request.mode !== 'edit' || request.ephemeral) return undefined;
    if (notebook.entry_file !== WARM_ENTRY_FILE || notebook.base_image !== null) return undefined;
    if ((notebook.compute_profile ?? this.deps.config.defaultComputeProfile) !== warmPool.computeProfile) return undefined;
    const versionId = notebook.source.current_version_id;
    if (versionId === null) return undefined;
    const code = await this.deps.notebooks.code(request.project.id, notebook.id, versionId);
    if (!hasScriptBlock(code)) return null;
    const built = await this.deps.environments?.builtFor({ projectId: request.project.id, notebookId: notebook.id, versionId, code });
    return built ?? undefined;
  }
}
