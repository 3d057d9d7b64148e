/**
 * Counts events per key in fixed windows (one starting at a key's first event): a key over its
 * allowance learns how many seconds remain until its window ends. Kept in memory, per process.
 */
export class RateWindows {
  private readonly windows = new Map<string, { startedAt: number; count: number }>();

  constructor(
    private readonly perWindow: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts an event of `key`: null when it may go on, else the seconds until it may try again. */
  take(key: string): number | null {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || now - window.startedAt >= this.windowMs) {
      window = { startedAt: now, count: 0 };
      this.windows.set(key, window);
      this.forgetEnded(now);
    }
    window.count++;
    return window.count <= this.perWindow ? null : Math.max(1, Math.ceil((window.startedAt + this.windowMs - now) / 1000));
  }

  /** Windows that ended a while ago: keys that went away leave nothing behind. */
  private forgetEnded(now: number): void {
    if (this.windows.size < 1024) return;
    for (const [key, window] of this.windows) if (now - window.startedAt >= this.windowMs) this.windows.delete(key);
  }
}
