import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectAudit, projectWithRoles, type ProjectWithRoles } from '../support/alert-fixtures.js';
import { startGitServer, type GitServer } from '../support/git-server.js';
import { recordingCalls, startApiServer, type ApiServer } from '../support/integration-fixtures.js';
import { startTestHub, type TestHub } from '../support/test-hub.js';
import { unusedPort } from '../support/unused-port.js';

const TOKEN = 'api-token-4f9a2c7e1b';
const USER = 'reporter';
const PASSWORD = 'api-password-8d3b6a0c5e';
const API_KEY = 'sk-test-key-6e1f0a9b3c';
const GIT_TOKEN = 'git-token-2a7d5c9e4f';
const WRONG = 'wrong-secret-3c8e1f7a0d';
const SECRETS = [TOKEN, PASSWORD, API_KEY, GIT_TOKEN, WRONG];
/** A variable integrations may read, set while they are made and gone when they are tested (the hub's environment changed since). */
const UNSET_VARIABLE = 'NOTEBOOK_HUB_TEST_GONE_PASSWORD';

/**
 * "Test connection" against real servers on 127.0.0.1 (an HTTP API, an OpenAI-style model list, a
 * Git repository), opened to the hub only through the documented settings: the outbound allow-list
 * for loopback and SERVICE_INTEGRATIONS_ALLOW_HTTP for plain http.
 */
describe('test connection of HTTP APIs, AI providers, Git credentials and unreachable databases', () => {
  let t: TestHub;
  let closed: TestHub;
  let api: ApiServer;
  let git: GitServer;
  let p: ProjectWithRoles;
  const { seen, call } = recordingCalls(() => t);

  beforeAll(async () => {
    api = await startApiServer({ token: TOKEN, user: USER, password: PASSWORD, models: ['small-model', 'large-model'] });
    git = await startGitServer();
    await git.createRepository('notebooks', { files: { 'README.md': '# notebooks\n' }, credentials: { user: 'x-access-token', password: GIT_TOKEN } });
    await git.createRepository('public', { files: { 'README.md': '# public\n' } });
    t = await startTestHub({
      captureLogs: true,
      env: { SERVICE_OUTBOUND_ALLOWED_NETWORKS: '127.0.0.1', SERVICE_INTEGRATIONS_ALLOW_HTTP: 'true', SERVICE_SECRET_SOURCE_VARIABLES: UNSET_VARIABLE },
    });
    // The same integrations on a hub that did not open loopback.
    closed = await startTestHub({ env: { SERVICE_INTEGRATIONS_ALLOW_HTTP: 'true' } });
    p = await projectWithRoles(t, 'test-connection');
  });
  afterAll(async () => {
    await t?.close();
    await closed?.close();
    await api?.close();
    await git?.close();
  });

  const create = async (body: Record<string, unknown>) => {
    const created = await call(`/api/v1/projects/${p.id}/integrations`, { method: 'POST', token: p.tokens.manager, body });
    expect(created.status, created.text).toBe(201);
    return created.json.data.id as string;
  };
  const test = async (id: string) => {
    const answer = await call(`/api/v1/projects/${p.id}/integrations/${id}/test`, { method: 'POST', token: p.tokens.manager });
    expect(answer.status, answer.text).toBe(200);
    return answer.json.data as { ok: boolean; message: string; duration_ms: number; checked_at: string };
  };
  const stored = (value: string) => ({ source: 'stored', value });

  it('passes an HTTP API that takes the bearer token or the basic credentials, and says what is wrong otherwise', async () => {
    const bearer = await create({
      kind: 'http_api',
      name: 'Bearer API',
      config: { base_url: `${api.url}/api`, test_path: 'status' },
      secrets: { token: stored(TOKEN) },
    });
    expect(await test(bearer)).toEqual({
      ok: true,
      checked_at: expect.any(String),
      duration_ms: expect.any(Number),
      message: 'the API answered HTTP 200 at /api/status',
    });
    expect(api.authorizations.at(-1)).toBe(`Bearer ${TOKEN}`);

    const basic = await create({
      kind: 'http_api',
      name: 'Basic API',
      config: { base_url: `${api.url}/api/`, auth: 'basic', username: USER, test_path: '/status' },
      secrets: { password: stored(PASSWORD) },
    });
    expect(await test(basic)).toMatchObject({ ok: true });

    const wrong = await create({
      kind: 'http_api',
      name: 'Wrong API',
      config: { base_url: `${api.url}/api`, test_path: 'status' },
      secrets: { token: stored(WRONG) },
    });
    expect(await test(wrong)).toMatchObject({ ok: false, message: 'the API refused the credentials (HTTP 401): check the token' });
    const missing = await create({ kind: 'http_api', name: 'Missing API', config: { base_url: `${api.url}/nothing` }, secrets: { token: stored(TOKEN) } });
    expect(await test(missing)).toMatchObject({ ok: false, message: expect.stringContaining('HTTP 404') });
    const moved = await create({ kind: 'http_api', name: 'Moved API', config: { base_url: `${api.url}/moved`, auth: 'none' } });
    expect(await test(moved)).toMatchObject({ ok: false, message: expect.stringContaining('redirect (HTTP 302), which the hub does not follow') });
  });

  it('passes an AI provider that lists the model, and fails one that does not or refuses the key', async () => {
    const provider = await create({
      kind: 'openai',
      name: 'Models',
      config: { base_url: `${api.url}/v1`, model: 'large-model' },
      secrets: { api_key: stored(TOKEN) },
    });
    expect(await test(provider)).toMatchObject({ ok: true, message: 'the provider lists 2 models, large-model among them' });
    const unknown = await create({
      kind: 'openai',
      name: 'Other model',
      config: { base_url: `${api.url}/v1`, model: 'huge-model' },
      secrets: { api_key: stored(TOKEN) },
    });
    expect(await test(unknown)).toMatchObject({ ok: false, message: 'the provider does not list the model huge-model (it lists 2 models)' });
    const refused = await create({ kind: 'openai', name: 'Bad key', config: { base_url: `${api.url}/v1` }, secrets: { api_key: stored(API_KEY) } });
    expect(await test(refused)).toMatchObject({ ok: false, message: 'the provider refused the API key (HTTP 401)' });
  });

  it('lists the branches of a Git repository with the token, and tells a refused token apart', async () => {
    const repository = await create({ kind: 'git', name: 'Repo', config: { repository_url: git.url('notebooks') }, secrets: { token: stored(GIT_TOKEN) } });
    expect(await test(repository)).toMatchObject({ ok: true, message: 'the repository answered with 1 branch' });
    const refused = await create({ kind: 'git', name: 'Repo bad token', config: { repository_url: git.url('notebooks') }, secrets: { token: stored(WRONG) } });
    expect(await test(refused)).toMatchObject({ ok: false, message: expect.stringContaining('refused the user name and token') });
    const absent = await create({ kind: 'git', name: 'No repo', config: { repository_url: git.url('absent') }, secrets: { token: stored(GIT_TOKEN) } });
    expect(await test(absent)).toMatchObject({ ok: false });
    // Without a token a repository is read as a public one: no credentials are sent at all.
    const before = git.requests.length;
    const tokenless = await create({ kind: 'git', name: 'Public repo', config: { repository_url: git.url('public') } });
    expect(await test(tokenless)).toMatchObject({ ok: true, message: 'the repository answered with 1 branch' });
    expect(git.requests.slice(before).map((request) => request.authorization)).toEqual(git.requests.slice(before).map(() => null));
    const needsOne = await create({ kind: 'git', name: 'Private without token', config: { repository_url: git.url('notebooks') } });
    expect(await test(needsOne)).toMatchObject({ ok: false, message: expect.stringContaining('refused') });
  });

  it('says which secret cannot be read, of a database whose socket opens before its password does, and words a refused port', async () => {
    const port = await unusedPort();
    const database = { host: '127.0.0.1', port, database: 'shop', user: 'reader', sslmode: 'disable' };
    const unset = { password: { source: 'environment', variable: UNSET_VARIABLE } };
    const cannotBeRead = `the secret password cannot be read: the variable ${UNSET_VARIABLE} is not set in the hub's environment`;
    process.env[UNSET_VARIABLE] = 'set-while-made';
    let unreadable: string[];
    let api: string;
    try {
      unreadable = [
        await create({ kind: 'mysql', name: 'Unset mysql', config: database, secrets: unset }),
        await create({ kind: 'postgres', name: 'Unset postgres', config: database, secrets: unset }),
      ];
      api = await create({ kind: 'http_api', name: 'Unset token', config: { base_url: 'http://127.0.0.1:9/' }, secrets: { token: unset.password } });
    } finally {
      delete process.env[UNSET_VARIABLE];
    }
    for (const id of unreadable) expect(await test(id)).toMatchObject({ ok: false, message: cannotBeRead });
    expect(await test(api)).toMatchObject({ ok: false, message: cannotBeRead.replace('secret password', 'secret token') });
    for (const kind of ['mysql', 'postgres']) {
      const refused = await create({ kind, name: `Refused ${kind}`, config: database, secrets: { password: stored(PASSWORD) } });
      expect(await test(refused)).toMatchObject({ ok: false, message: expect.stringContaining(`127.0.0.1:${port} could not be reached`) });
    }
  });

  it('refuses a host the outbound policy does not open, before sending anything', async () => {
    const owner = await projectWithRoles(closed, 'closed');
    const created = await closed.call(`/api/v1/projects/${owner.id}/integrations`, {
      method: 'POST',
      token: owner.tokens.owner,
      body: { kind: 'http_api', name: 'Loopback API', config: { base_url: `${api.url}/api`, test_path: 'status' }, secrets: { token: stored(TOKEN) } },
    });
    expect(created.status, created.text).toBe(201);
    const before = api.authorizations.length;
    const answer = await closed.call(`/api/v1/projects/${owner.id}/integrations/${created.json.data.id}/test`, { method: 'POST', token: owner.tokens.owner });
    expect(answer.json.data).toMatchObject({ ok: false, message: expect.stringContaining('is not one the hub may reach') });
    expect(answer.json.data.message).toContain('SERVICE_OUTBOUND_ALLOWED_NETWORKS');
    expect(api.authorizations.length).toBe(before);
  });

  it('audits every test with its outcome, and no secret reaches an answer, a log line or an audit entry', async () => {
    const tests = (await projectAudit(t, p.id)).filter((entry) => entry.event === 'integration.test');
    expect(tests.length).toBeGreaterThanOrEqual(10);
    expect(tests.map((entry) => entry.metadata.ok)).toEqual(expect.arrayContaining([true, false]));
    const logs = t.logs.map((line) => JSON.stringify(line)).join('\n');
    for (const secret of SECRETS) {
      expect(seen.join('\n')).not.toContain(secret);
      expect(logs).not.toContain(secret);
      expect(tests.map((entry) => entry.raw).join('\n')).not.toContain(secret);
    }
  });
});
