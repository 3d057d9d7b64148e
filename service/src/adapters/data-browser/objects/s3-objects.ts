import type { GetObjectCommandOutput } from '@aws-sdk/client-s3';
import {
  ObjectSourceError,
  type ObjectBody,
  type ObjectEnds,
  type ObjectEntry,
  type ObjectFacts,
  type ObjectListing,
  type ObjectSource,
  type ObjectSources,
  type ObjectSourceTarget,
  type ObjectVersion,
} from '../../../core/ports/data-objects.js';
import { commonProblem, ConnectionProblem, logFailure, type ConnectionContext } from '../../integrations/connection-context.js';
import { s3Problem, s3Status, type S3Bucket } from '../../integrations/s3-connection.js';
import { S3Clients, type S3ClientsOptions, type S3Lease } from './s3-clients.js';
import { contentRangeOf, rangeOf, readRange } from './s3-ranges.js';
import { loadS3Sdk } from '../../integrations/driver-modules.js';

const sdk = loadS3Sdk;

/** S3 answers at most this many entries a page. */
const MAX_PAGE = 1000;
/** Keys are at most 1024 bytes of UTF-8 (S3's own limit). */
const MAX_KEY_BYTES = 1024;

/**
 * The buckets of `s3` integrations (docs/data-browser.md, "Buckets"), through the same S3 client
 * as "test connection" (s3-connection.ts): every connection resolves its host through the outbound
 * policy's guarded lookup, an address in the URL is checked, one attempt, no redirects followed,
 * connection and idle timeouts. An integration's client and its connections are kept between
 * requests for that integration's version, configuration and secrets (s3-clients.ts).
 *
 * `context`: the `integrations` outbound client (the log line of a failure) and policy, the
 * resolver, SERVICE_INTEGRATIONS_ALLOW_HTTP, and `timeoutMs`: how long connecting, and waiting
 * for the next bytes of an answer, may take.
 */
export class S3ObjectSources implements ObjectSources {
  readonly kinds = ['s3'] as const;
  private readonly clients: S3Clients;

  constructor(
    private readonly context: ConnectionContext,
    options: S3ClientsOptions = {},
  ) {
    this.clients = new S3Clients(context, options);
  }

  /** The client is taken (a kept one, or made) at the first call; a URL the policy refuses fails every call with the reason. */
  open(target: ObjectSourceTarget): ObjectSource {
    if (target.kind !== 's3') throw new TypeError(`${target.kind} is not a bucket kind the data browser knows`);
    return new S3ObjectSource(this.context, target, this.clients);
  }

  /** Destroys the kept clients (shutdown). */
  close(): void {
    this.clients.close();
  }
}

class S3ObjectSource implements ObjectSource {
  readonly bucket: string;
  private lease: S3Lease | null = null;

  constructor(
    private readonly context: ConnectionContext,
    private readonly target: ObjectSourceTarget,
    private readonly clients: S3Clients,
  ) {
    this.bucket = String(target.config.bucket);
  }

  private connection(): Promise<S3Bucket> {
    this.lease ??= this.clients.lease(this.target);
    return this.lease.bucket;
  }

  async list(input: { prefix: string; cursor: string | null; limit: number; signal: AbortSignal }): Promise<ObjectListing> {
    const limit = Math.min(Math.max(1, Math.floor(input.limit)), MAX_PAGE);
    const { ListObjectsV2Command } = await sdk();
    const out = await this.send(`list the bucket ${this.bucket}`, null, input.signal, (client) =>
      client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: input.prefix === '' ? undefined : input.prefix,
          Delimiter: '/',
          MaxKeys: limit,
          ...(input.cursor ? { ContinuationToken: input.cursor } : {}),
        }),
        { abortSignal: input.signal },
      ),
    );
    const entries: ObjectEntry[] = [
      ...(out.CommonPrefixes ?? []).filter((entry) => entry.Prefix).map((entry) => ({ type: 'folder' as const, prefix: entry.Prefix! })),
      ...(out.Contents ?? [])
        .filter((entry) => entry.Key)
        .map((entry) => ({
          type: 'object' as const,
          key: entry.Key!,
          size: entry.Size ?? 0,
          modified: entry.LastModified?.toISOString() ?? null,
          etag: bareEtag(entry.ETag),
        })),
    ];
    // S3 orders keys by their UTF-8 bytes; folders and objects come in two lists.
    const sortKey = (entry: ObjectEntry) => Buffer.from(entry.type === 'folder' ? entry.prefix : entry.key);
    entries.sort((a, b) => Buffer.compare(sortKey(a), sortKey(b)));
    return { entries, nextCursor: out.IsTruncated && out.NextContinuationToken ? out.NextContinuationToken : null };
  }

  async head(key: string, versionId: string | null, signal: AbortSignal): Promise<ObjectFacts> {
    checkKey(key);
    const { HeadObjectCommand } = await sdk();
    const out = await this.send(`read ${key} in the bucket ${this.bucket}`, { key, versionId }, signal, (client) =>
      client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key, ...(versionId ? { VersionId: versionId } : {}) }), { abortSignal: signal }),
    );
    return factsOf(key, out);
  }

  async versions(key: string, limit: number, signal: AbortSignal): Promise<ObjectVersion[]> {
    checkKey(key);
    const { ListObjectVersionsCommand } = await sdk();
    const found: ObjectVersion[] = [];
    let keyMarker: string | undefined;
    let versionMarker: string | undefined;
    try {
      for (let page = 0; page < 10 && found.length < limit; page++) {
        const out = await this.send(`list the versions in the bucket ${this.bucket}`, null, signal, (client) =>
          client.send(
            new ListObjectVersionsCommand({
              Bucket: this.bucket,
              Prefix: key,
              MaxKeys: Math.min(MAX_PAGE, limit - found.length + 1),
              ...(keyMarker !== undefined ? { KeyMarker: keyMarker, VersionIdMarker: versionMarker } : {}),
            }),
            { abortSignal: signal },
          ),
        );
        const all = [
          ...(out.Versions ?? []).map((entry) => ({ entry, deleted: false, size: entry.Size ?? 0 })),
          ...(out.DeleteMarkers ?? []).map((entry) => ({ entry, deleted: true, size: 0 })),
        ];
        for (const { entry, deleted, size } of all) {
          if (entry.Key !== key || !entry.VersionId) continue;
          found.push({ versionId: entry.VersionId, size, modified: entry.LastModified?.toISOString() ?? null, latest: entry.IsLatest === true, deleted });
        }
        // Versions come by key: once a page reaches keys past this one, there are no more of it.
        if (!out.IsTruncated || all.some(({ entry }) => entry.Key !== undefined && entry.Key !== key)) break;
        keyMarker = out.NextKeyMarker;
        versionMarker = out.NextVersionIdMarker;
      }
    } catch (error) {
      // A key that may read objects but not list their versions, or a store without versions: no versions to show.
      if (error instanceof ObjectSourceError && error.reason === 'denied') return [];
      if (error instanceof NotImplemented) return [];
      throw error;
    }
    // An object written while the bucket kept no versions has the one version "null".
    if (found.every((version) => version.versionId === 'null')) return [];
    found.sort((a, b) => Number(b.latest) - Number(a.latest) || (b.modified ?? '').localeCompare(a.modified ?? ''));
    return found.slice(0, limit);
  }

  /**
   * Two ranged GETs at once, `bytes=0-(head-1)` and the suffix `bytes=-tail`: the first answer's
   * `Content-Range` gives the object's size (no `HEAD` needed), its headers the rest of the facts.
   * The tail is kept only when its answer is a range of the same object (size, ETag and version as
   * the first); else it is dropped and the preview reads those bytes as it would without it.
   */
  async readEnds(key: string, ends: { head: number; tail: number; versionId: string | null }, signal: AbortSignal): Promise<ObjectEnds> {
    checkKey(key);
    const head = rangeOf(0, ends.head);
    if (head === null || !Number.isSafeInteger(ends.tail) || ends.tail < 0)
      return { facts: await this.head(key, ends.versionId, signal), head: EMPTY, tail: EMPTY };
    const { GetObjectCommand } = await sdk();
    const get = (range: string) =>
      this.send(`read ${key} in the bucket ${this.bucket}`, { key, versionId: ends.versionId, ranged: true }, signal, (client) =>
        client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: range, ...(ends.versionId ? { VersionId: ends.versionId } : {}) }), {
          abortSignal: signal,
        }),
      );
    const [first, last] = await Promise.allSettled([get(head.header), ends.tail > 0 ? get(`bytes=-${ends.tail}`) : Promise.resolve(null)]);
    const tailAnswer = last.status === 'fulfilled' ? last.value : null;
    if (first.status === 'rejected') {
      discard(tailAnswer);
      // An empty object has no bytes to range over: its facts come from a HEAD.
      if (first.reason instanceof RangeNotSatisfiable) return { facts: await this.head(key, ends.versionId, signal), head: EMPTY, tail: EMPTY };
      throw first.reason;
    }
    const answer = first.value;
    const sent = contentRangeOf(answer.ContentRange);
    // A store that ignored the range sends the whole object: its length is the size.
    const size = sent ? sent.total : answer.ContentRange ? null : (answer.ContentLength ?? null);
    if (size === null) {
      discard(answer);
      discard(tailAnswer);
      return { facts: await this.head(key, ends.versionId, signal), head: EMPTY, tail: EMPTY };
    }
    const facts: ObjectFacts = { ...factsOf(key, answer), size };
    const [headBytes, tailBytes] = await Promise.all([
      this.guarded(`read ${key}`, null, signal, () => readRange(answer.Body as Body, answer.ContentRange, 0, ends.head, answer.ContentLength)),
      this.tailOf(key, tailAnswer, facts, signal),
    ]);
    return { facts, head: headBytes, tail: tailBytes };
  }

  /** The last bytes of the object `facts` describe, from the suffix GET's answer; empty when it is not that. */
  private async tailOf(key: string, answer: GetAnswer | null, facts: ObjectFacts, signal: AbortSignal): Promise<Uint8Array> {
    const sent = contentRangeOf(answer?.ContentRange);
    const same =
      answer &&
      sent &&
      sent.total === facts.size &&
      sent.end === facts.size - 1 &&
      bareEtag(answer.ETag) === facts.etag &&
      (answer.VersionId ?? null) === facts.versionId;
    if (!answer || !sent || !same) {
      discard(answer);
      return EMPTY;
    }
    const length = sent.end - sent.start + 1;
    const bytes = await this.guarded(`read ${key}`, null, signal, () => readRange(answer.Body as Body, answer.ContentRange, 0, length, answer.ContentLength));
    return bytes.length === length ? bytes : EMPTY;
  }

  async read(key: string, range: { offset: number; length: number; versionId: string | null }, signal: AbortSignal): Promise<Uint8Array> {
    checkKey(key);
    const wanted = rangeOf(range.offset, range.length);
    if (wanted === null) return new Uint8Array(0);
    const { GetObjectCommand } = await sdk();
    const out = await this.send(`read ${key} in the bucket ${this.bucket}`, { key, versionId: range.versionId, ranged: true }, signal, (client) =>
      client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: wanted.header, ...(range.versionId ? { VersionId: range.versionId } : {}) }), {
        abortSignal: signal,
      }),
    ).catch((error: unknown) => {
      if (error instanceof RangeNotSatisfiable) return null;
      throw error;
    });
    if (out === null) return new Uint8Array(0);
    return this.guarded(`read ${key}`, null, signal, () => readRange(out.Body as Body, out.ContentRange, range.offset, range.length, out.ContentLength));
  }

  async open(key: string, versionId: string | null, signal: AbortSignal): Promise<ObjectBody> {
    checkKey(key);
    const { GetObjectCommand } = await sdk();
    const out = await this.send(`read ${key} in the bucket ${this.bucket}`, { key, versionId }, signal, (client) =>
      client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key, ...(versionId ? { VersionId: versionId } : {}) }), { abortSignal: signal }),
    );
    const body = (out.Body as AsyncIterable<Uint8Array> | undefined) ?? emptyBody();
    return { facts: factsOf(key, out), body };
  }

  /** Gives the client back (it is kept for the integration's next request, or destroyed). */
  close(): void {
    this.lease?.release();
  }

  /** One request, its failure as the port's error (logged where the hub's log should say more). */
  private async send<T>(doing: string, object: ObjectRef | null, signal: AbortSignal, call: (client: S3Bucket['client']) => Promise<T>): Promise<T> {
    return this.guarded(doing, object, signal, async () => call((await this.connection()).client));
  }

  private async guarded<T>(doing: string, object: ObjectRef | null, signal: AbortSignal, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw await this.failure(error, doing, object, signal);
    }
  }

  private async failure(error: unknown, doing: string, object: ObjectRef | null, signal: AbortSignal): Promise<unknown> {
    if (error instanceof ObjectSourceError) return error;
    if (error instanceof ConnectionProblem) return new ObjectSourceError(error.reason, error.message);
    // The caller went away: its own abort, not the store's failure.
    if (signal.aborted) return signal.reason ?? error;
    const name = (error as { name?: string }).name ?? '';
    const status = s3Status(error);
    if (object?.ranged && (name === 'InvalidRange' || status === 416)) return new RangeNotSatisfiable();
    if (name === 'NotImplemented' || status === 501) return new NotImplemented();
    if (object !== null) {
      const version = object.versionId ? ` version ${object.versionId} of` : '';
      if (object.versionId && (name === 'NoSuchVersion' || name === 'InvalidArgument' || status === 400))
        return new ObjectSourceError('not-found', `there is no${version} ${object.key} in the bucket ${this.bucket}`);
      if (name === 'NoSuchKey' || name === 'NotFound' || (status === 404 && name !== 'NoSuchBucket'))
        return new ObjectSourceError('not-found', `there is no${version} object ${object.key} in the bucket ${this.bucket}`);
    }
    const { bucket, region, url, host } = await this.connection();
    const known = s3Problem(error, bucket, region, doing) ?? (status === 404 ? new ConnectionProblem('invalid', `the bucket ${bucket} does not exist`) : null);
    if (known) return new ObjectSourceError(known.reason, known.message);
    logFailure(this.context, url.origin, error, this.target.secrets);
    const common = commonProblem(error, host, `the storage endpoint ${url.host}`);
    if (common) return new ObjectSourceError(common.reason, common.message);
    return new ObjectSourceError('unreachable', `the storage answered with an error${status ? ` (HTTP ${status})` : ''}: see the hub log for details`);
  }
}

interface ObjectRef {
  key: string;
  versionId: string | null;
  /** A ranged read: a range past the end is an empty answer, not an error. */
  ranged?: boolean;
}

/** Internal: a ranged read that starts past the object's end. */
class RangeNotSatisfiable extends Error {}
/** Internal: the store does not implement the call (versions on some S3-compatible stores). */
class NotImplemented extends Error {}

function checkKey(key: string): void {
  if (key === '' || Buffer.byteLength(key) > MAX_KEY_BYTES) throw new ObjectSourceError('invalid', 'an object key is 1 to 1024 bytes long');
}

/** `"abc"` → `abc`: the quotes are HTTP's, not the tag's. */
function bareEtag(etag: string | undefined): string | null {
  return etag ? etag.replace(/^"(.*)"$/, '$1') : null;
}

function factsOf(key: string, out: { ContentLength?: number; LastModified?: Date; ContentType?: string; ETag?: string; VersionId?: string }): ObjectFacts {
  return {
    key,
    size: out.ContentLength ?? 0,
    modified: out.LastModified?.toISOString() ?? null,
    contentType: out.ContentType ?? null,
    etag: bareEtag(out.ETag),
    versionId: out.VersionId ?? null,
  };
}

async function* emptyBody(): AsyncIterable<Uint8Array> {}

const EMPTY = new Uint8Array(0);

type Body = AsyncIterable<Uint8Array> | undefined;
type GetAnswer = GetObjectCommandOutput;

/** Closes an answer's body unread (its connection is closed, not kept). */
function discard(answer: { Body?: unknown } | null): void {
  (answer?.Body as { destroy?: () => void } | undefined)?.destroy?.();
}
