/**
 * Work the hub does outside of requests (loop cycles, alert deliveries). Shutdown stops new work
 * from starting and waits for what is running, so a cycle can finish its step and release its
 * lease.
 */
export class BackgroundWork {
  private readonly running = new Set<Promise<unknown>>();
  private readonly stopHandlers: (() => void)[] = [];
  private stopped = false;

  get isStopping(): boolean {
    return this.stopped;
  }

  /** Runs `work` unless shutdown has begun; returns false when it was not started. */
  run(work: () => Promise<unknown>): boolean {
    if (this.stopped) return false;
    const promise = work().catch(() => {});
    this.running.add(promise);
    void promise.finally(() => this.running.delete(promise));
    return true;
  }

  /** Called when shutdown begins (loops stop ticking). */
  onStop(handler: () => void): void {
    this.stopHandlers.push(handler);
  }

  /** Stops new work and resolves when everything running has settled. */
  async stop(): Promise<void> {
    if (!this.stopped) {
      this.stopped = true;
      for (const handler of this.stopHandlers) handler();
    }
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }
}
