import { createHash } from 'node:crypto';
import { HubError } from '../errors.js';
import { timeOrderedId } from '../ids.js';
import { getJson, jsonBody, retryOnConflict } from '../store/cas.js';
import { PreconditionFailedError, type ObjectStore } from '../ports/object-store.js';
import { layout } from '../storage-layout.js';
import { BLOB_REFRESH_AFTER_MS, blobWrittenAt } from './blob-ages.js';
import { emptyManifest, type WorkspaceHead, type WorkspaceManifest } from './workspace-model.js';
import { WorkspaceTree } from './workspace-tree.js';

export const sha256Hex = (body: Buffer | string) => createHash('sha256').update(body).digest('hex');

/** Bytes that are not the blob they were to be: another length or another hash. */
export class BlobMismatchError extends Error {
  constructor(readonly hash: string) {
    super(`blob ${hash} arrived with other bytes than its hash names`);
    this.name = 'BlobMismatchError';
  }
}

async function* checkedBlob(hash: string, size: number, body: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  const digest = createHash('sha256');
  let received = 0;
  for await (const chunk of body) {
    received += chunk.byteLength;
    if (received > size) throw new BlobMismatchError(hash);
    digest.update(chunk);
    yield chunk;
  }
  // Thrown before the body ends, so the store never keeps it.
  if (received !== size || digest.digest('hex') !== hash) throw new BlobMismatchError(hash);
}

/** How often a reader re-reads the head when the manifest it named was superseded meanwhile. */
const READ_ATTEMPTS = 5;

export interface WorkspaceState {
  manifest: WorkspaceManifest;
  /** ETag of the head; null while the workspace was never written. */
  headEtag: string | null;
}

/**
 * Persistence of workspaces. File contents are immutable blobs named by their SHA-256 (shared by
 * every workspace, so identical files are stored once). A change writes a new immutable manifest
 * and then swaps the workspace's head to it with compare-and-swap: concurrent writers never lose
 * each other's changes, and a reader always sees one whole manifest.
 */
export class WorkspaceStore {
  constructor(
    private readonly store: ObjectStore,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async read(projectId: string, notebookId: string): Promise<WorkspaceState> {
    let previousEtag: string | null = null;
    for (let attempt = 0; attempt < READ_ATTEMPTS; attempt++) {
      const head = await getJson<WorkspaceHead>(this.store, layout.workspaceHead(projectId, notebookId));
      if (!head) return { manifest: emptyManifest(projectId, notebookId), headEtag: null };
      const key = layout.workspaceManifest(projectId, notebookId, head.value.manifest);
      const manifest = await getJson<WorkspaceManifest>(this.store, key);
      if (manifest) return { manifest: manifest.value, headEtag: head.etag };
      // A missing manifest under an unchanged head is damage, not a race with a writer.
      if (head.etag === previousEtag) break;
      previousEtag = head.etag;
    }
    throw new HubError('INTERNAL_ERROR', `the workspace manifest of notebook ${notebookId} is missing from the store`);
  }

  /**
   * Applies `change` to the current tree and commits it. `change` may run several times (after a
   * lost race) and must not have side effects; it may throw to refuse the change. Nothing is
   * written when it leaves the tree unchanged.
   */
  async change<T>(projectId: string, notebookId: string, actor: string, change: (tree: WorkspaceTree, state: WorkspaceState) => T): Promise<T> {
    const headKey = layout.workspaceHead(projectId, notebookId);
    return retryOnConflict(headKey, async () => {
      const state = await this.read(projectId, notebookId);
      const tree = WorkspaceTree.of(state.manifest);
      const result = change(tree, state);
      if (!tree.changed) return result;
      if ((await this.commitOver(projectId, notebookId, actor, state, tree.toManifest())) === null) {
        throw new PreconditionFailedError(headKey, 'another change moved the head');
      }
      return result;
    });
  }

  /**
   * Writes `content` as the workspace's next manifest and makes it current only if the head is
   * still the one `state` was read with, without retrying: the new manifest's id, or null when
   * another writer moved the head first (nothing is left behind then). A push from another hub
   * needs exactly that: its base or a conflict (docs/remotes.md).
   */
  async commitOver(
    projectId: string,
    notebookId: string,
    actor: string,
    state: WorkspaceState,
    content: Pick<WorkspaceManifest, 'files' | 'directories'>,
  ): Promise<string | null> {
    const at = this.now();
    const manifest: WorkspaceManifest = {
      schema_version: 1,
      id: `wsm-${timeOrderedId(at.getTime())}`,
      parent: state.manifest.id || null,
      project_id: projectId,
      notebook_id: notebookId,
      created_at: at.toISOString(),
      written_by: actor,
      files: content.files,
      directories: content.directories,
    };
    const manifestKey = layout.workspaceManifest(projectId, notebookId, manifest.id);
    await this.store.put(manifestKey, jsonBody(manifest), { ifNoneMatch: '*' });
    const head: WorkspaceHead = { schema_version: 1, manifest: manifest.id, updated_at: at.toISOString() };
    try {
      await this.store.put(layout.workspaceHead(projectId, notebookId), jsonBody(head), state.headEtag ? { ifMatch: state.headEtag } : { ifNoneMatch: '*' });
    } catch (error) {
      // Only the head makes a manifest current; one that lost its race must not linger.
      await this.store.delete(manifestKey).catch(() => {});
      if (error instanceof PreconditionFailedError) return null;
      throw error;
    }
    // The superseded manifest is no longer reachable; a reader holding its id re-reads the head.
    if (state.manifest.id) await this.store.delete(layout.workspaceManifest(projectId, notebookId, state.manifest.id)).catch(() => {});
    return manifest.id;
  }

  /**
   * Stores content once; returns its hash. A blob that already exists holds the same bytes; one
   * stored long ago is written again so garbage collection sees it as young (see blob-ages.ts).
   */
  async putBlob(body: Buffer): Promise<string> {
    const hash = sha256Hex(body);
    const writtenAt = await blobWrittenAt(this.store, hash);
    if (writtenAt !== null && this.now().getTime() - writtenAt < BLOB_REFRESH_AFTER_MS) return hash;
    await this.store.put(layout.blob(hash), body);
    return hash;
  }

  /**
   * Stores bytes that arrive over time (a transfer from another hub) as the blob `hash`, hashing
   * them as they pass on to the store: the blob appears only when they were `size` bytes whose
   * SHA-256 is `hash`; otherwise {@link BlobMismatchError} and nothing is stored. Always writes:
   * the caller found the blob missing (or old) first.
   */
  async putBlobStream(hash: string, size: number, body: AsyncIterable<Uint8Array>): Promise<void> {
    await this.store.putStream(layout.blob(hash), checkedBlob(hash, size, body), { size });
  }

  async getBlob(hash: string): Promise<Buffer> {
    const object = await this.store.get(layout.blob(hash));
    if (!object) throw new HubError('INTERNAL_ERROR', `workspace blob ${hash} is missing from the store`);
    return object.body;
  }
}
