import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../support/temp-dir.js';
import { createHub, type Hub } from '../../service/src/compose/hub.js';
import { readSettings } from '../../service/src/config/settings.js';
import type { HubServices } from '../../service/src/compose/services.js';
import type { Principal } from '../../service/src/core/identity/authenticator.js';
import type { UserEntry } from '../../service/src/core/identity/users.js';

/**
 * The use cases as a command line or an MCP tool calls them: no HTTP, a principal and an input.
 * Denials come out as the policy presents them (NOT_FOUND for whoever may not see the project).
 */
describe('use cases without HTTP', () => {
  let hub: Hub;
  let services: HubServices;
  let cleanup: () => Promise<void>;
  let owner: Principal;
  let viewer: Principal;
  let outsider: Principal;
  let admin: Principal;
  let projectId: string;
  let notebookId: string;

  const principal = (user: UserEntry, options: { superAdmin?: boolean; token?: boolean } = {}): Principal => ({
    user,
    isSuperAdmin: options.superAdmin ?? false,
    credential: options.token
      ? { kind: 'token', tokenId: 'tok-0000000000000000', scope: { actions: '*', projects: '*' }, expiresAt: null, context: null }
      : { kind: 'session', provider: 'oidc', expiresAt: new Date(Date.now() + 3600_000).toISOString(), context: null },
  });
  const userFor = (email: string) => services.users.upsertFromLogin({ subject: `test#${email}`, email, name: email, picture_url: null });
  const codeOf = (promise: Promise<unknown>) =>
    promise.then(
      () => 'ok',
      (error: { code?: string }) => error.code ?? String(error),
    );

  beforeAll(async () => {
    const temp = await makeTempDir('use-cases');
    const settings = readSettings({ SERVICE_DATA_DIR: temp.dir, SERVICE_LOG_LEVEL: 'silent', SERVICE_AUTH: 'local', SERVICE_SUPER_ADMINS: 'root@example.com' });
    hub = await createHub({ settings });
    services = hub.services;
    cleanup = async () => {
      await hub.close();
      await temp.cleanup();
    };
    owner = principal(await userFor('owner@example.com'));
    viewer = principal(await userFor('viewer@example.com'));
    outsider = principal(await userFor('outsider@example.com'));
    admin = principal(await userFor('root@example.com'), { superAdmin: true });
    const actor = { id: owner.user.id, email: owner.user.email };
    const project = await services.projects.create({ name: 'Use cases' }, actor);
    projectId = project.id;
    await services.projects.addMember(projectId, { user_id: viewer.user.id }, 'viewer', actor);
    notebookId = (await services.notebooks.create(projectId, project.name, { title: 'Notebook' }, actor)).notebook.id;
  });

  afterAll(async () => {
    await cleanup?.();
  });

  it('writes workspace files for an editor, audits them, and refuses viewers and outsiders as the policy presents it', async () => {
    const { workspace } = services.useCases;
    const ref = () => ({ projectId, notebookId });
    const { item, created } = await workspace.upload(owner, { ...ref(), path: 'data/a.csv', body: Buffer.from('x,y\n1,2\n') });
    expect(created).toBe(true);
    expect(item).toMatchObject({ path: 'data/a.csv', kind: 'file', size: 8 });

    expect((await workspace.list(viewer, { ...ref(), path: 'data' })).map((entry) => entry.name)).toEqual(['a.csv']);
    expect((await workspace.readFile(viewer, { ...ref(), path: 'data/a.csv' })).body.toString()).toBe('x,y\n1,2\n');
    expect((await workspace.access(viewer, ref())).writable).toBe(false);
    expect((await workspace.access(owner, ref())).writable).toBe(true);

    expect(await codeOf(workspace.upload(viewer, { ...ref(), path: 'b.txt', body: Buffer.from('b') }))).toBe('FORBIDDEN');
    expect(await codeOf(workspace.list(outsider, ref()))).toBe('NOT_FOUND');
    expect(await codeOf(workspace.remove(outsider, { ...ref(), path: 'data/a.csv' }))).toBe('NOT_FOUND');
    expect(await codeOf(workspace.list(owner, { projectId, notebookId: 'nb-0000000000000000' }))).toBe('NOT_FOUND');

    const day = await services.useCases.audit.projectDay(owner, { projectId });
    expect(day.find((entry) => entry.event === 'workspace.upload')).toMatchObject({
      actor: owner.user.id,
      project_id: projectId,
      metadata: { notebook_id: notebookId, path: 'data/a.csv' },
    });
  });

  it('reads the audit logs only for project managers and super admins, with the query rules of core', async () => {
    const { audit } = services.useCases;
    expect(await codeOf(audit.projectDay(viewer, { projectId }))).toBe('FORBIDDEN');
    expect(await codeOf(audit.projectDay(outsider, { projectId }))).toBe('NOT_FOUND');
    expect(await codeOf(audit.deploymentPage(owner, { limit: 10 }))).toBe('FORBIDDEN');

    const page = await audit.deploymentPage(admin, { limit: 50, event: 'project.create' });
    expect(page.items.map((entry) => entry.project_id)).toEqual([projectId]);
    await expect(audit.deploymentPage(admin, { limit: 10, from: '2026-01-01', to: '2026-03-01' })).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ field: 'from', message: expect.stringMatching(/at most 30/) }],
    });
    await expect(audit.projectDay(owner, { projectId, date: '2026-02-30' })).rejects.toMatchObject({ details: [{ field: 'date' }] });
  });

  it('lists alert destinations for project managers only', async () => {
    const { alerts } = services.useCases;
    expect(await alerts.list(owner, { projectId, cursor: null, limit: 10 })).toEqual({ items: [], nextCursor: null });
    expect(await codeOf(alerts.list(viewer, { projectId, cursor: null, limit: 10 }))).toBe('FORBIDDEN');
    expect(await codeOf(alerts.list(outsider, { projectId, cursor: null, limit: 10 }))).toBe('NOT_FOUND');
  });

  it("manages a user's own tokens from a browser session only", async () => {
    const { tokens } = services.useCases;
    expect(tokens.me(owner)).toMatchObject({ user: { id: owner.user.id }, isSuperAdmin: false, browserSession: true });
    expect(await codeOf(tokens.create(principal(owner.user, { token: true }), { name: 'from a token' }))).toBe('FORBIDDEN');

    const { token, record } = await tokens.create(owner, { name: 'cli' });
    expect(token).toMatch(/^svc_pat_/);
    expect((await tokens.list(owner)).map((listed) => listed.record.id)).toEqual([record.id]);
    expect(await tokens.list(viewer)).toEqual([]);
    expect(await codeOf(tokens.revoke(viewer, { tokenId: record.id }))).toBe('NOT_FOUND');
    await tokens.revoke(owner, { tokenId: record.id });
    expect(await services.authenticator.bearerToken(token)).toBeNull();
  });

  it('keeps runtime inspection, reclaim and the sandbox diagnostic to super admins, without the HTTP hook', async () => {
    const { runtime, diagnostics } = services.useCases;
    expect(await codeOf(runtime.sessions(owner, { cursor: null, limit: 10 }))).toBe('FORBIDDEN');
    expect(await runtime.sessions(admin, { cursor: null, limit: 10 })).toEqual({ items: [], nextCursor: null });
    expect(await codeOf(runtime.reclaim(owner, { projectId, sessionId: 'ses-0000000000000000' }))).toBe('FORBIDDEN');
    expect(await codeOf(diagnostics.sandboxStartup(owner, {}))).toBe('FORBIDDEN');
    expect(await codeOf(diagnostics.sandboxStartup(principal(admin.user, { superAdmin: true, token: true }), {}))).toBe('FORBIDDEN');
    expect(await codeOf(diagnostics.sandboxStartup(admin, { image: 'not-an-image' }))).toBe('VALIDATION_ERROR');
  });
});
