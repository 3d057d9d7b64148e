import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Server as TcpServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectWithRoles, type ProjectWithRoles } from '../support/alert-fixtures.js';
import { gitNotebookSource } from '../support/git-notebook.js';
import { startGitServer, type GitServer } from '../support/git-server.js';
import { fakeDns } from '../support/outbound.js';
import { startTestHub, type TestHub } from '../support/test-hub.js';
import { unusedPort } from '../support/unused-port.js';

const CREDENTIALS = { user: 'ci-bot', password: 'project-read-token-4d1f' };
const BASIC = `Basic ${Buffer.from(`${CREDENTIALS.user}:${CREDENTIALS.password}`).toString('base64')}`;
/** What a caller must never read in an answer: git's own output, connection errors, addresses, ports. */
const GIT_DETAIL = /fatal|curl|Could not resolve|Failed to connect|Connection refused|unable to access|127\.0\.0\.1|:\d{2,5}\b/i;

/**
 * A project's Git credentials go only with the repositories a manager bound them to, and every Git
 * call is checked by the hub before git connects (docs/git.md, docs/outbound-requests.md). Real
 * Git server (git http-backend) on 127.0.0.1 that records what it receives; names resolved by
 * fake-dns, never by real DNS.
 */
describe('Git: credentials bound to their repositories, and hosts checked before any connection', () => {
  let git: GitServer;
  let t: TestHub;
  let p: ProjectWithRoles;
  const dns = fakeDns({ localhost: ['127.0.0.1'] });
  beforeAll(async () => {
    git = await startGitServer();
    for (const name of ['team/private', 'team/other-private'])
      await git.createRepository(name, { files: { 'notebook.py': gitNotebookSource(name) }, credentials: CREDENTIALS });
    await git.createRepository('team/public', { files: { 'notebook.py': gitNotebookSource('public') } });
    t = await startTestHub({ captureLogs: true, env: { SERVICE_GIT_ALLOW_HTTP: 'true' }, hub: () => ({ resolver: dns }) });
    p = await projectWithRoles(t, 'git-outbound');
    const bound = await t.call(`/api/v1/projects/${p.id}/git-credentials`, {
      method: 'PUT',
      token: p.tokens.manager,
      body: { username: CREDENTIALS.user, read_token: CREDENTIALS.password, repositories: [git.url('team/private')] },
    });
    expect(bound.status, bound.text).toBe(200);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await git?.close();
  });

  const create = (repo: string, as: keyof ProjectWithRoles['tokens'] = 'editor') =>
    t.call(`/api/v1/projects/${p.id}/git-notebooks`, {
      method: 'POST',
      token: p.tokens[as],
      body: { title: 'Notebook', repo, branch: 'main', entry_notebook: 'notebook.py' },
    });
  /** The requests `calls` made the Git server receive. */
  const receivedDuring = async (calls: () => Promise<unknown>) => {
    const before = git.requests.length;
    await calls();
    return git.requests.slice(before);
  };
  const port = () => new URL(git.url('x')).port;

  it('reads a listed repository with the credentials', async () => {
    const received = await receivedDuring(async () => {
      const created = await create(git.url('team/private'));
      expect(created.json.data.sync_error, created.text).toBeUndefined();
    });
    expect(received.length).toBeGreaterThan(0);
    expect(received.every((request) => request.authorization === BASIC)).toBe(true);
  });

  it('never sends the token to a host it is not bound to, even one that resolves to the same server', async () => {
    const received = await receivedDuring(async () => {
      const created = await create(`http://localhost:${port()}/team/public.git`);
      // Another origin (plain http is allowed to loopback names here), read as the public repository it is.
      expect(created.status, created.text).toBe(201);
      expect(created.json.data.sync_error, created.text).toBeUndefined();
      expect(created.json.data.notebook.source).toMatchObject({ provider: null, commit: await git.head('team/public', 'main') });
    });
    expect(received.length).toBeGreaterThan(0);
    expect(received.every((request) => request.host === `localhost:${port()}`)).toBe(true);
    expect(received.map((request) => request.authorization)).toEqual(received.map(() => null));
  });

  it('never sends the token with another repository of the bound host, and says the credentials do not serve it', async () => {
    const received = await receivedDuring(async () => {
      const created = await create(git.url('team/other-private'));
      expect(created.status, created.text).toBe(201);
      expect(created.json.data.sync_error).toMatchObject({ code: 'SYNC_NOT_CONFIGURED', message: expect.stringContaining('among those they serve') });
    });
    expect(received.length).toBeGreaterThan(0);
    expect(received.filter((request) => request.authorization !== null)).toEqual([]);
  });

  it('never sends the token after an editor repoints a listed notebook elsewhere', async () => {
    const created = await create(git.url('team/private'));
    const nid = created.json.data.notebook.meta.id as string;
    const notebook = `/api/v1/projects/${p.id}/notebooks/${nid}`;
    const moved = await t.call(`${notebook}/source`, {
      method: 'PATCH',
      token: p.tokens.editor,
      body: { repo: `http://localhost:${port()}/team/private.git` },
    });
    expect(moved.status, moved.text).toBe(200);
    const received = await receivedDuring(async () => {
      const synced = await t.call(`${notebook}/source/sync`, { method: 'POST', token: p.tokens.editor });
      expect(synced.json.error?.code, synced.text).toBe('SYNC_NOT_CONFIGURED');
      expect((await t.call(`${notebook}/source/drift`, { token: p.tokens.viewer })).json.error?.code).toBe('SYNC_NOT_CONFIGURED');
    });
    expect(received.length).toBeGreaterThan(0);
    expect(received.filter((request) => request.authorization !== null)).toEqual([]);
  });

  it('follows no redirect: a repository URL that redirects to the Git server reaches nothing there', async () => {
    const redirector: HttpServer = createHttpServer((request, response) => {
      // The same path on the Git server (where team/private is).
      response.writeHead(302, { location: `http://127.0.0.1:${port()}${request.url ?? '/'}` }).end();
    });
    await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.1', resolve));
    try {
      const received = await receivedDuring(async () => {
        const created = await create(`http://127.0.0.1:${(redirector.address() as AddressInfo).port}/team/private.git`);
        expect(created.json.data.sync_error, created.text).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
        expect(created.json.data.sync_error.message).not.toMatch(GIT_DETAIL);
      });
      expect(received).toEqual([]);
    } finally {
      redirector.closeAllConnections();
      await new Promise((resolve) => redirector.close(resolve));
    }
  });

  it('answers an unreachable host with a plain message; what git said is in the log only', async () => {
    const created = await create(`http://127.0.0.1:${await unusedPort()}/team/nothing.git`);
    expect(created.json.data.sync_error, created.text).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      message: 'the repository cannot be reached: the Git host could not be reached',
    });
    const notebook = `/api/v1/projects/${p.id}/notebooks/${created.json.data.notebook.meta.id}`;
    const drift = await t.call(`${notebook}/source/drift`, { token: p.tokens.viewer });
    expect(drift.json.error?.message).not.toMatch(GIT_DETAIL);
    expect(t.logs).toContainEqual(
      expect.objectContaining({
        event: 'outbound_request_failed',
        feature: 'git',
        reason: 'unreachable',
        detail: expect.stringMatching(/Failed to connect|Connection refused|Couldn't connect/),
      }),
    );
  });
});

describe('Git: a host name that resolves to this machine is refused before any connection', () => {
  let t: TestHub;
  let p: ProjectWithRoles;
  let listener: TcpServer;
  let connections = 0;
  const dns = fakeDns({ 'internal.test': ['127.0.0.1'], 'mixed.test': ['127.0.0.1', '169.254.169.254'] });
  beforeAll(async () => {
    listener = createTcpServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    // Loopback is not allowed here: the deployment's defaults.
    t = await startTestHub({ captureLogs: true, hub: () => ({ resolver: dns }) });
    p = await projectWithRoles(t, 'git-refused');
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => listener?.close(resolve));
  });

  it('refuses the host, connects to nothing, and tells the caller no more than that', async () => {
    const { port } = listener.address() as AddressInfo;
    for (const host of ['internal.test', 'mixed.test']) {
      const created = await t.call(`/api/v1/projects/${p.id}/git-notebooks`, {
        method: 'POST',
        token: p.tokens.editor,
        body: { title: 'Internal', repo: `https://${host}:${port}/team/repo.git`, branch: 'main', entry_notebook: 'notebook.py' },
      });
      expect(created.status, created.text).toBe(201);
      expect(created.json.data.sync_error).toEqual({
        code: 'VALIDATION_ERROR',
        message: 'repo: the Git host is not one the hub may reach (it resolves to a loopback, private or reserved address)',
      });
      const drift = await t.call(`/api/v1/projects/${p.id}/notebooks/${created.json.data.notebook.meta.id}/source/drift`, { token: p.tokens.viewer });
      expect(drift.json.error, drift.text).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'repo' }] });
      expect(drift.text).not.toMatch(GIT_DETAIL);
    }
    expect(connections).toBe(0);
    expect(dns.asked).toEqual(expect.arrayContaining(['internal.test', 'mixed.test']));
    expect(t.logs).toContainEqual(expect.objectContaining({ event: 'outbound_request_failed', feature: 'git', reason: 'refused-address' }));
  });
});
