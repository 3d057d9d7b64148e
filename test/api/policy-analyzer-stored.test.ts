import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newSessionId } from '../../service/src/core/ids.js';
import type { PolicyAction } from '../../service/src/core/policy/actions.js';
import type { SecurityLabels } from '../../service/src/core/policy/security-labels.js';
import type { SessionRecord } from '../../service/src/core/sessions/session-model.js';
import { authorization, context, suite, type Json } from '../support/policy-suites.js';
import { STATUSES_OF } from '../support/route-analyzer.js';
import { startTestHub, type TestHub } from '../support/test-hub.js';

type Person = 'owner' | 'viewer' | 'editor' | 'other editor' | 'manager' | 'outsider';

/** A question for the analyzer about stored things, and the route that answers the same question. */
interface Check {
  id: string;
  who: Person;
  action: PolicyAction;
  resource: Json;
  /** The caller's context; none, like the tokens the routes are called with. */
  context?: Json;
  /** The request whose status must match the presentation (none when a token cannot carry the context). */
  route: { method: 'GET' | 'PATCH'; path: string } | null;
  presentation: 'allowed' | 'forbidden' | 'not-found';
  category?: string;
  /** The code of the failed trace step. */
  failedAt?: string;
}

/** A session record as a finished session leaves it: no sandbox is needed to decide who may reach it. */
function finishedSession(projectId: string, notebookId: string, userId: string, mode: 'edit' | 'app'): SessionRecord {
  const id = newSessionId();
  const at = new Date().toISOString();
  return {
    schema_version: 1,
    id,
    project_id: projectId,
    notebook_id: notebookId,
    mode,
    user_id: userId,
    ephemeral: false,
    editor_sandbox_sharing: 'exclusive',
    state: 'stopped',
    phase: 'ready',
    client: 'cli',
    base_version_id: 'ver-0000000000000000',
    saved_code_hash: null,
    last_saved_at: null,
    entry_file: 'notebook.py',
    image: null,
    compute_profile: 'default',
    sandbox: null,
    endpoint: null,
    warm: false,
    secret: 'never-used',
    runtime_env: {},
    base_url: `/s/${id}`,
    created_at: at,
    started_at: at,
    stopping_since: null,
    stopped_at: at,
    last_activity_at: at,
    connected_until: null,
    expires_at: at,
    hard_stop_at: at,
    stop_reason: 'user',
    failure: null,
    sandbox_released: true,
    marimo_session_ids: [],
  };
}

describe('policy analyzer on stored notebooks and sessions', () => {
  let t: TestHub;
  let admin: string;
  const people = new Map<Person, { id: string; email: string; token: string }>();
  let projectId: string;
  const notebooks: Record<'plain' | 'labelled' | 'deleted' | 'foreign', string> = { plain: '', labelled: '', deleted: '', foreign: '' };
  const sessions: Record<'edit' | 'app' | 'orphan' | 'foreign', string> = { edit: '', app: '', orphan: '', foreign: '' };

  beforeAll(async () => {
    t = await startTestHub({ env: { SERVICE_CLASSIFICATION_ORDER: 'public,internal,secret' } });
    admin = await t.tokenFor('root@example.com', { superAdmin: true });
    const services = t.hub.services;
    for (const who of ['owner', 'viewer', 'editor', 'other editor', 'manager', 'outsider'] as const) {
      const email = `${who.replace(' ', '-')}@example.com`;
      const token = await t.tokenFor(email);
      people.set(who, { id: (await services.users.findByEmail(email))!.id, email, token });
    }
    const owner = people.get('owner')!;
    const project = await services.projects.create({ name: 'Stored' }, owner);
    const elsewhere = await services.projects.create({ name: 'Elsewhere' }, owner);
    projectId = project.id;
    for (const [who, role] of [
      ['viewer', 'viewer'],
      ['editor', 'editor'],
      ['other editor', 'editor'],
      ['manager', 'manager'],
    ] as const) {
      await services.projects.addMember(project.id, { user_id: people.get(who)!.id }, role, owner);
    }
    const create = async (inProject: { id: string; name: string }, title: string, security_labels: SecurityLabels | null = null) =>
      (await services.notebooks.create(inProject.id, inProject.name, { title, security_labels }, owner)).notebook.id;
    notebooks.plain = await create(project, 'plain');
    notebooks.labelled = await create(project, 'labelled', { classification: 'secret', compartments: ['finance'] });
    notebooks.deleted = await create(project, 'deleted');
    notebooks.foreign = await create(elsewhere, 'foreign');
    const store = async (record: SessionRecord) => (await services.sessionStore.create(record)).id;
    sessions.edit = await store(finishedSession(project.id, notebooks.plain, people.get('editor')!.id, 'edit'));
    sessions.app = await store(finishedSession(project.id, notebooks.labelled, people.get('editor')!.id, 'app'));
    sessions.orphan = await store(finishedSession(project.id, notebooks.deleted, people.get('editor')!.id, 'app'));
    sessions.foreign = await store(finishedSession(elsewhere.id, notebooks.foreign, owner.id, 'app'));
    await services.notebooks.delete(project.id, project.name, notebooks.deleted, owner);
  });
  afterAll(() => t.close());

  /** Runs every check in one suite, then each route, and compares. */
  async function compare(checks: Check[]): Promise<void> {
    const cases = checks.map((check) => {
      const person = people.get(check.who)!;
      const stage = {
        subject: { id: person.id, email: person.email, entitlement_source: 'explicit' },
        action: check.action,
        resource: check.resource,
        ...(check.context ? { context: check.context } : {}),
      };
      return { id: check.id, name: check.id, authorization: authorization({ ...stage, expected: { allowed: check.presentation === 'allowed' } }) };
    });
    const response = await t.call('/api/v1/admin/policy/analyzer/run', { method: 'POST', token: admin, body: suite(cases) });
    expect(response.status, response.text).toBe(200);
    for (const [index, check] of checks.entries()) {
      const result = response.json.data.cases[index];
      expect(result, check.id).toMatchObject({ id: check.id, valid: true, errors: [] });
      expect(result.authorization.presentation, check.id).toBe(check.presentation);
      if (check.category) expect(result.authorization.decision.category, check.id).toBe(check.category);
      if (check.failedAt) expect(result.authorization.trace, check.id).toContainEqual(expect.objectContaining({ status: 'failed', code: check.failedAt }));
      if (!check.route) continue;
      const answered = await t.call(check.route.path, {
        method: check.route.method,
        token: people.get(check.who)!.token,
        ...(check.route.method === 'PATCH' ? { body: { title: 'renamed' } } : {}),
      });
      expect(STATUSES_OF[check.presentation], `${check.id}: the route answered ${answered.status}`).toContain(answered.status);
    }
  }

  it('reads a stored notebook: its labels count, and one the project does not hold is not found', async () => {
    const notebook = (id: string) => ({ source: 'stored', kind: 'project', project_id: projectId, notebook_id: id });
    const read = (id: string) => ({ method: 'GET' as const, path: `/api/v1/projects/${projectId}/notebooks/${id}` });
    const write = (id: string) => ({ method: 'PATCH' as const, path: `/api/v1/projects/${projectId}/notebooks/${id}` });
    const missing = 'nb-zzzzzzzzzzzzzzzz';
    await compare([
      { id: 'viewer reads', who: 'viewer', action: 'project.read', resource: notebook(notebooks.plain), route: read(notebooks.plain), presentation: 'allowed' },
      {
        id: 'viewer writes',
        who: 'viewer',
        action: 'notebook.write',
        resource: notebook(notebooks.plain),
        route: write(notebooks.plain),
        presentation: 'forbidden',
        category: 'role',
      },
      {
        id: 'uncleared',
        who: 'viewer',
        action: 'project.read',
        resource: notebook(notebooks.labelled),
        route: read(notebooks.labelled),
        presentation: 'not-found',
        category: 'constraint',
      },
      {
        id: 'cleared',
        who: 'viewer',
        action: 'project.read',
        resource: notebook(notebooks.labelled),
        context: context('secret', ['finance']),
        route: null,
        presentation: 'allowed',
      },
      {
        id: 'missing',
        who: 'viewer',
        action: 'project.read',
        resource: notebook(missing),
        route: read(missing),
        presentation: 'not-found',
        category: 'visibility',
        failedAt: 'lifecycle.notebook_missing',
      },
      // The notebook's absence is weighed before the role: a viewer learns nothing more from a write.
      {
        id: 'missing write',
        who: 'viewer',
        action: 'notebook.write',
        resource: notebook(missing),
        route: write(missing),
        presentation: 'not-found',
        failedAt: 'lifecycle.notebook_missing',
      },
      {
        id: 'deleted',
        who: 'editor',
        action: 'notebook.write',
        resource: notebook(notebooks.deleted),
        route: write(notebooks.deleted),
        presentation: 'not-found',
        failedAt: 'lifecycle.notebook_missing',
      },
      {
        id: 'foreign',
        who: 'owner',
        action: 'project.read',
        resource: notebook(notebooks.foreign),
        route: read(notebooks.foreign),
        presentation: 'not-found',
        failedAt: 'lifecycle.notebook_missing',
      },
      // The project comes first: an outsider is refused the project, whatever notebook is named.
      {
        id: 'outsider',
        who: 'outsider',
        action: 'project.read',
        resource: notebook(missing),
        route: read(missing),
        presentation: 'not-found',
        failedAt: 'role.none',
      },
      {
        id: 'manager writes',
        who: 'manager',
        action: 'notebook.write',
        resource: notebook(notebooks.plain),
        route: write(notebooks.plain),
        presentation: 'allowed',
      },
    ]);
  });

  it("reads a stored session: its owner and mode, and its notebook's labels", async () => {
    const session = (id: string) => ({ source: 'stored', kind: 'session', project_id: projectId, session_id: id });
    const attach = (id: string) => ({ method: 'GET' as const, path: `/api/v1/projects/${projectId}/sessions/${id}` });
    const missing = 'ses-zzzzzzzzzzzzzzzz';
    await compare([
      {
        id: 'owner attaches',
        who: 'editor',
        action: 'session.attach',
        resource: session(sessions.edit),
        route: attach(sessions.edit),
        presentation: 'allowed',
      },
      {
        id: 'exclusive',
        who: 'other editor',
        action: 'session.attach',
        resource: session(sessions.edit),
        route: attach(sessions.edit),
        presentation: 'not-found',
        failedAt: 'session.exclusive',
      },
      {
        id: 'viewer into edit',
        who: 'viewer',
        action: 'session.attach',
        resource: session(sessions.edit),
        route: attach(sessions.edit),
        presentation: 'not-found',
        failedAt: 'session.edit_needs_editor',
      },
      { id: 'manager stops', who: 'manager', action: 'session.stop', resource: session(sessions.edit), route: null, presentation: 'allowed' },
      {
        id: 'other stops',
        who: 'other editor',
        action: 'session.stop',
        resource: session(sessions.edit),
        route: null,
        presentation: 'forbidden',
        failedAt: 'session.not_owner',
      },
      {
        id: 'uncleared app',
        who: 'viewer',
        action: 'session.attach',
        resource: session(sessions.app),
        route: attach(sessions.app),
        presentation: 'not-found',
        category: 'constraint',
      },
      {
        id: 'cleared app',
        who: 'viewer',
        action: 'session.attach',
        resource: session(sessions.app),
        context: context('secret', ['finance']),
        route: null,
        presentation: 'allowed',
      },
      { id: 'orphan', who: 'viewer', action: 'session.attach', resource: session(sessions.orphan), route: attach(sessions.orphan), presentation: 'allowed' },
      {
        id: 'missing',
        who: 'viewer',
        action: 'session.attach',
        resource: session(missing),
        route: attach(missing),
        presentation: 'not-found',
        category: 'visibility',
        failedAt: 'lifecycle.session_missing',
      },
      // A missing session is not found even for an action whose role denial would be forbidden.
      {
        id: 'missing stop',
        who: 'viewer',
        action: 'session.stop',
        resource: session(missing),
        route: null,
        presentation: 'not-found',
        failedAt: 'lifecycle.session_missing',
      },
      {
        id: 'foreign',
        who: 'owner',
        action: 'session.attach',
        resource: session(sessions.foreign),
        route: attach(sessions.foreign),
        presentation: 'not-found',
        failedAt: 'lifecycle.session_missing',
      },
      {
        id: 'outsider',
        who: 'outsider',
        action: 'session.attach',
        resource: session(sessions.edit),
        route: attach(sessions.edit),
        presentation: 'not-found',
        failedAt: 'role.none',
      },
    ]);
  });
});
