import type { ObjectStore } from '../../../core/ports/object-store.js';
import { getJson, jsonBody } from '../../../core/store/cas.js';
import { layout } from '../../../core/storage-layout.js';

/** One side of a conflict: a version and its code. */
export interface ConflictSide {
  version_id: string;
  code: string;
  message: string;
  saved_at: string;
  author: string;
}

/**
 * `remote-conflicts/<pid>/<nid>`: a notebook both sides changed since they were last the same. The
 * three codes are kept here, so the conflict view works without the team hub: `base` is the code
 * both last had (`base.version_id` is the local copy's id), `mine` the local head, `theirs` the
 * team's head. `workspace` is set when the workspace files moved on both sides too.
 */
export interface ConflictRecord {
  schema_version: 1;
  project_id: string;
  notebook_id: string;
  remote_notebook_id: string;
  detected_at: string;
  /** What found it: a push the team hub refused, or a pull that found the local notebook moved on. */
  detected_by: 'push' | 'pull';
  /** The codes, when the code moved on both sides (null when only the workspace did). */
  base: ConflictSide | null;
  mine: ConflictSide | null;
  theirs: ConflictSide | null;
  workspace: { theirs_manifest_id: string | null } | null;
}

export class RemoteConflicts {
  constructor(private readonly store: ObjectStore) {}

  async get(projectId: string, notebookId: string): Promise<ConflictRecord | null> {
    return (await getJson<ConflictRecord>(this.store, layout.remoteConflict(projectId, notebookId)))?.value ?? null;
  }

  async list(projectId: string): Promise<ConflictRecord[]> {
    const records: ConflictRecord[] = [];
    let cursor: string | null = null;
    do {
      const page = await this.store.list(layout.remoteConflictsPrefix(projectId), { cursor });
      for (const item of page.items) {
        const found = await getJson<ConflictRecord>(this.store, item.key);
        if (found) records.push(found.value);
      }
      cursor = page.nextCursor;
    } while (cursor);
    return records;
  }

  /** Keeps a conflict; a later one of the same notebook replaces it (it holds the newer heads). */
  async put(record: ConflictRecord): Promise<void> {
    await this.store.put(layout.remoteConflict(record.project_id, record.notebook_id), jsonBody(record));
  }

  async delete(projectId: string, notebookId: string): Promise<void> {
    await this.store.delete(layout.remoteConflict(projectId, notebookId));
  }
}
