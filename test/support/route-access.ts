/*
 * Running the route tables of project-routes.ts: the subjects' users and tokens, a fixture project
 * per case, and the check of one route's answer, audit and presentation for one subject.
 */
import { expect } from 'vitest';
import type { ProjectRevision } from '../../service/src/core/projects/project-records.js';
import { smallNotebookZip } from './notebook-folders.js';
import { emailOf, expectedPresentation, scopeOf, STATUSES_OF, SUBJECTS, type Presentation, type Subject } from './route-analyzer.js';
import type { TestHub } from './test-hub.js';
import { JobRecords } from '../../service/src/features/jobs/core/job-records.js';
import { EnvironmentRecords } from '../../service/src/features/environments/core/environment-records.js';
import { sha256Hex } from '../../service/src/core/workspace/workspace-store.js';

import { FIXTURE_SECRET, type RouteCase, type RouteFixture } from './project-routes.js';

/** Makes the users of the subjects (the suspended one suspended once its token exists) and hands out their tokens. */
export async function subjectUsers(
  t: TestHub,
  subjects: readonly Subject[] = SUBJECTS,
): Promise<{ ids: Map<string, string>; token(subject: Subject, projectId: string): Promise<string> }> {
  const ids = new Map<string, string>();
  const tokens = new Map<string, string>();
  for (const subject of subjects) {
    const email = emailOf(subject);
    // A group member's role comes only from the identity provider's groups claim.
    const user = subject.groups
      ? await t.hub.services.users.upsertFromLogin({ subject: `idp#${subject.name}`, email, name: null, picture_url: null, groups: subject.groups })
      : await t.hub.services.users.ensureByEmail(email, { name: subject.name, superAdmin: false }, 'test');
    ids.set(subject.name, user.id);
  }
  for (const subject of subjects.filter((candidate) => !candidate.scope)) tokens.set(subject.name, await t.tokenFor(emailOf(subject)));
  for (const subject of subjects.filter((candidate) => candidate.suspended)) await t.hub.services.users.setSuspended(ids.get(subject.name)!, true, 'test');
  return { ids, token: async (subject, projectId) => tokens.get(subject.name) ?? t.tokenFor(emailOf(subject), { scope: scopeOf(subject, projectId) }) };
}

/**
 * A project of the owner subject ('admin (owner)') with every member subject in its role and the
 * group `fixture-group` as viewer; `defaultRole` lets every signed-in user in.
 */
export async function projectWithSubjects(
  t: TestHub,
  ids: ReadonlyMap<string, string>,
  name: string,
  defaultRole: 'viewer' | 'editor' | 'manager' | null,
  subjects: readonly Subject[] = SUBJECTS,
): Promise<{ project: ProjectRevision; actor: { id: string; email: string } }> {
  const { projects, users } = t.hub.services;
  const owner = (await users.get(ids.get('admin (owner)')!))!;
  const actor = { id: owner.id, email: owner.email };
  const project = await projects.create({ name, ...(defaultRole ? { default_role: defaultRole } : {}) }, actor);
  for (const subject of subjects) {
    const role = subject.role;
    if (!role || role === 'admin' || subject.outsider || subject.groups || subject.name === 'super admin') continue;
    await projects.addMember(project.id, { user_id: ids.get(subject.name)! }, role, actor);
  }
  await projects.setGroupMember(project.id, 'fixture-group', 'viewer', 'add', actor);
  return { project, actor };
}

/** A notebook with a snapshot and a workspace file, an unused import and an alert destination in the project. */
export async function routeFixture(
  t: TestHub,
  project: ProjectRevision,
  actor: { id: string; email: string },
  viewerId: string,
  alertUrl: string,
): Promise<RouteFixture> {
  const { notebooks, workspace, imports, alerts } = t.hub.services;
  const { notebook, version } = await notebooks.create(project.id, project.name, { title: 'fixture notebook' }, actor);
  await notebooks.attachSnapshot(project.id, notebook.id, version.version_id, Buffer.from('<p>snapshot</p>'), 'test');
  const notebookCode = await notebooks.code(project.id, notebook.id, version.version_id);
  const workspaceFile = 'data/input file.csv';
  await workspace.upload(notebook, workspaceFile, Buffer.from('a,b\n'), actor.id);
  const workspaceManifestId = (await workspace.manifest(notebook)).id;
  const { id: importId } = await imports.upload(project.id, Buffer.from(smallNotebookZip()), actor.id);
  const destination = await alerts.create(
    project.id,
    { type: 'webhook', name: 'fixture hook', kinds: ['project.deleted'], url: alertUrl, signing_secret: 'fixture-signing-secret' },
    actor.id,
  );
  await t.hub.services.projectSecrets.create(project.id, { name: FIXTURE_SECRET, source: 'stored', value: 'fixture secret value' }, actor.id);
  const integration = await t.hub.services.integrations.create(
    { kind: 'project', projectId: project.id },
    { kind: 'http_api', name: 'Fixture API', config: { base_url: 'https://192.0.2.10/api', auth: 'none' } },
    actor.id,
  );
  const job = await t.hub.services.jobs.create(project.id, notebook.id, { name: 'fixture job' }, actor.id);
  const runId = await finishedRun(t, job.id, project.id, notebook.id, actor.id);
  const queued = await t.hub.services.jobs.trigger(project.id, notebook.id, job.id, {}, actor.id);
  await lockVersion(t, project.id, notebook.id, version.version_id);
  return {
    viewerId,
    notebookId: notebook.id,
    versionId: version.version_id,
    notebookCode,
    workspaceFile,
    workspaceFileBlob: sha256Hex('a,b\n'),
    workspaceManifestId,
    importId,
    alertId: destination.id,
    alertUrl,
    jobId: job.id,
    runId,
    queuedRunId: queued.id,
    integrationId: integration.record.id,
    integrationEtag: integration.etag,
  };
}

/** A lock of the fixture version, as a save with dependencies leaves one where locked environments are on (docs/environments.md). */
async function lockVersion(t: TestHub, projectId: string, notebookId: string, versionId: string): Promise<void> {
  const records = new EnvironmentRecords(t.hub.store);
  const lock = `fixture-package==1.0.0 \\\n    --hash=sha256:${'0'.repeat(64)}\n`;
  await records.putVersion({
    schema_version: 1,
    project_id: projectId,
    notebook_id: notebookId,
    version_id: versionId,
    declaration: '0'.repeat(64),
    status: 'locked',
    locked_at: new Date().toISOString(),
    lock_sha256: await records.putLock(lock),
    environment_id: `env-${'0'.repeat(40)}`,
    target: { implementation: 'cpython', python: '3.11.7', platform: 'linux-x86_64', libc: 'glibc-2.36' },
    packages: [{ name: 'fixture-package', version: '1.0.0' }],
    error: null,
    reused_from: null,
  });
}

/** A run of the job that ended with HTML output and a log, as the scheduler leaves one (no scheduler runs in this hub). */
async function finishedRun(t: TestHub, jobId: string, projectId: string, notebookId: string, actor: string): Promise<string> {
  const run = await t.hub.services.jobs.trigger(projectId, notebookId, jobId, {}, actor);
  const records = new JobRecords(t.hub.store);
  await records.putOutput(run, 'html', Buffer.from('<p>run output</p>'));
  await records.putOutput(run, 'log', Buffer.from('fixture log\n'));
  await records.updateRun(projectId, jobId, run.id, (current) => ({
    ...current,
    state: 'succeeded',
    started_at: current.queued_at,
    finished_at: current.queued_at,
    exit_code: 0,
    output_bytes: 17,
    log_bytes: 12,
  }));
  await records.updateJob(projectId, notebookId, jobId, (current) => ({ ...current, queued_run_ids: current.queued_run_ids.filter((id) => id !== run.id) }));
  return run.id;
}

/** How a table test reaches the hub: the analyst (a super admin) reads audit logs. */
export interface AccessRun {
  t: TestHub;
  analyst: string;
  ids: ReadonlyMap<string, string>;
  token(subject: Subject, projectId: string): Promise<string>;
}

const utcDay = () => new Date().toISOString().slice(0, 10);

/** Entries of `event` by `actor` about the project on these days: its own log, or the deployment's once it is deleted. */
async function auditCount(run: AccessRun, projectId: string, event: string, actor: string, days: readonly string[]): Promise<number> {
  let count = 0;
  for (const day of days) {
    const own = await run.t.call(`/api/v1/projects/${projectId}/events?date=${day}`, { token: run.analyst });
    let entries: { event: string; actor: string }[] = own.status === 200 ? own.json.data : [];
    if (own.status === 404) {
      let cursor: string | null = null;
      do {
        const page = await run.t.call(
          `/api/v1/events?project_id=${projectId}&event=${event}&actor=${actor}&from=${day}&to=${day}${cursor ? `&cursor=${cursor}` : ''}`,
          { token: run.analyst },
        );
        expect(page.status, page.text).toBe(200);
        entries = [...entries, ...page.json.data.items];
        cursor = page.json.data.next_cursor;
      } while (cursor);
    } else {
      expect(own.status, own.text).toBe(200);
    }
    count += entries.filter((entry) => entry.event === event && entry.actor === actor).length;
  }
  return count;
}

const auditedOnce = new WeakSet<object>();

/**
 * Sends the route's request as the subject and checks the answer against what the policy promises
 * (allowed, or the exact 403/404 presentation), the analyzer's presentation against it, and that
 * the audit log gained exactly the route's entry if it succeeded and none otherwise.
 */
export async function checkRoute<F>(
  run: AccessRun,
  route: RouteCase<F>,
  subject: Subject,
  projectId: string,
  fixture: F,
  presentation: Presentation | undefined,
): Promise<void> {
  const token = await run.token(subject, projectId);
  const audit = route.audit && 'event' in route.audit ? route.audit : null;
  const actor = run.ids.get(subject.name)!;
  const firstDay = utcDay();
  const before = audit ? await auditCount(run, projectId, audit.event, actor, [firstDay]) : 0;
  const response = await run.t.call(route.url(projectId, fixture), {
    method: route.method,
    token,
    ...(route.body ? { body: route.body(fixture) } : {}),
    ...(route.headers ? { headers: typeof route.headers === 'function' ? route.headers(fixture) : route.headers } : {}),
  });
  const expected = expectedPresentation(subject, route);
  const answer = expected === 'allowed' ? route.allowedAnswer?.(subject) : undefined;
  expect(answer ? [answer.status] : STATUSES_OF[expected], `${subject.name}: ${response.status} ${response.text.slice(0, 200)}`).toContain(response.status);
  if (answer?.code) expect(response.json.error.code).toBe(answer.code);
  if (expected === 'not-found') {
    expect(response.json.error.code).toBe('NOT_FOUND');
    expect(response.text).not.toContain('fixture for');
  }
  if (expected === 'forbidden') expect(response.json.error.code).toBe(subject.suspended ? 'USER_SUSPENDED' : 'FORBIDDEN');
  expect(presentation, `the analyzer presents ${presentation}, the route answered ${response.status}`).toBe(expected);

  if (audit) {
    const succeeded = response.status >= 200 && response.status < 300;
    const writes = succeeded && !(audit.once && auditedOnce.has(route)) ? 1 : 0;
    if (succeeded) auditedOnce.add(route);
    const after = await auditCount(run, projectId, audit.event, actor, [...new Set([firstDay, utcDay()])]);
    expect(after - before, `${audit.event} entries by ${subject.name} (answered ${response.status})`).toBe(writes);
  }
}
