/**
 * Requests per client and minute at /mcp (docs/mcp.md, `SERVICE_MCP_REQUESTS_PER_MINUTE`): an
 * assistant stuck in a loop must not take the hub with it. Counted per hub process, in windows of
 * one minute; a client over its allowance learns when the window ends.
 */
export class McpRateLimit {
  private readonly windows = new Map<string, { startedAt: number; count: number }>();

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts a request of `client`: null when it may go on, else the seconds until it may try again. */
  take(client: string): number | null {
    const now = this.now();
    let window = this.windows.get(client);
    if (!window || now - window.startedAt >= 60_000) {
      window = { startedAt: now, count: 0 };
      this.windows.set(client, window);
      this.forgetIdle(now);
    }
    window.count++;
    return window.count <= this.perMinute ? null : Math.max(1, Math.ceil((window.startedAt + 60_000 - now) / 1000));
  }

  /** Windows that ended a while ago: clients that went away leave nothing behind. */
  private forgetIdle(now: number): void {
    if (this.windows.size < 1024) return;
    for (const [client, window] of this.windows) if (now - window.startedAt >= 60_000) this.windows.delete(client);
  }
}
