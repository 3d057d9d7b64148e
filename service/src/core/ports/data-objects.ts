/**
 * The object side of the data browser (docs/data-browser.md): the buckets of S3-compatible
 * integrations, listed, described, read in ranges and downloaded. Implemented in
 * adapters/data-browser/; every connection goes through the outbound-request policy.
 */

/** Which bucket, with what: an integration's kind, its configuration (defaults applied) and its secrets, resolved. */
export interface ObjectSourceTarget {
  kind: string;
  config: Readonly<Record<string, string | number | boolean>>;
  secrets: Readonly<Record<string, string>>;
  /**
   * The integration and its version, where the target is one: an adapter may keep its client to
   * the store for the next request of the same integration, version, configuration and secrets,
   * and for nothing else. Without it, the client serves the opened source alone.
   */
  integration?: { id: string; versionId: string };
}

/** One entry of a listing: a folder (a common prefix) or an object. */
export type ObjectEntry =
  { type: 'folder'; /** Ends with `/`. */ prefix: string } | { type: 'object'; key: string; size: number; modified: string | null; etag: string | null };

export interface ObjectListing {
  entries: ObjectEntry[];
  /** Where the next page starts; null on the last. */
  nextCursor: string | null;
}

export interface ObjectVersion {
  versionId: string;
  size: number;
  modified: string | null;
  latest: boolean;
  /** A delete marker: the object was deleted in this version. */
  deleted: boolean;
}

export interface ObjectFacts {
  key: string;
  size: number;
  modified: string | null;
  contentType: string | null;
  etag: string | null;
  /** The version read (null where the bucket keeps no versions). */
  versionId: string | null;
}

/** What a preview reads first (see {@link ObjectSource.readEnds}). */
export interface ObjectEnds {
  facts: ObjectFacts;
  /** The object's first bytes: as many as asked, fewer in a smaller object. */
  head: Uint8Array;
  /** The object's last bytes (they may overlap `head`); empty when none were asked, or the store could not give them with `head`. */
  tail: Uint8Array;
}

export interface ObjectBody {
  facts: ObjectFacts;
  body: AsyncIterable<Uint8Array>;
}

/** Failures a person can act on; the message never holds a secret or the store's raw answer. */
export class ObjectSourceError extends Error {
  constructor(
    readonly reason: 'not-found' | 'denied' | 'unreachable' | 'refused-address' | 'invalid',
    message: string,
  ) {
    super(message);
    this.name = 'ObjectSourceError';
  }
}

/** One bucket, opened with its credentials. */
export interface ObjectSource {
  /** The bucket's name, as a person knows it. */
  readonly bucket: string;
  /** The folders and objects directly under `prefix` (`/` delimited), in key order, `limit` at most. */
  list(input: { prefix: string; cursor: string | null; limit: number; signal: AbortSignal }): Promise<ObjectListing>;
  /** Throws ObjectSourceError `not-found` when there is no such object (or version). */
  head(key: string, versionId: string | null, signal: AbortSignal): Promise<ObjectFacts>;
  /** The versions of one object, newest first; empty where the bucket keeps none. At most `limit`. */
  versions(key: string, limit: number, signal: AbortSignal): Promise<ObjectVersion[]>;
  /**
   * The object's facts with its first `head` and last `tail` bytes, asked for at once (a preview's
   * first reads: what the file is, a Parquet footer), so that they cost one round trip rather
   * than a `head` and a read after it. Throws ObjectSourceError `not-found` as `head` does.
   */
  readEnds(key: string, ends: { head: number; tail: number; versionId: string | null }, signal: AbortSignal): Promise<ObjectEnds>;
  /** `length` bytes from `offset` (fewer at the end of the object). */
  read(key: string, range: { offset: number; length: number; versionId: string | null }, signal: AbortSignal): Promise<Uint8Array>;
  /** The whole object as a stream (downloads). */
  open(key: string, versionId: string | null, signal: AbortSignal): Promise<ObjectBody>;
  /** Frees its connections. */
  close(): void;
}

/** Opens buckets of the kinds it knows (`s3`). */
export interface ObjectSources {
  readonly kinds: readonly string[];
  open(target: ObjectSourceTarget): ObjectSource;
}
