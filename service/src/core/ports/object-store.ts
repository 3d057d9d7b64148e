/**
 * The object-store port: the hub's only durable state. Adapters (fs, s3) implement it and all pass
 * the same conformance suite. Conditional writes are what make the store safe to share between
 * processes, so every adapter must honour them atomically.
 */

export interface StoredObject {
  body: Buffer;
  etag: string;
}

export interface ObjectInfo {
  key: string;
  size: number;
  /** Milliseconds since the epoch. */
  lastModified: number;
}

export interface PutOptions {
  /** Write only when the current object has this ETag. */
  ifMatch?: string;
  /** Write only when no object exists under the key. */
  ifNoneMatch?: '*';
}

/** An object read as a stream: its size, and its bytes from the offset asked for on. */
export interface ObjectStream {
  /** The whole object's size in bytes, wherever the stream starts. */
  size: number;
  /**
   * The bytes from the offset on (none when it is at or past the end). The caller reads it to the
   * end or stops early with `break`/`return`, which releases what the adapter holds.
   */
  body: AsyncIterable<Uint8Array>;
}

export interface StreamPutOptions {
  /** The byte count the body yields, when known: a body that yields another count is not stored. */
  size?: number;
}

export interface DeleteOptions {
  /** Delete only when the current object has this ETag. */
  ifMatch?: string;
}

export interface ListOptions {
  /** A `nextCursor` from an earlier page of the same prefix. */
  cursor?: string | null;
  /** Page size, 1..1000; default 1000. */
  limit?: number;
}

export interface ListPage {
  /** Keys in ascending byte order. */
  items: ObjectInfo[];
  /** Null on the last page. */
  nextCursor: string | null;
}

export interface ObjectStore {
  /** `fs` or `s3`; also names the backend in deployment info. */
  readonly kind: string;
  /** Where the data lives, for operators (a directory or an s3:// address). */
  readonly location: string;
  get(key: string): Promise<StoredObject | null>;
  head(key: string): Promise<{ etag: string; size: number } | null>;
  put(key: string, body: Buffer | string, options?: PutOptions): Promise<{ etag: string }>;
  /**
   * Reads an object from byte `start` on (default 0) without holding it whole: for large objects
   * (workspace blobs) sent on as they are read. Null when the object does not exist.
   */
  getStream(key: string, options?: { start?: number }): Promise<ObjectStream | null>;
  /**
   * Writes an object from bytes that arrive over time, without holding them whole: the object
   * appears, whole, only when `body` ended; when it throws (or yields another count than `size`)
   * nothing is stored and what was there stays. Unconditional, as a `put` without options. The
   * adapter may keep a chunk after it asked for the next: a body never changes one it yielded.
   */
  putStream(key: string, body: AsyncIterable<Uint8Array>, options?: StreamPutOptions): Promise<void>;
  /**
   * Removes the object. Without a condition a missing key is not an error. With `ifMatch`, a
   * missing or different object raises {@link PreconditionFailedError}.
   */
  delete(key: string, options?: DeleteOptions): Promise<void>;
  list(prefix: string, options?: ListOptions): Promise<ListPage>;
  close(): Promise<void>;
}

export class PreconditionFailedError extends Error {
  constructor(
    readonly key: string,
    condition: string,
  ) {
    super(`precondition failed for ${key}: ${condition}`);
    this.name = 'PreconditionFailedError';
  }
}

/** The store could not be reached (network, timeout, permissions on the root). */
export class StoreUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StoreUnavailableError';
  }
}

/** A streamed write whose body yielded another byte count than it was said to. */
export class StreamSizeError extends Error {
  constructor(
    readonly key: string,
    expected: number,
    received: number,
  ) {
    super(`the body written to ${key} had ${received} bytes, not the ${expected} it was said to have`);
    this.name = 'StreamSizeError';
  }
}

export class InvalidKeyError extends Error {
  constructor(
    readonly key: string,
    reason: string,
  ) {
    super(`invalid object key ${JSON.stringify(key)}: ${reason}`);
    this.name = 'InvalidKeyError';
  }
}

export class InvalidCursorError extends Error {
  constructor() {
    super('invalid list cursor');
    this.name = 'InvalidCursorError';
  }
}

export const MAX_KEY_LENGTH = 1024;
export const MAX_LIST_LIMIT = 1000;

/**
 * Key segments use a portable character set so that every adapter can map keys to paths and URLs
 * without escaping, and no segment can be `.`, `..` or a hidden file.
 */
const SEGMENT = /^[A-Za-z0-9_=+-][A-Za-z0-9._=+-]{0,199}$/;

export function isValidKeySegment(segment: string): boolean {
  return SEGMENT.test(segment);
}

export function assertValidKey(key: string): void {
  if (key.length === 0) throw new InvalidKeyError(key, 'empty');
  if (key.length > MAX_KEY_LENGTH) throw new InvalidKeyError(key, `longer than ${MAX_KEY_LENGTH}`);
  for (const segment of key.split('/')) {
    if (!isValidKeySegment(segment)) {
      throw new InvalidKeyError(key, `segment ${JSON.stringify(segment)} must match ${SEGMENT.source}`);
    }
  }
}

/** A prefix is a key, a key followed by `/`, or the start of a segment; empty lists everything. */
export function assertValidPrefix(prefix: string): void {
  if (prefix === '') return;
  const trimmed = prefix.endsWith('/') ? prefix.slice(0, -1) : prefix;
  const segments = trimmed.split('/');
  const last = segments.pop() ?? '';
  if (segments.length > 0) assertValidKey(segments.join('/'));
  if (last !== '' && !/^[A-Za-z0-9._=+-]*$/.test(last)) {
    throw new InvalidKeyError(prefix, 'prefix contains characters outside the key alphabet');
  }
  if (prefix.length > MAX_KEY_LENGTH) throw new InvalidKeyError(prefix, 'prefix too long');
}

export function encodeListCursor(prefix: string, lastKey: string): string {
  return Buffer.from(JSON.stringify([prefix, lastKey]), 'utf8').toString('base64url');
}

/** Returns the last key of the previous page; a cursor from another prefix is refused. */
export function decodeListCursor(prefix: string, cursor: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new InvalidCursorError();
  }
  if (!Array.isArray(parsed) || parsed.length !== 2 || parsed[0] !== prefix || typeof parsed[1] !== 'string' || !parsed[1].startsWith(prefix)) {
    throw new InvalidCursorError();
  }
  return parsed[1];
}

export function normalizeListLimit(limit: number | undefined): number {
  if (limit === undefined) return MAX_LIST_LIMIT;
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError('list limit must be a positive integer');
  return Math.min(limit, MAX_LIST_LIMIT);
}

/**
 * `body` passed on as it comes, checked against `size` when one is given: a body that runs past it
 * fails at once, one that ends short fails at its end, so an adapter never stores either.
 */
export async function* sizedBody(key: string, body: AsyncIterable<Uint8Array>, size: number | undefined): AsyncGenerator<Uint8Array> {
  let received = 0;
  for await (const chunk of body) {
    received += chunk.byteLength;
    if (size !== undefined && received > size) throw new StreamSizeError(key, size, received);
    yield chunk;
  }
  if (size !== undefined && received !== size) throw new StreamSizeError(key, size, received);
}
