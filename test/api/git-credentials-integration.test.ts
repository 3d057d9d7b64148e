import { Writable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../service/src/adapters/telemetry/logger.js';
import { createHub, type Hub } from '../../service/src/compose/hub.js';
import { readSettings } from '../../service/src/config/settings.js';
import { UNRESTRICTED_SCOPE } from '../../service/src/core/identity/access-tokens.js';
import { jsonBody } from '../../service/src/core/store/cas.js';
import { layout } from '../../service/src/core/storage-layout.js';
import type { CredentialBinding } from '../../service/src/features/git/core/credential-binding.js';
import { sealGitCredentials, type StoredGitCredentials } from '../../service/src/features/git/core/legacy-git-credentials.js';
import { gitCredentialsIntegrationId } from '../../service/src/features/integrations/core/git-credentials-integration.js';
import { filesContaining } from '../support/data-dir-grep.js';
import { gitNotebookSource } from '../support/git-notebook.js';
import { startGitServer, type GitServer } from '../support/git-server.js';
import { makeTempDir } from '../support/temp-dir.js';

const USER = 'ci-bot';
const READ_TOKEN = 'legacy-read-token-7c2e9a41';
const WRITE_TOKEN = 'legacy-write-token-1b8d4f63';
const OTHER_TOKEN = 'team-integration-token-58e0';
const TOKENS = [READ_TOKEN, WRITE_TOKEN, OTHER_TOKEN];
const basic = (password: string) => `Basic ${Buffer.from(`${USER}:${password}`).toString('base64')}`;

interface RunningHub {
  hub: Hub;
  logs: Record<string, unknown>[];
  token: string;
  call(
    route: string,
    init?: { method?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<{ status: number; text: string; etag: string | null; json: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any
  events(name: string): Record<string, unknown>[];
  close(): Promise<void>;
}

/** A hub on `dataDir` (kept between starts), listening on 127.0.0.1, with an administrator's token. */
async function startHub(dataDir: string, env: Record<string, string> = {}): Promise<RunningHub> {
  const logs: Record<string, unknown>[] = [];
  const sink = new Writable({ write: (chunk: Buffer, _encoding, done) => (logs.push(JSON.parse(chunk.toString())), done()) });
  const settings = readSettings({
    SERVICE_DATA_DIR: dataDir,
    SERVICE_PORT: '0',
    SERVICE_LOG_LEVEL: 'info',
    SERVICE_GIT_ALLOW_HTTP: 'true',
    // Git notebooks here are synced, never run: no environment is locked for them.
    SERVICE_LOCKED_ENVIRONMENTS: 'off',
    ...env,
  });
  const hub = await createHub({ settings, logger: createLogger('info', sink), uiDir: null });
  const url = await hub.listen();
  const user = await hub.services.users.ensureByEmail('owner@example.com', { name: null, superAdmin: true }, 'test');
  const token = (await hub.services.tokens.issue(user.id, { name: 'test', expiresAt: null, scope: UNRESTRICTED_SCOPE }, 'test')).token;
  return {
    hub,
    logs,
    token,
    async call(route, init = {}) {
      const response = await fetch(`${url}${route}`, {
        method: init.method ?? 'GET',
        headers: { authorization: `Bearer ${token}`, ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}), ...init.headers },
        ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
      });
      const text = await response.text();
      return { status: response.status, text, etag: response.headers.get('etag'), json: text ? JSON.parse(text) : undefined };
    },
    events: (name) => logs.filter((line) => line.event === name),
    close: async () => void (await hub.close()),
  };
}

/** The project's audit entries, oldest first, as stored. */
async function auditOf(hub: Hub, projectId: string): Promise<{ event: string; actor: string; metadata: Record<string, unknown>; raw: string }[]> {
  const entries: { event: string; actor: string; metadata: Record<string, unknown>; raw: string }[] = [];
  let cursor: string | null = null;
  do {
    const page = await hub.store.list(layout.projectAuditPrefix(projectId), { cursor });
    for (const item of page.items) {
      const raw = (await hub.store.get(item.key))!.body.toString('utf8');
      entries.push({ ...(JSON.parse(raw) as { event: string; actor: string; metadata: Record<string, unknown> }), raw });
    }
    cursor = page.nextCursor;
  } while (cursor);
  return entries;
}

/**
 * A project's Git credentials kept as its Git credentials integration (docs/git.md, "Credentials"):
 * the credentials an older hub kept at `git/<pid>/credentials` move into it when the hub starts,
 * once, and `/git-credentials` shows and changes it. On the filesystem store, restarted over one
 * data dir, against a real Git server (git http-backend on 127.0.0.1).
 */
describe('Git credentials as the project’s integration', () => {
  let git: GitServer;
  let origin: string;
  const cleanups: (() => Promise<unknown>)[] = [];
  beforeAll(async () => {
    git = await startGitServer();
    for (const repo of ['team/private', 'shared/data', 'team/other'])
      await git.createRepository(repo, { files: { 'notebook.py': gitNotebookSource(repo) }, credentials: { user: USER, password: READ_TOKEN } });
    origin = new URL(git.url('x')).origin;
  });
  afterAll(async () => {
    await git?.close();
  });
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  const dataDir = async () => {
    const temp = await makeTempDir('git-credentials');
    cleanups.push(temp.cleanup);
    return temp.dir;
  };
  /** Starts a hub that the test's end stops, unless the test stopped it. */
  const started = async (dir: string, env?: Record<string, string>) => {
    const running = await startHub(dir, env);
    let closed = false;
    cleanups.push(() => (closed ? Promise.resolve() : running.hub.close()));
    return { ...running, close: async () => ((closed = true), await running.close()) };
  };
  const newProject = async (t: RunningHub, name: string) => {
    const created = await t.call('/api/v1/projects', { method: 'POST', body: { name } });
    expect(created.status, created.text).toBe(201);
    return created.json.data.id as string;
  };
  /** Writes Git credentials as hubs before integrations kept them: one record, the tokens sealed. */
  const writeLegacy = async (
    t: RunningHub,
    projectId: string,
    fields: { read_token: string | null; write_token: string | null; binding?: CredentialBinding },
  ) => {
    const key = layout.gitCredentials(projectId);
    const record: StoredGitCredentials = { username: USER, ...fields, updated_at: '2025-11-03T09:00:00.000Z', updated_by: 'usr-0000000000000001' };
    const body = jsonBody(sealGitCredentials(t.hub.services.secrets, key, record).record);
    await t.hub.store.put(key, body);
    return body;
  };
  const gitIntegrations = async (t: RunningHub, projectId: string) =>
    ((await t.call(`/api/v1/projects/${projectId}/integrations`)).json.data.items as { id: string; kind: string }[]).filter((item) => item.kind === 'git');
  const createNotebook = (t: RunningHub, projectId: string, repo: string) =>
    t.call(`/api/v1/projects/${projectId}/git-notebooks`, {
      method: 'POST',
      body: { title: repo, repo: git.url(repo), branch: 'main', entry_notebook: 'notebook.py' },
    });
  const receivedDuring = async (calls: () => Promise<unknown>) => {
    const before = git.requests.length;
    await calls();
    return git.requests.slice(before);
  };

  it('moves an older hub’s credentials into one integration at start, serving exactly the repositories they served', async () => {
    const dir = await dataDir();
    const first = await started(dir);
    const pid = await newProject(first, 'Migrated');
    const binding: CredentialBinding = { provider: null, host_url: origin, repositories: ['team/private', 'shared/*'] };
    const legacy = await writeLegacy(first, pid, { read_token: READ_TOKEN, write_token: WRITE_TOKEN, binding });
    await first.close();
    expect(await filesContaining(dir, TOKENS)).toEqual([]);

    const t = await started(dir);
    expect(t.events('git_credentials_migrated')).toEqual([expect.objectContaining({ project_id: pid, created: true })]);
    expect(await t.hub.store.get(layout.gitCredentials(pid))).toBeNull();
    const integrations = (await t.call(`/api/v1/projects/${pid}/integrations`)).json.data.items;
    expect(integrations).toEqual([
      expect.objectContaining({
        id: gitCredentialsIntegrationId(pid),
        kind: 'git',
        name: 'Git credentials',
        config: {
          repository_url: `${origin}/team/private`,
          repositories: 'shared/*',
          username: USER,
          in_notebooks: false,
          token_set: true,
          write_token_set: true,
        },
        secrets: { token: { source: 'stored' }, write_token: { source: 'stored' } },
        version_number: 1,
        created_by: 'system',
      }),
    ]);
    // The same view as before, now of the integration.
    expect((await t.call(`/api/v1/projects/${pid}/git-credentials`)).json.data).toEqual({
      username: USER,
      read_token_set: true,
      write_token_set: true,
      provider: null,
      host_url: origin,
      repositories: ['team/private', 'shared/*'],
      updated_at: expect.any(String),
    });

    // The tokens go with the repositories they went with, and with no other.
    const { gitCredentials } = t.hub.services;
    expect(await gitCredentials.read(pid, git.url('team/private'))).toEqual({ username: USER, password: READ_TOKEN });
    expect(await gitCredentials.write(pid, git.url('team/private'))).toEqual({ username: USER, password: WRITE_TOKEN });
    expect(await gitCredentials.read(pid, git.url('shared/data'))).toEqual({ username: USER, password: READ_TOKEN });
    expect(await gitCredentials.read(pid, git.url('team/other'))).toBeNull();
    expect(await gitCredentials.read(pid, git.url('team/private').replace('127.0.0.1', 'localhost'))).toBeNull();
    const listed = await receivedDuring(async () => expect((await createNotebook(t, pid, 'team/private')).json.data.sync_error).toBeUndefined());
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.every((request) => request.authorization === basic(READ_TOKEN))).toBe(true);
    const unlisted = await receivedDuring(async () =>
      expect((await createNotebook(t, pid, 'team/other')).json.data.sync_error).toMatchObject({ code: 'SYNC_NOT_CONFIGURED' }),
    );
    expect(unlisted.map((request) => request.authorization)).toEqual(unlisted.map(() => null));
    // Notebooks receive nothing of them, as before.
    const user = await t.hub.services.users.ensureByEmail('owner@example.com', { name: null, superAdmin: true }, 'test');
    expect(
      await t.hub.services.integrationsForSandboxes.renderFor({ projectId: pid, notebookId: 'nb-0000000000000001', userId: user.id, mode: 'edit', use: 'all' }),
    ).toEqual([]);

    const created = (await auditOf(t.hub, pid)).filter((entry) => entry.event === 'integration.create');
    expect(created).toEqual([
      expect.objectContaining({
        actor: 'system',
        metadata: expect.objectContaining({ integration_id: gitCredentialsIntegrationId(pid), kind: 'git', migrated_from: 'git_credentials' }),
      }),
    ]);
    const audit = await auditOf(t.hub, pid);
    expect(TOKENS.filter((token) => audit.some((entry) => entry.raw.includes(token)))).toEqual([]);
    expect(TOKENS.filter((token) => JSON.stringify(t.logs).includes(token))).toEqual([]);
    const { etag } = await t.call(`/api/v1/projects/${pid}/integrations/${gitCredentialsIntegrationId(pid)}`);
    await t.close();
    expect(await filesContaining(dir, TOKENS)).toEqual([]);

    // A second start changes nothing.
    const again = await started(dir);
    expect(again.events('git_credentials_migrated')).toEqual([]);
    expect((await again.call(`/api/v1/projects/${pid}/integrations/${gitCredentialsIntegrationId(pid)}`)).etag).toBe(etag);
    expect((await auditOf(again.hub, pid)).filter((entry) => entry.event === 'integration.create')).toHaveLength(1);

    // A start that stopped between creating the integration and deleting the record: the record is deleted, nothing else made.
    await again.hub.store.put(layout.gitCredentials(pid), legacy);
    await again.close();
    const resumed = await started(dir);
    expect(resumed.events('git_credentials_migrated')).toEqual([expect.objectContaining({ project_id: pid, created: false })]);
    expect((await gitIntegrations(resumed, pid)).map((item) => item.id)).toEqual([gitCredentialsIntegrationId(pid)]);
    expect(await resumed.hub.store.get(layout.gitCredentials(pid))).toBeNull();
    expect((await resumed.call(`/api/v1/projects/${pid}/integrations/${gitCredentialsIntegrationId(pid)}`)).etag).toBe(etag);

    // One that stopped even before the integration was listed in its project: it is listed, once.
    await resumed.hub.store.put(layout.gitCredentials(pid), legacy);
    await resumed.hub.store.delete(layout.integrationIndex(pid));
    expect(await gitIntegrations(resumed, pid)).toEqual([]);
    await resumed.close();
    const relisted = await started(dir);
    expect((await gitIntegrations(relisted, pid)).map((item) => item.id)).toEqual([gitCredentialsIntegrationId(pid)]);
    expect(await relisted.hub.store.get(layout.gitCredentials(pid))).toBeNull();
    expect((await auditOf(relisted.hub, pid)).filter((entry) => entry.event === 'integration.create')).toHaveLength(1);
    expect(await relisted.hub.services.gitCredentials.read(pid, git.url('team/private'))).toEqual({ username: USER, password: READ_TOKEN });
  }, 120_000);

  it('leaves credentials never bound to a host where they are, says so, and moves them once a manager lists their repositories', async () => {
    const dir = await dataDir();
    const first = await started(dir);
    const pid = await newProject(first, 'Unbound');
    await writeLegacy(first, pid, { read_token: READ_TOKEN, write_token: null });
    await first.close();

    const t = await started(dir);
    expect(t.events('git_credentials_not_migrated')).toEqual([expect.objectContaining({ project_id: pid, reason: 'not_bound' })]);
    expect(await t.hub.store.get(layout.gitCredentials(pid))).not.toBeNull();
    expect(await gitIntegrations(t, pid)).toEqual([]);
    const credentials = `/api/v1/projects/${pid}/git-credentials`;
    expect((await t.call(credentials)).json.data).toMatchObject({ username: USER, read_token_set: true, host_url: null, repositories: [] });
    expect(await t.hub.services.gitCredentials.read(pid, git.url('team/private'))).toBeNull();

    const bound = await t.call(credentials, { method: 'PUT', body: { repositories: [git.url('team/private')] } });
    expect(bound.json.data, bound.text).toMatchObject({ username: USER, read_token_set: true, host_url: origin, repositories: ['team/private'] });
    expect(await t.hub.store.get(layout.gitCredentials(pid))).toBeNull();
    expect((await gitIntegrations(t, pid)).map((item) => item.id)).toEqual([gitCredentialsIntegrationId(pid)]);
    expect(await t.hub.services.gitCredentials.read(pid, git.url('team/private'))).toEqual({ username: USER, password: READ_TOKEN });
    expect((await auditOf(t.hub, pid)).map((entry) => entry.event)).toEqual(expect.arrayContaining(['integration.create', 'project.git_credentials.update']));
    await t.close();
    expect(await filesContaining(dir, TOKENS)).toEqual([]);
  }, 60_000);

  it('shows and changes the integration through /git-credentials: versions, its name and settings kept, the first a Git call takes, removed with it', async () => {
    const dir = await dataDir();
    const t = await started(dir, { SERVICE_INTEGRATIONS_MAX_PER_SCOPE: '2' });
    const pid = await newProject(t, 'Managed');
    const integrations = `/api/v1/projects/${pid}/integrations`;
    const credentials = `/api/v1/projects/${pid}/git-credentials`;
    const api = (name: string) => ({ kind: 'http_api', name, config: { base_url: 'https://api.example.com', auth: 'none' } });
    // The project is full, and has an integration of the name the credentials' would take.
    for (const name of ['Git credentials', 'Other API']) expect((await t.call(integrations, { method: 'POST', body: api(name) })).status).toBe(201);

    const set = await t.call(credentials, { method: 'PUT', body: { username: USER, read_token: READ_TOKEN, repositories: [git.url('team/private')] } });
    expect(set.json.data, set.text).toMatchObject({ username: USER, read_token_set: true, write_token_set: false, repositories: ['team/private'] });
    expect(set.text).not.toContain(READ_TOKEN);
    const id = gitCredentialsIntegrationId(pid);
    const read = await t.call(`${integrations}/${id}`);
    expect(read.json.data).toMatchObject({ name: 'Git credentials 2', env_prefix: 'GIT_CREDENTIALS_2', version_number: 1, config: { in_notebooks: false } });

    // A change is a new version of it; a manager may rename it and let notebooks have it, which later changes keep.
    const renamed = await t.call(`${integrations}/${id}`, {
      method: 'PUT',
      headers: { 'if-match': read.etag! },
      body: { name: 'Deploy keys', config: { ...read.json.data.config, token_set: undefined, write_token_set: undefined, in_notebooks: true } },
    });
    expect(renamed.status, renamed.text).toBe(200);
    const writeSet = await t.call(credentials, { method: 'PUT', body: { write_token: WRITE_TOKEN } });
    expect(writeSet.json.data).toMatchObject({ read_token_set: true, write_token_set: true, repositories: ['team/private'] });
    expect((await t.call(`${integrations}/${id}`)).json.data).toMatchObject({ name: 'Deploy keys', version_number: 3, config: { in_notebooks: true } });
    expect((await t.call(`${integrations}/${id}/versions`)).json.data.items.map((version: { number: number }) => version.number)).toEqual([3, 2, 1]);
    expect(await t.hub.services.gitCredentials.write(pid, git.url('team/private'))).toEqual({ username: USER, password: WRITE_TOKEN });

    // Refused as before: a token with nowhere to go.
    const nowhere = await t.call(credentials, { method: 'PUT', body: { repositories: [] } });
    expect(nowhere.json.error).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'repositories' }] });

    // Another project's `git` integration serving the same repository comes second, and first once the credentials are removed.
    const other = await newProject(t, 'Precedence');
    await t.call(`/api/v1/projects/${other}/git-credentials`, {
      method: 'PUT',
      body: { username: USER, read_token: READ_TOKEN, repositories: [git.url('team/*')] },
    });
    const team = await t.call(`/api/v1/projects/${other}/integrations`, {
      method: 'POST',
      body: {
        kind: 'git',
        name: 'Team',
        config: { repository_url: git.url('team/private'), username: USER },
        secrets: { token: { source: 'stored', value: OTHER_TOKEN } },
      },
    });
    expect(team.status, team.text).toBe(201);
    expect(await t.hub.services.gitCredentials.read(other, git.url('team/private'))).toEqual({ username: USER, password: READ_TOKEN });
    expect((await t.call(`/api/v1/projects/${other}/git-credentials`, { method: 'DELETE' })).status).toBe(200);
    expect((await t.call(`/api/v1/projects/${other}/git-credentials`)).json.data).toMatchObject({ username: null, read_token_set: false, host_url: null });
    expect((await gitIntegrations(t, other)).map((item) => item.id)).toEqual([team.json.data.id]);
    expect(await t.hub.services.gitCredentials.read(other, git.url('team/private'))).toEqual({ username: USER, password: OTHER_TOKEN });

    const events = (await auditOf(t.hub, pid)).concat(await auditOf(t.hub, other)).map((entry) => entry.event);
    expect(events.filter((event) => event === 'project.git_credentials.update')).toHaveLength(3);
    expect(events).toEqual(expect.arrayContaining(['integration.update', 'integration.delete', 'project.git_credentials.delete']));
    await t.close();
    expect(await filesContaining(dir, TOKENS)).toEqual([]);
  }, 60_000);

  it('keeps serving /git-credentials and Git calls with integrations turned off', async () => {
    const t = await started(await dataDir(), { SERVICE_INTEGRATIONS: 'off' });
    const pid = await newProject(t, 'Off');
    const set = await t.call(`/api/v1/projects/${pid}/git-credentials`, {
      method: 'PUT',
      body: { username: USER, read_token: READ_TOKEN, repositories: [git.url('team/private')] },
    });
    expect(set.json.data, set.text).toMatchObject({ read_token_set: true, repositories: ['team/private'] });
    expect((await t.call(`/api/v1/projects/${pid}/integrations`)).status).toBe(404);
    expect((await createNotebook(t, pid, 'team/private')).json.data.sync_error).toBeUndefined();
  }, 60_000);
});
