import { jsonBody, parseJson } from '../store/cas.js';
import { PreconditionFailedError, type ObjectStore } from '../ports/object-store.js';

export interface LeaseRecord {
  schema_version: 1;
  holder: string;
  acquired_at: string;
  expires_at: string;
  /** Increases with every change of holder; fencing for work done under the lease. */
  term: number;
}

export interface LeaseOptions {
  /** Identifies this owner (process, replica). */
  holder: string;
  ttlMs: number;
  now?: () => number;
}

/**
 * A single-owner record: whoever holds it is the only writer until it expires. Taking it is a
 * conditional create (or a conditional replace of an expired record); renewing and releasing are
 * conditional on the holder's own ETag, so a holder that lost the lease can never overwrite the
 * new owner. Expiry relies on clocks agreeing to well within the TTL.
 */
export class Lease {
  private etag: string | null = null;
  private record: LeaseRecord | null = null;
  private readonly now: () => number;

  constructor(
    private readonly store: ObjectStore,
    readonly key: string,
    private readonly options: LeaseOptions,
  ) {
    this.now = options.now ?? Date.now;
  }

  get held(): LeaseRecord | null {
    return this.record && Date.parse(this.record.expires_at) > this.now() ? this.record : null;
  }

  /** Takes the lease if it is free or expired. Returns false when someone else holds it. */
  async acquire(): Promise<boolean> {
    const current = await this.store.get(this.key);
    if (current) {
      const existing = parseJson<LeaseRecord>(this.key, current.body);
      const mine = existing.holder === this.options.holder && current.etag === this.etag;
      if (!mine && Date.parse(existing.expires_at) > this.now()) return false;
      return this.write(mine ? existing.term : existing.term + 1, { ifMatch: current.etag }, mine ? existing.acquired_at : undefined);
    }
    return this.write(1, { ifNoneMatch: '*' });
  }

  /** Extends the lease; false when it was lost (expired and taken, or deleted). */
  async renew(): Promise<boolean> {
    if (!this.etag || !this.record) return false;
    return this.write(this.record.term, { ifMatch: this.etag }, this.record.acquired_at);
  }

  /** Gives the lease up if still held; losing it in the meantime is not an error. */
  async release(): Promise<void> {
    const etag = this.etag;
    this.etag = null;
    this.record = null;
    if (!etag) return;
    try {
      await this.store.delete(this.key, { ifMatch: etag });
    } catch (error) {
      if (!(error instanceof PreconditionFailedError)) throw error;
    }
  }

  private async write(term: number, condition: { ifMatch: string } | { ifNoneMatch: '*' }, acquiredAt?: string): Promise<boolean> {
    const now = this.now();
    const record: LeaseRecord = {
      schema_version: 1,
      holder: this.options.holder,
      acquired_at: acquiredAt ?? new Date(now).toISOString(),
      expires_at: new Date(now + this.options.ttlMs).toISOString(),
      term,
    };
    try {
      const { etag } = await this.store.put(this.key, jsonBody(record), condition);
      this.etag = etag;
      this.record = record;
      return true;
    } catch (error) {
      if (!(error instanceof PreconditionFailedError)) throw error;
      this.etag = null;
      this.record = null;
      return false;
    }
  }
}
