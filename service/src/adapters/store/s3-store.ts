import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  type S3ClientConfig,
  type _Object,
} from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import {
  PreconditionFailedError,
  StoreUnavailableError,
  assertValidKey,
  assertValidPrefix,
  decodeListCursor,
  encodeListCursor,
  isValidKeySegment,
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

export interface S3ObjectStoreOptions {
  /** An S3-compatible endpoint URL; AWS when omitted. */
  endpoint?: string;
  bucket: string;
  region: string;
  /** Key prefix inside the bucket, '' for none. */
  prefix: string;
  forcePathStyle: boolean;
  /** Static credentials; the default AWS credential chain when omitted. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Longest a single attempt (connect, send, receive) may take; default 30 s. */
  requestTimeoutMs?: number;
  /** Attempts per operation, including the first; the SDK default (3) when omitted. */
  maxAttempts?: number;
}

/**
 * The object store in an S3 bucket. Compare-and-swap rests on S3 conditional writes
 * (`If-Match`, `If-None-Match: *`), so the server must honour them; boot preflight checks it.
 */
export class S3ObjectStore implements ObjectStore {
  readonly kind = 's3';
  readonly location: string;
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly endpoint: string;
  /** Prepended to every key: '' or `prefix/`. */
  private readonly base: string;

  constructor(options: S3ObjectStoreOptions) {
    this.bucket = options.bucket;
    this.base = options.prefix === '' ? '' : `${options.prefix}/`;
    this.location = `s3://${options.bucket}${options.prefix === '' ? '' : `/${options.prefix}`}`;
    this.endpoint = options.endpoint ?? `AWS S3 (${options.region})`;
    const timeout = options.requestTimeoutMs ?? 30_000;
    this.client = createS3Client({
      endpoint: options.endpoint,
      region: options.region,
      forcePathStyle: options.forcePathStyle,
      credentials: options.credentials,
      maxAttempts: options.maxAttempts,
      requestHandler: { connectionTimeout: timeout, requestTimeout: timeout, throwOnRequestTimeout: true },
      // The SDK's default CRC checksums are refused by many S3-compatible servers; send them only
      // where the S3 API requires them.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async get(key: string): Promise<StoredObject | null> {
    assertValidKey(key);
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.base + key }));
      const bytes = (await out.Body?.transformToByteArray()) ?? new Uint8Array();
      return { body: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), etag: this.etag(key, out.ETag) };
    } catch (error) {
      if (isMissing(error)) return null;
      throw this.unavailable(`get ${key}`, error);
    }
  }

  async head(key: string): Promise<{ etag: string; size: number } | null> {
    assertValidKey(key);
    try {
      const out = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.base + key }));
      return { etag: this.etag(key, out.ETag), size: out.ContentLength ?? 0 };
    } catch (error) {
      if (isMissing(error)) return null;
      throw this.unavailable(`head ${key}`, error);
    }
  }

  async put(key: string, body: Buffer | string, options: PutOptions = {}): Promise<{ etag: string }> {
    assertValidKey(key);
    try {
      const out = await this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: this.base + key,
          Body: typeof body === 'string' ? Buffer.from(body, 'utf8') : body,
          IfMatch: options.ifMatch,
          IfNoneMatch: options.ifNoneMatch,
        }),
      );
      return { etag: this.etag(key, out.ETag) };
    } catch (error) {
      const conditional = options.ifMatch !== undefined || options.ifNoneMatch !== undefined;
      if (conditional && failedCondition(error, options.ifMatch !== undefined)) throw this.refused(key, error);
      throw this.unavailable(`put ${key}`, error);
    }
  }

  async getStream(key: string, options: { start?: number } = {}): Promise<ObjectStream | null> {
    assertValidKey(key);
    const start = options.start ?? 0;
    try {
      const out = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: this.base + key, ...(start > 0 ? { Range: `bytes=${start}-` } : {}) }),
      );
      // With a range the whole size is the part after the slash of `bytes a-b/size`.
      const size = Number(out.ContentRange?.split('/')[1] ?? out.ContentLength ?? 0);
      const body = (out.Body as AsyncIterable<Uint8Array> | undefined) ?? emptyBody();
      return { size, body };
    } catch (error) {
      if (isMissing(error)) return null;
      // A range starting at or past the end (416): no bytes, and the size from the object itself.
      if (start > 0 && statusOf(error) === 416) {
        const found = await this.head(key);
        return found ? { size: found.size, body: emptyBody() } : null;
      }
      throw this.unavailable(`get ${key}`, error);
    }
  }

  /**
   * With its size known the body goes to S3 as it comes, in one PUT (an object S3 never shows
   * partly written); without, it is gathered first. A body that fails aborts the request.
   */
  async putStream(key: string, body: AsyncIterable<Uint8Array>, options: StreamPutOptions = {}): Promise<void> {
    assertValidKey(key);
    const checked = sizedBody(key, body, options.size);
    if (options.size === undefined) {
      const chunks: Buffer[] = [];
      for await (const chunk of checked) chunks.push(Buffer.from(chunk));
      await this.put(key, Buffer.concat(chunks));
      return;
    }
    const source = Readable.from(checked, { objectMode: false });
    // The SDK pipes the body into the request, and a failing body does not end a pipe: the
    // request is aborted instead, so that it neither waits for the rest nor stores a part.
    const abort = new AbortController();
    let failure: unknown = null;
    source.once('error', (error) => {
      failure ??= error;
      abort.abort();
    });
    try {
      await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: this.base + key, Body: source, ContentLength: options.size }), {
        abortSignal: abort.signal,
      });
    } catch (error) {
      throw failure ?? this.unavailable(`put ${key}`, error);
    } finally {
      source.destroy();
    }
    if (failure) throw failure;
  }

  async delete(key: string, options: DeleteOptions = {}): Promise<void> {
    assertValidKey(key);
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.base + key, IfMatch: options.ifMatch }));
    } catch (error) {
      if (options.ifMatch !== undefined && failedCondition(error, true)) throw this.refused(key, error);
      if (options.ifMatch === undefined && isMissing(error)) return;
      throw this.unavailable(`delete ${key}`, error);
    }
  }

  async list(prefix: string, options: ListOptions = {}): Promise<ListPage> {
    assertValidPrefix(prefix);
    const limit = normalizeListLimit(options.limit);
    const after = options.cursor ? decodeListCursor(prefix, options.cursor) : undefined;
    const items: ObjectInfo[] = [];
    let more = false;
    try {
      for await (const item of this.walkFrom(prefix, after, limit + 1)) {
        if (items.length === limit) {
          more = true;
          break;
        }
        items.push(item);
      }
    } catch (error) {
      throw this.unavailable(`list ${prefix || '/'}`, error);
    }
    const last = items.at(-1);
    return { items, nextCursor: more && last ? encodeListCursor(prefix, last.key) : null };
  }

  /**
   * Objects under `prefix` after the key `after`, in byte order. Servers that keep objects in a
   * directory tree (SeaweedFS) list recursively in tree order, where `a/b` comes before `a-b`; so
   * the walk lists one level at a time with a delimiter and orders each level itself. A resumed
   * walk finishes the cursor's own directory first, then the rest of each parent.
   */
  private async *walkFrom(prefix: string, after: string | undefined, pageSize: number): AsyncGenerator<ObjectInfo> {
    const top = parentOf(prefix);
    if (after === undefined) {
      yield* this.walkLevel(top, prefix, undefined, pageSize, []);
      return;
    }
    let levelAfter = after;
    let dir = parentOf(after);
    for (;;) {
      const hidden = directoriesHiddenByStartAfter(levelAfter).filter((sub) => sub.startsWith(prefix));
      yield* this.walkLevel(dir, prefix, levelAfter, pageSize, hidden);
      if (dir.length <= top.length) return;
      levelAfter = dir;
      dir = parentOf(dir.slice(0, -1));
    }
  }

  /**
   * One directory level (`dir` is '' or ends in `/`), descending into sub-directories in order.
   * `extra` are sub-directories after `after` that the server may leave out of the listing.
   */
  private async *walkLevel(dir: string, prefix: string, after: string | undefined, pageSize: number, extra: readonly string[]): AsyncGenerator<ObjectInfo> {
    let token: string | undefined;
    let held: LevelEntry[] = extra.map((key) => ({ key }));
    // A server that does return such a sub-directory itself must not have it walked twice.
    const entered = new Set<string>();
    do {
      const out = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: this.base + (prefix.length > dir.length ? prefix : dir),
          Delimiter: '/',
          StartAfter: token === undefined && after !== undefined ? this.base + after : undefined,
          ContinuationToken: token,
          // No level can contribute more entries than the page needs.
          MaxKeys: pageSize,
        }),
      );
      const entries: LevelEntry[] = [
        ...held,
        ...(out.Contents ?? []).map((object) => ({ key: object.Key!.slice(this.base.length), object })),
        ...(out.CommonPrefixes ?? []).map((common) => ({ key: common.Prefix!.slice(this.base.length) })),
      ].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
      token = out.IsTruncated ? out.NextContinuationToken : undefined;
      // A tree-ordered server pages by entry name, so a directory `a/` may arrive before `a-b`:
      // entries sorting after the last name seen wait for the next page.
      const boundary =
        token === undefined
          ? undefined
          : entries
              .map((entry) => entry.key.replace(/\/$/, ''))
              .sort()
              .at(-1);
      held = [];
      for (const entry of entries) {
        if (boundary !== undefined && entry.key > boundary) held.push(entry);
        else if (after !== undefined && entry.key <= after) continue;
        else if (!isHubKey(entry.object ? entry.key : entry.key.slice(0, -1))) continue;
        else if (entry.object) yield { key: entry.key, size: entry.object.Size ?? 0, lastModified: entry.object.LastModified?.getTime() ?? 0 };
        else if (!entered.has(entry.key)) {
          entered.add(entry.key);
          yield* this.walkLevel(entry.key, prefix, undefined, pageSize, []);
        }
      }
    } while (token !== undefined);
  }

  async close(): Promise<void> {
    this.client.destroy();
  }

  private etag(key: string, etag: string | undefined): string {
    if (!etag) throw new StoreUnavailableError(`S3 at ${this.endpoint} returned no ETag for ${key} in ${this.location}`);
    return etag;
  }

  private refused(key: string, error: unknown): Error {
    // A condition that fails only on a retry may have failed against this very write, applied by
    // an attempt whose response was lost: the outcome is unknown, not a conflict.
    if (attemptsOf(error) > 1) {
      return new StoreUnavailableError(
        `S3 at ${this.endpoint} refused a retried conditional write of ${key} in ${this.location}; an earlier attempt may have been applied`,
        { cause: error },
      );
    }
    return new PreconditionFailedError(key, statusOf(error) === 404 ? 'object missing' : 'etag differs or object exists');
  }

  private unavailable(action: string, error: unknown): StoreUnavailableError {
    if (error instanceof S3ServiceException) {
      const status = error.$metadata.httpStatusCode;
      return new StoreUnavailableError(`S3 ${action} in ${this.location} failed with ${error.name}${status ? ` (HTTP ${status})` : ''}: ${error.message}`, {
        cause: error,
      });
    }
    const { code, message, name } = (error ?? {}) as { code?: unknown; message?: unknown; name?: unknown };
    const detail = [code, message || name].filter((part) => typeof part === 'string' && part !== '').join(': ');
    return new StoreUnavailableError(`cannot reach S3 at ${this.endpoint} (${action} in ${this.location}): ${detail || String(error)}`, {
      cause: error,
    });
  }
}

/**
 * An S3 client without the SDK's start-up notice that future releases will need a newer Node.js:
 * the hub supports Node 20 on purpose, so operators would only see noise. The SDK reads this
 * variable while the first client is built, which is the only moment it is set (unless the
 * operator set it).
 */
export function createS3Client(config: S3ClientConfig): S3Client {
  const variable = 'AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED';
  const operatorValue = process.env[variable];
  process.env[variable] ??= 'true';
  try {
    return new S3Client(config);
  } finally {
    if (operatorValue === undefined) delete process.env[variable];
  }
}

async function* emptyBody(): AsyncGenerator<Uint8Array> {}

interface LevelEntry {
  /** A key, or a sub-directory as `name/`, which is where it sorts among keys. */
  key: string;
  object?: _Object;
}

/**
 * The sub-directories after `after` (a key, or a directory when a walk resumes in the parent) that
 * a tree-ordered server (SeaweedFS) leaves out when asked to start after it. Such a server skips
 * every entry whose name is at most the name of `after`, directory part included: after `a-b` (or
 * `a-b/`) it skips the entry `a`, although `a/` sorts after `a-b` (`-` and the other characters
 * below `/` make a longer name sort before the shorter name's directory). These are each part of
 * the name that ends before such a character and, for a key, the key's own directory.
 */
function directoriesHiddenByStartAfter(after: string): string[] {
  const isDirectory = after.endsWith('/');
  const dir = parentOf(isDirectory ? after.slice(0, -1) : after);
  const name = after.slice(dir.length, isDirectory ? -1 : undefined);
  const hidden: string[] = [];
  for (let end = 1; end < name.length; end++) {
    if (name[end]! < '/') hidden.push(`${dir}${name.slice(0, end)}/`);
  }
  if (!isDirectory) hidden.push(`${after}/`);
  return hidden;
}

/** The directory part of a key or prefix: '' or ending in `/`. */
function parentOf(keyOrPrefix: string): string {
  return keyOrPrefix.slice(0, keyOrPrefix.lastIndexOf('/') + 1);
}

/** Objects written by other tools (folder markers, odd names) are not hub objects. */
function isHubKey(key: string): boolean {
  return key.split('/').every(isValidKeySegment);
}

function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
}

function attemptsOf(error: unknown): number {
  return (error as { $metadata?: { attempts?: number } } | null)?.$metadata?.attempts ?? 1;
}

/** A missing object, as opposed to a missing bucket (also a 404). */
function isMissing(error: unknown): boolean {
  return statusOf(error) === 404 && (error as { name?: unknown }).name !== 'NoSuchBucket';
}

/**
 * 412 is the standard refusal; 409 is a concurrent conditional write on the same key; and an
 * `If-Match` against a missing object is answered with 404.
 */
function failedCondition(error: unknown, ifMatch: boolean): boolean {
  const status = statusOf(error);
  return status === 412 || status === 409 || (ifMatch && isMissing(error));
}
