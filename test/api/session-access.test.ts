import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_TARGETS, sessionRouteTable, type SessionFixture } from '../support/project-routes.js';
import { checkRoute, projectWithSubjects, subjectUsers, type AccessRun } from '../support/route-access.js';
import { analyzeRoute, callerOf, SUBJECTS, SUPER_ADMIN_EMAIL, type Presentation, type Subject } from '../support/route-analyzer.js';
import { closeSessionHub, sandboxRuntime } from '../support/session-world.js';
import { startTestHub, type TestHub } from '../support/test-hub.js';

type World = 'members' | 'open';

/**
 * The session routes of the access table, run with real marimo sessions on the local driver. The
 * sessions are shared by every subject (starting one per case would take minutes): one project
 * holds the members, another lets every signed-in user in by its default role, and each runs an
 * edit session of its editor and an app session of its viewer. Stopping and reclaiming come last.
 */
describe.skipIf(sandboxRuntime === null)('session routes and the proxy against every kind of subject, with real sessions', () => {
  let t: TestHub | undefined;
  let run: AccessRun;
  const worlds = new Map<World, { projectId: string; fixture: SessionFixture }>();
  const worldOf = (subject: Subject): World => (subject.outsider && subject.role ? 'open' : 'members');
  const named = (name: string) => SUBJECTS.find((subject) => subject.name === name)!;

  beforeAll(async () => {
    t = await startTestHub({
      env: {
        SERVICE_SANDBOX_RUNTIME_DIR: sandboxRuntime!.runtimeDir,
        SERVICE_RUN_MAINTENANCE: 'false',
        SERVICE_SUPER_ADMINS: SUPER_ADMIN_EMAIL,
        SERVICE_AUTOMATIC_THUMBNAILS: 'false',
      },
    });
    const hub = t;
    run = { t: hub, analyst: await hub.tokenFor('analyst@example.com', { superAdmin: true }), ...(await subjectUsers(hub)) };
    const start = async (projectId: string, notebookId: string, mode: 'edit' | 'app') => {
      const token = await run.token(named(SESSION_TARGETS[mode].owner), projectId);
      const started = await hub.call(`/api/v1/projects/${projectId}/sessions`, { method: 'POST', token, body: { notebook_id: notebookId, mode, wait: true } });
      if (started.status !== 201 || started.json.data.state !== 'running') throw new Error(`starting the ${mode} session: ${started.status} ${started.text}`);
      return started.json.data.id as string;
    };
    for (const world of ['members', 'open'] as const) {
      const { project, actor } = await projectWithSubjects(hub, run.ids, `fixture for ${world}`, world === 'open' ? 'viewer' : null);
      const { notebook } = await hub.hub.services.notebooks.create(project.id, project.name, { title: 'live' }, actor);
      const [edit, app] = await Promise.all([start(project.id, notebook.id, 'edit'), start(project.id, notebook.id, 'app')]);
      worlds.set(world, { projectId: project.id, fixture: { notebookId: notebook.id, sessions: { edit, app } } });
    }
  }, 300_000);
  afterAll(async () => {
    if (t) await closeSessionHub(t);
  });

  /** What an editor does in marimo before saving: the notebook file in the sandbox changes. */
  async function changeNotebook(projectId: string, sessionId: string, by: Subject): Promise<void> {
    const { sessionStore, sandboxes } = t!.hub.services;
    const record = (await sessionStore.get(projectId, sessionId))!;
    const code = (await sandboxes.readFile(record.sandbox!.id, record.entry_file)).toString('utf8');
    await sandboxes.writeFile(record.sandbox!.id, record.entry_file, `${code}\n# changed before ${by.name} saves\n`);
  }

  it('audited the starts the shared sessions came from', async () => {
    for (const [world, { projectId, fixture }] of worlds) {
      const events = (await t!.call(`/api/v1/projects/${projectId}/events`, { token: run.analyst })).json.data as {
        event: string;
        actor: string;
        metadata: { session_id: string };
      }[];
      for (const mode of ['edit', 'app'] as const) {
        const by = run.ids.get(SESSION_TARGETS[mode].owner);
        expect(events, `${world} ${mode}`).toContainEqual(
          expect.objectContaining({ event: 'session.start', actor: by, metadata: expect.objectContaining({ session_id: fixture.sessions[mode] }) }),
        );
      }
    }
  });

  it('redirects /s/<sid> to its page for anyone, so the redirect tells nothing about the session', async () => {
    const { fixture } = worlds.get('members')!;
    const outsider = named('non-member');
    const token = await run.token(outsider, worlds.get('members')!.projectId);
    for (const sid of [fixture.sessions.edit, 'ses-0000000000000000']) {
      const response = await t!.call(`/s/${sid}`, { token });
      expect(response.status).toBe(308);
      expect(response.headers.get('location')).toBe(`/s/${sid}/`);
    }
    // The page itself is decided: hidden from the outsider whether the session exists or not.
    expect((await t!.call(`/s/${fixture.sessions.edit}/`, { token })).status).toBe(404);
    expect((await t!.call('/s/ses-0000000000000000/', { token })).status).toBe(404);
  });

  for (const route of sessionRouteTable()) {
    describe(`${route.name} (${route.action})`, () => {
      const presentations = new Map<string, Presentation | undefined>();
      beforeAll(async () => {
        const requests = SUBJECTS.map((subject) => {
          const { projectId, fixture } = worlds.get(worldOf(subject))!;
          return {
            subject,
            caller: callerOf(subject, run.ids.get(subject.name)!, projectId),
            projectId,
            ...(route.action === 'session.start' ? { notebookId: fixture.notebookId } : {}),
            ...(route.session ? { sessionId: fixture.sessions[route.session.mode] } : {}),
          };
        });
        const decided = await analyzeRoute(t!, run.analyst, route, requests);
        for (const subject of SUBJECTS) presentations.set(subject.name, decided.get(subject.name));
      });

      for (const subject of SUBJECTS) {
        it(subject.name, async () => {
          const { projectId, fixture } = worlds.get(worldOf(subject))!;
          if (route.path.endsWith('/save')) await changeNotebook(projectId, fixture.sessions.edit, subject);
          await checkRoute(run, route, subject, projectId, fixture, presentations.get(subject.name));
        });
      }
    });
  }

  it("leaves the members' sessions stopped by the table, their sandboxes released", async () => {
    const { projectId, fixture } = worlds.get('members')!;
    for (const sid of Object.values(fixture.sessions)) {
      expect(await t!.hub.services.sessionStore.get(projectId, sid)).toMatchObject({ state: 'stopped', stop_reason: 'user', sandbox_released: true });
    }
  });
});
