import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAlertReceiver, type AlertReceiver } from '../support/alert-receiver.js';
import { projectRouteTable } from '../support/project-routes.js';
import { checkRoute, projectWithSubjects, routeFixture, subjectUsers, type AccessRun } from '../support/route-access.js';
import { analyzeRoute, callerOf, SUPER_ADMIN_EMAIL, type Subject } from '../support/route-analyzer.js';
import { startTestHub, type TestHub } from '../support/test-hub.js';

/** The people of these projects: the owner, and a user invited as viewer. */
const OWNER: Subject = { name: 'admin (owner)', role: 'admin' };
const VIEWER_MEMBER: Subject = { name: 'viewer', role: 'viewer' };

/**
 * Who asks, on a hub whose SERVICE_DEFAULT_ROLE is editor: in a project without its own default
 * role the deployment's applies, to non-members and (as the higher role) to a viewer member; a
 * project's own default role replaces the deployment's even when lower.
 */
const CASES: { label: string; projectDefault: 'viewer' | null; subject: Subject }[] = [
  { label: 'non-member, deployment default editor', projectDefault: null, subject: { name: 'non-member', role: 'editor', outsider: true } },
  { label: 'viewer member, deployment default editor', projectDefault: null, subject: { ...VIEWER_MEMBER, role: 'editor' } },
  { label: 'non-member, project default viewer', projectDefault: 'viewer', subject: { name: 'non-member', role: 'viewer', outsider: true } },
  { label: 'viewer member, project default viewer', projectDefault: 'viewer', subject: VIEWER_MEMBER },
];

/** Representative routes: reading, notebook writes and management, project management. */
const ROUTES = projectRouteTable().filter((route) =>
  [
    'GET /api/v1/projects/:pid',
    'PATCH /api/v1/projects/:pid',
    'POST /api/v1/projects/:pid/members',
    'GET /api/v1/projects/:pid/events',
    'POST /api/v1/projects/:pid/notebooks',
    'PATCH /api/v1/projects/:pid/notebooks/:nid',
    'DELETE /api/v1/projects/:pid/notebooks/:nid',
  ].includes(route.name),
);

describe('the deployment default role (SERVICE_DEFAULT_ROLE) at the routes', () => {
  let t: TestHub;
  let receiver: AlertReceiver;
  let run: AccessRun;
  beforeAll(async () => {
    receiver = await startAlertReceiver();
    t = await startTestHub({ env: { SERVICE_DEFAULT_ROLE: 'editor', SERVICE_SUPER_ADMINS: SUPER_ADMIN_EMAIL, SERVICE_ALERT_ALLOW_HTTP: 'true' } });
    const analyst = await t.tokenFor('analyst@example.com', { superAdmin: true });
    run = { t, analyst, ...(await subjectUsers(t, [OWNER, VIEWER_MEMBER, CASES[0]!.subject])) };
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  async function fixture(label: string, projectDefault: 'viewer' | null) {
    const { project, actor } = await projectWithSubjects(t, run.ids, `fixture for ${label}`, projectDefault, [OWNER, VIEWER_MEMBER]);
    return { projectId: project.id, routeFixture: await routeFixture(t, project, actor, run.ids.get('viewer')!, receiver.url('/default-role')) };
  }

  it('covers the routes it names', () => {
    expect(ROUTES).toHaveLength(7);
  });

  it('gives each subject the expected your_role', async () => {
    for (const { label, projectDefault, subject } of CASES) {
      const { projectId } = await fixture(label, projectDefault);
      const read = await t.call(`/api/v1/projects/${projectId}`, { token: await run.token(subject, projectId) });
      expect(read.json.data?.your_role, `${label}: ${read.text.slice(0, 200)}`).toBe(subject.role);
    }
  });

  for (const route of ROUTES) {
    describe(`${route.name} (${route.action})`, () => {
      for (const { label, projectDefault, subject } of CASES) {
        it(label, async () => {
          const { projectId, routeFixture: routeFix } = await fixture(label, projectDefault);
          const caller = callerOf(subject, run.ids.get(subject.name)!, projectId, ['default-role:editor']);
          const decided = await analyzeRoute(t, run.analyst, route, [
            { subject, caller, projectId, ...(route.path.includes(':nid') ? { notebookId: routeFix.notebookId } : {}) },
          ]);
          await checkRoute(run, route, subject, projectId, routeFix, decided.get(subject.name));
        });
      }
    });
  }
});
