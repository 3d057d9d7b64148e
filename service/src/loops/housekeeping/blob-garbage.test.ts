import { readdir, utimes } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../../../test/support/temp-dir.js';
import { newImportId } from '../../core/ids.js';
import { ImportRecords } from '../../features/imports/core/import-records.js';
import type { ImportRecord } from '../../features/imports/core/import-model.js';
import type { Logger } from '../../core/ports/logger.js';
import { layout } from '../../core/storage-layout.js';
import { WorkspaceStore } from '../../core/workspace/workspace-store.js';
import { FsObjectStore } from '../../adapters/store/fs-store.js';
import { attemptDeadlineMs, HUB_LOOPS } from '../loop-types.js';
import { DEFAULT_TASK_BUDGET_MS } from '../maintenance-loop.js';
import { blobGarbageTask } from './blob-garbage.js';
import { defaultHousekeepingTasks } from './defaults.js';

const silent: Logger = { fatal: () => {}, error: () => {}, warn: () => {}, info: () => {}, debug: () => {}, child: () => silent };
const PID = 'proj-0000000000000001';
const NID = 'nb-0000000000000001';
const DAY = 24 * 3600_000;

describe('blobs housekeeping', () => {
  let store: FsObjectStore;
  let cleanup: () => Promise<void>;
  let files: WorkspaceStore;
  beforeEach(async () => {
    const temp = await makeTempDir('blob-sweep');
    cleanup = temp.cleanup;
    store = new FsObjectStore(temp.dir);
    files = new WorkspaceStore(store);
  });
  afterEach(() => cleanup());

  const run = (options: Parameters<typeof blobGarbageTask>[1] = {}, signal = new AbortController().signal) =>
    blobGarbageTask(store, options).run({ signal, logger: silent, now: Date.now() });
  const blobExists = async (hash: string) => (await store.head(layout.blob(hash))) !== null;
  /** Ages a stored blob by moving its file's modification time back, as a day passing would. */
  const age = async (hash: string, byMs: number) => {
    const when = new Date(Date.now() - byMs);
    const file = await objectFile(store, layout.blob(hash));
    await utimes(file, when, when);
  };
  const referencedByWorkspace = async (name: string, body: string) => {
    const blob = await files.putBlob(Buffer.from(body));
    await files.change(PID, NID, 'usr-1', (tree) => tree.putFile(name, { blob, size: body.length, mime_type: 'text/plain', modified_at: 1 }));
    return blob;
  };
  const referencedByImport = async (body: string) => {
    const blob = await files.putBlob(Buffer.from(body));
    const at = Date.now();
    const record = {
      schema_version: 1,
      id: newImportId(at),
      project_id: PID,
      created_at: new Date(at).toISOString(),
      notebooks: [],
    } as unknown as ImportRecord;
    await new ImportRecords(store).create(record, {
      schema_version: 1,
      import_id: record.id,
      files: [{ path: 'data.csv', blob, size: body.length, mime_type: 'text/csv' }],
      directories: [],
    });
    return blob;
  };

  it('deletes old blobs nothing names and keeps named and young ones', async () => {
    const inWorkspace = await referencedByWorkspace('kept.txt', 'in a workspace');
    const inImport = await referencedByImport('in an import');
    const orphan = await files.putBlob(Buffer.from('nobody names me'));
    const youngOrphan = await files.putBlob(Buffer.from('nobody names me yet'));
    for (const hash of [inWorkspace, inImport, orphan]) await age(hash, 2 * DAY);

    expect(await run()).toMatchObject({ referenced: 2, examined: 4, deleted: 1, partial: false });
    expect(await blobExists(orphan)).toBe(false);
    for (const hash of [inWorkspace, inImport, youngOrphan]) expect(await blobExists(hash)).toBe(true);
    // A completed pass is not repeated at once; a later one collects what has aged meanwhile.
    await age(youngOrphan, 2 * DAY);
    expect(await run()).toEqual({ skipped: 'ran recently' });
    expect(await run({ everyMs: 0 })).toMatchObject({ deleted: 1 });
    expect(await blobExists(youngOrphan)).toBe(false);
  });

  it('collects the blob of a file once the workspace no longer names it', async () => {
    const blob = await referencedByWorkspace('gone.txt', 'deleted soon');
    await age(blob, 2 * DAY);
    expect(await run({ everyMs: 0 })).toMatchObject({ deleted: 0 });
    await files.change(PID, NID, 'usr-1', (tree) => tree.remove('gone.txt'));
    expect(await run({ everyMs: 0 })).toMatchObject({ deleted: 1 });
    expect(await blobExists(blob)).toBe(false);
  });

  it('never deletes an old blob a writer reuses: reuse renews it', async () => {
    const body = 'stored long ago, stored again today';
    const blob = await files.putBlob(Buffer.from(body));
    await age(blob, 2 * DAY);
    // A writer about to name the same bytes finds them old and writes them again.
    expect(await files.putBlob(Buffer.from(body))).toBe(blob);
    expect(await run({ everyMs: 0 })).toMatchObject({ deleted: 0 });
    expect(await blobExists(blob)).toBe(true);
  });

  it('deletes nothing when the pass is cut short before every reference is read', async () => {
    const orphan = await files.putBlob(Buffer.from('orphan'));
    await age(orphan, 2 * DAY);
    const aborted = new AbortController();
    aborted.abort();
    expect(await run({ everyMs: 0 }, aborted.signal)).toEqual({ partial: true, deleted: 0 });
    expect(await blobExists(orphan)).toBe(true);
    expect(await store.head(layout.blobGarbageState)).toBeNull();
  });

  it('fits every housekeeping task inside the maintenance deadline', () => {
    const tasks = defaultHousekeepingTasks({ store, catalog: null as never, knownLoops: () => [] });
    expect(tasks.map((task) => task.name)).toContain('blobs');
    const total = tasks.reduce((sum, task) => sum + (task.budgetMs ?? DEFAULT_TASK_BUDGET_MS), 0);
    expect(total).toBeLessThan(attemptDeadlineMs(HUB_LOOPS.maintenance.intervalMs));
  });
});

/** The file that holds `key` (the adapter adds a suffix to object file names). */
async function objectFile(store: FsObjectStore, key: string): Promise<string> {
  const dir = path.join(store.location, ...key.split('/').slice(0, -1));
  const name = key.split('/').at(-1)!;
  const match = (await readdir(dir)).find((entry) => entry.startsWith(name));
  if (!match) throw new Error(`no file holds ${key}`);
  return path.join(dir, match);
}
