import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../../../../test/support/temp-dir.js';
import { newImportId } from '../../../core/ids.js';
import { RECEIPT_RETENTION_MS, SNAPSHOT_RETENTION_MS, type ImportRecord } from '../core/import-model.js';
import { ImportRecords } from '../core/import-records.js';
import type { Logger } from '../../../core/ports/logger.js';
import { layout } from '../../../core/storage-layout.js';
import { FsObjectStore } from '../../../adapters/store/fs-store.js';
import { notebookImportsTask } from './import-housekeeping.js';

const silent: Logger = { fatal: () => {}, error: () => {}, warn: () => {}, info: () => {}, debug: () => {}, child: () => silent };
const PID = 'proj-0000000000000001';
const DAY = 24 * 3600_000;

function recordAt(createdAt: number): ImportRecord {
  return {
    schema_version: 1,
    id: newImportId(createdAt),
    project_id: PID,
    created_at: new Date(createdAt).toISOString(),
    created_by: 'usr-0000000000000001',
    files_expire_at: new Date(createdAt + SNAPSHOT_RETENTION_MS).toISOString(),
    expires_at: new Date(createdAt + SNAPSHOT_RETENTION_MS + RECEIPT_RETENTION_MS).toISOString(),
    archive_bytes: 10,
    file_count: 1,
    folder_count: 0,
    total_bytes: 1,
    ignored_count: 0,
    notebooks: [],
  };
}

describe('notebook_imports housekeeping', () => {
  let store: FsObjectStore;
  let cleanup: () => Promise<void>;
  beforeEach(async () => {
    const temp = await makeTempDir('import-sweep');
    cleanup = temp.cleanup;
    store = new FsObjectStore(temp.dir);
  });
  afterEach(() => cleanup());

  const keys = async () => (await store.list(layout.importsPrefix)).items.map((item) => item.key);
  const run = (now: number, maxDeletes?: number) =>
    notebookImportsTask(store, maxDeletes === undefined ? {} : { maxDeletes }).run({ signal: new AbortController().signal, logger: silent, now });
  const stored = async (createdAt: number) => {
    const record = recordAt(createdAt);
    await new ImportRecords(store).create(record, { schema_version: 1, import_id: record.id, files: [], directories: [] });
    return record;
  };

  it('deletes snapshots a day after the upload and whole imports a week after that, one import at a time', async () => {
    const start = Date.UTC(2030, 0, 1);
    const old = await stored(start);
    const recent = await stored(start + 3 * DAY);
    await store.put(layout.importReceipt(PID, old.id, 0), '{}');
    expect(await run(start + DAY - 1)).toMatchObject({ imports: 2, deleted: 0, partial: false });

    expect(await run(start + 4 * DAY)).toMatchObject({ snapshots_deleted: 2, deleted: 2 });
    expect(await keys()).toEqual([layout.importReceipt(PID, old.id, 0), layout.importRecord(PID, old.id), layout.importRecord(PID, recent.id)]);

    expect(await run(start + 8 * DAY)).toMatchObject({ imports_deleted: 1, deleted: 2 });
    expect(await keys()).toEqual([layout.importRecord(PID, recent.id)]);
  });

  it('stops at its deletion limit and finishes in the next cycle', async () => {
    const start = Date.UTC(2030, 0, 1);
    for (let i = 0; i < 3; i++) await stored(start + i);
    expect(await run(start + 9 * DAY, 3)).toMatchObject({ deleted: 4, imports_deleted: 2, partial: true });
    expect(await run(start + 9 * DAY, 3)).toMatchObject({ deleted: 2, imports_deleted: 1, partial: false });
    expect(await keys()).toEqual([]);
  });

  it('removes a snapshot whose record was never written, once it is a day old, and leaves unreadable records', async () => {
    const orphan = newImportId(Date.now() - 2 * DAY);
    await store.put(layout.importSnapshot(PID, orphan), '{}');
    const broken = newImportId(Date.now() - 2 * DAY);
    await store.put(layout.importRecord(PID, broken), 'not json');
    expect(await run(Date.now())).toMatchObject({ deleted: 0, unreadable: 1 });
    expect(await run(Date.now() + DAY + 60_000)).toMatchObject({ deleted: 1, unreadable: 1 });
    expect(await keys()).toEqual([layout.importRecord(PID, broken)]);
  });
});
