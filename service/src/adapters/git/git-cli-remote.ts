import { execFile, type ExecFileOptions } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { isIP } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { bareHost } from '../../core/outbound/outbound-policy.js';
import {
  GitRemoteError,
  type GitBranch,
  type GitCommitSummary,
  type GitCredentials,
  type GitRemote,
  type GitTreeSnapshot,
  type PublishRequest,
  type SnapshotLimits,
} from '../../core/ports/git-remote.js';
import { OutboundError, type OutboundClient } from '../outbound/outbound-client.js';

const run = promisify(execFile);

/** `git` with `input` on its standard input (what `execFile`'s promise form cannot pass). */
function runWithInput(args: string[], options: ExecFileOptions & { encoding: 'utf8' | 'buffer' }, input: Buffer): Promise<{ stdout: string | Buffer }> {
  return new Promise((resolve, reject) => {
    const child = execFile('git', args, options, (error, stdout, stderr) => (error ? reject(Object.assign(error, { stderr })) : resolve({ stdout })));
    child.stdin?.end(input);
  });
}
const COMMIT_ID = /^[0-9a-f]{40}$/;
const MAX_OUTPUT = 512 * 1024 * 1024;
/** A transfer slower than this many bytes a second for `LOW_SPEED_SECONDS` is given up. */
const LOW_SPEED_BYTES = 1000;
const LOW_SPEED_SECONDS = 30;

/** The repository a command talks to, and who the hub is there. */
interface RemoteCall {
  url: string;
  credentials: GitCredentials | null;
}

/**
 * The GitRemote port on the `git` program. Credentials go in as an `Authorization` header through
 * Git's environment configuration (`GIT_CONFIG_*`), so they are in no command line and no URL;
 * Git never prompts, and never reads the machine's own credential helpers or configuration.
 *
 * Every command that reaches a repository goes through the outbound-request policy
 * (docs/outbound-requests.md): the host is resolved and every address checked by the hub first,
 * and Git is pinned to the checked address (`http.curloptResolve`), so it never resolves the name
 * itself; it follows no redirect, speaks only http(s), gives up on a stalled transfer and is
 * stopped after `timeoutMs`. Its error output goes to the hub's log; callers get a message that
 * names the kind of failure only.
 */
export class GitCliRemote implements GitRemote {
  constructor(
    private readonly outbound: OutboundClient,
    private readonly timeoutMs = 120_000,
  ) {}

  async branches(url: string, credentials: GitCredentials | null): Promise<GitBranch[]> {
    const { stdout } = await this.git(null, { url, credentials }, ['ls-remote', '--heads', '--', url]);
    return stdout
      .split('\n')
      .filter((line) => line.includes('\trefs/heads/'))
      .map((line) => {
        const [commit, ref] = line.split('\t');
        return { name: ref!.slice('refs/heads/'.length), commit: commit! };
      });
  }

  async resolveRef(url: string, ref: string, credentials: GitCredentials | null): Promise<string | null> {
    const { stdout } = await this.git(null, { url, credentials }, ['ls-remote', '--', url, ref]);
    const line = stdout.split('\n').find((candidate) => candidate.split('\t')[1] === ref);
    return line ? line.split('\t')[0]! : null;
  }

  async snapshot(url: string, ref: string, directory: string, credentials: GitCredentials | null, limits: SnapshotLimits): Promise<GitTreeSnapshot> {
    const work = await mkdtemp(path.join(os.tmpdir(), 'notebook-hub-git-'));
    try {
      await this.git(work, null, ['init', '--quiet', '--bare']);
      const wanted = COMMIT_ID.test(ref) || ref.startsWith('refs/') ? ref : `refs/heads/${ref}`;
      await this.git(work, { url, credentials }, ['fetch', '--quiet', '--depth', '1', '--no-tags', '--', url, wanted]);
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

  async recentCommits(url: string, branch: string, credentials: GitCredentials | null, count: number): Promise<GitCommitSummary[]> {
    const work = await mkdtemp(path.join(os.tmpdir(), 'notebook-hub-git-'));
    try {
      await this.git(work, null, ['init', '--quiet', '--bare']);
      await this.git(work, { url, credentials }, ['fetch', '--quiet', '--depth', String(count), '--no-tags', '--', url, `refs/heads/${branch}`]);
      const { stdout } = await this.git(work, null, ['log', '-z', `--max-count=${count}`, '--format=%H%x1f%s%x1f%an%x1f%cI', 'FETCH_HEAD']);
      return stdout
        .split('\0')
        .filter((entry) => entry.trim() !== '')
        .map((entry) => {
          const [commit, title, author, committed] = entry.trim().split('\x1f');
          return { commit: commit!, title: title ?? '', author: author ?? '', committed_at: new Date(committed!).toISOString() };
        });
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }

  async publish(url: string, credentials: GitCredentials, request: PublishRequest): Promise<{ commit: string }> {
    const work = await mkdtemp(path.join(os.tmpdir(), 'notebook-hub-git-'));
    try {
      await this.git(work, null, ['init', '--quiet', '--bare']);
      await this.git(work, { url, credentials }, ['fetch', '--quiet', '--depth', '1', '--no-tags', '--', url, request.base]);
      // A scratch index inside the scratch repository: the base's tree with the new files in it.
      const index = { GIT_INDEX_FILE: path.join(work, 'publish-index') };
      await this.git(work, null, ['read-tree', request.base], 'utf8', index);
      for (const file of request.files) {
        const blob = (await this.git(work, null, ['hash-object', '-w', '--stdin'], 'utf8', {}, file.content)).stdout.trim();
        await this.git(work, null, ['update-index', '--add', '--cacheinfo', `100644,${blob},${file.path}`], 'utf8', index);
      }
      const tree = (await this.git(work, null, ['write-tree'], 'utf8', index)).stdout.trim();
      const who = {
        GIT_AUTHOR_NAME: request.author.name,
        GIT_AUTHOR_EMAIL: request.author.email,
        GIT_COMMITTER_NAME: request.author.name,
        GIT_COMMITTER_EMAIL: request.author.email,
      };
      const commit = (
        await this.git(work, null, ['commit-tree', tree, '-p', request.base, '-F', '-'], 'utf8', who, Buffer.from(request.message))
      ).stdout.trim();
      // Not forced: a branch of that name already there is someone else's work.
      await this.git(work, { url, credentials }, ['push', '--quiet', '--', url, `${commit}:refs/heads/${request.branch}`]);
      return { commit };
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }

  private async git(cwd: string | null, remote: RemoteCall | null, args: string[], encoding: 'utf8'): Promise<{ stdout: string }>;
  private async git(cwd: string | null, remote: RemoteCall | null, args: string[], encoding: 'buffer'): Promise<{ stdout: Buffer }>;
  private async git(cwd: string | null, remote: RemoteCall | null, args: string[]): Promise<{ stdout: string }>;
  private async git(
    cwd: string | null,
    remote: RemoteCall | null,
    args: string[],
    encoding: 'utf8' | 'buffer',
    extraEnv: Record<string, string>,
    input?: Buffer,
  ): Promise<{ stdout: string }>;
  private async git(
    cwd: string | null,
    remote: RemoteCall | null,
    args: string[],
    encoding: 'utf8' | 'buffer' = 'utf8',
    extraEnv: Record<string, string> = {},
    input?: Buffer,
  ): Promise<{ stdout: string | Buffer }> {
    const config: [string, string][] = [['credential.helper', '']];
    if (remote) config.push(...(await this.networkConfig(remote)));
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
    Object.assign(env, extraEnv);
    try {
      const options = { cwd: cwd ?? os.tmpdir(), env, encoding, maxBuffer: MAX_OUTPUT, timeout: this.timeoutMs };
      const result = input === undefined ? await run('git', args, options) : await runWithInput(args, options, input);
      return { stdout: result.stdout };
    } catch (error) {
      throw this.remoteErrorOf(error, remote?.url ?? null);
    }
  }

  /**
   * What a command that reaches `remote` runs with: the checked address pinned for the URL's host
   * and port (an IP literal is checked and needs no pin), no redirects, http(s) only, a floor on
   * the transfer speed, and the credentials as a header.
   */
  private async networkConfig(remote: RemoteCall): Promise<[string, string][]> {
    let pinned;
    try {
      pinned = await this.outbound.pin(remote.url);
    } catch (error) {
      if (error instanceof OutboundError)
        throw new GitRemoteError(error.reason === 'refused-address' ? 'REFUSED' : 'UNREACHABLE', `the Git host ${error.message.replace(/^the host /, '')}`);
      throw error;
    }
    const config: [string, string][] = [
      ['protocol.allow', 'never'],
      ['protocol.https.allow', 'always'],
      ['protocol.http.allow', 'always'],
      ['http.followRedirects', 'false'],
      ['http.lowSpeedLimit', String(LOW_SPEED_BYTES)],
      ['http.lowSpeedTime', String(LOW_SPEED_SECONDS)],
    ];
    if (isIP(bareHost(new URL(remote.url))) === 0)
      config.push(['http.curloptResolve', `${pinned.host}:${pinned.port}:${pinned.family === 6 ? `[${pinned.address}]` : pinned.address}`]);
    if (remote.credentials) {
      const token = Buffer.from(`${remote.credentials.username}:${remote.credentials.password}`).toString('base64');
      config.push(['http.extraHeader', `Authorization: Basic ${token}`]);
    }
    // The Git host may continue the trace of the operation (docs/telemetry.md).
    const traceparent = this.outbound.traceparent();
    if (traceparent) config.push(['http.extraHeader', `traceparent: ${traceparent}`]);
    return config;
  }

  /**
   * Git's failure, told apart by kind: the message names the kind only (never a credential, a
   * host's error text or a connection detail, which would make the hub a port scanner); git's own
   * output goes to the log.
   */
  private remoteErrorOf(error: unknown, url: string | null): GitRemoteError {
    if (error instanceof GitRemoteError) return error;
    const failure = error as { stderr?: unknown; message?: unknown; killed?: boolean; signal?: unknown };
    const stderr = String(failure.stderr ?? failure.message ?? '');
    if (/Authentication failed|could not read Username|returned error: 40[13]\b/i.test(stderr)) {
      return new GitRemoteError('UNAUTHORIZED', 'the Git host refused the credentials (or the repository needs some)');
    }
    if (/\[rejected\]|already exists|non-fast-forward|failed to push some refs/i.test(stderr)) {
      return new GitRemoteError('CONFLICT', 'the branch already exists in the repository');
    }
    if (/couldn't find remote ref|not our ref|repository .* not found|returned error: 404\b|does not appear to be a git repository/i.test(stderr)) {
      return new GitRemoteError('NOT_FOUND', 'the repository, branch or commit does not exist');
    }
    const detail = stderr.replace(/https?:\/\/[^@\s]*@/g, 'https://').trim();
    const timedOut = failure.killed === true || failure.signal === 'SIGTERM';
    if (url === null) {
      this.outbound.failed(null, 'unreachable', `a local git command failed: ${detail}`);
      return new GitRemoteError('UNREACHABLE', 'the repository could not be read');
    }
    const reported = this.outbound.failed(url, timedOut ? 'timeout' : 'unreachable', detail);
    return new GitRemoteError('UNREACHABLE', `the Git host ${reported.message.replace(/^the host /, '')}`);
  }
}
