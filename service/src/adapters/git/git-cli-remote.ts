import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { GitRemoteError, type GitBranch, type GitCredentials, type GitRemote, type GitTreeSnapshot, type SnapshotLimits } from '../../core/ports/git-remote.js';

const run = promisify(execFile);
const COMMIT_ID = /^[0-9a-f]{40}$/;
const MAX_OUTPUT = 512 * 1024 * 1024;
const TIMEOUT_MS = 120_000;

/**
 * The GitRemote port on the `git` program. Credentials go in as an `Authorization` header through
 * Git's environment configuration (`GIT_CONFIG_*`), so they are in no command line and no URL;
 * Git never prompts, and never reads the machine's own credential helpers or configuration.
 */
export class GitCliRemote implements GitRemote {
  async branches(url: string, credentials: GitCredentials | null): Promise<GitBranch[]> {
    const { stdout } = await this.git(null, credentials, ['ls-remote', '--heads', '--', url]);
    return stdout
      .split('\n')
      .filter((line) => line.includes('\trefs/heads/'))
      .map((line) => {
        const [commit, ref] = line.split('\t');
        return { name: ref!.slice('refs/heads/'.length), commit: commit! };
      });
  }

  async snapshot(url: string, ref: string, directory: string, credentials: GitCredentials | null, limits: SnapshotLimits): Promise<GitTreeSnapshot> {
    const work = await mkdtemp(path.join(os.tmpdir(), 'notebook-hub-git-'));
    try {
      await this.git(work, null, ['init', '--quiet', '--bare']);
      const wanted = COMMIT_ID.test(ref) ? ref : `refs/heads/${ref}`;
      await this.git(work, credentials, ['fetch', '--quiet', '--depth', '1', '--no-tags', '--', url, wanted]);
      const commit = (await this.git(work, null, ['rev-parse', 'FETCH_HEAD^{commit}'])).stdout.trim();
      const prefix = directory.replace(/^\/+|\/+$/g, '');
      const listed = (await this.git(work, null, ['ls-tree', '-r', '-z', '--full-tree', commit, ...(prefix ? ['--', `${prefix}/`] : [])])).stdout;
      const entries = listed
        .split('\0')
        .filter((entry) => entry !== '')
        .map((entry) => {
          const [meta, file] = [entry.slice(0, entry.indexOf('\t')), entry.slice(entry.indexOf('\t') + 1)];
          const [mode, type, object] = meta.split(' ');
          return { mode: mode!, type: type!, object: object!, path: prefix ? file.slice(prefix.length + 1) : file };
        })
        // Submodules and links are not files of the notebook.
        .filter((entry) => entry.type === 'blob' && entry.mode !== '120000');
      if (entries.length > limits.maxFiles) {
        throw new GitRemoteError(
          'TOO_LARGE',
          `${prefix || 'the repository'} holds ${entries.length} files, more than the ${limits.maxFiles} a notebook may have`,
        );
      }
      const files: GitTreeSnapshot['files'] = [];
      let bytes = 0;
      for (const entry of entries) {
        const content = (await this.git(work, null, ['cat-file', 'blob', entry.object], 'buffer')).stdout;
        bytes += content.length;
        if (bytes > limits.maxBytes) throw new GitRemoteError('TOO_LARGE', `${prefix || 'the repository'} holds more than ${limits.maxBytes} bytes`);
        files.push({ path: entry.path, content });
      }
      return { commit, files };
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }

  private async git(cwd: string | null, credentials: GitCredentials | null, args: string[], encoding: 'utf8'): Promise<{ stdout: string }>;
  private async git(cwd: string | null, credentials: GitCredentials | null, args: string[], encoding: 'buffer'): Promise<{ stdout: Buffer }>;
  private async git(cwd: string | null, credentials: GitCredentials | null, args: string[]): Promise<{ stdout: string }>;
  private async git(
    cwd: string | null,
    credentials: GitCredentials | null,
    args: string[],
    encoding: 'utf8' | 'buffer' = 'utf8',
  ): Promise<{ stdout: string | Buffer }> {
    const config: [string, string][] = [['credential.helper', '']];
    if (credentials) {
      const token = Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64');
      config.push(['http.extraHeader', `Authorization: Basic ${token}`]);
    }
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: os.tmpdir(),
      GIT_TERMINAL_PROMPT: '0',
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_CONFIG_GLOBAL: '/dev/null',
      GIT_CONFIG_COUNT: String(config.length),
    };
    config.forEach(([key, value], index) => {
      env[`GIT_CONFIG_KEY_${index}`] = key;
      env[`GIT_CONFIG_VALUE_${index}`] = value;
    });
    try {
      const result = await run('git', args, { cwd: cwd ?? os.tmpdir(), env, encoding, maxBuffer: MAX_OUTPUT, timeout: TIMEOUT_MS });
      return { stdout: result.stdout };
    } catch (error) {
      throw remoteErrorOf(error);
    }
  }
}

/** Git's stderr, told apart: the message names the cause, never a credential. */
function remoteErrorOf(error: unknown): GitRemoteError {
  if (error instanceof GitRemoteError) return error;
  const stderr = String((error as { stderr?: unknown }).stderr ?? (error as Error).message ?? '');
  if (/Authentication failed|could not read Username|401|403/i.test(stderr)) {
    return new GitRemoteError('UNAUTHORIZED', 'the Git host refused the credentials (or the repository needs some)');
  }
  if (/couldn't find remote ref|not our ref|repository .* not found|404|does not appear to be a git repository/i.test(stderr)) {
    return new GitRemoteError('NOT_FOUND', 'the repository, branch or commit does not exist');
  }
  const detail =
    stderr
      .replace(/https?:\/\/[^@\s]*@/g, 'https://')
      .trim()
      .split('\n')
      .pop() ?? '';
  return new GitRemoteError('UNREACHABLE', `the Git host could not be read${detail ? `: ${detail}` : ''}`);
}
