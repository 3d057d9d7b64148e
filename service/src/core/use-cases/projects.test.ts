import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCoreWorld, type CoreWorld } from '../../../../test/support/core-services.js';
import { AuditQueries } from '../audit/audit-queries.js';
import type { Principal } from '../identity/authenticator.js';

/** What a CLI command or an MCP tool does: call the use cases with a principal, no HTTP anywhere. */
describe('project use cases, without HTTP', () => {
  let w: CoreWorld;
  let owner: Principal, manager: Principal, editor: Principal, viewer: Principal, outsider: Principal;
  let projectId: string;
  const audit = () => new AuditQueries(w.services.store).projectDay(projectId);

  beforeAll(async () => {
    w = await startCoreWorld({ SERVICE_CLASSIFICATION_ORDER: 'public,internal,secret' });
    ({ owner, manager, editor, viewer, outsider } = await w.people('owner', 'manager', 'editor', 'viewer', 'outsider'));
    const { projects, members } = w.services.useCases;
    const created = await projects.create(owner, { name: 'Core project' });
    projectId = created.project.id;
    expect(created.role).toBe('admin');
    for (const [who, role] of [
      [manager, 'manager'],
      [editor, 'editor'],
      [viewer, 'viewer'],
    ] as const)
      await members.add(owner, { projectId, userId: who.user.id, role });
  });
  afterAll(async () => w?.close());

  it('reads a project with the caller role, and hides it from outsiders exactly as a missing one', async () => {
    const { projects } = w.services.useCases;
    expect(await projects.read(viewer, { projectId })).toMatchObject({ project: { id: projectId }, role: 'viewer' });
    const hidden = projects.read(outsider, { projectId });
    await expect(hidden).rejects.toMatchObject({ code: 'NOT_FOUND', message: `project ${projectId} not found` });
    await expect(projects.read(outsider, { projectId: 'proj-0000000000000009' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'project proj-0000000000000009 not found',
    });
    expect((await projects.list(viewer, {})).items.map((item) => item.id)).toEqual([projectId]);
    expect((await projects.list(outsider, {})).items).toEqual([]);
  });

  it('updates for managers only, writes the audit entry, and asks the label actions when labels move', async () => {
    const { projects } = w.services.useCases;
    await expect(projects.update(editor, { projectId, patch: { description: 'no' } })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(projects.update(outsider, { projectId, patch: { description: 'no' } })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const updated = await projects.update(manager, { projectId, patch: { description: 'changed' } });
    expect(updated).toMatchObject({ project: { description: 'changed' }, role: 'manager' });
    expect(await audit()).toContainEqual(expect.objectContaining({ event: 'project.update', actor: manager.user.id }));

    // Raising is security-labels.raise (manager), lowering security-labels.lower (admin).
    const context = { schemaVersion: 1 as const, classification: 'secret', compartments: ['*'], policyVersion: '1', expiresAt: '2100-01-01T00:00:00Z' };
    const cleared = (principal: Principal): Principal => ({ ...principal, credential: { ...principal.credential, context } });
    const internal = { classification: 'internal', compartments: [] };
    await expect(projects.update(editor, { projectId, patch: { security_labels: internal } })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await projects.update(cleared(manager), { projectId, patch: { security_labels: internal } });
    // Labelled, the project is hidden from whoever is not cleared for it, its manager included.
    await expect(projects.read(manager, { projectId })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const lower = projects.update(cleared(manager), { projectId, patch: { security_labels: null } });
    await expect(lower).rejects.toMatchObject({ code: 'FORBIDDEN', message: expect.stringContaining('security-labels.lower') });
    await projects.update(cleared(owner), { projectId, patch: { security_labels: null } });
  });

  it('refuses an action outside a token scope, and a project outside it as if it did not exist', async () => {
    const { projects } = w.services.useCases;
    const readOnly = await w.token('manager@example.com', { actions: ['project.read'], projects: '*' });
    await expect(projects.update(readOnly, { projectId, patch: { description: 'x' } })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const elsewhere = await w.token('manager@example.com', { actions: '*', projects: ['proj-0000000000000009'] });
    await expect(projects.read(elsewhere, { projectId })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(projects.list(await w.token('manager@example.com', { actions: ['notebook.write'], projects: '*' }), {})).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
  });

  it('manages members and groups for managers, and answers no such member for what names none', async () => {
    const { members } = w.services.useCases;
    await expect(members.add(editor, { projectId, email: 'new@example.com', role: 'viewer' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(members.add(manager, { projectId, role: 'viewer' })).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
    const invited = await members.add(manager, { projectId, email: 'new@example.com', role: 'viewer' });
    expect(invited.members).toContainEqual(expect.objectContaining({ email: 'new@example.com', role: 'viewer' }));
    await members.changeRole(manager, { projectId, member: 'new@example.com', role: 'editor' });
    await expect(members.remove(manager, { projectId, member: 'not a member' })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'no such member' });
    await members.remove(manager, { projectId, member: 'new@example.com' });
    expect(await members.addGroup(manager, { projectId, group: 'ops', role: 'editor' })).toEqual([{ group: 'ops', role: 'editor' }]);
    expect(await members.groups(viewer, { projectId })).toEqual([{ group: 'ops', role: 'editor' }]);
    await members.removeGroup(manager, { projectId, group: 'ops' });
    const events = (await audit()).filter((entry) => entry.actor === manager.user.id).map((entry) => entry.event);
    expect(events).toEqual(expect.arrayContaining(['project.member.add', 'project.member.update', 'project.member.remove']));
  });

  it('deletes for the owner only', async () => {
    const { projects } = w.services.useCases;
    await expect(projects.delete(manager, { projectId })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await projects.delete(owner, { projectId });
    expect(await audit()).toContainEqual(expect.objectContaining({ event: 'project.delete', actor: owner.user.id }));
    await expect(projects.read(owner, { projectId })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
