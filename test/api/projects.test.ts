import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { layout } from '../../service/src/core/storage-layout.js';
import { startTestHub, type TestHub } from '../support/test-hub.js';

async function auditEvents(t: TestHub, projectId: string): Promise<{ event: string; actor: string; metadata: Record<string, unknown> }[]> {
  const { store } = t.hub;
  const page = await store.list(layout.projectAuditPrefix(projectId));
  return Promise.all(page.items.map(async (item) => JSON.parse((await store.get(item.key))!.body.toString())));
}

describe('projects', () => {
  let t: TestHub;
  let alice: string;
  let bob: string;
  let carol: string;
  beforeAll(async () => {
    t = await startTestHub({ env: { SERVICE_CLASSIFICATION_ORDER: 'public,internal,secret' } });
    alice = await t.tokenFor('alice@example.com');
    bob = await t.tokenFor('bob@example.com');
    carol = await t.tokenFor('carol@example.com');
  });
  afterAll(() => t.close());
  const create = (token: string, body: object) => t.call('/api/v1/projects', { method: 'POST', token, body });

  it('creates a project owned by its creator, with an audit event', async () => {
    const created = await create(alice, { name: '  Forecasts ', description: 'Q3', tags: ['team:data', 'finance'] });
    expect(created.status).toBe(201);
    const project = created.json.data;
    expect(project).toMatchObject({
      name: 'Forecasts',
      description: 'Q3',
      status: 'active',
      your_role: 'admin',
      default_role: null,
      tags: ['team:data', 'finance'],
    });
    expect(project.id).toMatch(/^proj-[0-9a-z]{16}$/);
    expect(project.members).toEqual([{ role: 'admin', user_id: project.owner, email: 'alice@example.com' }]);
    expect((await auditEvents(t, project.id)).map((entry) => entry.event)).toEqual(['project.create']);
  });

  it('replays a create with the same Idempotency-Key instead of creating twice', async () => {
    const headers = { 'idempotency-key': 'create-once' };
    const first = await t.call('/api/v1/projects', { method: 'POST', token: alice, body: { name: 'Once' }, headers });
    const again = await t.call('/api/v1/projects', { method: 'POST', token: alice, body: { name: 'Once' }, headers });
    expect(again.json.data.id).toBe(first.json.data.id);
  });

  it('refuses invalid fields with field-level details and writes nothing', async () => {
    const before = (await t.call('/api/v1/projects?limit=200', { token: alice })).json.data.items.length;
    for (const body of [
      { name: '   ' },
      { name: 'x', tags: ['a', 'a'] },
      { name: 'x', tags: ['bad tag'] },
      { name: 'x', security_labels: { classification: 'top', compartments: [] } },
      { name: 'x', owner: 'me' },
    ]) {
      const refused = await create(alice, body);
      expect(refused.status, JSON.stringify(body)).toBe(422);
      expect(refused.json.error.details.length).toBeGreaterThan(0);
    }
    expect((await t.call('/api/v1/projects?limit=200', { token: alice })).json.data.items.length).toBe(before);
  });

  it('updates, then deletes: a deleted project is gone from every route and list', async () => {
    const { id } = (await create(alice, { name: 'Temporary' })).json.data;
    const patched = await t.call(`/api/v1/projects/${id}`, {
      method: 'PATCH',
      token: alice,
      body: { name: 'Renamed', default_role: 'viewer', federation: { enabled: true, target: 'eu' } },
    });
    expect(patched.json.data).toMatchObject({ name: 'Renamed', default_role: 'viewer', federation: { enabled: true, target: 'eu' } });
    expect((await t.call(`/api/v1/projects/${id}`, { method: 'PATCH', token: alice, body: {} })).status).toBe(422);
    expect((await t.call(`/api/v1/projects/${id}`, { method: 'DELETE', token: alice })).json).toEqual({ success: true });
    expect((await t.call(`/api/v1/projects/${id}`, { token: alice })).status).toBe(404);
    expect((await t.call(`/api/v1/projects/${id}/members`, { token: alice })).status).toBe(404);
    const listed = (await t.call('/api/v1/projects?limit=200', { token: alice })).json.data.items.map((item: { id: string }) => item.id);
    expect(listed).not.toContain(id);
    expect((await auditEvents(t, id)).map((entry) => entry.event).sort()).toEqual(['project.create', 'project.delete', 'project.update']);
  });

  it('lists only the projects a caller may see, newest first, with their role', async () => {
    const own = (await create(bob, { name: 'Bob private', tags: ['team:ml'] })).json.data.id;
    const open = (await create(bob, { name: 'Bob open', default_role: 'viewer' })).json.data.id;
    const shared = (await create(bob, { name: 'Bob shared', tags: ['team:data'] })).json.data.id;
    const carolId = (await t.call('/api/v1/me', { token: carol })).json.data.id;
    await t.call(`/api/v1/projects/${shared}/members`, { method: 'POST', token: bob, body: { user_id: carolId, role: 'editor' } });

    const bobs = (await t.call('/api/v1/projects', { token: bob })).json.data.items;
    expect(bobs.map((item: { id: string }) => item.id).slice(0, 3)).toEqual([shared, open, own]);
    expect(bobs[0]).toMatchObject({ your_role: 'admin', notebook_count: 0, tags: ['team:data'] });

    const carols = (await t.call('/api/v1/projects', { token: carol })).json.data.items;
    expect(carols.map((item: { id: string; your_role: string }) => [item.id, item.your_role])).toEqual(
      expect.arrayContaining([
        [shared, 'editor'],
        [open, 'viewer'],
      ]),
    );
    expect(carols.map((item: { id: string }) => item.id)).not.toContain(own);

    const data = (await t.call('/api/v1/projects?tag_namespace=team', { token: bob })).json.data.items.map((item: { id: string }) => item.id);
    expect(data).toEqual([shared, own]);

    const pages: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<TestHub['call']>> = await t.call(`/api/v1/projects?limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, {
        token: bob,
      });
      pages.push(...page.json.data.items.map((item: { id: string }) => item.id));
      cursor = page.json.data.next_cursor;
    } while (cursor);
    expect(pages).toEqual(bobs.map((item: { id: string }) => item.id));

    const scoped = await t.tokenFor('bob@example.com', { scope: { actions: ['project.read'], projects: [own] } });
    expect((await t.call('/api/v1/projects', { token: scoped })).json.data.items.map((item: { id: string }) => item.id)).toEqual([own]);
    const noRead = await t.tokenFor('bob@example.com', { scope: { actions: ['notebook.write'], projects: '*' } });
    expect((await t.call('/api/v1/projects', { token: noRead })).status).toBe(403);
  });

  it('manages members, including invitations of people without an account yet', async () => {
    const { id } = (await create(alice, { name: 'Team' })).json.data;
    const invited = await t.call(`/api/v1/projects/${id}/members`, { method: 'POST', token: alice, body: { email: 'New.Person@Example.com', role: 'viewer' } });
    expect(invited.status).toBe(201);
    expect(invited.json.data).toContainEqual({ role: 'viewer', email: 'new.person@example.com' });
    expect(
      (await t.call(`/api/v1/projects/${id}/members`, { method: 'POST', token: alice, body: { email: 'new.person@example.com', role: 'editor' } })).status,
    ).toBe(409);
    expect(
      (await t.call(`/api/v1/projects/${id}/members`, { method: 'POST', token: alice, body: { email: 'alice@example.com', role: 'editor' } })).status,
    ).toBe(409);
    expect((await t.call(`/api/v1/projects/${id}/members`, { method: 'POST', token: alice, body: { role: 'editor' } })).status).toBe(422);

    // The invitee signs in later: the invitation already gives them access.
    const newcomer = await t.tokenFor('new.person@example.com');
    expect((await t.call(`/api/v1/projects/${id}`, { token: newcomer })).json.data.your_role).toBe('viewer');
    expect((await t.call('/api/v1/projects', { token: newcomer })).json.data.items.map((item: { id: string }) => item.id)).toContain(id);

    const promoted = await t.call(`/api/v1/projects/${id}/members/new.person@example.com`, { method: 'PATCH', token: alice, body: { role: 'manager' } });
    expect(promoted.json.data).toContainEqual({ role: 'manager', email: 'new.person@example.com' });
    expect((await t.call(`/api/v1/projects/${id}/members/nobody@example.com`, { method: 'DELETE', token: alice })).status).toBe(404);
    expect((await t.call(`/api/v1/projects/${id}/members/new.person@example.com`, { method: 'DELETE', token: alice })).json).toEqual({ success: true });
    expect((await t.call(`/api/v1/projects/${id}`, { token: newcomer })).status).toBe(404);

    const groups = await t.call(`/api/v1/projects/${id}/group-members`, { method: 'POST', token: alice, body: { group: 'analysts', role: 'editor' } });
    expect(groups.json.data).toEqual([{ group: 'analysts', role: 'editor' }]);
    expect((await t.call(`/api/v1/projects/${id}/group-members`, { method: 'POST', token: alice, body: { group: 'analysts', role: 'viewer' } })).status).toBe(
      409,
    );
    await t.call(`/api/v1/projects/${id}/group-members/analysts`, { method: 'DELETE', token: alice });
    expect((await t.call(`/api/v1/projects/${id}/group-members`, { token: alice })).json.data).toEqual([]);

    expect((await auditEvents(t, id)).map((entry) => entry.event).sort()).toEqual([
      'project.create',
      'project.group_member.add',
      'project.group_member.remove',
      'project.member.add',
      'project.member.remove',
      'project.member.update',
    ]);
  });

  it('keeps labelled projects from callers without clearance, and separates raising from lowering', async () => {
    const admin = await t.localLogin();
    const origin = { origin: t.url };
    const { id } = (
      await t.call('/api/v1/projects', {
        method: 'POST',
        cookie: admin,
        headers: origin,
        body: { name: 'Classified', security_labels: { classification: 'secret', compartments: ['ops'] } },
      })
    ).json.data;
    expect((await t.call(`/api/v1/projects/${id}`, { cookie: admin })).json.data.security_labels).toEqual({ classification: 'secret', compartments: ['ops'] });

    // A token minted in the local session carries its clearance; one from the command line has none.
    const cleared = (await t.call('/api/v1/me/tokens', { method: 'POST', cookie: admin, headers: origin, body: { name: 'cleared' } })).json.data.token;
    expect((await t.call(`/api/v1/projects/${id}`, { token: cleared })).status).toBe(200);
    const uncleared = await t.tokenFor('admin@localhost');
    expect((await t.call(`/api/v1/projects/${id}`, { token: uncleared })).status).toBe(404);
    expect((await t.call('/api/v1/projects?limit=200', { token: uncleared })).json.data.items.map((item: { id: string }) => item.id)).not.toContain(id);

    const managerId = (await t.call('/api/v1/me', { token: carol })).json.data.id;
    await t.call(`/api/v1/projects/${id}/members`, { method: 'POST', cookie: admin, headers: origin, body: { user_id: managerId, role: 'manager' } });
    const session = await t.hub.services.loginSessions.create(managerId, 'local', (expiresAt) => ({
      schemaVersion: 1,
      classification: 'secret',
      compartments: ['ops', 'hr'],
      policyVersion: '1',
      expiresAt,
    }));
    const asManager = { cookie: session.cookieValue, headers: origin };
    const raise = await t.call(`/api/v1/projects/${id}`, {
      method: 'PATCH',
      ...asManager,
      body: { security_labels: { classification: 'secret', compartments: ['ops', 'hr'] } },
    });
    expect(raise.status).toBe(200);
    const lower = await t.call(`/api/v1/projects/${id}`, {
      method: 'PATCH',
      ...asManager,
      body: { security_labels: { classification: 'internal', compartments: ['ops', 'hr'] } },
    });
    expect(lower.status).toBe(403);
    expect(lower.json.error.message).toMatch(/security-labels.lower/);
    const cleared2 = await t.call(`/api/v1/projects/${id}`, { method: 'PATCH', cookie: admin, headers: origin, body: { security_labels: null } });
    expect(cleared2.json.data.security_labels).toBeUndefined();
  });
});
