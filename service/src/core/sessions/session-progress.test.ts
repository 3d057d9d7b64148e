import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sessionRecord } from '../../../../test/support/session-record.js';
import { makeTempDir } from '../../../../test/support/temp-dir.js';
import { FsObjectStore } from '../../adapters/store/fs-store.js';
import { Catalog } from '../catalog/catalog.js';
import type { SessionRecord } from './session-model.js';
import { startProgress } from './session-progress.js';
import { SessionStore } from './session-store.js';
import { newSecretBox } from '../../../../test/support/secret-box.js';

describe('start progress', () => {
  let cleanup: () => Promise<void>;
  let sessions: SessionStore;
  let record: SessionRecord;
  let writes: number;
  beforeEach(async () => {
    const temp = await makeTempDir('session-progress');
    cleanup = temp.cleanup;
    const store = new FsObjectStore(temp.dir);
    const catalog = new Catalog(store);
    await catalog.initialize();
    sessions = new SessionStore(store, catalog, newSecretBox());
    record = await sessions.create(sessionRecord());
    writes = 0;
    const update = sessions.update.bind(sessions);
    sessions.update = (...args) => {
      writes++;
      return update(...args);
    };
  });
  afterEach(() => cleanup());
  const stored = async () => (await sessions.get(record.project_id, record.id))!;

  it('writes phases and steps in order, many changes asked for during one write going in the next', async () => {
    const progress = startProgress(sessions, record);
    progress.phase('sandbox');
    progress.step('pod created, waiting for a node');
    progress.step('scheduled on node n1');
    progress.step('container started');
    await progress.idle();
    expect(await stored()).toMatchObject({ phase: 'sandbox', phase_detail: 'container started' });
    // The first write was under way when the steps came: they shared the second.
    expect(writes).toBe(2);

    const recorded = await progress.record({ endpoint: { host: '10.0.0.1', port: 2718 } });
    expect(recorded).toMatchObject({ phase: 'sandbox', phase_detail: 'container started', endpoint: { host: '10.0.0.1', port: 2718 } });
    progress.phase('files');
    progress.step('a step after the sandbox phase is not shown');
    await progress.idle();
    expect(await stored()).toMatchObject({ phase: 'files', phase_detail: null });
    expect(progress.left).toBe(false);
  });

  it("shows a locked environment's steps in the environment phase only", async () => {
    const progress = startProgress(sessions, record);
    progress.phase('environment');
    progress.step('a driver step that comes late is not shown');
    progress.step('building the environment: 3 packages', 'environment');
    await progress.idle();
    expect(await stored()).toMatchObject({ phase: 'environment', phase_detail: 'building the environment: 3 packages' });
    progress.phase('server');
    progress.step('unpacked 3 packages', 'environment');
    await progress.idle();
    expect(await stored()).toMatchObject({ phase: 'server', phase_detail: null });
  });

  it('notices a session stopped meanwhile and writes nothing over it', async () => {
    const progress = startProgress(sessions, record);
    await sessions.update(record.project_id, record.id, (current) => ({ ...current, state: 'stopped', stop_reason: 'user', stopped_at: current.created_at }));
    progress.phase('files');
    await progress.idle();
    expect(progress.left).toBe(true);
    expect(await stored()).toMatchObject({ state: 'stopped', phase: 'queued' });
    const recorded = await progress.record({ endpoint: { host: '10.0.0.1', port: 2718 } });
    expect(recorded.endpoint).toBeNull();
  });

  it('never fails the start over a progress write, but fails a recorded patch', async () => {
    const progress = startProgress(sessions, { ...record, id: 'ses-0000000000000000' });
    progress.phase('sandbox');
    await expect(progress.idle()).resolves.toBeUndefined();
    await expect(progress.record({ warm: false })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
