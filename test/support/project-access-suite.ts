import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAlertReceiver, type AlertReceiver } from './alert-receiver.js';
import { startTestHub, type TestHub } from './test-hub.js';
import { projectRouteTable, type RouteCase, type RouteFixture } from './project-routes.js';
import { checkRoute, projectWithSubjects, routeFixture, subjectUsers, type AccessRun } from './route-access.js';
import { analyzeRoute, callerOf, expectedPresentation, SUBJECTS, SUPER_ADMIN_EMAIL, type Presentation, type Subject } from './route-analyzer.js';

/**
 * The project-scoped routes against every kind of subject, and the policy analyzer against the
 * routes: in `shards` files (test/api/project-access-*.test.ts), each taking every `shards`-th
 * route of the table from `shard` on, so that workers share the table's two minutes.
 */
export function describeProjectAccess(shard: number, shards: number): void {
  describe(`project-scoped routes against every kind of subject, and the policy analyzer against the routes (part ${shard + 1} of ${shards})`, () => {
    let t: TestHub;
    let receiver: AlertReceiver;
    let run: AccessRun;
    beforeAll(async () => {
      receiver = await startAlertReceiver();
      // In memory: every route and subject gets a fresh project, thousands of writes the disk need not sync.
      t = await startTestHub({ env: { SERVICE_STORAGE: 'memory', SERVICE_SUPER_ADMINS: SUPER_ADMIN_EMAIL, SERVICE_ALERT_ALLOW_HTTP: 'true' } });
      const analyst = await t.tokenFor('analyst@example.com', { superAdmin: true });
      run = { t, analyst, ...(await subjectUsers(t)) };
    });
    afterAll(async () => {
      await t?.close();
      await receiver?.close();
    });

    /**
     * A fresh project with the subjects in their roles, so a case that deletes or edits it affects
     * nothing else. The non-member with a default role gets in by the project's `default_role`.
     */
    async function fixture(subject: Subject): Promise<{ projectId: string; routeFixture: RouteFixture }> {
      const defaultRole = subject.outsider && subject.role && subject.role !== 'admin' ? subject.role : null;
      const { project, actor } = await projectWithSubjects(t, run.ids, `fixture for ${subject.name}`, defaultRole);
      return { projectId: project.id, routeFixture: await routeFixture(t, project, actor, run.ids.get('viewer')!, receiver.url('/access')) };
    }

    // The table as a whole, and the changes below, once: in the first part.
    if (shard === 0)
      it('states what the policy promises for every action of the table, and refuses to guess for one it does not know', () => {
        for (const route of projectRouteTable()) for (const subject of SUBJECTS) expect(() => expectedPresentation(subject, route)).not.toThrow();
        expect(() => expectedPresentation(SUBJECTS[0]!, { action: 'session.surface' })).toThrow(/no minimum role restated for session.surface/);
      });

    const routes: RouteCase[] = projectRouteTable().filter((_, index) => index % shards === shard);
    for (const route of routes) {
      describe(`${route.name} (${route.action})`, () => {
        const prepared = new Map<string, { projectId: string; routeFixture: RouteFixture; presentation: Presentation | undefined }>();
        // A fixture per subject, all asked of the analyzer in one suite before any route changes them.
        beforeAll(async () => {
          for (const subject of SUBJECTS) prepared.set(subject.name, { ...(await fixture(subject)), presentation: undefined });
          const requests = SUBJECTS.map((subject) => {
            const { projectId, routeFixture } = prepared.get(subject.name)!;
            return {
              subject,
              caller: callerOf(subject, run.ids.get(subject.name)!, projectId),
              projectId,
              ...(route.path.includes(':nid') ? { notebookId: routeFixture.notebookId } : {}),
            };
          });
          const presentations = await analyzeRoute(t, run.analyst, route, requests);
          for (const [name, entry] of prepared) entry.presentation = presentations.get(name);
        });

        for (const subject of SUBJECTS) {
          it(subject.name, async () => {
            const { projectId, routeFixture, presentation } = prepared.get(subject.name)!;
            await checkRoute(run, route, subject, projectId, routeFixture, presentation);
          });
        }
      });
    }

    if (shard === 0)
      describe('what an allowed change leaves behind', () => {
        it('keeps the tags a manager sets, audited by field', async () => {
          const manager = SUBJECTS.find((subject) => subject.name === 'manager')!;
          const { projectId } = await fixture(manager);
          const token = await run.token(manager, projectId);
          const patched = await t.call(`/api/v1/projects/${projectId}`, { method: 'PATCH', token, body: { tags: ['team:access', 'reviewed'] } });
          expect(patched.status, patched.text).toBe(200);
          expect((await t.call(`/api/v1/projects/${projectId}`, { token })).json.data.tags).toEqual(['team:access', 'reviewed']);
          const events = (await t.call(`/api/v1/projects/${projectId}/events`, { token })).json.data as { event: string; metadata: { fields?: string[] } }[];
          expect(events.find((entry) => entry.event === 'project.update')?.metadata.fields).toEqual(['tags']);
        });

        it('refuses admin as a member or group role: only owners and super admins are admins', async () => {
          const owner = SUBJECTS.find((subject) => subject.name === 'admin (owner)')!;
          const { projectId, routeFixture } = await fixture(owner);
          const token = await run.token(owner, projectId);
          const base = `/api/v1/projects/${projectId}`;
          const attempts = [
            { method: 'POST', path: `${base}/members`, body: { email: 'would-be-admin@example.com', role: 'admin' } },
            { method: 'PATCH', path: `${base}/members/${routeFixture.viewerId}`, body: { role: 'admin' } },
            { method: 'POST', path: `${base}/group-members`, body: { group: 'admins', role: 'admin' } },
            { method: 'PATCH', path: `${base}/group-members/fixture-group`, body: { role: 'admin' } },
          ];
          for (const { method, path, body } of attempts) {
            const refused = await t.call(path, { method, token, body });
            expect(refused.status, `${method} ${path}: ${refused.text}`).toBe(422);
            expect(refused.json.error.code).toBe('VALIDATION_ERROR');
          }
          const project = (await t.call(base, { token })).json.data;
          expect(project.members.filter((member: { role: string }) => member.role === 'admin')).toEqual([
            expect.objectContaining({ user_id: run.ids.get('admin (owner)') }),
          ]);
          expect(project.group_members).toEqual([{ group: 'fixture-group', role: 'viewer' }]);
          const viewer = await t.call(base, {
            token: await run.token(
              SUBJECTS.find((subject) => subject.name === 'viewer')!,
              projectId,
            ),
          });
          expect(viewer.json.data.your_role).toBe('viewer');
        });
      });
  });
}
