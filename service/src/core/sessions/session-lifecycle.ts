import type { Logger } from '../ports/logger.js';
import type { SandboxDriver, SandboxSummary } from '../ports/sandbox-driver.js';
import type { SessionIndexRepair } from './session-index-repair.js';
import type { SessionManager } from './session-manager.js';
import { LIVE_STATES, type SessionRecord } from './session-model.js';
import { saveFromSandbox, type SaverDeps } from './session-saver.js';
import type { SessionStore } from './session-store.js';
import type { SessionReclaimer } from './session-reclaim.js';

export interface LifecycleConfig {
  idleTimeoutMs: number;
  appIdleTimeoutMs: number;
  autosaveMs: number;
  startupTimeoutMs: number;
  connectionAware: boolean;
  /** How far an open connection pushes the lifetime ahead (never past the provider cap). */
  presenceMs: number;
  /** Sandboxes younger than this are never reaped: their session may not have recorded them yet. */
  reapGraceMs: number;
}

export interface LifecycleDeps {
  manager: SessionManager;
  sessions: SessionStore;
  driver: SandboxDriver;
  saver: SaverDeps;
  logger: Logger;
  config: LifecycleConfig;
  now: () => Date;
  /** Sandboxes that belong to no session yet are not orphans: the warm pool's, and those of job runs going on. */
  ownedSandboxIds(): Promise<Set<string>>;
  /** Releases sessions that are over, bounded, keeping unsaved ones an unattachable provider cannot save. */
  reclaimer: SessionReclaimer;
  /** Brings the session indexes back in line with the records where a crash separated them. */
  index: SessionIndexRepair;
}

export interface SweepOutcome {
  autosaved: number;
  stopped: number;
  /** Sandboxes destroyed for sessions that were over (the `sessions_reclaimed` field of docs/maintenance.md). */
  reclaimed: number;
  reaped: number;
  /** Sessions whose catalog entries were repaired to match their records. */
  reindexed: number;
}

/**
 * One pass of the session lifecycle loop over every session that may hold a sandbox: autosave,
 * stop at the idle, lifetime and provider-cap deadlines (extending the lifetime while editors are
 * connected), fail provisioning that outlived its timeout (its replica is gone), mark sessions
 * whose sandbox vanished, retry releases that failed, and destroy sandboxes no session owns.
 * Catalog entries a crash left behind their records are repaired on the way (`deps.index`).
 */
export async function sweepSessions(deps: LifecycleDeps, signal: AbortSignal): Promise<SweepOutcome> {
  const outcome: SweepOutcome = { autosaved: 0, stopped: 0, reclaimed: 0, reaped: 0, reindexed: 0 };
  const sandboxes = await deps.driver.list();
  const byId = new Map(sandboxes.map((sandbox) => [sandbox.id, sandbox]));
  // First, so that records no index named are swept (and their sandboxes owned) in this pass.
  if (!signal.aborted) {
    await repairing(deps, 'session_index_scan_failed', async () => {
      outcome.reindexed += (await deps.index.scanIfDue(deps.now().getTime(), signal))?.indexed ?? 0;
    });
  }
  const check = await deps.index.checker();
  const visit = async (record: SessionRecord) => {
    try {
      // Before the sweep acts on it: its own changes re-index from what the record says.
      if (await check(record)) outcome.reindexed++;
      await sweepOne(deps, record, byId, outcome);
    } catch (error) {
      deps.logger.warn({ event: 'session_sweep_failed', session_id: record.id, err: error }, 'session_sweep_failed');
    }
  };
  const missing = (projectId: string, sessionId: string) =>
    repairing(deps, 'session_index_repair_failed', async () => {
      if (await deps.index.repair(projectId, sessionId, 'sweep')) outcome.reindexed++;
    });
  const first = await owners(deps, visit, signal, missing);
  if (signal.aborted) return outcome;
  await repairing(deps, 'session_claim_check_failed', async () => {
    const strays = await deps.index.strayClaims(first.heldNotebooks, deps.now().getTime(), signal);
    outcome.reindexed += strays.indexed.length;
    for (const record of strays.indexed) {
      if (record.sandbox) first.referenced.add(record.sandbox.id);
      if (LIVE_STATES.has(record.state)) first.liveSessions.add(record.id);
      await visit(record);
    }
  });
  if (signal.aborted) return outcome;
  const now = deps.now().getTime();
  let candidates = sandboxes.filter((sandbox) => !first.referenced.has(sandbox.id) && orphaned(sandbox, first.liveSessions, now, deps.config.reapGraceMs));
  if (candidates.length > 0) {
    // A session may have taken a sandbox from the warm pool while this pass ran: look again.
    const again = await owners(deps, async () => {}, signal);
    candidates = candidates.filter((sandbox) => !again.referenced.has(sandbox.id) && orphaned(sandbox, again.liveSessions, now, deps.config.reapGraceMs));
  }
  for (const sandbox of candidates) {
    if (signal.aborted) break;
    try {
      await deps.driver.destroy(sandbox.id);
      outcome.reaped++;
      deps.logger.info({ event: 'sandbox_reaped', sandbox_id: sandbox.id, labels: sandbox.labels }, 'sandbox_reaped');
    } catch (error) {
      deps.logger.warn({ event: 'sandbox_reap_failed', sandbox_id: sandbox.id, err: error }, 'sandbox_reap_failed');
    }
  }
  return outcome;
}

/** Index repair is a side task of the sweep: its failure is logged and the sweep goes on. */
async function repairing(deps: LifecycleDeps, event: string, work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    deps.logger.warn({ event, err: error }, event);
  }
}

/**
 * Which sandboxes belong to someone: a session's (live or not yet released) or the warm pool's;
 * and which notebooks the swept edit sessions account for (their claims need no look).
 */
async function owners(
  deps: LifecycleDeps,
  visit: (record: SessionRecord) => Promise<void>,
  signal: AbortSignal,
  missing: (projectId: string, sessionId: string) => Promise<void> = async () => {},
): Promise<{ referenced: Set<string>; liveSessions: Set<string>; heldNotebooks: Set<string> }> {
  const referenced = await deps.ownedSandboxIds();
  const liveSessions = new Set<string>();
  const heldNotebooks = new Set<string>();
  for await (const { projectId, sessionId } of deps.sessions.active()) {
    if (signal.aborted) break;
    const record = await deps.sessions.get(projectId, sessionId);
    if (!record) {
      await missing(projectId, sessionId);
      continue;
    }
    if (record.sandbox) referenced.add(record.sandbox.id);
    if (LIVE_STATES.has(record.state)) liveSessions.add(record.id);
    // A preview's edit session holds no claim: it accounts for none.
    if (record.mode === 'edit' && !record.preview_id) heldNotebooks.add(`${record.project_id}/${record.notebook_id}`);
    await visit(record);
  }
  return { referenced, liveSessions, heldNotebooks };
}

/**
 * A session's sandbox is recorded on the session right after it is created, so one labelled with
 * a session that is no longer live belongs to nobody. Others (diagnostics, sandboxes of a crashed
 * start) get a grace period: their creator may still be about to record them.
 */
function orphaned(sandbox: SandboxSummary, liveSessions: Set<string>, now: number, graceMs: number): boolean {
  const sessionId = sandbox.labels.session_id;
  if (sessionId) return !liveSessions.has(sessionId);
  return now - Date.parse(sandbox.createdAt) >= graceMs;
}

async function sweepOne(deps: LifecycleDeps, record: SessionRecord, sandboxes: Map<string, SandboxSummary>, outcome: SweepOutcome): Promise<void> {
  const { manager, config } = deps;
  const now = deps.now().getTime();
  const owner = { id: record.user_id, email: '' };
  const stop = async (reason: Parameters<SessionManager['stop']>[2]['reason']) => {
    // A provider that cannot attach may not reach a sandbox another replica started: stop unsaved (docs/sessions.md).
    await manager.stop(record.project_id, record.id, { reason, save: deps.driver.canAttach, actor: owner });
    outcome.stopped++;
    outcome.reclaimed++;
  };

  switch (record.state) {
    case 'provisioning':
      // A restarted app provisions again: its start-up began with the restart.
      if (now - Date.parse(record.restarted_at ?? record.created_at) > config.startupTimeoutMs + 60_000) {
        const { record: failed } = await manager.end(record, (current) =>
          current.state === 'provisioning'
            ? {
                ...current,
                state: 'failed',
                stop_reason: 'provision_failed',
                stopped_at: new Date(now).toISOString(),
                failure: { code: 'SERVICE_UNAVAILABLE', message: 'provisioning did not finish in time' },
              }
            : undefined,
        );
        if (await deps.reclaimer.releaseRetired(failed)) outcome.reclaimed++;
      }
      return;
    case 'running': {
      const sandbox = record.sandbox ? sandboxes.get(record.sandbox.id) : undefined;
      if (!sandbox || sandbox.state !== 'running') {
        await manager.markLost(record);
        deps.logger.warn({ event: 'session_sandbox_lost', session_id: record.id, sandbox_id: record.sandbox?.id ?? null }, 'session_sandbox_lost');
        outcome.reclaimed++;
        return;
      }
      if (now >= Date.parse(record.hard_stop_at)) return stop('provider_cap');
      const connected = record.connected_until !== null && Date.parse(record.connected_until) > now;
      if (now >= Date.parse(record.expires_at)) {
        if (!(config.connectionAware && connected)) return stop('lifetime');
        await deps.sessions.update(record.project_id, record.id, (current) => ({
          ...current,
          expires_at: new Date(Math.min(Date.parse(current.hard_stop_at), now + config.presenceMs)).toISOString(),
        }));
      }
      const idleLimit = record.mode === 'app' ? config.appIdleTimeoutMs : config.idleTimeoutMs;
      if (!connected && now - Date.parse(record.last_activity_at) >= idleLimit) return stop('idle');
      const lastSave = Date.parse(record.last_saved_at ?? record.started_at ?? record.created_at);
      if (record.mode === 'edit' && now - lastSave >= config.autosaveMs) {
        const version = await saveFromSandbox(deps.saver, record, { actor: owner, message: 'Autosaved', event: 'notebook.autosave' });
        if (version) outcome.autosaved++;
        else await deps.sessions.update(record.project_id, record.id, (current) => ({ ...current, last_saved_at: new Date(now).toISOString() }));
      }
      return;
    }
    case 'stopping':
      // The replica that was stopping it went away mid-way: finish the stop.
      if (now - Date.parse(record.stopping_since ?? record.created_at) > config.startupTimeoutMs) return stop(record.stop_reason ?? 'shutdown');
      return;
    case 'stopped':
    case 'failed':
      if (await deps.reclaimer.releaseRetired(record)) outcome.reclaimed++;
      return;
  }
}
