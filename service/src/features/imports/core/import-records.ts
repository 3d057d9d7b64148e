import { getJson, jsonBody } from '../../../core/store/cas.js';
import { PreconditionFailedError, type ObjectStore } from '../../../core/ports/object-store.js';
import { layout } from '../../../core/storage-layout.js';
import type { ImportRecord, ImportSnapshot, NotebookReceipt } from './import-model.js';

/**
 * Persistence of notebook imports: an immutable record, an immutable folder snapshot (deleted
 * after 24 hours by housekeeping) and one receipt per notebook created from the import.
 */
export class ImportRecords {
  constructor(private readonly store: ObjectStore) {}

  /**
   * Stores a new import. The record goes last: until it exists the import does not, so a failure
   * in between leaves only an unreferenced snapshot, which is deleted again here.
   */
  async create(record: ImportRecord, snapshot: ImportSnapshot): Promise<void> {
    const snapshotKey = layout.importSnapshot(record.project_id, record.id);
    await this.store.put(snapshotKey, jsonBody(snapshot), { ifNoneMatch: '*' });
    try {
      await this.store.put(layout.importRecord(record.project_id, record.id), jsonBody(record), { ifNoneMatch: '*' });
    } catch (error) {
      await this.store.delete(snapshotKey).catch(() => {});
      throw error;
    }
  }

  async record(projectId: string, importId: string): Promise<ImportRecord | null> {
    return (await getJson<ImportRecord>(this.store, layout.importRecord(projectId, importId)))?.value ?? null;
  }

  async snapshot(projectId: string, importId: string): Promise<ImportSnapshot | null> {
    return (await getJson<ImportSnapshot>(this.store, layout.importSnapshot(projectId, importId)))?.value ?? null;
  }

  /** The receipts written so far, by notebook position. */
  async receipts(projectId: string, importId: string): Promise<Map<number, NotebookReceipt>> {
    const receipts = new Map<number, NotebookReceipt>();
    const prefix = layout.importReceiptsPrefix(projectId, importId);
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<ObjectStore['list']>> = await this.store.list(prefix, { cursor });
      for (const item of page.items) {
        const index = Number(item.key.slice(prefix.length));
        const receipt = await getJson<NotebookReceipt>(this.store, item.key);
        if (receipt && Number.isInteger(index)) receipts.set(index, receipt.value);
      }
      cursor = page.nextCursor;
    } while (cursor);
    return receipts;
  }

  async receipt(projectId: string, importId: string, index: number): Promise<{ value: NotebookReceipt; etag: string } | null> {
    return getJson<NotebookReceipt>(this.store, layout.importReceipt(projectId, importId, index));
  }

  /**
   * Claims a notebook of the import for one request: creates its receipt, or takes over a claim
   * (`replacing`, by its ETag) that a crashed request left. Null when someone else got there first.
   */
  async claim(projectId: string, receipt: NotebookReceipt, index: number, replacing: string | null): Promise<string | null> {
    try {
      const { etag } = await this.store.put(
        layout.importReceipt(projectId, receipt.import_id, index),
        jsonBody(receipt),
        replacing ? { ifMatch: replacing } : { ifNoneMatch: '*' },
      );
      return etag;
    } catch (error) {
      if (error instanceof PreconditionFailedError) return null;
      throw error;
    }
  }

  async complete(projectId: string, receipt: NotebookReceipt, index: number, claimEtag: string): Promise<void> {
    await this.store.put(layout.importReceipt(projectId, receipt.import_id, index), jsonBody(receipt), { ifMatch: claimEtag });
  }

  /** Gives a claim back after the creation failed, so the notebook can be imported again. */
  async release(projectId: string, importId: string, index: number, claimEtag: string): Promise<void> {
    await this.store.delete(layout.importReceipt(projectId, importId, index), { ifMatch: claimEtag }).catch(() => {});
  }
}
