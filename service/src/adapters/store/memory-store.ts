import { createHash, randomUUID } from 'node:crypto';
import {
  PreconditionFailedError,
  assertValidKey,
  assertValidPrefix,
  decodeListCursor,
  encodeListCursor,
  normalizeListLimit,
  sizedBody,
  type DeleteOptions,
  type ListOptions,
  type ListPage,
  type ObjectInfo,
  type ObjectStore,
  type ObjectStream,
  type PutOptions,
  type StoredObject,
  type StreamPutOptions,
} from '../../core/ports/object-store.js';

interface MemoryObject {
  body: Buffer;
  etag: string;
  lastModified: number;
}

/**
 * An object store held in this process's memory (`SERVICE_STORAGE=memory`), for tests and demos:
 * only this process sees it, and everything in it is gone when the process exits.
 *
 * It keeps the port's promises as the fs and s3 adapters do. Each operation reads and changes its
 * object within one synchronous step, so a conditional write is atomic without any lock: no other
 * writer can run between the check and the write. Bodies are copied on the way in and on the way
 * out, so a caller that changes a buffer afterwards cannot change what is stored. Keys are kept in
 * ascending order beside the objects, so a page of a listing costs a binary search and its length.
 */
export class MemoryObjectStore implements ObjectStore {
  readonly kind = 'memory';
  /** Unique per instance: two in-memory stores share nothing. */
  readonly location = `memory:${randomUUID()}`;
  private readonly objects = new Map<string, MemoryObject>();
  /** Every key, in ascending byte order (keys are ASCII, where string order is byte order). */
  private readonly keys: string[] = [];

  async get(key: string): Promise<StoredObject | null> {
    assertValidKey(key);
    const object = this.objects.get(key);
    return object ? { body: Buffer.from(object.body), etag: object.etag } : null;
  }

  async head(key: string): Promise<{ etag: string; size: number } | null> {
    assertValidKey(key);
    const object = this.objects.get(key);
    return object ? { etag: object.etag, size: object.body.length } : null;
  }

  async put(key: string, body: Buffer | string, options: PutOptions = {}): Promise<{ etag: string }> {
    assertValidKey(key);
    const current = this.objects.get(key);
    if (options.ifNoneMatch === '*' && current) throw new PreconditionFailedError(key, 'object exists');
    if (options.ifMatch !== undefined && current?.etag !== options.ifMatch) {
      throw new PreconditionFailedError(key, current ? 'etag differs' : 'object missing');
    }
    const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : Buffer.from(body);
    const etag = etagOf(bytes);
    if (!current) this.keys.splice(this.seek(key), 0, key);
    this.objects.set(key, { body: bytes, etag, lastModified: Date.now() });
    return { etag };
  }

  async getStream(key: string, options: { start?: number } = {}): Promise<ObjectStream | null> {
    assertValidKey(key);
    const object = this.objects.get(key);
    if (!object) return null;
    // The body as it is now: a later put replaces the object, never the bytes read here.
    const bytes = object.body.subarray(Math.min(options.start ?? 0, object.body.length));
    return {
      size: object.body.length,
      body: (async function* () {
        if (bytes.length > 0) yield Buffer.from(bytes);
      })(),
    };
  }

  /** The bytes are gathered and stored in one step once the body ended, so none of a failed body is ever seen. */
  async putStream(key: string, body: AsyncIterable<Uint8Array>, options: StreamPutOptions = {}): Promise<void> {
    assertValidKey(key);
    const chunks: Buffer[] = [];
    for await (const chunk of sizedBody(key, body, options.size)) chunks.push(Buffer.from(chunk));
    await this.put(key, Buffer.concat(chunks));
  }

  async delete(key: string, options: DeleteOptions = {}): Promise<void> {
    assertValidKey(key);
    const current = this.objects.get(key);
    if (options.ifMatch !== undefined && current?.etag !== options.ifMatch) {
      throw new PreconditionFailedError(key, current ? 'etag differs' : 'object missing');
    }
    if (!current) return;
    this.objects.delete(key);
    this.keys.splice(this.seek(key), 1);
  }

  async list(prefix: string, options: ListOptions = {}): Promise<ListPage> {
    assertValidPrefix(prefix);
    const limit = normalizeListLimit(options.limit);
    // A cursor's key starts with the prefix (decodeListCursor checks it), so what follows it does too.
    let index = options.cursor ? this.seek(decodeListCursor(prefix, options.cursor), { after: true }) : this.seek(prefix);
    const items: ObjectInfo[] = [];
    for (; index < this.keys.length && items.length < limit; index++) {
      const key = this.keys[index]!;
      if (!key.startsWith(prefix)) break;
      const object = this.objects.get(key)!;
      items.push({ key, size: object.body.length, lastModified: object.lastModified });
    }
    const more = items.length === limit && this.keys[index]?.startsWith(prefix) === true;
    return { items, nextCursor: more ? encodeListCursor(prefix, items.at(-1)!.key) : null };
  }

  /** Nothing to release; the objects stay, so a hub built again on this very store finds them. */
  async close(): Promise<void> {}

  /** The index of the first key at or after `key` (strictly after it with `after`). */
  private seek(key: string, { after = false } = {}): number {
    let low = 0;
    let high = this.keys.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const candidate = this.keys[middle]!;
      if (candidate < key || (after && candidate === key)) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}

/** As the fs adapter and S3 (single-part uploads) compute it: the quoted MD5 of the content. */
function etagOf(body: Buffer): string {
  return `"${createHash('md5').update(body).digest('hex')}"`;
}
