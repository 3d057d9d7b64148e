import { afterEach, describe, expect, it } from 'vitest';
import { startCoreWorld, type CoreWorld } from '../../../../test/support/core-services.js';
import type { Principal } from '../identity/authenticator.js';
import { clientKindOf } from './sessions.js';

/**
 * The session rules a CLI command or an MCP tool meets through the use cases: every refusal here
 * comes before any sandbox is started (the services have none).
 */
describe('session use cases, without HTTP', () => {
  let w: CoreWorld | undefined;
  afterEach(async () => {
    await w?.close();
    w = undefined;
  });

  async function world(env: Record<string, string> = {}) {
    w = await startCoreWorld(env);
    const { owner, manager, editor, author, viewer, outsider } = await w.people('owner', 'manager', 'editor', 'author', 'viewer', 'outsider');
    const { notebooks } = w.services.useCases;
    const projectId = await w.project(owner, 'Sessions', [
      [manager, 'manager'],
      [editor, 'editor'],
      [author, 'editor'],
      [viewer, 'viewer'],
    ]);
    const notebookId = (await notebooks.create(author, { projectId, notebook: { title: 'Shared' } })).notebook.id;
    return { useCases: w.services.useCases, projectId, notebookId, manager, editor, author, viewer, outsider };
  }
  const start = (principal: Principal, projectId: string, notebookId: string, extra: { mode?: 'edit' | 'app'; takeoverFrom?: string } = {}) =>
    w!.services.useCases.sessions.start(principal, { projectId, notebookId, mode: extra.mode ?? 'app', takeoverFrom: extra.takeoverFrom, client: 'mcp' });

  it('gives viewers no session where the deployment shows them only snapshots', async () => {
    const { projectId, notebookId, viewer } = await world({ SERVICE_VIEWER_MODE: 'static' });
    await expect(start(viewer, projectId, notebookId)).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: 'viewers see notebooks as HTML snapshots in this deployment; sessions are for editors',
    });
  });

  it("lets only a manager or the notebook's author take an edit session over", async () => {
    const { projectId, notebookId, editor, author, manager } = await world();
    const takeover = { mode: 'edit' as const, takeoverFrom: 'ses-0000000000000000' };
    await expect(start(editor, projectId, notebookId, takeover)).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: "only a manager or the notebook's author may take an edit session over",
    });
    // Past the policy, the session manager finds no edit session to take over.
    for (const allowed of [author, manager]) {
      await expect(start(allowed, projectId, notebookId, takeover)).rejects.toMatchObject({ code: 'EDIT_SESSION_CHANGED' });
    }
  });

  it("runs on another compute profile only for whoever may change the notebook's, and only on one of the deployment's", async () => {
    const profiles = JSON.stringify([{ name: 'default' }, { name: 'gpu', gpu: 'nvidia.com/gpu' }]);
    const { projectId, notebookId, editor, manager, useCases } = await world({ SERVICE_STORAGE: 'memory', SERVICE_COMPUTE_PROFILES: profiles });
    const on = (principal: Principal, computeProfile: string) =>
      useCases.sessions.start(principal, { projectId, notebookId, mode: 'app', client: 'cli', computeProfile });
    await expect(on(editor, 'gpu')).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(on(manager, 'tpu')).rejects.toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'compute_profile' }] });
    // The notebook's own profile is no choice: anyone who may start a session may name it.
    expect((await on(editor, 'default')).record.compute_profile).toBe('default');
    await useCases.sessions.stop(editor, { projectId, sessionId: (await on(editor, 'default')).record.id, save: false });
    expect((await on(manager, 'gpu')).record.compute_profile).toBe('gpu');
  });

  it('lets editors pick a profile where the deployment says so', async () => {
    const profiles = JSON.stringify([{ name: 'default' }, { name: 'gpu' }]);
    const { projectId, notebookId, editor, useCases } = await world({
      SERVICE_STORAGE: 'memory',
      SERVICE_COMPUTE_PROFILES: profiles,
      SERVICE_COMPUTE_PROFILE_OVERRIDE: 'editors',
    });
    const started = await useCases.sessions.start(editor, { projectId, notebookId, mode: 'edit', client: 'cli', computeProfile: 'gpu' });
    expect(started.record.compute_profile).toBe('gpu');
  });

  it('refuses by role and hides what the caller may not see', async () => {
    const { projectId, notebookId, viewer, outsider, editor, useCases } = await world();
    await expect(start(viewer, projectId, notebookId, { mode: 'edit' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(start(outsider, projectId, notebookId)).rejects.toMatchObject({ code: 'NOT_FOUND', message: `notebook ${notebookId} not found` });
    await expect(start(editor, projectId, 'nb-0000000000000000')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const missing = { projectId, sessionId: 'ses-0000000000000000' };
    await expect(useCases.sessions.read(editor, missing)).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'session ses-0000000000000000 not found' });
    await expect(useCases.sessions.stop(editor, { ...missing, save: false })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(useCases.sessions.list(outsider, { projectId })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await useCases.sessions.list(viewer, { projectId })).items).toEqual([]);
  });

  it('names the client a surface starts from: cli for tokens, web for browsers, unless the surface says', async () => {
    w = await startCoreWorld();
    expect(clientKindOf(await w.token('someone@example.com'))).toBe('cli');
    expect(clientKindOf(await w.browser('someone@example.com'))).toBe('web');
  });

  it("gives a viewer a sandbox of their own only where the deployment's viewer mode says so", async () => {
    w = await startCoreWorld({ SERVICE_VIEWER_MODE: 'ephemeral-sandbox' });
    expect(w.services.access.startsPrivateSandbox('viewer')).toBe(true);
    expect(w.services.access.startsPrivateSandbox('editor')).toBe(false);
  });
});
