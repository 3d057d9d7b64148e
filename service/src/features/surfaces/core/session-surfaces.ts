import { randomBytes } from 'node:crypto';
import { HubError } from '../../../core/errors.js';
import type { Logger } from '../../../core/ports/logger.js';
import type { BackgroundRunner } from '../../../core/ports/background-runner.js';
import type { SandboxProcess } from '../../../core/ports/sandbox-driver.js';
import type { SurfaceLauncher } from '../../../core/ports/surface-launcher.js';
import type { SessionRecord } from '../../../core/sessions/session-model.js';
import type { SessionStore } from '../../../core/sessions/session-store.js';
import type { ManagedAi } from './managed-ai.js';
import { STOPPED_SURFACE, surfacePortName, type SurfaceConfig, type SurfaceId, type SurfaceStatus } from '../../../core/ports/surface-model.js';

export interface SessionSurfacesDeps {
  sessions: SessionStore;
  /** Null when the sandbox driver cannot host surfaces at all. */
  launcher: SurfaceLauncher | null;
  surfaces: SurfaceConfig[];
  /** OpenCode's managed model (docs/surfaces.md, "Managed AI"). */
  managedAi: ManagedAi;
  readyTimeoutMs: number;
  background: BackgroundRunner;
  logger: Logger;
  now: () => Date;
}

export const SURFACE_TITLES: Record<SurfaceId, string> = { vscode: 'VS Code', opencode: 'OpenCode' };

/**
 * Sessions a surface may start in: running ones, and ones whose sandbox answers while marimo is
 * still being set up (an eager start). Callers see a surface only once its session runs.
 */
const STARTABLE: ReadonlySet<SessionRecord['state']> = new Set(['running', 'provisioning']);

/** How often a caller waiting on a start made by another replica looks again. */
const WAIT_POLL_MS = 250;

/**
 * The surfaces of edit sessions (docs/surfaces.md): their state on the session record, starting
 * and stopping them through the launcher, and following their processes. A surface is only ever
 * `running` for the sandbox it was started in, so a session that stopped, or moved to a new
 * sandbox, shows its surfaces stopped without anyone writing that down.
 */
export class SessionSurfaces {
  /** Starts under way in this process, by `<session id>/<surface>`: a second open joins the first. */
  private readonly starting = new Map<string, Promise<SurfaceStatus>>();

  constructor(private readonly deps: SessionSurfacesDeps) {}

  get launcher(): SurfaceLauncher | null {
    return this.deps.launcher;
  }

  /** The configured surfaces this deployment's sandboxes can host (what the capabilities report). */
  get available(): SurfaceConfig[] {
    const { launcher } = this.deps;
    return launcher === null ? [] : this.deps.surfaces.filter((surface) => launcher.unsupported(surface) === null);
  }

  get configured(): SurfaceConfig[] {
    return this.deps.surfaces;
  }

  configOf(id: SurfaceId): SurfaceConfig {
    const config = this.deps.surfaces.find((surface) => surface.id === id);
    if (!config) throw new HubError('SURFACE_NOT_ENABLED', `${SURFACE_TITLES[id]} is not enabled in this deployment`);
    return config;
  }

  /** What people should know before using it: why OpenCode has no managed model, say; else null. */
  noticeOf(id: SurfaceId): string | null {
    return this.deps.managedAi.unavailable(this.configOf(id));
  }

  /** The surface's state as it holds now: stopped unless it runs in the session's current sandbox. */
  statusOf(record: SessionRecord, id: SurfaceId): SurfaceStatus {
    if (record.surfaces?.[id] && record.state !== 'running') return { ...STOPPED_SURFACE, reason: 'the session is not running' };
    return this.inSandbox(record, id);
  }

  /** The recorded state of the surface in the session's current sandbox, whatever the session's state. */
  private inSandbox(record: SessionRecord, id: SurfaceId): SurfaceStatus {
    const stored = record.surfaces?.[id];
    if (!stored) return STOPPED_SURFACE;
    if (stored.state === 'stopped') return stored;
    // A surface of an earlier sandbox (an app restarted in a new one) does not run in this one.
    return record.sandbox !== null && stored.sandbox_id === record.sandbox.id ? stored : STOPPED_SURFACE;
  }

  /**
   * Starts the surface when it does not run, or joins the start under way. With `wait`, answers
   * once it runs (SURFACE_UNAVAILABLE when it cannot); without, at once with its state (`starting`).
   */
  async open(record: SessionRecord, id: SurfaceId, options: { wait: boolean } = { wait: true }): Promise<SurfaceStatus> {
    const config = this.configOf(id);
    const current = this.statusOf(record, id);
    if (current.state === 'running') return current;
    const key = `${record.id}/${id}`;
    let start = this.starting.get(key);
    if (start === undefined && current.state === 'starting') {
      // Started by another replica (or a process that is gone): follow the record.
      if (!options.wait) return current;
      return this.unavailableIfFailed(id, await this.waitForOther(record, id));
    }
    if (start === undefined) {
      const begun = await this.begin(record, config);
      if (begun.state !== 'starting' || begun.done === null) {
        // Another start claimed it first (an eager start, a second tab): a caller who waits joins it.
        if (!options.wait || begun.status.state !== 'starting') return this.unavailableIfFailed(id, begun.status);
        const other = this.starting.get(key);
        return this.unavailableIfFailed(id, other === undefined ? await this.waitForOther(record, id) : await other);
      }
      start = begun.done.finally(() => this.starting.delete(key));
      this.starting.set(key, start);
      if (!options.wait) {
        void start.catch(() => {});
        return begun.status;
      }
    } else if (!options.wait) {
      return this.statusOf(await this.deps.sessions.require(record.project_id, record.id), id);
    }
    return this.unavailableIfFailed(id, await start);
  }

  /** Ends the surface (its processes in the sandbox) and records it stopped. */
  async stop(record: SessionRecord, id: SurfaceId): Promise<SurfaceStatus> {
    this.configOf(id);
    const current = this.statusOf(record, id);
    if (current.state === 'stopped') return current;
    if (record.sandbox && this.deps.launcher) await this.deps.launcher.stop(record.sandbox, id).catch(() => {});
    const updated = await this.deps.sessions.update(record.project_id, record.id, (latest) => ({
      ...latest,
      surfaces: { ...latest.surfaces, [id]: { ...STOPPED_SURFACE, reason: 'stopped by its user' } },
    }));
    return this.statusOf(updated, id);
  }

  /**
   * Starts the surfaces configured `eager` (in the background): as soon as the session's sandbox
   * answers, while marimo is still being set up in it, and again once the session runs, which
   * joins a start under way and retries one that failed.
   */
  startEager(record: SessionRecord): void {
    if (record.mode !== 'edit' || this.deps.launcher === null) return;
    for (const config of this.deps.surfaces) {
      if (config.start !== 'eager' || this.deps.launcher.unsupported(config) !== null) continue;
      this.deps.background.run(() =>
        this.open(record, config.id).catch((error: unknown) =>
          this.deps.logger.warn({ event: 'surface_start_failed', session_id: record.id, surface: config.id, err: error }, 'surface_start_failed'),
        ),
      );
    }
  }

  /** The ports an edit session's sandbox opens for the configured surfaces. */
  portsFor(mode: 'edit' | 'app'): string[] {
    if (mode !== 'edit' || this.deps.launcher === null) return [];
    return this.deps.surfaces.filter((surface) => this.deps.launcher!.unsupported(surface) === null).map((surface) => surfacePortName(surface.id));
  }

  /**
   * Records the surface `starting` (one claim wins: a second caller finds it starting) and starts
   * it; `done` settles with the outcome, recorded too.
   */
  private async begin(
    record: SessionRecord,
    config: SurfaceConfig,
  ): Promise<{ state: 'starting'; status: SurfaceStatus; done: Promise<SurfaceStatus> } | { state: 'other'; status: SurfaceStatus; done: null }> {
    const { launcher } = this.deps;
    const title = SURFACE_TITLES[config.id];
    const why = launcher === null ? 'this sandbox driver runs no secondary surfaces' : launcher.unsupported(config);
    if (launcher === null || why !== null) throw new HubError('SURFACE_UNSUPPORTED_PROVIDER', `${title} cannot run in this deployment's sandboxes: ${why}`);
    const sandbox = record.sandbox;
    if (sandbox === null) throw new HubError('CONFLICT', 'the session has no sandbox');
    if (sandbox.ports[surfacePortName(config.id)] === undefined) {
      throw new HubError(
        'SURFACE_UNAVAILABLE',
        `this session's sandbox was started before ${title} was enabled; stop the session and start it again to use ${title}`,
      );
    }
    const claimBegan = performance.now();
    const secret = randomBytes(32).toString('base64url');
    const begun: SurfaceStatus = { state: 'starting', reason: null, detail: null, started_at: null, sandbox_id: sandbox.id, secret };
    const claimed = await this.deps.sessions.update(record.project_id, record.id, (latest) =>
      STARTABLE.has(latest.state) && latest.sandbox?.id === sandbox.id && !['running', 'starting'].includes(this.inSandbox(latest, config.id).state)
        ? { ...latest, surfaces: { ...latest.surfaces, [config.id]: begun } }
        : undefined,
    );
    if (!STARTABLE.has(claimed.state) || claimed.sandbox?.id !== sandbox.id) throw new HubError('CONFLICT', `the session is ${claimed.state}`);
    if (claimed.surfaces?.[config.id]?.secret !== secret) return { state: 'other', status: this.statusOf(claimed, config.id), done: null };

    const mine = (latest: SessionRecord) => latest.surfaces?.[config.id]?.secret === secret;
    const settle = (status: SurfaceStatus) =>
      this.deps.sessions
        .update(record.project_id, record.id, (latest) => (mine(latest) ? { ...latest, surfaces: { ...latest.surfaces, [config.id]: status } } : undefined))
        .then((updated) => this.statusOf(updated, config.id));
    const progress = progressWriter((detail) =>
      this.deps.sessions.update(record.project_id, record.id, (latest) =>
        mine(latest) && latest.surfaces?.[config.id]?.state === 'starting'
          ? { ...latest, surfaces: { ...latest.surfaces, [config.id]: { ...latest.surfaces[config.id]!, detail } } }
          : undefined,
      ),
    );
    const done = (async () => {
      const launchBegan = performance.now();
      try {
        const ai = await this.deps.managedAi.offer(record, config, secret);
        const options = { secret, readyTimeoutMs: this.deps.readyTimeoutMs, onProgress: progress.write, ...(ai ? { ai } : {}) };
        const started = await launcher.start(sandbox, config, options);
        const launchMs = performance.now() - launchBegan;
        await progress.settled();
        const running = await settle({ ...begun, state: 'running', started_at: this.deps.now().toISOString() });
        // Where a start's time goes, for operators and the surfaces benchmark (docs/surfaces.md "Speed").
        this.deps.logger.info(
          {
            event: 'surface_started',
            session_id: record.id,
            surface: config.id,
            claim_ms: Math.round(launchBegan - claimBegan),
            launch_ms: Math.round(launchMs),
            record_ms: Math.round(performance.now() - launchBegan - launchMs),
          },
          'surface_started',
        );
        this.follow(record, config.id, secret, started.process);
        return running;
      } catch (error) {
        await progress.settled();
        const reason = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
        this.deps.logger.warn({ event: 'surface_start_failed', session_id: record.id, surface: config.id, reason }, 'surface_start_failed');
        return settle({ ...begun, state: 'failed', reason, secret: null });
      }
    })();
    return { state: 'starting', status: this.statusOf(claimed, config.id), done };
  }

  /** A surface whose process exits on its own is recorded failed, with why; one stopped on purpose stays stopped. */
  private follow(record: SessionRecord, id: SurfaceId, secret: string, process: SandboxProcess): void {
    void process.exited.then(({ exitCode }) => {
      const tail = process.outputTail().stderr.trim().split('\n').slice(-10).join('\n');
      const reason = `${SURFACE_TITLES[id]} exited${exitCode === null ? ' on a signal' : ` with code ${exitCode}`}${tail ? `:\n${tail}` : ''}`;
      this.deps.background.run(() =>
        this.deps.sessions
          .update(record.project_id, record.id, (latest) => {
            const status = latest.surfaces?.[id];
            return status?.secret === secret && status.state === 'running'
              ? { ...latest, surfaces: { ...latest.surfaces, [id]: { ...status, state: 'failed', reason: reason.slice(0, 2000) } } }
              : undefined;
          })
          .catch(() => {}),
      );
    });
  }

  /** Another replica is starting it: look again until it runs, failed or the start-up time is over. */
  private async waitForOther(record: SessionRecord, id: SurfaceId): Promise<SurfaceStatus> {
    const deadline = Date.now() + this.deps.readyTimeoutMs;
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, WAIT_POLL_MS));
      const latest = await this.deps.sessions.require(record.project_id, record.id);
      const status = this.statusOf(latest, id);
      if (status.state !== 'starting') return status;
      if (Date.now() > deadline) return { ...status, state: 'failed', reason: `${SURFACE_TITLES[id]} did not start in time` };
    }
  }

  private unavailableIfFailed(id: SurfaceId, status: SurfaceStatus): SurfaceStatus {
    if (status.state === 'failed') throw new HubError('SURFACE_UNAVAILABLE', `${SURFACE_TITLES[id]} could not start: ${status.reason ?? 'no reason given'}`);
    return status;
  }
}

/**
 * Writes each progress step, one write at a time, keeping only the latest while a write is under
 * way; never fails the start: progress is for people watching.
 */
function progressWriter(write: (detail: string) => Promise<unknown>): { write: (step: string) => void; settled: () => Promise<void> } {
  let latest: string | null = null;
  let running: Promise<void> | null = null;
  const drain = async () => {
    while (latest !== null) {
      const detail = latest;
      latest = null;
      await write(detail.slice(0, 200)).catch(() => {});
    }
    running = null;
  };
  return {
    write(step) {
      latest = step;
      running ??= drain();
    },
    settled: async () => {
      await running;
    },
  };
}
