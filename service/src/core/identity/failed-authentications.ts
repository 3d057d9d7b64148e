/** How many failed authentications an address may have in a window (docs/security.md, "Throttling"). */
export interface FailedAuthenticationLimits {
  /** Failures per address and window before its unknown credentials are refused; 0 turns throttling off. */
  maxFailures: number;
  windowSeconds: number;
}

/** A credential that worked is let through a throttled address this long after it last worked. */
const REMEMBERED_MS = 24 * 3600_000;
/** Bounds on what is remembered: an address or credential beyond them is forgotten first. */
const MAX_ADDRESSES = 10_000;
const MAX_REMEMBERED = 10_000;

/**
 * Throttles guessing at credentials, per client address and hub process: once an address has
 * failed to authenticate `maxFailures` times within a window (which starts at its first failure),
 * credentials it presents are refused unchecked until the window ends, except credentials that
 * worked lately. People at the same address with a credential in use keep working, and requests
 * that succeed never count.
 *
 * Credentials are named by a key the caller derives from them (a hash, never the secret itself).
 */
export class FailedAuthentications {
  private readonly windows = new Map<string, { startedAt: number; failures: number }>();
  private readonly remembered = new Map<string, number>();

  constructor(
    private readonly limits: FailedAuthenticationLimits,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Null when a credential presented from `address` may be checked; else the seconds until the
   * address may try again. `keyOf` names the credential, asked for only while the address is
   * throttled (to let one that worked lately through).
   */
  refusal(address: string, keyOf: () => string | null): number | null {
    if (this.limits.maxFailures === 0) return null;
    const window = this.windows.get(address);
    if (window === undefined) return null;
    const now = this.now();
    const endsAt = window.startedAt + this.limits.windowSeconds * 1000;
    if (endsAt <= now) {
      this.windows.delete(address);
      return null;
    }
    if (window.failures < this.limits.maxFailures) return null;
    const key = keyOf();
    if (key !== null && (this.remembered.get(key) ?? 0) > now) return null;
    return Math.max(1, Math.ceil((endsAt - now) / 1000));
  }

  /** A credential from `address` failed to authenticate. */
  failed(address: string): void {
    if (this.limits.maxFailures === 0) return;
    const now = this.now();
    const window = this.windows.get(address);
    if (window !== undefined && window.startedAt + this.limits.windowSeconds * 1000 > now) {
      window.failures++;
      return;
    }
    if (this.windows.size >= MAX_ADDRESSES) this.forgetEndedWindows(now);
    if (this.windows.size >= MAX_ADDRESSES) this.windows.delete(this.windows.keys().next().value!);
    this.windows.set(address, { startedAt: now, failures: 1 });
  }

  /** The credential named `key` authenticated: it gets through a throttled address for a while. */
  succeeded(key: string): void {
    if (this.limits.maxFailures === 0) return;
    // Deleted first, so the map's order stays the order of last success (the oldest go first).
    this.remembered.delete(key);
    if (this.remembered.size >= MAX_REMEMBERED) this.remembered.delete(this.remembered.keys().next().value!);
    this.remembered.set(key, this.now() + REMEMBERED_MS);
  }

  private forgetEndedWindows(now: number): void {
    for (const [address, window] of this.windows) if (window.startedAt + this.limits.windowSeconds * 1000 <= now) this.windows.delete(address);
  }
}
