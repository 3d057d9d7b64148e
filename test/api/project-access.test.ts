import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNRESTRICTED_SCOPE, type TokenScope } from '../../service/src/core/identity/access-tokens.js';
import type { PolicyAction } from '../../service/src/core/policy/actions.js';
import type { Entitlement } from '../../service/src/core/policy/entitlements.js';
import { startTestHub, type TestHub } from '../support/test-hub.js';
import { projectRouteTable, type RouteCase, type RouteFixture } from '../support/project-routes.js';
import { smallNotebookZip } from '../support/notebook-folders.js';
import { analyze, STATUSES_OF, type AnalyzedCaller, type Presentation } from '../support/route-analyzer.js';

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
  // Reaches notebooks without project.read: the action a route performs is what the scope must hold.
  { name: 'token scoped to writing notebooks', role: 'editor', scope: { actions: ['notebook.write'], ownProjectOnly: true } },
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

const emailOf = (subject: Subject) => (subject.name === 'super admin' ? 'root@example.com' : `${subject.name.replaceAll(/[^a-z]+/g, '-')}@example.com`);

function scopeOf(subject: Subject, projectId: string): TokenScope {
  if (!subject.scope) return UNRESTRICTED_SCOPE;
  return { actions: subject.scope.actions, projects: subject.scope.ownProjectOnly ? [projectId] : ['proj-0000000000000000'] };
}

/**
 * How the policy analyzer is told about a subject. Every subject of the table can be described:
 * the suspension is read from the stored user, a token's scope is the case's grant, the group
 * member's groups come from a sign-in with its groups claim, and the project's own default role is
 * read from the stored project. So every (subject, route) case is compared, none is left out.
 */
function callerOf(subject: Subject, userId: string, projectId: string): AnalyzedCaller {
  // Everyone may create projects (SERVICE_PROJECT_CREATORS defaults to *); the deployment has no default role.
  const entitlements: Entitlement[] = subject.name === 'super admin' ? ['super-admin', 'project-creator'] : ['project-creator'];
  return {
    id: userId,
    email: emailOf(subject),
    entitlements,
    ...(subject.name === 'group member' ? { groups: ['fixture-group'] } : {}),
    grant: scopeOf(subject, projectId),
  };
}

describe('project-scoped routes against every kind of subject, and the policy analyzer against the routes', () => {
  let t: TestHub;
  let analyst: string;
  const tokens = new Map<string, string>();
  const ids = new Map<string, string>();
  beforeAll(async () => {
    t = await startTestHub({ env: { SERVICE_SUPER_ADMINS: 'root@example.com' } });
    analyst = await t.tokenFor('analyst@example.com', { superAdmin: true });
    for (const subject of SUBJECTS) {
      const email = emailOf(subject);
      // The group member's role comes only from the identity provider's groups claim.
      const user =
        subject.name === 'group member'
          ? await t.hub.services.users.upsertFromLogin({ subject: 'idp#group-member', email, name: null, picture_url: null, groups: ['fixture-group'] })
          : await t.hub.services.users.ensureByEmail(email, { name: subject.name, superAdmin: false }, 'test');
      ids.set(subject.name, user.id);
    }
    for (const subject of SUBJECTS.filter((candidate) => !candidate.scope)) tokens.set(subject.name, await t.tokenFor(emailOf(subject)));
    // Suspended from here on: its token says USER_SUSPENDED, and the analyzer reads the suspension from the user.
    for (const subject of SUBJECTS.filter((candidate) => candidate.suspended)) await t.hub.services.users.setSuspended(ids.get(subject.name)!, true, 'test');
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
    const { id: importId } = await t.hub.services.imports.upload(project.id, Buffer.from(smallNotebookZip()), actor.id);
    return { projectId: project.id, routeFixture: { viewerId: ids.get('viewer')!, notebookId: notebook.id, versionId: version.version_id, notebookCode, workspaceFile, importId } };
  }

  async function tokenOf(subject: Subject, projectId: string): Promise<string> {
    return tokens.get(subject.name) ?? t.tokenFor(emailOf(subject), { scope: scopeOf(subject, projectId) });
  }

  const routes: RouteCase[] = projectRouteTable();
  for (const route of routes) {
    describe(`${route.method} ${route.path} (${route.action})`, () => {
      const prepared = new Map<string, { projectId: string; routeFixture: RouteFixture; presentation: Presentation | undefined }>();
      // A fixture per subject, all asked of the analyzer in one suite before any route changes them.
      beforeAll(async () => {
        for (const subject of SUBJECTS) prepared.set(subject.name, { ...(await fixture(subject.name)), presentation: undefined });
        const requests = SUBJECTS.map((subject) => {
          const { projectId, routeFixture } = prepared.get(subject.name)!;
          return {
            id: subject.name,
            caller: callerOf(subject, ids.get(subject.name)!, projectId),
            action: route.action,
            projectId,
            ...(route.path.includes(':nid') ? { notebookId: routeFixture.notebookId } : {}),
            allowed: expectedStatus(subject, route.action) === 200,
          };
        });
        const presentations = await analyze(t, analyst, requests);
        for (const [name, entry] of prepared) entry.presentation = presentations.get(name);
      });

      for (const subject of SUBJECTS) {
        it(subject.name, async () => {
          const { projectId, routeFixture, presentation } = prepared.get(subject.name)!;
          const token = await tokenOf(subject, projectId);
          const response = await t.call(route.url(projectId, routeFixture), {
            method: route.method,
            token,
            ...(route.body ? { body: route.body(routeFixture) } : {}),
            ...(route.headers ? { headers: route.headers } : {}),
          });
          const expected = expectedStatus(subject, route.action);
          const ok = expected === 200 ? [200, 201] : [expected];
          expect(ok, `${subject.name}: ${response.status} ${response.text.slice(0, 200)}`).toContain(response.status);
          if (expected === 404) expect(response.json.error.code).toBe('NOT_FOUND');
          if (expected === 403) expect(response.json.error.code).toBe(subject.suspended ? 'USER_SUSPENDED' : 'FORBIDDEN');
          if (expected === 404) expect(response.text).not.toContain('fixture for');
          expect(presentation, 'the analyzer decided this case').toBeDefined();
          expect(STATUSES_OF[presentation!], `the analyzer presents ${presentation}, the route answered ${response.status}`).toContain(response.status);
        });
      }
    });
  }
});
