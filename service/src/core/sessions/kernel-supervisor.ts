import type { KernelHealth } from '../ports/kernel-health.js';
import type { Logger } from '../ports/logger.js';
import type { BackgroundRunner } from '../ports/background-runner.js';
import type { SandboxProcess } from '../ports/sandbox-driver.js';
import type { SessionRecord } from './session-model.js';

export interface SupervisorConfig {
  /** How often each watched notebook server is probed; a probe has until the next one to answer. */
  probeIntervalMs: number;
  /** Consecutive unanswered probes after which the server counts as dead. */
  failuresBeforeLost: number;
}

/** Why the supervisor gave a session up: its server process exited, or it stopped answering. */
export type KernelLossCause = 'exited' | 'unanswered';

export interface SupervisorDeps {
  kernels: KernelHealth;
  background: BackgroundRunner;
  logger: Logger;
  config: SupervisorConfig;
  /**
   * Called once per loss. The record is the one watched: the callee re-reads it, since the session
   * may have been stopped, or restarted in another sandbox, meanwhile.
   */
  lost(record: SessionRecord, cause: KernelLossCause): Promise<void>;
}

interface Watched {
  record: SessionRecord;
  failures: number;
  probing: boolean;
}

/**
 * Notices within seconds that a running session's notebook server died, whether anyone has the
 * session open or not (docs/sessions.md). Two signals: the exit of the server process this hub
 * started (the driver settles it: a local child's exit, the end of a Docker exec), at once; and a
 * health probe every interval, for a server that hangs (stopped, wedged) or one whose process this
 * hub does not hold. A single slow answer never ends a session: only `failuresBeforeLost` in a
 * row do. marimo serves its health check from its web server, not from the kernel, so a kernel busy
 * running a long cell keeps answering.
 */
export class KernelSupervisor {
  /** Keyed by session id; an entry is for one sandbox of that session. */
  private readonly watched = new Map<string, Watched>();
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly deps: SupervisorDeps) {}

  /** Starts the probe loop (the hub starts it when it starts serving). */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.tick(), this.deps.config.probeIntervalMs);
    // Supervision never keeps a process alive that has nothing else to do.
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.watched.clear();
  }

  get size(): number {
    return this.watched.size;
  }

  isWatching(sessionId: string): boolean {
    return this.watched.has(sessionId);
  }

  /**
   * Watches a running session's notebook server; `process` is its server process when this hub
   * started it (null for one started elsewhere: probes only). Watching again replaces the entry.
   */
  watch(record: SessionRecord, process: SandboxProcess | null): void {
    if (record.state !== 'running' || !record.endpoint) return;
    const entry: Watched = { record, failures: 0, probing: false };
    this.watched.set(record.id, entry);
    void process?.exited.then(() => {
      // Only while this very entry is watched: a stop or restart replaced or removed it.
      if (this.watched.get(record.id) === entry) this.deps.background.run(() => this.exited(entry));
    });
  }

  /** Stops watching a session (it is being stopped or restarted by someone who knows). */
  unwatch(sessionId: string): void {
    this.watched.delete(sessionId);
  }

  /** One probe round: every watched server not already being probed is asked once. */
  tick(): void {
    for (const entry of this.watched.values()) {
      if (entry.probing) continue;
      entry.probing = true;
      const started = this.deps.background.run(() => this.probe(entry));
      if (!started) entry.probing = false;
    }
  }

  private async probe(entry: Watched): Promise<void> {
    const { endpoint, base_url: baseUrl, secret } = entry.record;
    try {
      const answers = await this.deps.kernels.answers({ endpoint: endpoint!, baseUrl, secret }, this.deps.config.probeIntervalMs);
      if (this.watched.get(entry.record.id) !== entry) return;
      if (answers) {
        entry.failures = 0;
        return;
      }
      entry.failures++;
      this.deps.logger.debug({ event: 'session_kernel_unanswered', session_id: entry.record.id, failures: entry.failures }, 'session_kernel_unanswered');
      if (entry.failures >= this.deps.config.failuresBeforeLost) this.lose(entry, 'unanswered');
    } finally {
      entry.probing = false;
    }
  }

  /**
   * The process's exit is confirmed by one probe before the session is given up: what ended may be
   * only the driver's view of it (a Docker engine restarting ends every `docker exec` stream while
   * the processes live on). A dead server refuses the connection at once, so this costs nothing
   * then; one that still answers is watched by probes alone from here on.
   */
  private async exited(entry: Watched): Promise<void> {
    const { endpoint, base_url: baseUrl, secret } = entry.record;
    const answers = await this.deps.kernels.answers({ endpoint: endpoint!, baseUrl, secret }, this.deps.config.probeIntervalMs);
    if (this.watched.get(entry.record.id) !== entry) return;
    if (!answers) return this.lose(entry, 'exited');
    this.deps.logger.warn({ event: 'session_kernel_process_lost', session_id: entry.record.id }, 'session_kernel_process_lost');
  }

  private lose(entry: Watched, cause: KernelLossCause): void {
    if (this.watched.get(entry.record.id) !== entry) return;
    this.watched.delete(entry.record.id);
    const { record } = entry;
    this.deps.logger.info({ event: 'session_kernel_gone', session_id: record.id, project_id: record.project_id, cause }, 'session_kernel_gone');
    this.deps.background.run(() =>
      this.deps.lost(record, cause).catch((error: unknown) => {
        this.deps.logger.warn({ event: 'session_kernel_lost_failed', session_id: record.id, err: error }, 'session_kernel_lost_failed');
        // Handling it failed (the sandbox backend did not answer, say): the probes try again.
        if (!this.watched.has(record.id)) this.watch(record, null);
      }),
    );
  }
}
