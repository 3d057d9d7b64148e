import { getJson, jsonBody } from '../../core/store/cas.js';
import type { ObjectStore } from '../../core/ports/object-store.js';
import { layout } from '../../core/storage-layout.js';
import { BLOB_GARBAGE_GRACE_MS, blobWrittenAt } from '../../core/workspace/blob-ages.js';
import type { HousekeepingResult, HousekeepingTask } from '../maintenance-loop.js';
import { lastSegment, listObjects, sweepPrefix } from './scan.js';

export interface BlobGarbageOptions {
  /** Unreferenced blobs younger than this are kept. Default 24 hours (see blob-ages.ts). */
  graceMs?: number;
  /** A completed pass is repeated only after this long. Default 6 hours: a pass reads every manifest. */
  everyMs?: number;
  /** Deletions per pass. Default 5000. */
  maxDeletes?: number;
  budgetMs?: number;
}

interface BlobGarbageState {
  schema_version: 1;
  last_completed_at: number;
}

const SHA256 = /^[0-9a-f]{64}$/;

/** What the collector reads of a document that names blobs: a workspace manifest, an import or a preview snapshot. */
interface BlobReferences {
  files?: { blob: string }[];
}

/**
 * Deletes workspace file contents nothing names any more: blobs of deleted or overwritten files,
 * of import folders whose snapshot expired, and of Git previews that were deleted. Marks every blob
 * a workspace manifest, an import snapshot or a preview snapshot names, then sweeps `blobs/` for
 * unmarked ones older than the grace period. A pass that cannot read every reference deletes nothing.
 */
export function blobGarbageTask(store: ObjectStore, options: BlobGarbageOptions = {}): HousekeepingTask {
  const graceMs = options.graceMs ?? BLOB_GARBAGE_GRACE_MS;
  const everyMs = options.everyMs ?? 6 * 3600_000;
  const maxDeletes = options.maxDeletes ?? 5_000;
  return {
    name: 'blobs',
    budgetMs: options.budgetMs ?? 3 * 60_000,
    async run({ signal, now }): Promise<HousekeepingResult> {
      const state = await getJson<BlobGarbageState>(store, layout.blobGarbageState);
      if (state && now - state.value.last_completed_at < everyMs) return { skipped: 'ran recently' };
      const marked = await markReferencedBlobs(store, signal);
      if (!marked) return { partial: true, deleted: 0 };
      const sweep = await sweepPrefix(store, layout.blobsPrefix, { signal, maxDeletes }, async (item) => {
        const hash = lastSegment(item.key);
        if (!SHA256.test(hash) || marked.has(hash) || now - item.lastModified < graceMs) return false;
        // A writer may have renewed it since the listing; only the current age counts.
        const writtenAt = await blobWrittenAt(store, hash);
        if (writtenAt === null || now - writtenAt < graceMs) return false;
        await store.delete(item.key);
        return true;
      });
      if (!sweep.partial) {
        const completed: BlobGarbageState = { schema_version: 1, last_completed_at: now };
        await store.put(layout.blobGarbageState, jsonBody(completed));
      }
      return { referenced: marked.size, examined: sweep.examined, deleted: sweep.deleted, partial: sweep.partial };
    },
  };
}

/** Every blob a workspace manifest or an import snapshot names; null when the pass was cut short. */
async function markReferencedBlobs(store: ObjectStore, signal: AbortSignal): Promise<Set<string> | null> {
  const marked = new Set<string>();
  const sources = [
    { prefix: layout.workspacesPrefix, holds: (key: string) => key.includes('/manifests/') },
    { prefix: layout.importsPrefix, holds: (key: string) => lastSegment(key) === 'snapshot' },
    // Git previews' snapshots (docs/git.md, "Previews").
    { prefix: layout.gitPrefix, holds: (key: string) => key.split('/')[2] === 'preview-snapshots' },
  ];
  for (const source of sources) {
    for await (const item of listObjects(store, source.prefix, signal)) {
      if (!source.holds(item.key)) continue;
      // Superseded manifests are deleted by their writer; one that vanished meanwhile names nothing.
      const document = await getJson<BlobReferences>(store, item.key);
      for (const file of document?.value.files ?? []) marked.add(file.blob);
    }
    if (signal.aborted) return null;
  }
  return marked;
}
