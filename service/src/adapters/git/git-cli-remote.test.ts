import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGitServer, type GitServer } from '../../../../test/support/git-server.js';
import { outboundClientForTests } from '../../../../test/support/outbound.js';
import { GitRemoteError } from '../../core/ports/git-remote.js';
import { GitCliRemote } from './git-cli-remote.js';

const credentials = { user: 'reader', password: 'token with spaces' };
const limits = { maxFiles: 100, maxBytes: 1024 * 1024 };

/** The git program against repositories served by `git http-backend`: public, and behind basic auth. */
describe('GitCliRemote', () => {
  let server: GitServer;
  const remote = new GitCliRemote(outboundClientForTests({ feature: 'git' }));
  beforeAll(async () => {
    server = await startGitServer();
    await server.createRepository('reports', {
      files: { 'analysis/report.py': 'print("v1")\n', 'analysis/data/input.csv': 'a,b\n1,2\n', 'README.md': '# reports\n' },
    });
    await server.createRepository('team', { branch: 'trunk', files: { 'nb.py': 'x = 1\n' }, credentials });
  });
  afterAll(() => server?.close());

  const auth = { username: credentials.user, password: credentials.password };

  it('lists branches, and reads a directory at a branch and at an older commit', async () => {
    const first = await server.head('reports', 'main');
    const second = await server.commit('reports', 'main', { 'analysis/report.py': 'print("v2")\n' });
    await server.commit('reports', 'feature', {});
    expect(await remote.branches(server.url('reports'), null)).toEqual(expect.arrayContaining([{ name: 'main', commit: second }]));

    const latest = await remote.snapshot(server.url('reports'), 'main', 'analysis', null, limits);
    expect(latest.commit).toBe(second);
    const byPath = Object.fromEntries(latest.files.map((file) => [file.path, file.content.toString()]));
    expect(byPath).toEqual({ 'report.py': 'print("v2")\n', 'data/input.csv': 'a,b\n1,2\n' });
    const older = await remote.snapshot(server.url('reports'), first, 'analysis', null, limits);
    expect(older.files.find((file) => file.path === 'report.py')!.content.toString()).toBe('print("v1")\n');
    expect((await remote.snapshot(server.url('reports'), 'main', '', null, limits)).files.map((file) => file.path)).toContain('README.md');
  });

  it('reads a protected repository with credentials, and says why it cannot without them', async () => {
    expect((await remote.branches(server.url('team'), auth)).map((branch) => branch.name)).toEqual(['trunk']);
    expect((await remote.snapshot(server.url('team'), 'trunk', '', auth, limits)).files.map((file) => file.path)).toEqual(['nb.py']);
    const refused = await remote.branches(server.url('team'), null).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(GitRemoteError);
    expect(refused).toMatchObject({ code: 'UNAUTHORIZED' });
    const wrong = await remote.branches(server.url('team'), { ...auth, password: 'wrong' }).catch((error: unknown) => error);
    expect(wrong).toMatchObject({ code: 'UNAUTHORIZED' });
    expect(String((wrong as Error).message)).not.toContain('wrong');
  });

  it('tells a missing branch, a missing host and a directory over the limits apart', async () => {
    await expect(remote.snapshot(server.url('reports'), 'no-such-branch', '', null, limits)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(remote.branches('http://127.0.0.1:9/none.git', null)).rejects.toMatchObject({ code: 'UNREACHABLE' });
    await expect(remote.snapshot(server.url('reports'), 'main', '', null, { maxFiles: 1, maxBytes: limits.maxBytes })).rejects.toMatchObject({
      code: 'TOO_LARGE',
    });
    await expect(remote.snapshot(server.url('reports'), 'main', '', null, { maxFiles: 100, maxBytes: 5 })).rejects.toMatchObject({ code: 'TOO_LARGE' });
  });
  it('publishes a commit on top of a base as a new branch, and never moves a branch that exists', async () => {
    const base = await server.head('team', 'trunk');
    const request = {
      base,
      branch: 'proposal/one',
      files: [{ path: 'nb.py', content: Buffer.from('x = 2\n') }],
      message: 'Change x\n\nFrom the hub.',
      author: { name: 'someone@example.com', email: 'someone@example.com' },
    };
    const { commit } = await remote.publish(server.url('team'), auth, request);
    expect(await server.head('team', 'proposal/one')).toBe(commit);
    expect(await server.head('team', 'trunk')).toBe(base);
    const published = await remote.snapshot(server.url('team'), 'proposal/one', '', auth, limits);
    expect(published.files.map((file) => [file.path, file.content.toString()])).toEqual([['nb.py', 'x = 2\n']]);

    await expect(remote.publish(server.url('team'), auth, { ...request, files: [{ path: 'nb.py', content: Buffer.from('x = 3\n') }] })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    expect(await server.head('team', 'proposal/one')).toBe(commit);
    await expect(remote.publish(server.url('team'), { username: 'reader', password: 'wrong' }, { ...request, branch: 'proposal/two' })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
  });
});
