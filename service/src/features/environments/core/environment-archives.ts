import { createHash, randomUUID } from 'node:crypto';
import { PreconditionFailedError, type ObjectStore } from '../../../core/ports/object-store.js';

/**
 * Built environments kept as archives in the object store (docs/environments.md, "Shared through
 * the object store"), content-addressed by the environment's identity (its lock and the Python it
 * is for), so that every hub on the store, every replica and machine, unpacks an environment built
 * once instead of building it again:
 *
 *   environments/archives/<id>/packages.tar.gz   the environment's `packages/` folder, gzip tar
 *   environments/archives/<id>/archive.json      its size, hash and build time: written last, so
 *                                                an archive without it is not there yet
 *   environments/archives/<id>/last-used         when a start last took it (least recently used goes first)
 *   environments/archives/<id>/building          a build under way somewhere: who, and until when
 */

const ROOT = 'environments/archives';
const ID = /^env-[0-9a-f]{40}$/;

export interface ArchiveManifest {
  schema_version: 1;
  id: string;
  /** The archive's bytes in the store. */
  archive_bytes: number;
  archive_sha256: string;
  /** What the environment's files take once unpacked, and how many there are. */
  unpacked_bytes: number;
  files: number;
  built_at: string;
}

/** An archive as the cache lists it. */
export interface StoredArchive extends ArchiveManifest {
  last_used_at: string;
}

interface BuildClaim {
  owner: string;
  expires_at: string;
}

export interface EnvironmentArchiveOptions {
  /** How long a build may hold its claim: past it, the build is taken for dead and another may start. */
  claimMs: number;
  /** How often a start waiting for another hub's build looks again. */
  pollMs?: number;
  now?: () => Date;
  sleep?: (ms: number) => Promise<void>;
}

export class EnvironmentArchives {
  private readonly pollMs: number;
  private readonly now: () => Date;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(
    private readonly store: ObjectStore,
    private readonly options: EnvironmentArchiveOptions,
  ) {
    this.pollMs = options.pollMs ?? 1000;
    this.now = options.now ?? (() => new Date());
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  /** The archive of the environment when one is complete in the store; null otherwise. */
  async find(id: string): Promise<ArchiveManifest | null> {
    const stored = await this.store.get(keyOf(id, 'archive.json'));
    return stored ? parseManifest(stored.body, id) : null;
  }

  /**
   * The archive's bytes, checked against the hash its manifest recorded; null when there is none
   * (or it went meanwhile). One whose bytes do not match is removed, so that the next build
   * replaces it, and answers null too.
   */
  async fetch(id: string): Promise<{ manifest: ArchiveManifest; archive: Buffer } | null> {
    const manifest = await this.find(id);
    if (manifest === null) return null;
    const stored = await this.store.get(keyOf(id, 'packages.tar.gz'));
    if (stored === null) return null;
    if (sha256(stored.body) !== manifest.archive_sha256) {
      await this.remove(id);
      return null;
    }
    return { manifest, archive: stored.body };
  }

  /**
   * Stores the archive of an environment just built. The archive is written before its manifest,
   * so a reader never finds a manifest without its bytes; a manifest already there (another hub
   * built the same identity) is kept: both archives hold the same packages.
   */
  async publish(id: string, archive: Buffer, unpacked: { bytes: number; files: number }): Promise<ArchiveManifest> {
    const existing = await this.find(id);
    if (existing) return existing;
    const manifest: ArchiveManifest = {
      schema_version: 1,
      id,
      archive_bytes: archive.length,
      archive_sha256: sha256(archive),
      unpacked_bytes: unpacked.bytes,
      files: unpacked.files,
      built_at: this.now().toISOString(),
    };
    await this.store.put(keyOf(id, 'packages.tar.gz'), archive);
    try {
      await this.store.put(keyOf(id, 'archive.json'), JSON.stringify(manifest), { ifNoneMatch: '*' });
    } catch (error) {
      if (!(error instanceof PreconditionFailedError)) throw error;
      return (await this.find(id)) ?? manifest;
    }
    await this.touch(id);
    return manifest;
  }

  /** Marks the archive as taken by a start now. */
  async touch(id: string): Promise<void> {
    await this.store.put(keyOf(id, 'last-used'), this.now().toISOString());
  }

  /**
   * Runs `build` unless the archive is in the store, at most once at a time over every hub on the
   * store: a start that finds another's claim waits for its archive (`onWait` tells it so), and
   * takes over when that build ended without one or its claim expired. Answers `built` when this
   * call ran `build`, `found` when the archive was there (or another's build made it).
   */
  async once(id: string, build: () => Promise<void>, onWait?: () => void, deadlineMs = this.options.claimMs): Promise<'built' | 'found'> {
    const giveUp = this.now().getTime() + deadlineMs;
    let waited = false;
    for (;;) {
      if (await this.find(id)) return 'found';
      const claim = await this.claim(id);
      if (claim) {
        try {
          // Another hub may have finished between the look and the claim.
          if (await this.find(id)) return 'found';
          await build();
          return 'built';
        } finally {
          await this.store.delete(keyOf(id, 'building'), { ifMatch: claim }).catch(() => {});
        }
      }
      if (!waited) {
        waited = true;
        onWait?.();
      }
      if (this.now().getTime() > giveUp) throw new Error(`waited ${Math.round(deadlineMs / 1000)} s for another hub's build of environment ${id}`);
      await this.sleep(this.pollMs);
    }
  }

  /** Every complete archive, least recently used first. */
  async list(): Promise<StoredArchive[]> {
    const ids = new Set<string>();
    let cursor: string | null = null;
    do {
      const page = await this.store.list(`${ROOT}/`, { cursor });
      for (const item of page.items) {
        const [id, name] = item.key.slice(ROOT.length + 1).split('/');
        if (id && name === 'archive.json' && ID.test(id)) ids.add(id);
      }
      cursor = page.nextCursor;
    } while (cursor !== null);
    const found: StoredArchive[] = [];
    for (const id of ids) {
      const manifest = await this.find(id);
      if (manifest === null) continue;
      const lastUsed = await this.store.get(keyOf(id, 'last-used'));
      const at = lastUsed?.body.toString('utf8').trim() ?? '';
      found.push({ ...manifest, last_used_at: Number.isNaN(Date.parse(at)) ? manifest.built_at : at });
    }
    return found.sort((a, b) => a.last_used_at.localeCompare(b.last_used_at));
  }

  /**
   * Removes the least recently used archives until they take at most `maxBytes` in the store,
   * keeping those in `keep`. A pod that unpacked an archive keeps its copy, so removing one never
   * touches a running sandbox: the next start builds it again.
   */
  async evict(maxBytes: number, keep: ReadonlySet<string> = new Set()): Promise<{ removed: string[]; freedBytes: number }> {
    const archives = await this.list();
    let total = archives.reduce((sum, archive) => sum + archive.archive_bytes, 0);
    const removed: string[] = [];
    let freedBytes = 0;
    for (const archive of archives) {
      if (total <= maxBytes) break;
      if (keep.has(archive.id)) continue;
      await this.remove(archive.id);
      removed.push(archive.id);
      freedBytes += archive.archive_bytes;
      total -= archive.archive_bytes;
    }
    return { removed, freedBytes };
  }

  /** The manifest goes first: from then on no start takes the archive. */
  private async remove(id: string): Promise<void> {
    await this.store.delete(keyOf(id, 'archive.json'));
    await this.store.delete(keyOf(id, 'packages.tar.gz'));
    await this.store.delete(keyOf(id, 'last-used'));
  }

  /** Takes the build claim (answering its ETag), replacing one that expired; null while another holds it. */
  private async claim(id: string): Promise<string | null> {
    const key = keyOf(id, 'building');
    const body = (): string =>
      JSON.stringify({ owner: randomUUID(), expires_at: new Date(this.now().getTime() + this.options.claimMs).toISOString() } satisfies BuildClaim);
    try {
      return (await this.store.put(key, body(), { ifNoneMatch: '*' })).etag;
    } catch (error) {
      if (!(error instanceof PreconditionFailedError)) throw error;
    }
    const current = await this.store.get(key);
    if (current === null) return null;
    const expires = Date.parse((JSON.parse(current.body.toString('utf8')) as Partial<BuildClaim>).expires_at ?? '');
    if (!Number.isNaN(expires) && expires > this.now().getTime()) return null;
    try {
      return (await this.store.put(key, body(), { ifMatch: current.etag })).etag;
    } catch (error) {
      if (error instanceof PreconditionFailedError) return null;
      throw error;
    }
  }
}

function keyOf(id: string, name: string): string {
  if (!ID.test(id)) throw new Error(`not an environment id: ${JSON.stringify(id)}`);
  return `${ROOT}/${id}/${name}`;
}

const sha256 = (body: Buffer): string => createHash('sha256').update(body).digest('hex');

function parseManifest(body: Buffer, id: string): ArchiveManifest | null {
  try {
    const manifest = JSON.parse(body.toString('utf8')) as Partial<ArchiveManifest>;
    const numbers = [manifest.archive_bytes, manifest.unpacked_bytes, manifest.files].every((value) => typeof value === 'number' && value >= 0);
    if (
      manifest.schema_version !== 1 ||
      manifest.id !== id ||
      !numbers ||
      typeof manifest.archive_sha256 !== 'string' ||
      typeof manifest.built_at !== 'string'
    ) {
      return null;
    }
    return manifest as ArchiveManifest;
  } catch {
    return null;
  }
}
