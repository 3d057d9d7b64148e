import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGitServer, type GitServer } from '../support/git-server.js';
import { makeTempDir } from '../support/temp-dir.js';

const run = promisify(execFile);
const credentials = { user: 'ci', password: 's3cret pass' };

/** The test Git server itself: Git's smart HTTP through `git http-backend`, public and protected repositories. */
describe('the test Git server', () => {
  let server: GitServer;
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  beforeAll(async () => {
    server = await startGitServer();
    temp = await makeTempDir('git-clients');
    await server.createRepository('public', { files: { 'notebooks/report.py': 'print("hello")\n', 'data/input.csv': 'a,b\n' } });
    await server.createRepository('private', { branch: 'trunk', files: { 'app.py': 'x = 1\n' }, credentials });
  });
  afterAll(async () => {
    await server?.close();
    await temp?.cleanup();
  });

  // Never asks for credentials on a terminal: a refusal is an error.
  const git = (...args: string[]) => run('git', args, { cwd: temp.dir, env: { ...process.env, GIT_TERMINAL_PROMPT: '0' } });

  it('serves a public repository to anyone, and refuses pushes to it', async () => {
    await git('clone', '--quiet', server.url('public'), 'public');
    expect(await readFile(path.join(temp.dir, 'public', 'notebooks', 'report.py'), 'utf8')).toBe('print("hello")\n');
    const later = await server.commit('public', 'main', { 'notebooks/report.py': 'print("changed")\n' });
    const { stdout } = await git('ls-remote', server.url('public'), 'refs/heads/main');
    expect(stdout.split('\t')[0]).toBe(later);
    await expect(
      run('git', ['-C', path.join(temp.dir, 'public'), 'push', '--quiet', 'origin', 'HEAD:refs/heads/other'], {
        env: { ...process.env, GIT_TERMINAL_PROMPT: '0' },
      }),
    ).rejects.toThrow();
  });

  it('asks for credentials on a protected repository, and lets their holder fetch and push', async () => {
    await expect(git('ls-remote', server.url('private'))).rejects.toThrow(/Authentication failed|could not read Username|401/);
    await expect(git('ls-remote', server.url('private', { user: 'ci', password: 'wrong' }))).rejects.toThrow();
    await git('clone', '--quiet', '--branch', 'trunk', server.url('private', credentials), 'private');
    await run('git', [
      '-C',
      path.join(temp.dir, 'private'),
      '-c',
      'user.name=T',
      '-c',
      'user.email=t@t.invalid',
      'commit',
      '--quiet',
      '--allow-empty',
      '-m',
      'pushed',
    ]);
    await run('git', ['-C', path.join(temp.dir, 'private'), 'push', '--quiet', 'origin', 'HEAD:refs/heads/change'], {
      env: { ...process.env, GIT_TERMINAL_PROMPT: '0' },
    });
    const { stdout } = await run('git', ['-C', path.join(temp.dir, 'private'), 'rev-parse', 'HEAD']);
    expect(await server.head('private', 'change')).toBe(stdout.trim());
  });
});
