import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POLICY_ACTIONS } from '../../service/src/core/policy/actions.js';
import { POLICY_TABLE } from '../../service/src/core/policy/table.js';
import {
  ALICE,
  ANALYZER_RUN,
  authorization,
  authorizationCase,
  context,
  loginCase,
  projectWith,
  startAnalyzerHub,
  suite,
  type AnalyzerHub,
  type Json,
} from '../support/policy-suites.js';
import { startTestHub, type TestHub } from '../support/test-hub.js';

describe('policy analyzer', () => {
  let t: TestHub;
  let run: AnalyzerHub['run'];
  let one: AnalyzerHub['one'];
  let admin: string;

  beforeAll(async () => {
    ({ t, run, one, admin } = await startAnalyzerHub());
  });
  afterAll(() => t.close());

  it('describes itself: every action of the policy table, entitlements, classification order', async () => {
    const response = await t.call('/api/v1/admin/policy/analyzer', { token: admin });
    expect(response.status).toBe(200);
    expect(response.json.data).toEqual({
      schema_version: 1,
      max_cases: 25,
      capabilities: { login_policy: true, resource_security: true, live_self_context: true },
      entitlements: ['super-admin', 'project-creator', 'default-role:viewer', 'default-role:editor', 'default-role:manager'],
      classification_order: ['public', 'internal', 'secret'],
      actions: POLICY_ACTIONS.map((action) => POLICY_TABLE[action]),
    });
  });

  it('is for super admins only', async () => {
    const user = await t.tokenFor('someone@example.com');
    expect((await t.call('/api/v1/admin/policy/analyzer', { token: user })).status).toBe(403);
    expect((await run(suite([authorizationCase('a')]), { token: user })).status).toBe(403);
  });

  describe('login stage', () => {
    it('allows a verified e-mail with the entitlements the deployment gives it', async () => {
      const result = await one(
        loginCase('creator', { sub: 's1', email: 'creator@example.com', email_verified: true }, { outcome: 'allow', entitlements: ['project-creator'] }),
      );
      expect(result).toMatchObject({ valid: true, errors: [], authorization: null });
      expect(result.login).toMatchObject({
        outcome: 'allow',
        entitlements: ['project-creator'],
        assertion: { passed: true, expected: { outcome: 'allow', entitlements: ['project-creator'] } },
      });
      expect(result.login.duration_ms).toBeGreaterThanOrEqual(0);
      const plain = await one(loginCase('plain', { sub: 's2', email: 'plain@example.com', email_verified: true }, { outcome: 'allow', entitlements: [] }));
      expect(plain.login).toMatchObject({ outcome: 'allow', entitlements: [], assertion: { passed: true } });
    });

    it('denies an unverified or missing e-mail, and reads userinfo when the ID token has none', async () => {
      for (const verified of [false, 'false']) {
        const result = await one(loginCase('unverified', { sub: 's', email: 'plain@example.com', email_verified: verified }, { outcome: 'deny' }));
        expect(result.login).toMatchObject({ outcome: 'deny', entitlements: [], reason: expect.stringContaining('not verified'), assertion: { passed: true } });
      }
      expect((await one(loginCase('none', { sub: 's' }, { outcome: 'deny' }))).login).toMatchObject({
        outcome: 'deny',
        reason: expect.stringContaining('e-mail'),
      });
      const fromUserInfo = await one(
        loginCase('userinfo', { sub: 's' }, { outcome: 'allow' }, { user_info_claims: { email: 'creator@example.com', email_verified: true } }),
      );
      expect(fromUserInfo.login).toMatchObject({ outcome: 'allow', entitlements: ['project-creator'] });
      const unverifiedUserInfo = await one(
        loginCase('userinfo-unverified', { sub: 's' }, { outcome: 'deny' }, { user_info_claims: { email: 'plain@example.com', email_verified: false } }),
      );
      expect(unverifiedUserInfo.login.outcome).toBe('deny');
    });

    it('gives super admins (configured e-mails and operator grants) their entitlements', async () => {
      const configured = await one(
        loginCase('boss', { sub: 's', email: 'Boss@Example.com' }, { outcome: 'allow', entitlements: ['project-creator', 'super-admin'] }),
      );
      expect(configured.login).toMatchObject({ outcome: 'allow', entitlements: ['super-admin', 'project-creator'], assertion: { passed: true } });
      const granted = await one(loginCase('root', { sub: 's', email: 'root@example.com' }, { outcome: 'allow' }));
      expect(granted.login.entitlements).toEqual(['super-admin', 'project-creator']);
    });

    it('denies a suspended user and reports malformed claims as invalid', async () => {
      await t.tokenFor('suspended@example.com');
      const user = (await t.hub.services.users.findByEmail('suspended@example.com'))!;
      await t.hub.services.users.setSuspended(user.id, true, 'test');
      expect((await one(loginCase('suspended', { sub: 's', email: 'suspended@example.com' }, { outcome: 'deny' }))).login).toMatchObject({
        outcome: 'deny',
        reason: expect.stringContaining('suspended'),
      });
      const invalid = await one(loginCase('bad-sub', { sub: 42, email: 'plain@example.com' }, { outcome: 'allow' }));
      expect(invalid).toMatchObject({
        valid: false,
        errors: [{ stage: 'login', code: 'invalid-claims' }],
        login: { outcome: 'invalid', assertion: { passed: false } },
      });
    });

    it('reports failed assertions and counts them in the summary', async () => {
      const response = await run(
        suite([
          loginCase('wrong-outcome', { sub: 's', email: 'plain@example.com' }, { outcome: 'deny' }),
          loginCase('wrong-entitlements', { sub: 's', email: 'plain@example.com' }, { outcome: 'allow', entitlements: ['super-admin'] }),
          loginCase('right', { sub: 's', email: 'plain@example.com' }, { outcome: 'allow' }),
        ]),
      );
      expect(response.json.data.valid).toBe(true);
      expect(response.json.data.summary).toEqual({ case_count: 3, passed: 1, failed: 2 });
      expect(response.json.data.cases.map((result: { login: { assertion: { passed: boolean } } }) => result.login.assertion.passed)).toEqual([
        false,
        false,
        true,
      ]);
    });
  });

  describe('authorization stage', () => {
    const deny = (category: string) => ({ allowed: false, denial_category: category });
    const categories: [string, Json, { category: string; presentation: string; role?: string | null; constraint_reason?: string; code: string }][] = [
      [
        'lifecycle',
        { resource: projectWith('manager', { status: 'deleted' }) },
        { category: 'lifecycle', presentation: 'not-found', code: 'lifecycle.deleted' },
      ],
      ['visibility (no role)', { resource: projectWith(null) }, { category: 'visibility', presentation: 'not-found', code: 'role.none' }],
      [
        'visibility (no project)',
        { resource: { source: 'synthetic', kind: 'project' } },
        { category: 'visibility', presentation: 'not-found', code: 'lifecycle.missing' },
      ],
      [
        'role',
        { action: 'project.update', resource: projectWith('viewer') },
        { category: 'role', presentation: 'forbidden', role: 'viewer', code: 'role.insufficient' },
      ],
      [
        'role (super admin action)',
        { action: 'admin.access', resource: { source: 'synthetic', kind: 'deployment' } },
        { category: 'role', presentation: 'forbidden', code: 'role.super_admin_required' },
      ],
      [
        'session (stop)',
        { action: 'session.stop', resource: projectWith('editor', {}, { kind: 'session', session: { user_id: 'usr-bob' } }) },
        { category: 'session', presentation: 'forbidden', code: 'session.not_owner' },
      ],
      [
        'session (attach)',
        { action: 'session.attach', resource: projectWith('viewer', {}, { kind: 'session', session: { user_id: 'usr-bob', mode: 'edit' } }) },
        { category: 'session', presentation: 'not-found', code: 'session.edit_needs_editor' },
      ],
      [
        'constraint',
        { resource: projectWith('viewer', { security_labels: { classification: 'secret', compartments: ['x'] } }), context: context('internal', ['x']) },
        { category: 'constraint', presentation: 'not-found', constraint_reason: 'constraint', code: 'constraint.constraint' },
      ],
      [
        'constraint (missing context)',
        { resource: projectWith('viewer', { security_labels: { classification: 'public', compartments: [] } }) },
        { category: 'constraint', presentation: 'not-found', constraint_reason: 'missing-context', code: 'constraint.missing-context' },
      ],
      [
        'constraint (unknown level)',
        { resource: projectWith('viewer', { security_labels: { classification: 'cosmic', compartments: [] } }), context: context('secret', ['*']) },
        { category: 'constraint', presentation: 'not-found', constraint_reason: 'unavailable', code: 'constraint.unavailable' },
      ],
      [
        'credential-resource',
        {
          subject: { ...ALICE, entitlement_source: 'explicit', grant: { actions: '*', projects: ['proj-aaaaaaaaaaaaaaaa'] } },
          resource: projectWith('viewer', {}, { project_id: 'proj-bbbbbbbbbbbbbbbb' }),
        },
        { category: 'credential-resource', presentation: 'not-found', code: 'credential.project_outside_scope' },
      ],
      [
        'credential-action',
        { action: 'project.update', subject: { ...ALICE, entitlement_source: 'explicit', grant: { actions: ['project.read'], projects: '*' } } },
        { category: 'credential-action', presentation: 'forbidden', code: 'credential.action_outside_scope' },
      ],
    ];
    it.each(categories)('reports a %s denial with its presentation and trace', async (_label, stage, expected) => {
      const result = await one(authorizationCase('a', { ...stage, expected: deny(expected.category) }));
      expect(result).toMatchObject({ valid: true, errors: [], login: null });
      const { decision, presentation, trace, assertion } = result.authorization;
      expect(decision).toMatchObject({ allowed: false, category: expected.category, ...(expected.role !== undefined ? { role: expected.role } : {}) });
      expect(decision.constraint_reason).toBe(expected.constraint_reason);
      expect(presentation).toBe(expected.presentation);
      expect(trace).toContainEqual(expect.objectContaining({ status: 'failed', code: expected.code }));
      expect(trace.at(-1)).toEqual({ stage: 'final', status: 'failed', code: `denied.${expected.category}` });
      expect(assertion).toEqual({ passed: true, expected: deny(expected.category) });
    });

    it('reports a denial of a suspended user as standing', async () => {
      await t.tokenFor('benched@example.com');
      const user = (await t.hub.services.users.findByEmail('benched@example.com'))!;
      await t.hub.services.users.setSuspended(user.id, true, 'test');
      const result = await one(
        authorizationCase('a', {
          subject: { id: user.id, email: user.email, entitlement_source: 'explicit' },
          resource: projectWith(null, { owner: user.id }),
          expected: deny('standing'),
        }),
      );
      expect(result.authorization).toMatchObject({
        decision: { allowed: false, category: 'standing' },
        presentation: 'forbidden',
        assertion: { passed: true },
      });
    });

    it('allows what the engine allows and reports failing assertions', async () => {
      const cleared = await one(
        authorizationCase('a', {
          resource: projectWith('editor', { security_labels: { classification: 'internal', compartments: ['x'] } }),
          context: context('secret', ['x', 'y']),
          action: 'notebook.write',
        }),
      );
      expect(cleared.authorization).toMatchObject({ decision: { allowed: true, role: 'editor' }, presentation: 'allowed', assertion: { passed: true } });
      expect(cleared.authorization.trace.map((step: { stage: string }) => step.stage)).toEqual([
        'action',
        'standing',
        'lifecycle',
        'constraint',
        'role',
        'session',
        'credential',
        'final',
      ]);
      const wrong = await run(
        suite([authorizationCase('a', { expected: deny('role') }), authorizationCase('b', { resource: projectWith(null), expected: deny('role') })]),
      );
      expect(wrong.json.data.summary).toEqual({ case_count: 2, passed: 0, failed: 2 });
      expect(wrong.json.data.cases[1].authorization.assertion).toEqual({ passed: false, expected: deny('role') });
    });

    it("gives synthetic sessions the deployment's editor sandbox sharing unless the case says otherwise", async () => {
      const attach = (session: Json) =>
        authorizationCase('a', {
          action: 'session.attach',
          resource: projectWith('editor', {}, { kind: 'session', session: { user_id: 'usr-bob', ...session } }),
        });
      expect((await one(attach({}))).authorization.trace).toContainEqual(expect.objectContaining({ stage: 'session', code: 'session.exclusive' }));
      expect((await one(attach({ editor_sandbox_sharing: 'shared' }))).authorization.decision).toEqual({ allowed: true, role: 'editor' });
    });

    it("lets only a manager or the notebook's author take an edit session over, synthetic or stored", async () => {
      const start = (role: string, resource: Json = {}) =>
        authorizationCase('a', {
          action: 'session.start',
          resource: projectWith(role, {}, { kind: 'session-start', mode: 'edit', takeover: true, ...resource }),
          expected: { allowed: role === 'manager' || resource.notebook_author === ALICE.id },
        });
      const refused = (await one(start('editor', { notebook_author: 'usr-bob' }))).authorization;
      expect(refused).toMatchObject({ decision: { allowed: false, category: 'session' }, presentation: 'forbidden', assertion: { passed: true } });
      expect(refused.trace).toContainEqual(expect.objectContaining({ stage: 'session', code: 'session.takeover_not_permitted' }));
      expect((await one(start('editor', { notebook_author: ALICE.id }))).authorization.decision).toEqual({ allowed: true, role: 'editor' });
      expect((await one(start('manager'))).authorization.decision).toEqual({ allowed: true, role: 'manager' });

      // A stored notebook brings its own author.
      const services = t.hub.services;
      const owner = (await services.users.findByEmail('root@example.com'))!;
      const project = await services.projects.create({ name: 'Takeovers' }, owner);
      await t.tokenFor('author@example.com');
      const author = (await services.users.findByEmail('author@example.com'))!;
      await services.projects.addMember(project.id, { user_id: author.id }, 'editor', owner);
      const { notebook } = await services.notebooks.create(project.id, project.name, { title: "The author's" }, author);
      const subject = { id: author.id, email: author.email, entitlement_source: 'explicit' };
      const stored = (takeover: boolean) =>
        authorizationCase('stored', {
          subject,
          action: 'session.start',
          resource: { source: 'stored', kind: 'session-start', project_id: project.id, notebook_id: notebook.id, mode: 'edit', takeover },
        });
      expect((await one(stored(true))).authorization.decision).toEqual({ allowed: true, role: 'editor' });
      const other = await services.notebooks.create(project.id, project.name, { title: "The owner's" }, owner);
      const notAuthor = authorizationCase('not-author', {
        subject,
        action: 'session.start',
        resource: { source: 'stored', kind: 'session-start', project_id: project.id, notebook_id: other.notebook.id, mode: 'edit', takeover: true },
        expected: { allowed: false, denial_category: 'session' },
      });
      expect((await one(notAuthor)).authorization.assertion.passed).toBe(true);
    });

    it("uses the caller's own security context for live-self", async () => {
      const labelled = authorizationCase('a', {
        resource: projectWith('viewer', { security_labels: { classification: 'secret', compartments: ['x'] } }),
        context: { mode: 'live-self' },
      });
      // Local login is cleared for everything; this token was made without a session, so it has no context.
      const local = await run(suite([labelled]), { cookie: await t.localLogin() });
      expect(local.json.data.cases[0].authorization.decision).toEqual({ allowed: true, role: 'viewer' });
      const token = await run(suite([labelled]), { token: admin });
      expect(token.json.data.cases[0].authorization.decision).toMatchObject({ allowed: false, constraint_reason: 'missing-context' });
    });

    it('takes entitlements and groups from the login stage when asked to', async () => {
      const owner = (await t.hub.services.users.findByEmail('root@example.com'))!;
      const project = await t.hub.services.projects.create({ name: 'Grouped' }, owner);
      await t.hub.services.projects.setGroupMember(project.id, 'data-team', 'editor', 'add', owner);
      const login = {
        identity: { id: 'sub-g', email: 'member@example.com' },
        id_token_claims: { sub: 'sub-g', email: 'member@example.com', groups: ['data-team'] },
        expected: { outcome: 'allow' },
      };
      const subject = { id: 'usr-member0000000000', email: 'member@example.com', entitlement_source: 'login' };
      const grouped = await one({
        id: 'g',
        name: 'g',
        login,
        authorization: authorization({ subject, action: 'notebook.write', resource: { source: 'stored', kind: 'project', project_id: project.id } }),
      });
      expect(grouped.authorization.decision).toEqual({ allowed: true, role: 'editor' });
      const boss = await one({
        id: 'b',
        name: 'b',
        login: { ...login, id_token_claims: { sub: 'b', email: 'boss@example.com' } },
        authorization: authorization({ subject, action: 'admin.access', resource: { source: 'synthetic', kind: 'deployment' } }),
      });
      expect(boss.authorization.decision).toEqual({ allowed: true, role: null });
      const refused = await one({
        id: 'r',
        name: 'r',
        login: { ...login, id_token_claims: { sub: 'r', email: 'member@example.com', email_verified: false } },
        authorization: authorization({ subject }),
      });
      expect(refused).toMatchObject({ valid: false, authorization: null, errors: [{ stage: 'authorization', code: 'login-not-allowed' }] });
    });

    it('evaluates stored projects exactly as the routes decide them', async () => {
      const services = t.hub.services;
      const owner = (await services.users.findByEmail('root@example.com'))!;
      const project = await services.projects.create({ name: 'Stored' }, owner);
      const people: Record<string, { id: string; email: string; token: string }> = {};
      for (const name of ['manager', 'viewer', 'outsider']) {
        const token = await t.tokenFor(`${name}-stored@example.com`);
        const user = (await services.users.findByEmail(`${name}-stored@example.com`))!;
        people[name] = { id: user.id, email: user.email, token };
        if (name !== 'outsider') await services.projects.addMember(project.id, { user_id: user.id }, name as 'manager' | 'viewer', owner);
      }
      const stored = { source: 'stored', kind: 'project', project_id: project.id };
      for (const [name, person] of Object.entries(people)) {
        const result = await one(
          authorizationCase(name, {
            subject: { id: person.id, email: person.email, entitlement_source: 'explicit' },
            action: 'project.events.read',
            resource: stored,
          }),
        );
        const route = await t.call(`/api/v1/projects/${project.id}/events`, { token: person.token });
        const expectedStatus = { allowed: 200, forbidden: 403, 'not-found': 404 }[result.authorization.presentation as string];
        expect(route.status, name).toBe(expectedStatus);
      }
      expect(
        (
          await one(
            authorizationCase('owner', {
              subject: { id: owner.id, email: owner.email, entitlement_source: 'explicit' },
              action: 'project.delete',
              resource: stored,
            }),
          )
        ).authorization.decision,
      ).toEqual({ allowed: true, role: 'admin' });
      await services.projects.delete(project.id, owner);
      const deleted = await one(authorizationCase('deleted', { resource: stored, expected: deny('lifecycle') }));
      expect(deleted.authorization).toMatchObject({ decision: { category: 'lifecycle' }, assertion: { passed: true } });
      const unknown = await one(authorizationCase('unknown', { resource: { ...stored, project_id: 'proj-zzzzzzzzzzzzzzzz' }, expected: deny('visibility') }));
      expect(unknown.authorization.assertion.passed).toBe(true);
    });
  });

  it('documents every action of the policy table in docs/authorization.md', async () => {
    const doc = await readFile(new URL('../../docs/authorization.md', import.meta.url), 'utf8');
    for (const action of POLICY_ACTIONS) {
      const policy = POLICY_TABLE[action];
      const row = doc.split('\n').find((line) => line.startsWith(`| \`${action}\` |`));
      expect(row, `docs/authorization.md has no row for ${action}`).toBeDefined();
      const cells = row!
        .split('|')
        .slice(2, 6)
        .map((cell) => cell.trim());
      expect(cells, action).toEqual([policy.scope, policy.minimum_role ?? '—', policy.denied_as ?? '—', policy.requires_super_admin ? 'yes' : 'no']);
    }
  });
});

describe('policy analyzer on a deployment that shows viewers only snapshots', () => {
  let t: TestHub;
  afterAll(() => t?.close());

  it('refuses viewers every session, as the route does', async () => {
    t = await startTestHub({ env: { SERVICE_VIEWER_MODE: 'static' } });
    const admin = await t.tokenFor('root@example.com', { superAdmin: true });
    const viewerToken = await t.tokenFor('viewer@example.com');
    const { users, projects, notebooks } = t.hub.services;
    const owner = (await users.findByEmail('root@example.com'))!;
    const viewer = (await users.findByEmail('viewer@example.com'))!;
    const { id: pid, name } = await projects.create({ name: 'Static' }, owner);
    await projects.addMember(pid, { user_id: viewer.id }, 'viewer', owner);
    const nid = (await notebooks.create(pid, name, { title: 'Snapshot only' }, owner)).notebook.id;

    const route = await t.call(`/api/v1/projects/${pid}/sessions`, { method: 'POST', token: viewerToken, body: { notebook_id: nid, mode: 'app' } });
    expect(route.status, route.text).toBe(403);
    expect(route.json.error.message).toBe('viewers see notebooks as HTML snapshots in this deployment; sessions are for editors');

    const testCase = authorizationCase('viewer', {
      subject: { id: viewer.id, email: viewer.email, entitlement_source: 'explicit' },
      action: 'session.start',
      resource: { source: 'stored', kind: 'session-start', project_id: pid, notebook_id: nid, mode: 'app' },
      expected: { allowed: false, denial_category: 'session' },
    });
    const response = await t.call(ANALYZER_RUN, { method: 'POST', token: admin, body: suite([testCase]) });
    expect(response.status, response.text).toBe(200);
    const result = response.json.data.cases[0].authorization;
    expect(result).toMatchObject({ presentation: 'forbidden', assertion: { passed: true } });
    expect(result.trace).toContainEqual(expect.objectContaining({ stage: 'session', code: 'session.viewers_static' }));
  });
});
