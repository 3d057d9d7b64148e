import { HubError } from '../../../core/errors.js';
import { PreconditionFailedError, type ObjectStore } from '../../../core/ports/object-store.js';
import { getJson, jsonBody, sleep } from '../../../core/store/cas.js';
import type { SyncOrigin } from './sync-model.js';

/** A claim still being made after this long belongs to a request that died; another may take it over. */
export const ABANDONED_AFTER_MS = 120_000;
/** How long a retry waits for the request it overlaps to finish, before it answers CONFLICT. */
const WAIT_MS = 10_000;
const WAIT_STEP_MS = 200;

/** The index object of one origin: `sync-origins/...` (docs/storage.md). */
interface OriginClaim<T> {
  schema_version: 1;
  origin: SyncOrigin;
  /** `making` from the claim until the thing is stored, then `made`. */
  state: 'making' | 'made';
  claimed_at: string;
  /** What the maker chose before making (a notebook's ids), then what it made; null while unknown. */
  made: T | null;
}

/** One attempt at making the thing: the ids it will have when they are chosen up front (else null), and the making. */
export interface Attempt<T> {
  planned: T | null;
  make(): Promise<T>;
}

export interface OnceRequest<T> {
  key: string;
  origin: SyncOrigin;
  /** Whether what an earlier push made is still there (a project or notebook deleted since is made anew). */
  exists(made: T): Promise<boolean>;
  attempt(): Attempt<T>;
}

/**
 * Makes a thing once per origin (docs/remotes.md, "Idempotency"): the first push claims the
 * origin's index object with a conditional create, makes the thing and records what it made; a
 * retry finds the record and answers the thing made the first time. A retry that overlaps the
 * first request waits for it. A claim whose maker died is taken over (a conditional write on the
 * claim it read, so two retries cannot both take it over); where the ids were chosen before the
 * claim (a notebook's), the thing is looked for first, so it is never made twice.
 */
export class OriginClaims {
  constructor(
    private readonly store: ObjectStore,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async once<T>(request: OnceRequest<T>): Promise<{ made: T; created: boolean }> {
    const waitUntil = this.now().getTime() + WAIT_MS;
    for (let round = 0; round < WAIT_MS / WAIT_STEP_MS + 10; round++) {
      const found = await getJson<OriginClaim<T>>(this.store, request.key);
      if (found) {
        const claim = found.value;
        if (claim.made !== null && (await request.exists(claim.made))) {
          if (claim.state === 'making') await this.settle(request.key, found.etag, claim, claim.made);
          return { made: claim.made, created: false };
        }
        const abandoned = claim.state === 'made' || this.now().getTime() - Date.parse(claim.claimed_at) > ABANDONED_AFTER_MS;
        if (!abandoned) {
          if (this.now().getTime() >= waitUntil) break;
          await sleep(WAIT_STEP_MS);
          continue;
        }
      }
      const attempt = request.attempt();
      const claim: OriginClaim<T> = { schema_version: 1, origin: request.origin, state: 'making', claimed_at: this.now().toISOString(), made: attempt.planned };
      let etag: string;
      try {
        ({ etag } = await this.store.put(request.key, jsonBody(claim), found ? { ifMatch: found.etag } : { ifNoneMatch: '*' }));
      } catch (error) {
        if (error instanceof PreconditionFailedError) continue;
        throw error;
      }
      let made: T;
      try {
        made = await attempt.make();
      } catch (error) {
        // Nothing was made: the next push with this origin starts afresh.
        await this.store.delete(request.key, { ifMatch: etag }).catch(() => {});
        throw error;
      }
      await this.settle(request.key, etag, claim, made);
      return { made, created: true };
    }
    throw new HubError('CONFLICT', 'a push with the same origin is still in progress on this hub; retry shortly');
  }

  /**
   * Records what was made. The thing is made whatever happens here: a claim another request took
   * over meanwhile keeps its own record, and a claim left `making` still names what it planned.
   */
  private async settle<T>(key: string, etag: string, claim: OriginClaim<T>, made: T): Promise<void> {
    await this.store.put(key, jsonBody({ ...claim, state: 'made', made }), { ifMatch: etag }).catch(() => {});
  }
}
