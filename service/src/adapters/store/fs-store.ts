import { createHash, randomBytes } from 'node:crypto';
import { promises as fsp, type Dirent } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import path from 'node:path';
import fse from 'fs-extra';
import lockfile from 'proper-lockfile';
import {
  PreconditionFailedError,
  StoreUnavailableError,
  StreamSizeError,
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
import { KeyedMutex } from '../../core/util/keyed-mutex.js';

/**
 * Object files carry this suffix, which no key segment may contain: key `a` (file `a@`) and key
 * `a/b` (directory `a/`, file `b@`) can then coexist, as they do in S3.
 */
const OBJECT_SUFFIX = '@';

/**
 * Writes are staged in this directory under the root. No key segment may start with a dot, so it
 * is never listed, and keeping every temporary file in one place lets a store clear what killed
 * writers left behind without walking the whole tree.
 */
const TEMPORARY_DIR = '.tmp';

/**
 * A temporary file untouched for this long belongs to no live writer: a write fills its file and
 * renames it within moments. Removing a live writer's file would only fail that write.
 */
export const ABANDONED_TEMPORARY_MS = 60_000;

/**
 * Owner-only: the store holds the hub's records, and nothing in it is anyone else's to read
 * (docs/secrets-at-rest.md). Modes are given at creation, so no object is ever readable by others,
 * not even for the moment before a chmod.
 */
const DIRECTORY_MODE = 0o700;
const FILE_MODE = 0o600;
const GROUP_AND_OTHER = 0o077;

/** The file system proper-lockfile works with (fs-extra's graceful one): its lock directories owner-only like the rest. */
const LOCK_FS = { ...fse, mkdir: (target: string, done: (error: NodeJS.ErrnoException | null) => void) => fse.mkdir(target, DIRECTORY_MODE, done) };

/** Waiting for a key held by another writer: jittered backoff from 2 ms up to 100 ms per try. */
const LOCK_ATTEMPTS = 2000;
const LOCK_FIRST_DELAY_MS = 2;
const LOCK_MAX_DELAY_MS = 100;

export interface FsObjectStoreOptions {
  /** A lock older than this is considered abandoned by a crashed writer. */
  staleLockMs?: number;
}

/**
 * The embedded object store: one file per object under a root directory.
 *
 * Writes (whole or streamed) go to a temporary file that is fsynced and renamed over the object,
 * so a crash leaves either the old or the new object (and a temporary file, removed later by
 * `prepareWrites`).
 * Writers of one key serialize on a lock directory next to the object (shared by every process
 * using the root) and, inside a process, on an in-memory queue.
 */
export class FsObjectStore implements ObjectStore {
  readonly kind = 'fs';
  private readonly localQueue = new KeyedMutex();
  private readonly staleLockMs: number;
  private readonly temporaryDir: string;
  private writesPrepared: Promise<void> | null = null;

  constructor(
    readonly location: string,
    options: FsObjectStoreOptions = {},
  ) {
    this.staleLockMs = Math.max(2000, options.staleLockMs ?? 10_000);
    this.temporaryDir = path.join(location, TEMPORARY_DIR);
  }

  async get(key: string): Promise<StoredObject | null> {
    assertValidKey(key);
    const body = await this.readObjectFile(this.objectPath(key));
    return body ? { body, etag: etagOf(body) } : null;
  }

  async head(key: string): Promise<{ etag: string; size: number } | null> {
    const object = await this.get(key);
    return object ? { etag: object.etag, size: object.body.length } : null;
  }

  async put(key: string, body: Buffer | string, options: PutOptions = {}): Promise<{ etag: string }> {
    assertValidKey(key);
    const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
    const file = this.objectPath(key);
    await this.prepareWrites();
    await this.ensureDirectory(path.dirname(file));
    return this.exclusively(key, file, async () => {
      if (options.ifMatch !== undefined || options.ifNoneMatch !== undefined) {
        const current = await this.readObjectFile(file);
        if (options.ifNoneMatch === '*' && current) throw new PreconditionFailedError(key, 'object exists');
        if (options.ifMatch !== undefined && (!current || etagOf(current) !== options.ifMatch)) {
          throw new PreconditionFailedError(key, current ? 'etag differs' : 'object missing');
        }
      }
      await this.replaceFile(file, bytes);
      return { etag: etagOf(bytes) };
    });
  }

  async getStream(key: string, options: { start?: number } = {}): Promise<ObjectStream | null> {
    assertValidKey(key);
    const file = this.objectPath(key);
    let handle: FileHandle;
    try {
      handle = await fsp.open(file, 'r');
    } catch (error) {
      if (isErrno(error, 'ENOENT')) return null;
      throw unavailable(`cannot read ${file}`, error);
    }
    // The open handle keeps reading the object it opened, whatever replaces it meanwhile.
    const size = (await handle.stat()).size;
    const start = Math.min(options.start ?? 0, size);
    if (start >= size) {
      await handle.close();
      return { size, body: emptyBody() };
    }
    return { size, body: handle.createReadStream({ start, highWaterMark: STREAM_CHUNK_BYTES, autoClose: true }) };
  }

  /**
   * The bytes go to a temporary file as they come; only a body that ended whole is fsynced and
   * renamed over the object, as `put` does, so a crash or a failing body leaves the old object.
   * The key's lock is held only for the rename: a conditional writer of the same key checks and
   * writes either before or after it.
   */
  async putStream(key: string, body: AsyncIterable<Uint8Array>, options: StreamPutOptions = {}): Promise<void> {
    assertValidKey(key);
    const file = this.objectPath(key);
    await this.prepareWrites();
    await this.ensureDirectory(path.dirname(file));
    const temporary = await this.writeTemporary((handle) => writeAll(handle, sizedBody(key, body, options.size)), file);
    try {
      await this.exclusively(key, file, async () => {
        await fsp.rename(temporary, file).catch((error: unknown) => {
          throw unavailable(`cannot write ${file}`, error);
        });
        await syncDirectory(path.dirname(file));
      });
    } catch (error) {
      await fsp.rm(temporary, { force: true }).catch(() => {});
      throw error;
    }
  }

  async delete(key: string, options: DeleteOptions = {}): Promise<void> {
    assertValidKey(key);
    const file = this.objectPath(key);
    if (!(await pathExists(path.dirname(file)))) {
      if (options.ifMatch !== undefined) throw new PreconditionFailedError(key, 'object missing');
      return;
    }
    await this.exclusively(key, file, async () => {
      if (options.ifMatch !== undefined) {
        const current = await this.readObjectFile(file);
        if (!current || etagOf(current) !== options.ifMatch) {
          throw new PreconditionFailedError(key, current ? 'etag differs' : 'object missing');
        }
      }
      await fsp.rm(file, { force: true }).catch((error: unknown) => {
        throw unavailable(`cannot delete ${key}`, error);
      });
    });
  }

  async list(prefix: string, options: ListOptions = {}): Promise<ListPage> {
    assertValidPrefix(prefix);
    const limit = normalizeListLimit(options.limit);
    const startAfter = options.cursor ? decodeListCursor(prefix, options.cursor) : '';
    const items: ObjectInfo[] = [];
    let more = false;
    const slash = prefix.lastIndexOf('/');
    const baseDir = slash < 0 ? '' : prefix.slice(0, slash + 1);
    for await (const item of this.walk(baseDir, prefix, startAfter)) {
      if (items.length === limit) {
        more = true;
        break;
      }
      items.push(item);
    }
    const last = items.at(-1);
    return { items, nextCursor: more && last ? encodeListCursor(prefix, last.key) : null };
  }

  async close(): Promise<void> {}

  /**
   * Takes group and other permissions away from every folder and file under the root (a store
   * written by an older hub, or copied in with loose modes). Symbolic links are left alone.
   * Resolves to how many of each it changed.
   */
  async tightenModes(): Promise<{ directories: number; files: number }> {
    const changed = { directories: 0, files: 0 };
    const visit = async (target: string): Promise<void> => {
      const stat = await fsp.lstat(target).catch((error: unknown) => {
        if (isErrno(error, 'ENOENT')) return null;
        throw unavailable(`cannot inspect ${target}`, error);
      });
      if (!stat || (!stat.isDirectory() && !stat.isFile())) return;
      if ((stat.mode & GROUP_AND_OTHER) !== 0) {
        await fsp.chmod(target, stat.mode & 0o7700).catch((error: unknown) => {
          if (!isErrno(error, 'ENOENT')) throw unavailable(`cannot change the mode of ${target}`, error);
        });
        changed[stat.isDirectory() ? 'directories' : 'files']++;
      }
      if (!stat.isDirectory()) return;
      const names = await fsp.readdir(target).catch(() => [] as string[]);
      for (let start = 0; start < names.length; start += 64) {
        await Promise.all(names.slice(start, start + 64).map((name) => visit(path.join(target, name))));
      }
    };
    await visit(this.location);
    return changed;
  }

  private objectPath(key: string): string {
    return path.join(this.location, ...key.split('/')) + OBJECT_SUFFIX;
  }

  private async readObjectFile(file: string): Promise<Buffer | null> {
    try {
      return await fsp.readFile(file);
    } catch (error) {
      if (isErrno(error, 'ENOENT')) return null;
      throw unavailable(`cannot read ${file}`, error);
    }
  }

  private async ensureDirectory(dir: string): Promise<void> {
    try {
      await fse.mkdirp(dir, { mode: DIRECTORY_MODE });
    } catch (error) {
      throw unavailable(`cannot create ${dir}`, error);
    }
  }

  /**
   * Once per store instance, before its first write: the staging directory exists and files
   * abandoned there by writers that were killed mid-write are removed. A failure is not kept, so
   * a store that comes back is written to again.
   */
  private prepareWrites(): Promise<void> {
    this.writesPrepared ??= (async () => {
      await this.ensureDirectory(this.temporaryDir);
      await this.removeAbandonedTemporaryFiles();
    })().catch((error: unknown) => {
      this.writesPrepared = null;
      throw error;
    });
    return this.writesPrepared;
  }

  private async removeAbandonedTemporaryFiles(): Promise<void> {
    const names = await fsp.readdir(this.temporaryDir).catch(() => [] as string[]);
    const cutoff = Date.now() - ABANDONED_TEMPORARY_MS;
    await Promise.all(
      names.map(async (name) => {
        const file = path.join(this.temporaryDir, name);
        const stat = await fsp.lstat(file).catch(() => null);
        // Best effort: a file that cannot be removed now is tried again by the next store opened.
        if (stat?.isFile() && stat.mtimeMs < cutoff) await fsp.rm(file, { force: true }).catch(() => {});
      }),
    );
  }

  private async exclusively<T>(key: string, file: string, work: () => Promise<T>): Promise<T> {
    return this.localQueue.run(key, async () => {
      const release = await this.lock(key, file);
      try {
        return await work();
      } finally {
        await release().catch(() => {});
      }
    });
  }

  /**
   * Waits only while another writer holds the lock. Any other failure (a read-only or full disk,
   * lost permissions) is reported at once: retrying it would hold the caller for minutes.
   */
  private async lock(key: string, file: string): Promise<() => Promise<void>> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await lockfile.lock(file, {
          realpath: false,
          lockfilePath: `${file}.lock`,
          fs: LOCK_FS,
          stale: this.staleLockMs,
          retries: 0,
          // A compromised lock means another process judged us dead; the rename we may still
          // perform is whole, so the worst case is a lost conditional check, logged by the caller.
          onCompromised: () => {},
        });
      } catch (error) {
        if (!isErrno(error, 'ELOCKED') || attempt >= LOCK_ATTEMPTS) throw unavailable(`cannot lock ${key}`, error);
        const delay = Math.min(LOCK_MAX_DELAY_MS, LOCK_FIRST_DELAY_MS * 1.25 ** attempt) * (1 + Math.random());
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  }

  private async replaceFile(file: string, bytes: Buffer): Promise<void> {
    const temporary = await this.writeTemporary((handle) => handle.writeFile(bytes), file);
    try {
      await fsp.rename(temporary, file);
      await syncDirectory(path.dirname(file));
    } catch (error) {
      await fsp.rm(temporary, { force: true }).catch(() => {});
      throw unavailable(`cannot write ${file}`, error);
    }
  }

  /**
   * A new temporary file holding what `fill` writes, fsynced: the bytes are on disk before any
   * rename makes them an object. Removed again when anything fails; a failure of the store itself
   * is reported as unavailable, one of `fill`'s own (a body that broke off) as it is.
   */
  private async writeTemporary(fill: (handle: FileHandle) => Promise<void>, file: string): Promise<string> {
    const temporary = path.join(this.temporaryDir, `${process.pid}-${randomBytes(8).toString('hex')}`);
    let handle: FileHandle;
    try {
      handle = await fsp.open(temporary, 'wx', FILE_MODE).catch(async (error: unknown) => {
        // The staging directory was removed behind the store's back (a restore, an operator).
        if (!isErrno(error, 'ENOENT')) throw error;
        await fse.mkdirp(this.temporaryDir, { mode: DIRECTORY_MODE });
        return fsp.open(temporary, 'wx', FILE_MODE);
      });
    } catch (error) {
      throw unavailable(`cannot write ${file}`, error);
    }
    try {
      try {
        await fill(handle);
      } catch (error) {
        throw error instanceof StreamSizeError || !isFileSystemError(error) ? error : unavailable(`cannot write ${file}`, error);
      }
      await handle.sync().catch((error: unknown) => {
        throw unavailable(`cannot write ${file}`, error);
      });
    } catch (error) {
      await handle.close().catch(() => {});
      await fsp.rm(temporary, { force: true }).catch(() => {});
      throw error;
    }
    await handle.close();
    return temporary;
  }

  /**
   * Yields objects under `dir` (a key prefix ending in `/`, or empty) in ascending key order.
   * Sorting directories as `name/` among file keys gives the global byte order, and whole
   * subtrees that lie before the cursor or outside the prefix are never opened.
   */
  private async *walk(dir: string, prefix: string, startAfter: string): AsyncGenerator<ObjectInfo> {
    let entries: Dirent[];
    try {
      entries = await fsp.readdir(path.join(this.location, ...dir.split('/').filter(Boolean)), {
        withFileTypes: true,
      });
    } catch (error) {
      if (isErrno(error, 'ENOENT') || isErrno(error, 'ENOTDIR')) return;
      throw unavailable(`cannot list ${dir || '/'}`, error);
    }
    const children: { name: string; isDirectory: boolean }[] = [];
    for (const entry of entries) {
      if (entry.isDirectory() && isValidKeySegment(entry.name)) {
        children.push({ name: `${entry.name}/`, isDirectory: true });
      } else if (entry.isFile() && entry.name.endsWith(OBJECT_SUFFIX)) {
        const name = entry.name.slice(0, -OBJECT_SUFFIX.length);
        if (isValidKeySegment(name)) children.push({ name, isDirectory: false });
      }
    }
    children.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const child of children) {
      const full = dir + child.name;
      if (child.isDirectory) {
        const overlapsPrefix = full.startsWith(prefix) || prefix.startsWith(full);
        const beforeCursor = full < startAfter && !startAfter.startsWith(full);
        if (overlapsPrefix && !beforeCursor) yield* this.walk(full, prefix, startAfter);
      } else if (full.startsWith(prefix) && full > startAfter) {
        const stat = await fsp.stat(this.objectPath(full)).catch(() => null);
        if (stat) yield { key: full, size: stat.size, lastModified: stat.mtimeMs };
      }
    }
  }
}

/** Streams are read and written in 1 MiB pieces: few calls per object, little held at once. */
const STREAM_CHUNK_BYTES = 1024 * 1024;

async function* emptyBody(): AsyncGenerator<Uint8Array> {}

/**
 * Writes the body in pieces of about {@link STREAM_CHUNK_BYTES}: the small chunks a socket hands
 * on are gathered and written with one call each piece, not one each chunk.
 */
async function writeAll(handle: FileHandle, body: AsyncIterable<Uint8Array>): Promise<void> {
  let gathered: Uint8Array[] = [];
  let bytes = 0;
  const flush = async () => {
    const pending = gathered;
    gathered = [];
    bytes = 0;
    while (pending.length > 0) {
      let { bytesWritten } = await handle.writev(pending);
      // A short write: what is left of the first chunk not fully written, and the ones after it.
      while (pending.length > 0 && bytesWritten >= pending[0]!.byteLength) bytesWritten -= pending.shift()!.byteLength;
      if (bytesWritten > 0) pending[0] = pending[0]!.subarray(bytesWritten);
    }
  };
  for await (const chunk of body) {
    if (chunk.byteLength === 0) continue;
    gathered.push(chunk);
    bytes += chunk.byteLength;
    if (bytes >= STREAM_CHUNK_BYTES) await flush();
  }
  await flush();
}

/** An error of the file system (it has an errno code), as opposed to one a streamed body threw. */
function isFileSystemError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string' && 'syscall' in error;
}

export function etagOf(body: Buffer): string {
  return `"${createHash('md5').update(body).digest('hex')}"`;
}

async function syncDirectory(dir: string): Promise<void> {
  // Durability of the rename itself; directories cannot be opened for sync on every platform.
  const handle = await fsp.open(dir, 'r').catch(() => null);
  if (!handle) return;
  try {
    await handle.sync().catch(() => {});
  } finally {
    await handle.close();
  }
}

async function pathExists(target: string): Promise<boolean> {
  try {
    await fsp.stat(target);
    return true;
  } catch (error) {
    if (isErrno(error, 'ENOENT') || isErrno(error, 'ENOTDIR')) return false;
    throw unavailable(`cannot inspect ${target}`, error);
  }
}

function isErrno(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === code;
}

function unavailable(message: string, cause: unknown): StoreUnavailableError {
  const detail = cause instanceof Error ? cause.message : String(cause);
  return new StoreUnavailableError(`${message}: ${detail}`, { cause });
}
