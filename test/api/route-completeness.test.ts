import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PolicyAction } from '../../service/src/core/policy/actions.js';
import { POLICY_TABLE } from '../../service/src/core/policy/table.js';
import { projectRouteTable, sessionRouteTable, type RouteCase } from '../support/project-routes.js';
import { HIDDEN_WHEN_REFUSED, MINIMUM, SUPER_ADMIN_ACTIONS } from '../support/route-analyzer.js';
import { registeredRoutes, startTestHub, type TestHub } from '../support/test-hub.js';

/** Routes that must be in the access table: everything naming a project by id, and the session proxy. */
const mustBeInTable = (path: string) => path.includes('/projects/:') || path.startsWith('/s/');

/** Registered routes the table leaves out on purpose, and why. */
const EXEMPT: Readonly<Record<string, string>> = {
  'GET /s/:': 'answers every caller the same redirect to /s/<sid>/, whatever the session (session-access.test.ts checks it)',
  // The table's hub runs no VS Code or OpenCode; session-surfaces.test.ts checks session.surface per role with the real programs.
  'GET /api/v1/projects/:/sessions/:/surfaces': 'session.surface, checked per role in test/e2e/session-surfaces.test.ts',
  'GET /api/v1/projects/:/sessions/:/surfaces/:': 'session.surface, checked per role in test/e2e/session-surfaces.test.ts',
  'POST /api/v1/projects/:/sessions/:/surfaces/:': 'session.surface, checked per role in test/e2e/session-surfaces.test.ts',
  'DELETE /api/v1/projects/:/sessions/:/surfaces/:': 'session.surface, checked per role in test/e2e/session-surfaces.test.ts',
  // Stopping through the sync API would end the table's shared sessions before the REST stop rows run.
  'POST /api/v1/sync/projects/:/sessions/:/stop': 'session.stop through SessionUseCases.stop, checked in test/e2e/remotes-two-hubs-compute.test.ts',
};

/** Method and path with parameter names and query strings left out: what tells two routes apart. */
const keyOf = (method: string, path: string) => `${method} ${path.split('?')[0]!.replaceAll(/:[A-Za-z_]+/g, ':')}`;

function tableKeys(table: readonly RouteCase<unknown>[]): Set<string> {
  const keys = new Set<string>();
  for (const route of table) for (const method of [route.method, ...(route.alsoServes ?? [])]) keys.add(keyOf(method, route.path));
  return keys;
}

const TABLE: readonly RouteCase<unknown>[] = [...projectRouteTable(), ...sessionRouteTable()] as RouteCase<unknown>[];

/** Registered routes that must be in the table and are neither in it nor exempt. */
function forgotten(t: TestHub): string[] {
  const inTable = tableKeys(TABLE);
  return registeredRoutes(t.hub.app)
    .filter(({ path }) => mustBeInTable(path))
    .map(({ method, path }) => keyOf(method, path))
    .filter((key) => !inTable.has(key) && !(key in EXEMPT));
}

describe('the access table covers every project-scoped route', () => {
  let t: TestHub;
  let extended: TestHub;
  beforeAll(async () => {
    t = await startTestHub();
    // A hub with one more project route, as a new feature would add it.
    extended = await startTestHub({ routes: [(app) => app.post('/api/v1/projects/:pid/notebooks/:nid/forgotten', async () => ({ success: true }))] });
  });
  afterAll(async () => {
    await t?.close();
    await extended?.close();
  });

  it('has a row for every route under /api/v1/projects/:pid, the admin routes naming a project, and /s/', () => {
    const registered = registeredRoutes(t.hub.app);
    // The tree was read: the routes it must hold are there.
    expect(registered).toContainEqual({ method: 'POST', path: '/api/v1/projects/:pid/sessions/:sid/stop' });
    expect(registered).toContainEqual({ method: 'GET', path: '/s/:sid/*' });
    expect(forgotten(t)).toEqual([]);
  });

  it('fails for a route added without a row', () => {
    expect(forgotten(extended)).toEqual(['POST /api/v1/projects/:/notebooks/:/forgotten']);
  });

  it('has no row or exemption for a route that does not exist', () => {
    const registered = new Set(registeredRoutes(t.hub.app).map(({ method, path }) => keyOf(method, path)));
    expect([...tableKeys(TABLE)].filter((key) => !registered.has(key))).toEqual([]);
    expect(Object.keys(EXEMPT).filter((key) => !registered.has(key))).toEqual([]);
  });

  it('says for every change what it writes to the audit log, or why nothing', () => {
    const silent = TABLE.filter((route) => route.method !== 'GET' && !route.audit).map((route) => route.name);
    expect(silent).toEqual([]);
    for (const route of TABLE.filter((candidate) => candidate.audit && 'none' in candidate.audit)) expect(route.method).not.toBe('GET');
  });

  it('restates the policy table for every action a route performs', () => {
    const actions = new Set<PolicyAction>(TABLE.flatMap((route) => [route.action, ...(route.then ? [route.then] : [])]));
    for (const action of actions) {
      const policy = POLICY_TABLE[action];
      if (SUPER_ADMIN_ACTIONS.has(action)) {
        expect(policy, action).toMatchObject({ scope: 'deployment', requires_super_admin: true });
        continue;
      }
      expect(MINIMUM[action], `${action} has no minimum role in MINIMUM`).toBeDefined();
      expect(policy.minimum_role, action).toBe(MINIMUM[action]);
      expect(policy.denied_as, action).toBe(HIDDEN_WHEN_REFUSED.has(action) ? 'not-found' : 'forbidden');
    }
  });
});
