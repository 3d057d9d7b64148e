import { PreconditionFailedError, type ObjectStore } from '../ports/object-store.js';

export interface RetryPolicy {
  /** Total attempts, including the first. */
  attempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_CAS_RETRY: RetryPolicy = { attempts: 12, baseDelayMs: 4, maxDelayMs: 400 };

/** Raised when every attempt of a compare-and-swap lost its race. */
export class CasExhaustedError extends Error {
  constructor(
    readonly key: string,
    readonly attempts: number,
  ) {
    super(`gave up updating ${key} after ${attempts} conflicting attempts`);
    this.name = 'CasExhaustedError';
  }
}

/** "Full jitter" backoff: concurrent losers spread out instead of colliding again in lock-step. */
export function backoffDelay(policy: RetryPolicy, attempt: number, random = Math.random): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
  return Math.floor(random() * ceiling);
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `attempt` until it stops raising {@link PreconditionFailedError}, at most
 * `policy.attempts` times, sleeping a jittered backoff between tries.
 */
export async function retryOnConflict<T>(key: string, attempt: (attemptNumber: number) => Promise<T>, policy: RetryPolicy = DEFAULT_CAS_RETRY): Promise<T> {
  for (let n = 0; ; n++) {
    try {
      return await attempt(n);
    } catch (error) {
      if (!(error instanceof PreconditionFailedError)) throw error;
      if (n + 1 >= policy.attempts) throw new CasExhaustedError(key, policy.attempts);
      await sleep(backoffDelay(policy, n));
    }
  }
}

export function parseJson<T>(key: string, body: Buffer): T {
  try {
    return JSON.parse(body.toString('utf8')) as T;
  } catch (error) {
    throw new Error(`object ${key} is not valid JSON`, { cause: error });
  }
}

export function jsonBody(value: unknown): Buffer {
  return Buffer.from(JSON.stringify(value), 'utf8');
}

export async function getJson<T>(store: ObjectStore, key: string): Promise<{ value: T; etag: string } | null> {
  const object = await store.get(key);
  return object ? { value: parseJson<T>(key, object.body), etag: object.etag } : null;
}

/**
 * Reads a one-use JSON object and deletes it in one step, by a conditional delete: of two callers
 * racing for it (a replayed ticket, a second callback) one gets it, the other null. Null too when
 * it is absent, or when `accept` refuses it (then it is left in place).
 */
export async function takeJson<T>(store: ObjectStore, key: string, accept: (value: T) => boolean = () => true): Promise<T | null> {
  const found = await getJson<T>(store, key);
  if (!found || !accept(found.value)) return null;
  try {
    await store.delete(key, { ifMatch: found.etag });
  } catch (error) {
    if (error instanceof PreconditionFailedError) return null;
    throw error;
  }
  return found.value;
}

/**
 * The record at `key`, made by `make` when there is none yet. Made once: when several processes
 * race to make it, the first write wins and the others read the winner's record.
 */
export async function readOrCreateJson<T>(store: ObjectStore, key: string, make: () => T | Promise<T>): Promise<T> {
  const stored = await getJson<T>(store, key);
  if (stored) return stored.value;
  const made = await make();
  try {
    await store.put(key, jsonBody(made), { ifNoneMatch: '*' });
    return made;
  } catch (error) {
    if (!(error instanceof PreconditionFailedError)) throw error;
    const winner = await getJson<T>(store, key);
    if (!winner) throw error;
    return winner.value;
  }
}

/**
 * Read-modify-write of one JSON object through compare-and-swap. `update` receives the current
 * value (null when absent) and returns the next one; it may run several times, so it must not
 * have side effects. Returning `undefined` leaves the object unchanged.
 */
export async function updateJson<T>(
  store: ObjectStore,
  key: string,
  update: (current: T | null) => T | undefined,
  policy: RetryPolicy = DEFAULT_CAS_RETRY,
): Promise<{ value: T | null; etag: string | null; changed: boolean }> {
  return retryOnConflict(
    key,
    async () => {
      const current = await getJson<T>(store, key);
      const next = update(current?.value ?? null);
      if (next === undefined) return { value: current?.value ?? null, etag: current?.etag ?? null, changed: false };
      const condition = current ? { ifMatch: current.etag } : { ifNoneMatch: '*' as const };
      const { etag } = await store.put(key, jsonBody(next), condition);
      return { value: next, etag, changed: true };
    },
    policy,
  );
}
