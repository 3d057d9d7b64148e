import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PolicyAction } from '../../service/src/core/policy/actions.js';
import { startTestHub, type TestHub } from '../support/test-hub.js';
import { projectRouteTable, type RouteCase, type RouteFixture } from '../support/project-routes.js';

type Role = 'viewer' | 'editor' | 'manager' | 'admin';
const RANK: Record<Role, number> = { viewer: 0, editor: 1, manager: 2, admin: 3 };
/** The minimum roles of the policy table, restated independently so the test can catch a wrong table. */
const MINIMUM: Partial<Record<PolicyAction, Role>> = {
  'project.read': 'viewer',
  'project.update': 'manager',
  'project.delete': 'admin',
  'project.members.manage': 'manager',
  'project.events.read': 'manager',
  'project.alerts.manage': 'manager',
  'notebook.write': 'editor',
  'notebook.manage': 'manager',
};

interface Subject {
  name: string;
  /** Effective role in the project, or null for none. */
  role: Role | null;
  suspended?: boolean;
  /** A token narrowed to these actions and projects. */
  scope?: { actions: PolicyAction[]; ownProjectOnly: boolean };
}

const SUBJECTS: Subject[] = [
  { name: 'viewer', role: 'viewer' },
  { name: 'editor', role: 'editor' },
  { name: 'manager', role: 'manager' },
  { name: 'admin (owner)', role: 'admin' },
  { name: 'group member', role: 'viewer' },
  { name: 'non-member', role: null },
  { name: 'non-member with default role', role: 'viewer' },
  { name: 'super admin', role: 'admin' },
  { name: 'suspended member', role: 'manager', suspended: true },
  { name: 'token scoped to reading this project', role: 'manager', scope: { actions: ['project.read'], ownProjectOnly: true } },
  { name: 'token scoped to another project', role: 'manager', scope: { actions: ['project.read', 'project.update'], ownProjectOnly: false } },
];

/** What the route must answer: the status the policy promises. */
function expectedStatus(subject: Subject, action: PolicyAction): 200 | 201 | 403 | 404 {
  if (subject.suspended) return 403;
  if (subject.role === null) return 404;
  // An action outside a token's scope is refused whatever the project, existing or not, so the
  // answer reveals nothing about it; a project outside the scope is hidden.
  if (subject.scope && !subject.scope.actions.includes(action)) return 403;
  if (subject.scope && !subject.scope.ownProjectOnly) return 404;
  if (RANK[subject.role] < RANK[MINIMUM[action]!]) return action === 'project.read' ? 404 : 403;
  return 200;
}

describe('project-scoped routes against every kind of subject', () => {
  let t: TestHub;
  const tokens = new Map<string, string>();
  const ids = new Map<string, string>();
  beforeAll(async () => {
    t = await startTestHub({ env: { SERVICE_SUPER_ADMINS: 'root@example.com' } });
    for (const subject of SUBJECTS) {
      const email = `${subject.name.replaceAll(/[^a-z]+/g, '-')}@example.com`;
      // The group member's role comes only from the identity provider's groups claim.
      const user =
        subject.name === 'group member'
          ? await t.hub.services.users.upsertFromLogin({ subject: 'idp#group-member', email, name: null, picture_url: null, groups: ['fixture-group'] })
          : await t.hub.services.users.ensureByEmail(email, { name: subject.name, superAdmin: false }, 'test');
      ids.set(subject.name, user.id);
    }
    ids.set('super admin', (await t.hub.services.users.ensureByEmail('root@example.com', { name: null, superAdmin: false }, 'test')).id);
  });
  afterAll(() => t.close());

  /** A fresh project with the subjects in their roles, so a case that deletes or edits it affects nothing else. */
  async function fixture(subjectName: string): Promise<{ projectId: string; routeFixture: RouteFixture }> {
    const { projects, users } = t.hub.services;
    const owner = await users.get(ids.get('admin (owner)')!);
    const actor = { id: owner!.id, email: owner!.email };
    const openToAll = subjectName === 'non-member with default role';
    const project = await projects.create({ name: `fixture for ${subjectName}`, ...(openToAll ? { default_role: 'viewer' as const } : {}) }, actor);
    for (const subject of SUBJECTS) {
      const role = subject.role;
      if (!role || role === 'admin' || subject.name.startsWith('non-member') || subject.name === 'super admin' || subject.name === 'group member') continue;
      await projects.addMember(project.id, { user_id: ids.get(subject.name)! }, role as 'viewer' | 'editor' | 'manager', actor);
    }
    await projects.setGroupMember(project.id, 'fixture-group', 'viewer', 'add', actor);
    const { notebooks } = t.hub.services;
    const { notebook, version } = await notebooks.create(project.id, project.name, { title: 'fixture notebook' }, actor);
    await notebooks.attachSnapshot(project.id, notebook.id, version.version_id, Buffer.from('<p>snapshot</p>'), 'test');
    const notebookCode = await notebooks.code(project.id, notebook.id, version.version_id);
    const workspaceFile = 'data/input file.csv';
    await t.hub.services.workspace.upload(notebook, workspaceFile, Buffer.from('a,b\n'), actor.id);
    return { projectId: project.id, routeFixture: { viewerId: ids.get('viewer')!, notebookId: notebook.id, versionId: version.version_id, notebookCode, workspaceFile } };
  }

  async function tokenOf(subject: Subject, projectId: string): Promise<string> {
    const email = subject.name === 'super admin' ? 'root@example.com' : `${subject.name.replaceAll(/[^a-z]+/g, '-')}@example.com`;
    if (!subject.scope) {
      tokens.set(subject.name, tokens.get(subject.name) ?? (await t.tokenFor(email)));
      return tokens.get(subject.name)!;
    }
    const projects = subject.scope.ownProjectOnly ? [projectId] : ['proj-0000000000000000'];
    return t.tokenFor(email, { scope: { actions: subject.scope.actions, projects } });
  }

  const routes: RouteCase[] = projectRouteTable();
  for (const route of routes) {
    describe(`${route.method} ${route.path} (${route.action})`, () => {
      for (const subject of SUBJECTS) {
        it(subject.name, async () => {
          const { projectId, routeFixture } = await fixture(subject.name);
          if (subject.suspended) await t.hub.services.users.setSuspended(ids.get(subject.name)!, true, 'test');
          try {
            const token = await tokenOf(subject, projectId);
            const response = await t.call(route.url(projectId, routeFixture), { method: route.method, token, ...(route.body ? { body: route.body(routeFixture) } : {}) });
            const expected = expectedStatus(subject, route.action);
            const ok = expected === 200 ? [200, 201] : [expected];
            expect(ok, `${subject.name}: ${response.status} ${response.text.slice(0, 200)}`).toContain(response.status);
            if (expected === 404) expect(response.json.error.code).toBe('NOT_FOUND');
            if (expected === 403) expect(response.json.error.code).toBe(subject.suspended ? 'USER_SUSPENDED' : 'FORBIDDEN');
            if (expected === 404) expect(response.text).not.toContain('fixture for');
          } finally {
            if (subject.suspended) await t.hub.services.users.setSuspended(ids.get(subject.name)!, false, 'test');
          }
        });
      }
    });
  }
});
