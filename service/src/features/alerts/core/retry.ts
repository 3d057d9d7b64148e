import type { AlertAttemptOutcome } from '../../../core/ports/alert-sender.js';

export interface DeliveryPolicy {
  /** Tries per delivery, the first included. */
  attempts: number;
  timeoutMs: number;
  /** Delay before the first retry; each further retry doubles it. */
  retryDelayMs: number;
  maxDelayMs: number;
}

export const MAX_RETRY_DELAY_MS = 60_000;

export function delivered(outcome: AlertAttemptOutcome): boolean {
  return outcome.kind === 'response' && outcome.status >= 200 && outcome.status < 300;
}

/**
 * Worth another try: the receiver was unreachable, slow, overloaded or failing (network errors,
 * timeouts, 408, 429, 5xx). Any other answer, a redirect included, will not change by retrying.
 */
export function retryable(outcome: AlertAttemptOutcome): boolean {
  if (outcome.kind === 'failure') return outcome.reason !== 'refused-address';
  return outcome.status === 408 || outcome.status === 429 || outcome.status >= 500;
}

/**
 * The wait before retry number `retry` (1 for the first): exponential, with "equal jitter" so
 * deliveries failing together spread out while each still waits at least half its step. A
 * receiver's Retry-After is honoured up to the maximum delay.
 */
export function retryDelay(policy: DeliveryPolicy, retry: number, retryAfterMs: number | null = null, random = Math.random): number {
  const step = Math.min(policy.maxDelayMs, policy.retryDelayMs * 2 ** (retry - 1));
  const jittered = Math.floor(step / 2 + random() * (step / 2));
  return retryAfterMs === null ? jittered : Math.max(jittered, Math.min(retryAfterMs, policy.maxDelayMs));
}

/** Sleeps, or resolves false at once when `signal` aborts (shutdown). */
export function pause(ms: number, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
