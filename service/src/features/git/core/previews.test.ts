import { describe, expect, it } from 'vitest';
import { startGitCore, type GitCore } from '../../../../../test/support/git-core.js';
import { gitNotebookSource } from '../../../../../test/support/git-notebook.js';
import { HubError } from '../../../core/errors.js';
import { GitRemoteError } from '../../../core/ports/git-remote.js';
import { layout } from '../../../core/storage-layout.js';
import type { PreviewInput, PreviewRecord } from './preview-model.js';

const never = new AbortController().signal;
const REPO = 'acme/previews';

/** A GitHub repository whose `app` folder holds a notebook, and a notebook synced from it. */
async function previewed(env: Record<string, string> = {}) {
  const w = await startGitCore(env);
  const url = w.urlOf(REPO);
  const first = w.remote.createRepository(url, { 'README.md': 'outside\n', 'app/main.py': gitNotebookSource('main'), 'app/data.csv': 'v\nmain\n' });
  const { notebook } = await w.gitSync.create(
    w.projectId,
    w.projectName,
    { title: 'Previewed', repo: REPO, branch: 'main', root_path: 'app', entry_notebook: 'main.py' },
    w.owner,
  );
  const create = async (input: PreviewInput) => {
    const record = await w.previews.create(w.projectId, notebook.id, input, w.owner.id);
    // Preview ids hold their creation time: one a second keeps their order.
    w.clock.advance(1000);
    return record;
  };
  const get = (preview: PreviewRecord) => w.previews.get(w.projectId, notebook.id, preview.id);
  return { w, url, first, notebookId: notebook.id, create, get };
}

const snapshotKeys = (w: GitCore, notebookId: string, previewId: string) =>
  w.store.list(layout.gitPreviewSnapshotsPrefix(w.projectId, notebookId, previewId)).then((page) => page.items.map((item) => item.key));

/** Previews of Git notebooks (docs/git.md, "Previews"): pending → ready or failed, refreshed as branches move. */
describe('previews of Git notebooks', () => {
  it('prepares pending previews of a branch, a commit and a pull request as snapshots, leaving the notebook as it is', async () => {
    const { w, url, first, notebookId, create, get } = await previewed();
    const feature = w.remote.commit(url, 'feature', { 'app/main.py': gitNotebookSource('feature'), 'app/extra.txt': 'new\n' });
    const pull = w.remote.commit(url, 'contributor', { 'app/main.py': gitNotebookSource('pull request') });
    w.remote.setRef(url, 'refs/pull/7/head', pull);
    const versions = (await w.services.notebooks.versions(notebookId, { limit: 10 })).items.length;

    const branch = await create({ branch: 'feature' });
    expect(branch).toMatchObject({ kind: 'branch', ref: 'feature', status: 'pending', commit: null, root_path: 'app', entry_notebook: 'main.py' });
    const commit = await create({ commit: first.toUpperCase(), title: 'Release' });
    const request = await create({ change_request: 7 });
    expect(await w.previews.prepareAll(never)).toEqual({ prepared: 3, refreshed: 0, failed: 0, removed: 0 });

    expect(await get(branch)).toMatchObject({ status: 'ready', commit: feature, error: null, prepared_at: '2026-03-02T10:00:03.000Z' });
    expect(await get(commit)).toMatchObject({ status: 'ready', commit: first, title: 'Release' });
    expect(await get(request)).toMatchObject({ status: 'ready', commit: pull, ref: 'refs/pull/7/head' });
    const { snapshot } = await w.previews.ensureReady(w.projectId, notebookId, branch.id);
    expect(snapshot).toMatchObject({ commit: feature, entry_notebook: 'main.py' });
    const files = await Promise.all(snapshot.files.map(async (file) => [file.path, (await w.workspace.readBlob(file.blob)).toString()]));
    expect(Object.fromEntries(files)).toEqual({ 'main.py': gitNotebookSource('feature'), 'data.csv': 'v\nmain\n', 'extra.txt': 'new\n' });
    // A preview never changes the notebook's versions or workspace.
    expect((await w.services.notebooks.versions(notebookId, { limit: 10 })).items).toHaveLength(versions);
    expect((await w.workspace.filesOf(w.projectId, notebookId)).map((file) => file.path)).toEqual(['data.csv']);
    expect((await w.auditEvents()).filter((event) => event === 'preview.create')).toHaveLength(3);
  });

  it('refuses a branch or pull request the repository lacks, storing nothing', async () => {
    const { w, notebookId, create } = await previewed();
    const fieldOf = async (input: PreviewInput) => {
      const error = await create(input).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(HubError);
      return [(error as HubError).code, (error as HubError).details?.[0]?.field];
    };
    expect(await fieldOf({ branch: 'nope' })).toEqual(['VALIDATION_ERROR', 'branch']);
    expect(await fieldOf({ change_request: 9 })).toEqual(['VALIDATION_ERROR', 'change_request']);
    expect((await w.previews.list(w.projectId, notebookId, { cursor: null, limit: 10 })).items).toEqual([]);
  });

  it('fails a preview whose commit or entry notebook is missing with a message to show, and prepares it again on demand', async () => {
    const { w, url, notebookId, create, get } = await previewed();
    w.remote.commit(url, 'moved', { 'app/main.py': null, 'app/notebook.py': gitNotebookSource('elsewhere') });
    const missingCommit = await create({ commit: 'ab'.repeat(20) });
    const movedEntry = await create({ branch: 'moved' });
    const fine = await create({ branch: 'main' });
    expect(await w.previews.prepareAll(never)).toEqual({ prepared: 1, refreshed: 0, failed: 2, removed: 0 });
    expect(await get(missingCommit)).toMatchObject({
      status: 'failed',
      commit: null,
      error: { code: 'VALIDATION_ERROR', message: 'commit abababababab is not in the repository' },
    });
    expect((await get(movedEntry)).error?.message).toMatch(/^app\/main\.py is not in the repository at [0-9a-f]{12}$/);
    expect((await get(fine)).status).toBe('ready');

    // The loop leaves failed previews alone; starting one prepares it again.
    const fixed = w.remote.commit(url, 'moved', { 'app/main.py': gitNotebookSource('back') });
    expect(await w.previews.prepareAll(never)).toEqual({ prepared: 0, refreshed: 0, failed: 0, removed: 0 });
    const { record } = await w.previews.ensureReady(w.projectId, notebookId, movedEntry.id);
    expect(record).toMatchObject({ status: 'ready', commit: fixed, error: null });
    await expect(w.previews.ensureReady(w.projectId, notebookId, missingCommit.id)).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
  });

  it('prepares a branch preview again when its branch moves, asking for each head once a pass, and keeps the last good snapshot when that fails', async () => {
    const { w, url, first, notebookId, create, get } = await previewed();
    const one = await create({ branch: 'main' });
    const two = await create({ branch: 'main', title: 'Same branch' });
    const pinned = await create({ commit: first });
    await w.previews.prepareAll(never);

    const calls = w.remote.calls.length;
    expect(await w.previews.prepareAll(never)).toEqual({ prepared: 0, refreshed: 0, failed: 0, removed: 0 });
    expect(w.remote.calls.slice(calls)).toEqual([{ method: 'resolveRef', url, ref: 'refs/heads/main' }]);

    const second = w.remote.commit(url, 'main', { 'app/data.csv': 'v\nsecond\n' });
    expect(await w.previews.prepareAll(never)).toEqual({ prepared: 0, refreshed: 2, failed: 0, removed: 0 });
    for (const preview of [one, two]) {
      expect(await get(preview)).toMatchObject({ status: 'ready', commit: second });
      expect(await snapshotKeys(w, notebookId, preview.id)).toEqual([layout.gitPreviewSnapshot(w.projectId, notebookId, preview.id, second)]);
    }
    expect((await get(pinned)).commit).toBe(first);

    w.remote.commit(url, 'main', { 'app/main.py': null });
    expect((await w.previews.prepareAll(never)).failed).toBe(2);
    const kept = await get(one);
    expect(kept).toMatchObject({ status: 'ready', commit: second, error: { code: 'VALIDATION_ERROR' } });
    expect((await w.previews.ensureReady(w.projectId, notebookId, one.id)).snapshot.commit).toBe(second);
  });

  it('fails previews while the host is unreachable, one failure stopping none of the others', async () => {
    const { w, create, get } = await previewed();
    const a = await create({ branch: 'main' });
    const b = await create({ branch: 'main' });
    w.remote.failure = new GitRemoteError('UNREACHABLE', 'connection timed out');
    expect(await w.previews.prepareAll(never)).toEqual({ prepared: 0, refreshed: 0, failed: 2, removed: 0 });
    for (const preview of [a, b]) expect(await get(preview)).toMatchObject({ status: 'failed', error: { code: 'SERVICE_UNAVAILABLE' } });
  });

  it('removes the previews of a deleted notebook with their snapshots', async () => {
    const { w, notebookId, create } = await previewed();
    const preview = await create({ branch: 'main' });
    await create({ branch: 'main' });
    await w.previews.prepareAll(never);
    expect(await snapshotKeys(w, notebookId, preview.id)).toHaveLength(1);
    await w.services.notebooks.delete(w.projectId, w.projectName, notebookId, w.owner);
    expect(await w.previews.prepareAll(never)).toEqual({ prepared: 0, refreshed: 0, failed: 0, removed: 2 });
    expect((await w.store.list(`git/${w.projectId}/previews/`)).items).toEqual([]);
    expect((await w.store.list(`git/${w.projectId}/preview-snapshots/`)).items).toEqual([]);
  });

  it('lists previews newest first a page at a time, and deletes one with its snapshots', async () => {
    const { w, notebookId, create } = await previewed();
    const [a, b, c] = [await create({ branch: 'main' }), await create({ branch: 'main' }), await create({ branch: 'main' })];
    await w.previews.prepareAll(never);
    const page = await w.previews.list(w.projectId, notebookId, { cursor: null, limit: 2 });
    expect(page.items.map((item) => item.id)).toEqual([c!.id, b!.id]);
    expect(await w.previews.list(w.projectId, notebookId, { cursor: page.nextCursor, limit: 2 })).toEqual({
      items: [expect.objectContaining({ id: a!.id })],
      nextCursor: null,
    });

    await w.previews.delete(w.projectId, notebookId, b!.id, w.owner.id);
    await expect(w.previews.get(w.projectId, notebookId, b!.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await snapshotKeys(w, notebookId, b!.id)).toEqual([]);
    expect(await w.auditEvents()).toContain('preview.delete');
  });

  it('refuses previews of a notebook that is not synced from Git, and does nothing while Git is off', async () => {
    const { w } = await previewed();
    const { notebookId: local } = await w.notebook('Local');
    await expect(w.previews.create(w.projectId, local, { branch: 'main' }, w.owner.id)).rejects.toMatchObject({ code: 'SYNC_NOT_CONFIGURED' });

    const off = await startGitCore({ SERVICE_GIT: 'off' });
    expect(await off.previews.prepareAll(never)).toEqual({ prepared: 0, refreshed: 0, failed: 0, removed: 0 });
    expect(off.remote.calls).toEqual([]);
  });
});
