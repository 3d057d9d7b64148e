import { smallNotebookZip } from './notebook-folders.js';
import { type PolicyQuestion, type SessionTarget, type Subject } from './route-analyzer.js';
import { sha256Hex } from '../../service/src/core/workspace/workspace-store.js';

/** What a fixture project holds for the route table: a member to change, a notebook and its current version. */
export interface RouteFixture {
  viewerId: string;
  notebookId: string;
  versionId: string;
  notebookCode: string;
  /** A file in the notebook's workspace, its blob, and the workspace's current manifest. */
  workspaceFile: string;
  workspaceFileBlob: string;
  workspaceManifestId: string;
  /** An import of {@link smallNotebookZip} that no notebook was created from yet. */
  importId: string;
  /** An alert destination of the project, and a URL destinations may point at (a real receiver). */
  alertId: string;
  alertUrl: string;
  /** A job of the notebook, one of its runs that finished with output, and one still queued. */
  jobId: string;
  runId: string;
  queuedRunId: string;
  /** An integration of the project and its ETag (what a replace must send as If-Match). */
  integrationId: string;
  integrationEtag: string;
}

/** A project running real sessions: an edit session and an app session of one notebook. */
export interface SessionFixture {
  notebookId: string;
  sessions: Record<'edit' | 'app', string>;
}

/**
 * What a mutation writes to the audit log when it succeeds: one entry with `event` by the caller
 * (`once`: a repeat by someone else finds the work done and writes none), or why it writes none.
 */
export type AuditExpectation = { event: string; once?: true } | { none: string };

export interface RouteCase<F = RouteFixture> extends PolicyQuestion {
  /** Method, path and what sets the case apart. */
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The registered path (parameter names may differ; a query string is not part of it). */
  path: string;
  url(projectId: string, fixture: F): string;
  body?: (fixture: F) => unknown;
  headers?: Record<string, string> | ((fixture: F) => Record<string, string>);
  /** Required of every route that is not a GET. */
  audit?: AuditExpectation;
  /** What an allowed request answers when it is not 200 or 201 (a refusal past the policy). */
  allowedAnswer?: (subject: Subject) => { status: number; code?: string };
  /** Other methods the same handler serves on this path, decided alike (the proxy). */
  alsoServes?: string[];
}

type Extras<F> = Partial<Omit<RouteCase<F>, 'method' | 'path' | 'action' | 'url'>>;

const route = (method: RouteCase['method'], path: string, action: RouteCase['action'], extras: Extras<RouteFixture> = {}): RouteCase => ({
  name: `${method} ${path}`,
  method,
  path: path.split('?')[0]!,
  action,
  url: (projectId, fixture) =>
    path
      .replace(':pid', projectId)
      .replace(':member', fixture.viewerId)
      .replace(':group', 'fixture-group')
      .replace(':nid', fixture.notebookId)
      .replace(':vid', fixture.versionId)
      .replace(':file', encodeURIComponent(fixture.workspaceFile))
      .replace(':mid', fixture.workspaceManifestId)
      .replace(':blob', fixture.workspaceFileBlob)
      .replace(':import', fixture.importId)
      .replace(':alert', fixture.alertId)
      .replace(':jid', fixture.jobId)
      .replace(':rid', fixture.runId)
      .replace(':qrid', fixture.queuedRunId)
      .replace(':iid', fixture.integrationId)
      .replace(':preview', 'prv-0000000000000000')
      .replace(':secret', FIXTURE_SECRET),
  ...extras,
});

const audited = (event: string) => ({ audit: { event } });

/** The project secret every fixture project has (stored, so that reading it needs nothing of the hub's environment). */
export const FIXTURE_SECRET = 'FIXTURE_SECRET';

/** Every project-scoped route that needs no running session, with the action it performs and a valid request for it. */
export function projectRouteTable(): RouteCase[] {
  const project = '/api/v1/projects/:pid';
  const notebook = `${project}/notebooks/:nid`;
  const alert = `${project}/alerts/:alert`;
  return [
    route('GET', project, 'project.read'),
    route('PATCH', project, 'project.update', { body: () => ({ description: 'changed' }), ...audited('project.update') }),
    route('PATCH', project, 'project.update', {
      name: `PATCH ${project} (tags)`,
      body: () => ({ tags: ['team:access', 'reviewed'] }),
      ...audited('project.update'),
    }),
    route('DELETE', project, 'project.delete', audited('project.delete')),
    // The fixture project sets no federation target: an allowed caller meets the refusal that says so (test/api/federation-trust-policies.test.ts reads the examples).
    route('GET', `${project}/federation/trust-policies`, 'project.update', { allowedAnswer: () => ({ status: 409, code: 'CONFLICT' }) }),
    route('GET', `${project}/members`, 'project.read'),
    route('POST', `${project}/members`, 'project.members.manage', {
      body: () => ({ email: 'invitee@example.com', role: 'viewer' }),
      ...audited('project.member.add'),
    }),
    route('PATCH', `${project}/members/:member`, 'project.members.manage', { body: () => ({ role: 'editor' }), ...audited('project.member.update') }),
    route('DELETE', `${project}/members/:member`, 'project.members.manage', audited('project.member.remove')),
    route('GET', `${project}/group-members`, 'project.read'),
    route('POST', `${project}/group-members`, 'project.members.manage', {
      body: () => ({ group: 'another-group', role: 'viewer' }),
      ...audited('project.group_member.add'),
    }),
    route('PATCH', `${project}/group-members/:group`, 'project.members.manage', {
      body: () => ({ role: 'editor' }),
      ...audited('project.group_member.update'),
    }),
    route('DELETE', `${project}/group-members/:group`, 'project.members.manage', audited('project.group_member.remove')),
    route('GET', `${project}/events`, 'project.events.read'),
    route('GET', `${project}/alerts`, 'project.alerts.manage'),
    route('POST', `${project}/alerts`, 'project.alerts.manage', {
      body: (fixture) => ({
        type: 'webhook',
        name: 'another hook',
        kinds: ['project.deleted'],
        url: fixture.alertUrl,
        signing_secret: 'another-signing-secret',
      }),
      ...audited('alert.create'),
    }),
    route('GET', alert, 'project.alerts.manage'),
    route('PATCH', alert, 'project.alerts.manage', { body: () => ({ name: 'renamed hook' }), ...audited('alert.update') }),
    route('DELETE', alert, 'project.alerts.manage', audited('alert.delete')),
    route('POST', `${alert}/verify`, 'project.alerts.manage', audited('alert.verify')),
    route('GET', `${project}/secrets`, 'integration.read'),
    route('POST', `${project}/secrets`, 'integration.manage', {
      body: () => ({ name: 'ANOTHER_SECRET', source: 'stored', value: 'another value' }),
      ...audited('secret.create'),
    }),
    route('GET', `${project}/secrets/:secret`, 'integration.read'),
    route('PUT', `${project}/secrets/:secret`, 'integration.manage', {
      headers: { 'if-match': '*' },
      body: () => ({ source: 'stored', value: 'replaced value' }),
      ...audited('secret.update'),
    }),
    route('DELETE', `${project}/secrets/:secret`, 'integration.manage', audited('secret.delete')),
    route('POST', `${project}/secrets/:secret/test`, 'integration.manage', { audit: { none: 'a check that the value can be read, not a change' } }),
    route('GET', `${project}/notebooks`, 'project.read'),
    route('GET', `${project}/sessions`, 'project.read'),
    route('POST', `${project}/notebooks`, 'notebook.write', { body: () => ({ title: 'another' }), ...audited('notebook.create') }),
    route('GET', notebook, 'project.read'),
    route('PATCH', notebook, 'notebook.write', { body: () => ({ title: 'renamed' }), ...audited('notebook.update') }),
    route('DELETE', notebook, 'notebook.manage', audited('notebook.delete')),
    route('GET', `${notebook}/code`, 'project.read'),
    route('GET', `${notebook}/html`, 'project.read'),
    route('GET', `${notebook}/versions`, 'project.read'),
    route('POST', `${notebook}/versions`, 'notebook.write', {
      body: (fixture) => ({ code: fixture.notebookCode, base_version_id: fixture.versionId }),
      ...audited('notebook.save'),
    }),
    route('GET', `${notebook}/versions/:vid`, 'project.read'),
    route('GET', `${notebook}/versions/:vid/code`, 'project.read'),
    route('POST', `${notebook}/versions/:vid/restore`, 'notebook.write', {
      body: (fixture) => ({ base_version_id: fixture.versionId }),
      ...audited('notebook.restore'),
    }),
    route('GET', `${notebook}/versions/:vid/environment`, 'project.read'),
    route('GET', `${notebook}/versions/:vid/environment/lock`, 'project.read'),
    // The fixture's notebook declares no dependencies: an allowed caller gets past the policy to that refusal.
    route('POST', `${notebook}/environment/update`, 'notebook.write', {
      body: (fixture) => ({ base_version_id: fixture.versionId }),
      allowedAnswer: () => ({ status: 409, code: 'CONFLICT' }),
      audit: { none: 'a version without dependencies has none to update' },
    }),
    route('GET', `${notebook}/workspace/access`, 'project.read'),
    route('GET', `${notebook}/workspace/items`, 'project.read'),
    route('GET', `${notebook}/workspace/files?path=:file`, 'project.read'),
    route('GET', `${notebook}/workspace/archive`, 'project.read'),
    route('PUT', `${notebook}/workspace/files?path=uploaded.csv`, 'notebook.write', { body: () => 'a,b\n1,2\n', ...audited('workspace.upload') }),
    route('POST', `${notebook}/workspace/directories`, 'notebook.write', { body: () => ({ path: 'new folder' }), ...audited('workspace.mkdir') }),
    route('POST', `${notebook}/workspace/copy`, 'notebook.write', {
      body: (fixture) => ({ from: fixture.workspaceFile, to: 'copy.csv' }),
      ...audited('workspace.copy'),
    }),
    route('POST', `${notebook}/workspace/move`, 'notebook.write', {
      body: (fixture) => ({ from: fixture.workspaceFile, to: 'moved.csv' }),
      ...audited('workspace.move'),
    }),
    route('DELETE', `${notebook}/workspace/items?path=:file`, 'notebook.write', audited('workspace.delete')),
    route('POST', `${project}/notebook-imports`, 'notebook.write', {
      body: () => smallNotebookZip(),
      headers: { 'content-type': 'application/zip' },
      ...audited('notebook_import.create'),
    }),
    route('GET', `${project}/notebook-imports/:import`, 'project.read'),
    route('POST', `${project}/notebook-imports/:import/notebooks`, 'notebook.write', { body: () => ({ path: 'reader.py' }), ...audited('notebook.create') }),
    route('GET', `${notebook}/jobs`, 'project.read'),
    route('POST', `${notebook}/jobs`, 'notebook.write', { body: () => ({ name: 'another job' }), ...audited('job.create') }),
    route('GET', `${notebook}/jobs/:jid`, 'project.read'),
    route('PATCH', `${notebook}/jobs/:jid`, 'notebook.write', { body: () => ({ parameters: ['--day', 'monday'] }), ...audited('job.update') }),
    route('DELETE', `${notebook}/jobs/:jid`, 'notebook.write', audited('job.delete')),
    route('GET', `${notebook}/jobs/:jid/runs`, 'project.read'),
    route('POST', `${notebook}/jobs/:jid/runs`, 'notebook.write', { body: () => ({}), ...audited('job.run.trigger') }),
    route('GET', `${notebook}/jobs/:jid/runs/:rid`, 'project.read'),
    route('POST', `${notebook}/jobs/:jid/runs/:qrid/cancel`, 'notebook.write', audited('job.run.cancel')),
    route('GET', `${notebook}/jobs/:jid/runs/:rid/output`, 'project.read'),
    route('GET', `${notebook}/jobs/:jid/runs/:rid/logs`, 'project.read'),
    // The fixture's notebook is local and no repository is served here: an allowed caller gets past
    // the policy to the Git source's own answer (test/git/ syncs real repositories).
    route('POST', `${project}/git-notebooks`, 'notebook.write', {
      body: () => ({ title: 'From Git', repo: 'https://127.0.0.1/unreachable.git', branch: 'main', entry_notebook: 'notebook.py' }),
      allowedAnswer: () => ({ status: 422, code: 'VALIDATION_ERROR' }),
      audit: { none: 'a repository the deployment may not fetch is refused before anything is stored' },
    }),
    ...(['sync', 'sync-token'] as const).map((part) =>
      route('POST', `${notebook}/source/${part}`, 'notebook.write', {
        allowedAnswer: () => ({ status: 409, code: 'SYNC_NOT_CONFIGURED' }),
        audit: { none: 'a local notebook has no Git source' },
      }),
    ),
    route('PATCH', `${notebook}/source`, 'notebook.write', {
      body: () => ({ branch: 'main' }),
      allowedAnswer: () => ({ status: 409, code: 'SYNC_NOT_CONFIGURED' }),
      audit: { none: 'a local notebook has no Git source' },
    }),
    ...(['drift', 'refs', 'sync-health'] as const).map((part) =>
      route('GET', `${notebook}/source/${part}`, 'project.read', { allowedAnswer: () => ({ status: 409, code: 'SYNC_NOT_CONFIGURED' }) }),
    ),
    route('POST', `${notebook}/change-requests`, 'change-request.publish', {
      body: (fixture) => ({ title: 'Proposed', version_id: fixture.versionId }),
      allowedAnswer: () => ({ status: 409, code: 'SYNC_NOT_CONFIGURED' }),
      audit: { none: 'a local notebook has no repository to propose to' },
    }),
    route('GET', `${notebook}/change-requests`, 'project.read'),
    // Previews are of Git notebooks: on the fixture's local notebook an allowed caller meets SYNC_NOT_CONFIGURED.
    route('POST', `${notebook}/previews`, 'notebook.write', {
      body: () => ({ branch: 'main' }),
      allowedAnswer: () => ({ status: 409, code: 'SYNC_NOT_CONFIGURED' }),
      audit: { none: 'a local notebook has no repository to preview' },
    }),
    ...(['', '/:preview'] as const).map((part) =>
      route('GET', `${notebook}/previews${part}`, 'project.read', { allowedAnswer: () => ({ status: 409, code: 'SYNC_NOT_CONFIGURED' }) }),
    ),
    route('DELETE', `${notebook}/previews/:preview`, 'notebook.write', {
      allowedAnswer: () => ({ status: 409, code: 'SYNC_NOT_CONFIGURED' }),
      audit: { none: 'a local notebook has no previews' },
    }),
    ...(['app', 'edit'] as const).map((mode) =>
      route('POST', `${notebook}/previews/:preview/sessions`, 'session.start', {
        name: `POST ${notebook}/previews/:preview/sessions (${mode} mode)`,
        mode,
        body: () => ({ mode }),
        allowedAnswer: () => ({ status: 409, code: 'SYNC_NOT_CONFIGURED' }),
        audit: { none: 'a local notebook has no previews to start' },
      }),
    ),
    route('GET', `${project}/git-credentials`, 'project.read'),
    route('PUT', `${project}/git-credentials`, 'project.update', {
      body: () => ({ username: 'ci-bot', read_token: 'read-token-value', repositories: ['acme/*'] }),
      ...audited('project.git_credentials.update'),
    }),
    route('DELETE', `${project}/git-credentials`, 'project.update', audited('project.git_credentials.delete')),
    route('GET', `${project}/integrations`, 'integration.read'),
    route('POST', `${project}/integrations`, 'integration.manage', {
      body: () => ({ kind: 'http_api', name: 'Another API', config: { base_url: 'https://api.example.com', auth: 'none' } }),
      ...audited('integration.create'),
    }),
    route('GET', `${project}/integrations/:iid`, 'integration.read'),
    route('PUT', `${project}/integrations/:iid`, 'integration.manage', {
      body: () => ({ name: 'Renamed API', config: { base_url: 'https://api.example.com', auth: 'none' } }),
      headers: (fixture) => ({ 'if-match': fixture.integrationEtag }),
      ...audited('integration.update'),
    }),
    route('DELETE', `${project}/integrations/:iid`, 'integration.manage', audited('integration.delete')),
    route('GET', `${project}/integrations/:iid/versions`, 'integration.read'),
    // The fixture's API is on a reserved documentation address: an allowed test is refused by the outbound policy, and says so.
    route('POST', `${project}/integrations/:iid/test`, 'integration.manage', audited('integration.test')),
    // The data browser: a notebook's workspace is every member's to browse; an integration's data
    // takes integration.use, and the fixture's (an HTTP API) then answers that it holds none.
    route('GET', `${project}/data/sources`, 'project.read'),
    route('GET', `${project}/data/sources/:nid/objects?prefix=data/`, 'project.read'),
    route('GET', `${project}/data/sources/:nid/object?key=:file`, 'project.read'),
    route('GET', `${project}/data/sources/:nid/object/content?key=:file`, 'project.read'),
    route('GET', `${project}/data/sources/:nid/object/preview?key=:file`, 'project.read'),
    ...(['tables', 'tables/:schema/:table', 'tables/:schema/:table/preview'] as const).map((part) =>
      route('GET', `${project}/data/sources/:iid/${part}`, 'integration.use', { allowedAnswer: () => ({ status: 400, code: 'BAD_REQUEST' }) }),
    ),
    route('POST', `${project}/data/sources/:iid/queries`, 'integration.use', {
      body: () => ({ sql: 'SELECT 1' }),
      allowedAnswer: () => ({ status: 400, code: 'BAD_REQUEST' }),
      audit: { none: 'an HTTP API runs no query (data.query: test/data/data-tab-databases.test.ts)' },
    }),
    route('POST', `${project}/data/sources/:iid/ai-query`, 'integration.use', {
      body: () => ({ question: 'How many?' }),
      allowedAnswer: () => ({ status: 400, code: 'BAD_REQUEST' }),
      audit: { none: 'an HTTP API is asked nothing (data.ai_query: test/data/data-tab-databases.test.ts)' },
    }),
    route('POST', `${project}/data/cells`, 'notebook.write', {
      body: (fixture) => ({ source_id: fixture.notebookId, object: { key: fixture.workspaceFile }, target: { notebook_id: fixture.notebookId } }),
      ...audited('notebook.save'),
    }),
    // The fixture project is linked to no team project and its subjects have no remotes: an allowed
    // caller gets past the policy to that answer (test/api/remotes.test.ts pulls and pushes for real).
    route('GET', `${project}/remote`, 'project.read'),
    route('POST', `${project}/remote`, 'project.update', {
      body: () => ({ remote: 'team' }),
      allowedAnswer: () => ({ status: 404, code: 'NOT_FOUND' }),
      audit: { none: 'the caller has no remote named team: nothing is made or linked' },
    }),
    route('DELETE', `${project}/remote`, 'project.update', {
      allowedAnswer: () => ({ status: 409, code: 'CONFLICT' }),
      audit: { none: 'the fixture project is not linked' },
    }),
    route('POST', `${project}/remote/fetch`, 'project.read', {
      allowedAnswer: () => ({ status: 409, code: 'CONFLICT' }),
      audit: { none: 'a fetch records the team hub heads, it changes nothing of the project (and the fixture is not linked)' },
    }),
    route('POST', `${project}/remote/push`, 'notebook.write', {
      allowedAnswer: () => ({ status: 409, code: 'CONFLICT' }),
      audit: { none: 'the fixture project is not linked' },
    }),
    route('GET', `${project}/remote/conflicts`, 'project.read'),
    route('GET', `${project}/remote/conflicts/:nid`, 'project.read', { allowedAnswer: () => ({ status: 404, code: 'NOT_FOUND' }) }),
    route('POST', `${project}/remote/conflicts/:nid/resolve`, 'notebook.write', {
      body: () => ({ choice: 'take_theirs' }),
      allowedAnswer: () => ({ status: 404, code: 'NOT_FOUND' }),
      audit: { none: 'the fixture notebook has no conflict' },
    }),
    route('GET', `${project}/remote/compute`, 'project.read', { allowedAnswer: () => ({ status: 409, code: 'CONFLICT' }) }),
    route('POST', `${project}/notebooks/:nid/remote/sessions`, 'notebook.write', {
      body: () => ({ mode: 'edit' }),
      allowedAnswer: () => ({ status: 409, code: 'CONFLICT' }),
      audit: { none: 'the fixture project is not linked: nothing is pushed or started' },
    }),
    route('POST', `${project}/notebooks/:nid/remote/jobs`, 'notebook.write', {
      body: () => ({}),
      allowedAnswer: () => ({ status: 409, code: 'CONFLICT' }),
      audit: { none: 'the fixture project is not linked: nothing is pushed or run' },
    }),
    route('POST', `${project}/data/cells/preview`, 'notebook.write', {
      body: (fixture) => ({ source_id: fixture.notebookId, object: { key: fixture.workspaceFile }, target: { notebook_id: fixture.notebookId } }),
      audit: { none: 'a preview of the cells writes nothing' },
    }),
    ...syncRouteTable(),
  ];
}

/** The sync API's project routes (docs/remotes.md), called with the same personal access tokens as the REST routes. */
function syncRouteTable(): RouteCase[] {
  const sync = '/api/v1/sync/projects/:pid';
  const notebook = `${sync}/notebooks/:nid`;
  const origin = (kind: string, fixture: RouteFixture) => ({ hub_id: 'hub-access-table', id: `${kind}-${fixture.notebookId}` });
  // A blob of the fixture's own: each subject's upload is a new one (blobs are shared by the whole hub).
  const blobOf = (fixture: RouteFixture) => Buffer.from(`uploaded through the sync API for ${fixture.notebookId}\n`);
  return [
    route('GET', sync, 'project.read'),
    route('GET', `${notebook}/versions/:vid`, 'project.read'),
    route('GET', `${notebook}/workspace/manifests/:mid`, 'project.read'),
    route('GET', `${sync}/blobs/:blob`, 'project.read'),
    route('POST', `${sync}/missing-blobs`, 'notebook.write', {
      body: (fixture) => ({ sha256: [fixture.workspaceFileBlob, '0'.repeat(64)] }),
      audit: { none: 'a question about blobs, not a change' },
    }),
    {
      ...route('PUT', `${sync}/blobs/:blob`, 'notebook.write', { body: blobOf, ...audited('workspace.blob_upload') }),
      url: (projectId, fixture) => `/api/v1/sync/projects/${projectId}/blobs/${sha256Hex(blobOf(fixture))}`,
    },
    route('POST', `${sync}/notebooks`, 'notebook.write', {
      body: (fixture) => ({
        title: 'pushed',
        description: '',
        entry_file: 'notebook.py',
        tags: [],
        code: fixture.notebookCode,
        message: 'pushed',
        origin: origin('nb', fixture),
        version_origin: origin('ver-first', fixture),
      }),
      ...audited('notebook.create'),
    }),
    route('POST', `${notebook}/versions`, 'notebook.write', {
      body: (fixture) => ({ code: fixture.notebookCode, message: 'pushed', base_version_id: fixture.versionId, origin: origin('ver', fixture) }),
      ...audited('notebook.push'),
    }),
    route('PUT', `${notebook}/workspace`, 'notebook.write', {
      body: (fixture) => ({ base_manifest_id: fixture.workspaceManifestId, files: [], directories: [] }),
      ...audited('workspace.push'),
    }),
    // The table's hub runs no jobs (SERVICE_JOBS=off): an allowed run meets that (test/e2e/remotes-two-hubs-compute.test.ts runs one).
    route('POST', `${notebook}/job-runs`, 'notebook.write', {
      body: () => ({}),
      allowedAnswer: () => ({ status: 409, code: 'CONFLICT' }),
      audit: { none: 'jobs are off on the table hub: nothing is run' },
    }),
    route('GET', `${notebook}/jobs/:jid/runs/:rid`, 'project.read'),
    route('GET', `${notebook}/jobs/:jid/runs/:rid/output`, 'project.read'),
    route('GET', `${notebook}/jobs/:jid/runs/:rid/log`, 'project.read'),
  ];
}

/** The sessions of a session fixture: the edit session is its editor's (exclusive), the app one a viewer's. */
export const SESSION_TARGETS: Readonly<Record<'edit' | 'app', SessionTarget>> = {
  edit: { mode: 'edit', owner: 'editor' },
  app: { mode: 'app', owner: 'viewer' },
};

const sessionRoute = (
  method: RouteCase['method'],
  path: string,
  action: RouteCase['action'],
  target: SessionTarget | null,
  extras: Extras<SessionFixture> = {},
): RouteCase<SessionFixture> => ({
  name: `${method} ${path}${target ? ` (${target.mode} session)` : ` (${extras.mode} mode)`}`,
  method,
  path,
  action,
  ...(target ? { session: target } : {}),
  url: (projectId, fixture) =>
    path
      .replace(':pid', projectId)
      .replace(':sid', target ? fixture.sessions[target.mode] : '')
      .replace(/\*$/, ''),
  ...extras,
});

/**
 * The routes that name a running session or start one. Run in this order on one fixture per
 * project (the sessions are shared by every subject): stopping comes last, and reclaiming a
 * session only works once it is over.
 */
export function sessionRouteTable(): RouteCase<SessionFixture>[] {
  const sessions = '/api/v1/projects/:pid/sessions';
  const one = `${sessions}/:sid`;
  const reuse = { none: "an allowed start here reuses the live session, or meets its editor's claim: nothing new starts" };
  const start = (mode: 'edit' | 'app', allowedAnswer: RouteCase['allowedAnswer']) =>
    sessionRoute('POST', sessions, 'session.start', null, {
      mode,
      body: (fixture) => ({ notebook_id: fixture.notebookId, mode }),
      audit: reuse,
      allowedAnswer,
    });
  const targets = [SESSION_TARGETS.edit, SESSION_TARGETS.app];
  // The same through the sync API, as another hub starts and opens a session for its user (docs/remotes.md).
  const sync = '/api/v1/sync/projects/:pid';
  const syncStart = (mode: 'edit' | 'app', allowedAnswer: RouteCase['allowedAnswer']) => ({
    ...sessionRoute('POST', `${sync}/notebooks/:nid/sessions`, 'session.start', null, { mode, body: () => ({ mode }), audit: reuse, allowedAnswer }),
    url: (projectId: string, fixture: SessionFixture) => `/api/v1/sync/projects/${projectId}/notebooks/${fixture.notebookId}/sessions`,
  });
  return [
    start('app', () => ({ status: 200 })),
    // An exclusive edit session belongs to its editor: others who may edit meet its claim.
    start('edit', (subject) => (subject.name === SESSION_TARGETS.edit.owner ? { status: 200 } : { status: 409, code: 'EDIT_SESSION_OWNED' })),
    syncStart('app', () => ({ status: 200 })),
    syncStart('edit', (subject) => (subject.name === SESSION_TARGETS.edit.owner ? { status: 200 } : { status: 409, code: 'EDIT_SESSION_OWNED' })),
    ...targets.map((target) => sessionRoute('GET', `${sync}/sessions/:sid`, 'session.attach', target)),
    ...targets.map((target) => sessionRoute('POST', `${sync}/sessions/:sid/launch`, 'session.proxy', target, { audit: { event: 'session.launch' } })),
    ...targets.map((target) => sessionRoute('GET', one, 'session.attach', target)),
    ...targets.map((target) => sessionRoute('POST', `${one}/heartbeat`, 'session.attach', target, { audit: { none: 'activity, not a change' } })),
    sessionRoute('POST', `${one}/save`, 'session.attach', SESSION_TARGETS.edit, {
      then: 'notebook.write',
      body: () => ({ message: 'saved by the access table' }),
      audit: { event: 'notebook.save' },
    }),
    ...targets.map((target) => sessionRoute('GET', '/s/:sid/*', 'session.proxy', target, { alsoServes: ['DELETE', 'PATCH', 'POST', 'PUT', 'OPTIONS'] })),
    ...targets.map((target) => sessionRoute('POST', `${one}/stop`, 'session.stop', target, { audit: { event: 'session.stop', once: true } })),
    ...targets.map((target) =>
      sessionRoute('POST', '/api/v1/admin/runtime/projects/:pid/sessions/:sid/reclaim', 'admin.access', target, { audit: { event: 'session.reclaim' } }),
    ),
  ];
}
