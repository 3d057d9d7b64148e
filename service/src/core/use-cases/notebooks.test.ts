import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCoreWorld, type CoreWorld } from '../../../../test/support/core-services.js';
import { AuditQueries } from '../audit/audit-queries.js';
import type { Principal } from '../identity/authenticator.js';

describe('notebook and version use cases, without HTTP', () => {
  let w: CoreWorld;
  let owner: Principal, manager: Principal, editor: Principal, viewer: Principal, outsider: Principal;
  let projectId: string;
  const audit = () => new AuditQueries(w.services.store).projectDay(projectId);

  beforeAll(async () => {
    w = await startCoreWorld({ SERVICE_COMPUTE_PROFILES: JSON.stringify([{ name: 'small' }, { name: 'large' }]) });
    ({ owner, manager, editor, viewer, outsider } = await w.people('owner', 'manager', 'editor', 'viewer', 'outsider'));
    projectId = await w.project(owner, 'Notebooks', [
      [manager, 'manager'],
      [editor, 'editor'],
      [viewer, 'viewer'],
    ]);
  });
  afterAll(async () => w?.close());

  it('creates for editors, asks notebook.manage for managed settings, and writes the audit entry', async () => {
    const { notebooks } = w.services.useCases;
    await expect(notebooks.create(viewer, { projectId, notebook: { title: 'No' } })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(notebooks.create(outsider, { projectId, notebook: { title: 'No' } })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const managed = notebooks.create(editor, { projectId, notebook: { title: 'Active', status: 'active' } });
    await expect(managed).rejects.toMatchObject({ code: 'FORBIDDEN', message: expect.stringContaining('notebook.manage') });
    const { notebook } = await notebooks.create(editor, { projectId, notebook: { title: 'Draft' } });
    expect(notebook).toMatchObject({ title: 'Draft', author: editor.user.id });
    expect(await audit()).toContainEqual(expect.objectContaining({ event: 'notebook.create', actor: editor.user.id }));
    expect((await notebooks.create(manager, { projectId, notebook: { title: 'Active', status: 'active' } })).notebook.status).toBe('active');
  });

  it('reads, changes and deletes with the roles of the policy table', async () => {
    const { notebooks } = w.services.useCases;
    const { notebook } = await notebooks.create(editor, { projectId, notebook: { title: 'Target' } });
    const notebookId = notebook.id;
    expect(await notebooks.read(viewer, { projectId, notebookId })).toMatchObject({ notebook: { id: notebookId } });
    expect((await notebooks.code(viewer, { projectId, notebookId })).code).toContain('marimo');
    // A notebook the project does not hold is not found; an outsider learns nothing about either.
    await expect(notebooks.read(viewer, { projectId, notebookId: 'nb-0000000000000000' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'notebook nb-0000000000000000 not found',
    });
    await expect(notebooks.read(outsider, { projectId, notebookId })).rejects.toMatchObject({ code: 'NOT_FOUND', message: `notebook ${notebookId} not found` });

    await expect(notebooks.update(viewer, { projectId, notebookId, patch: { title: 'x' } })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect((await notebooks.update(editor, { projectId, notebookId, patch: { title: 'Renamed' } })).notebook.title).toBe('Renamed');
    await expect(notebooks.update(editor, { projectId, notebookId, patch: { compute_profile: 'large' } })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect((await notebooks.update(manager, { projectId, notebookId, patch: { compute_profile: 'large' } })).notebook.compute_profile).toBe('large');
    expect(await audit()).toContainEqual(expect.objectContaining({ event: 'notebook.update', actor: manager.user.id }));

    await expect(notebooks.delete(editor, { projectId, notebookId })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await notebooks.delete(manager, { projectId, notebookId });
    await expect(notebooks.read(manager, { projectId, notebookId })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await notebooks.list(viewer, { projectId })).items.map((item) => item.id)).not.toContain(notebookId);
  });

  it('saves and restores versions for editors, on the current base only', async () => {
    const { notebooks, versions } = w.services.useCases;
    const { notebook, version } = await notebooks.create(editor, { projectId, notebook: { title: 'Versioned' } });
    const notebookId = notebook.id;
    const code = (await versions.code(viewer, { projectId, notebookId, versionId: version.version_id })).replace('marimo', 'marimo ');
    await expect(versions.save(viewer, { projectId, notebookId, code, baseVersionId: version.version_id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const saved = await versions.save(editor, { projectId, notebookId, code, baseVersionId: version.version_id, message: 'Second' });
    expect(saved).toMatchObject({ author: editor.user.id, message: 'Second' });
    await expect(versions.save(editor, { projectId, notebookId, code, baseVersionId: version.version_id })).rejects.toMatchObject({ code: 'CONFLICT' });
    const restored = await versions.restore(editor, { projectId, notebookId, versionId: version.version_id, baseVersionId: saved.version_id });
    expect((await versions.list(viewer, { projectId, notebookId })).items.map((item) => item.version_id)).toEqual([
      restored.version_id,
      saved.version_id,
      version.version_id,
    ]);
    expect((await audit()).map((entry) => entry.event)).toEqual(expect.arrayContaining(['notebook.save', 'notebook.restore']));
  });
});
