import { createHmac, randomBytes } from 'node:crypto';
import type { ObjectSourceTarget } from '../../../core/ports/data-objects.js';
import type { ConnectionContext } from '../../integrations/connection-context.js';
import { openS3Bucket, type S3Bucket } from '../../integrations/s3-connection.js';

export interface S3ClientsOptions {
  /** How long a client nobody uses is kept (default 60 s). */
  idleMs?: number;
  /** Clients kept at most; past it the least recently used idle one is destroyed (default 32). */
  maxClients?: number;
}

/** One source's hold on a client: `release` once, when the source is closed. */
export interface S3Lease {
  bucket: Promise<S3Bucket>;
  release(): void;
}

interface Entry {
  key: string;
  integrationId: string;
  bucket: Promise<S3Bucket>;
  leases: number;
  /** Replaced by a newer version of its integration (or the cache closed): destroyed when its last lease ends. */
  retired: boolean;
  idle: NodeJS.Timeout | null;
}

/**
 * The S3 clients of the data browser, kept between requests (docs/data-browser.md, "Connections"):
 * making a client and its connections for each request cost more than the preview's own reads.
 *
 * A client is kept for exactly one integration, version, configuration and set of secrets: the
 * key is the integration's id and an HMAC (under a key of this process, never stored) of its
 * version, configuration and resolved secrets. So a request never gets another integration's
 * client, and one made after the integration changed (its version, or a secret behind a reference
 * that changed in its store) gets a new one; the old client of that integration is retired and
 * destroyed once the requests using it end. A client nobody uses for `idleMs` is destroyed, and
 * so is the least recently used idle one past `maxClients`. A target without an integration gets
 * a client of its own, destroyed when it is released. Who may use an integration is decided for
 * each request before a client is asked for; every connection a kept client makes still resolves
 * its host through the outbound policy (s3-connection.ts).
 */
export class S3Clients {
  private readonly entries = new Map<string, Entry>();
  private readonly hmacKey = randomBytes(32);
  private readonly idleMs: number;
  private readonly maxClients: number;
  private closed = false;

  constructor(
    private readonly context: ConnectionContext,
    options: S3ClientsOptions = {},
  ) {
    this.idleMs = options.idleMs ?? 60_000;
    this.maxClients = options.maxClients ?? 32;
  }

  lease(target: ObjectSourceTarget): S3Lease {
    if (!target.integration || this.closed) {
      const bucket = openS3Bucket(this.context, target.config, target.secrets);
      return { bucket, release: once(() => destroy(bucket)) };
    }
    const key = `${target.integration.id}\0${this.digest(target)}`;
    let entry = this.entries.get(key);
    if (entry) {
      // Most recently used last: the Map's order is what eviction walks.
      this.entries.delete(key);
      this.entries.set(key, entry);
      if (entry.idle) clearTimeout(entry.idle);
      entry.idle = null;
    } else {
      for (const other of this.entries.values()) if (other.integrationId === target.integration.id) this.retire(other);
      const made: Entry = {
        key,
        integrationId: target.integration.id,
        bucket: openS3Bucket(this.context, target.config, target.secrets),
        leases: 0,
        retired: false,
        idle: null,
      };
      // A client that could not be made (a refused address) is not kept: the next request tries again.
      made.bucket.catch(() => this.retire(made));
      this.entries.set(key, made);
      entry = made;
    }
    entry.leases++;
    this.evictIdle();
    const leased = entry;
    return { bucket: leased.bucket, release: once(() => this.release(leased)) };
  }

  /** Destroys every client (shutdown); later leases get clients of their own. */
  close(): void {
    this.closed = true;
    for (const entry of [...this.entries.values()]) this.retire(entry);
  }

  private digest(target: ObjectSourceTarget): string {
    const hmac = createHmac('sha256', this.hmacKey);
    hmac.update(JSON.stringify([target.kind, target.integration!.versionId, sorted(target.config), sorted(target.secrets)]));
    return hmac.digest('base64url');
  }

  private release(entry: Entry): void {
    entry.leases--;
    if (entry.leases > 0) return;
    if (entry.retired) return destroy(entry.bucket);
    entry.idle = setTimeout(() => this.retire(entry), this.idleMs);
    entry.idle.unref();
  }

  /** Out of the cache; destroyed now when unused, else when its last lease ends. */
  private retire(entry: Entry): void {
    if (entry.retired) return;
    entry.retired = true;
    if (entry.idle) clearTimeout(entry.idle);
    entry.idle = null;
    if (this.entries.get(entry.key) === entry) this.entries.delete(entry.key);
    if (entry.leases === 0) destroy(entry.bucket);
  }

  private evictIdle(): void {
    for (const entry of this.entries.values()) {
      if (this.entries.size <= this.maxClients) return;
      if (entry.leases === 0) this.retire(entry);
    }
  }
}

function destroy(bucket: Promise<S3Bucket>): void {
  bucket.then(
    ({ client }) => client.destroy(),
    () => {},
  );
}

function once(work: () => void): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    work();
  };
}

/** The entries by key, so that the same settings always read the same. */
function sorted(record: Readonly<Record<string, unknown>>): [string, unknown][] {
  return Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}
