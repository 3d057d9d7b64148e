import { execFile, spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { makeTempDir } from './temp-dir.js';

const run = promisify(execFile);

/** Git's own smart-HTTP server program (`git http-backend`), found next to the `git` on PATH. */
async function httpBackend(): Promise<string> {
  const { stdout } = await run('git', ['--exec-path']);
  return path.join(stdout.trim(), 'git-http-backend');
}

/** One request the server received: where it went and the credentials it carried. */
export interface GitServerRequest {
  /** The request's `Host` header: the name the client connected with. */
  host: string | null;
  path: string;
  authorization: string | null;
}

export interface GitServer {
  /** Every request received so far, oldest first. */
  requests: GitServerRequest[];
  /** `http://127.0.0.1:<port>/<name>.git`, with `user:password@` when given. */
  url(name: string, credentials?: { user: string; password: string }): string;
  /**
   * A bare repository `<name>.git` with `files` committed on `branch` (a first commit) by a test
   * author. `credentials`: fetching and pushing need them, or one of them when several (basic
   * auth); without, anyone may fetch and nobody may push.
   */
  createRepository(
    name: string,
    options: { branch?: string; files: Record<string, string>; credentials?: { user: string; password: string } | { user: string; password: string }[] },
  ): Promise<void>;
  /** Commits `files` (added or changed) on `branch` of `name` (made from the default branch when new); returns the new commit's id. */
  commit(name: string, branch: string, files: Record<string, string>, message?: string): Promise<string>;
  /** The commit `branch` of `name` points at. */
  head(name: string, branch: string): Promise<string>;
  /** Points the full ref `ref` (`refs/pull/7/head`, as a provider keeps a change request's head) of `name` at `commit`. */
  setRef(name: string, ref: string, commit: string): Promise<void>;
  close(): Promise<void>;
}

const AUTHOR = ['-c', 'user.name=Notebook Hub Tests', '-c', 'user.email=tests@notebook-hub.invalid'];

/**
 * Repositories served by `git http-backend` over HTTP on 127.0.0.1 (Git's smart HTTP protocol,
 * fetch and push), some of them behind basic auth: the Git server the source-control tests talk to.
 */
export async function startGitServer(): Promise<GitServer> {
  const temp = await makeTempDir('git-server');
  const root = path.join(temp.dir, 'repositories');
  await mkdir(root, { recursive: true });
  const backend = await httpBackend();
  const protectedBy = new Map<string, string[]>();
  const requests: GitServerRequest[] = [];

  const server = createServer((request, response) => {
    serve(request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain' });
      response.end(String(error));
    });
  });

  async function serve(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://git.invalid');
    requests.push({ host: request.headers.host ?? null, path: url.pathname, authorization: request.headers.authorization ?? null });
    // `owner/name.git` as well as `name.git`: what comes before `.git` names the repository.
    const repository = /^\/(.+?\.git)(?:\/|$)/.exec(url.pathname)?.[1] ?? '';
    const expected = protectedBy.get(repository);
    const given = request.headers.authorization ?? null;
    let user: string | null = null;
    if (given?.startsWith('Basic ')) user = Buffer.from(given.slice(6), 'base64').toString('utf8');
    if (expected !== undefined && (user === null || !expected.includes(user))) {
      response.writeHead(401, { 'www-authenticate': 'Basic realm="git"', 'content-type': 'text/plain' });
      response.end('authentication required\n');
      return;
    }
    const child = spawn(backend, [], {
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        GIT_PROJECT_ROOT: root,
        GIT_HTTP_EXPORT_ALL: '1',
        REQUEST_METHOD: request.method ?? 'GET',
        PATH_INFO: decodeURIComponent(url.pathname),
        QUERY_STRING: url.search.slice(1),
        CONTENT_TYPE: request.headers['content-type'] ?? '',
        REMOTE_ADDR: '127.0.0.1',
        ...(request.headers['content-encoding'] ? { HTTP_CONTENT_ENCODING: String(request.headers['content-encoding']) } : {}),
        ...(request.headers['git-protocol'] ? { GIT_PROTOCOL: String(request.headers['git-protocol']) } : {}),
        // Only a signed-in user may push, as on a hosted Git server.
        ...(user !== null && expected !== undefined ? { REMOTE_USER: user.split(':')[0]! } : {}),
      },
      // Its refusals (a push to a read-only repository) reach the client in the answer; stderr would only repeat them.
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    request.pipe(child.stdin);
    await relayCgi(child.stdout, response);
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const git = (cwd: string, ...args: string[]) => run('git', [...AUTHOR, ...args], { cwd });

  /** A scratch clone to commit from, on the server's own disk (no HTTP involved). */
  async function commitFiles(name: string, branch: string, files: Record<string, string>, message: string, first: boolean): Promise<string> {
    const work = path.join(temp.dir, 'work', `${name.replaceAll('/', '-')}-${Date.now()}-${Math.random().toString(36).slice(2)}`);
    const bare = path.join(root, `${name}.git`);
    if (first) {
      await mkdir(work, { recursive: true });
      await git(work, 'init', '--quiet', `--initial-branch=${branch}`);
    } else {
      // A branch that does not exist yet starts from the default branch.
      await run('git', ['clone', '--quiet', bare, work]);
      const exists = await git(work, 'rev-parse', '--verify', '--quiet', `refs/remotes/origin/${branch}`).then(
        () => true,
        () => false,
      );
      if (exists) await git(work, 'checkout', '--quiet', '-B', branch, `origin/${branch}`);
    }
    for (const [file, content] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(work, file)), { recursive: true });
      await writeFile(path.join(work, file), content);
    }
    await git(work, 'add', '--all');
    await git(work, 'commit', '--quiet', '--allow-empty', '-m', message);
    await git(work, 'push', '--quiet', bare, `HEAD:refs/heads/${branch}`);
    return (await git(work, 'rev-parse', 'HEAD')).stdout.trim();
  }

  return {
    requests,
    url: (name, credentials) =>
      `http://${credentials ? `${encodeURIComponent(credentials.user)}:${encodeURIComponent(credentials.password)}@` : ''}127.0.0.1:${port}/${name}.git`,
    async createRepository(name, options) {
      const branch = options.branch ?? 'main';
      const bare = path.join(root, `${name}.git`);
      await run('git', ['init', '--quiet', '--bare', `--initial-branch=${branch}`, bare]);
      // Pushes over HTTP are refused unless the repository allows them; only protected ones do.
      await run('git', ['config', 'http.receivepack', options.credentials ? 'true' : 'false'], { cwd: bare });
      if (options.credentials) {
        const accepted = Array.isArray(options.credentials) ? options.credentials : [options.credentials];
        protectedBy.set(
          `${name}.git`,
          accepted.map((credentials) => `${credentials.user}:${credentials.password}`),
        );
      }
      await commitFiles(name, branch, options.files, 'First commit', true);
    },
    commit: (name, branch, files, message = 'Change notebooks') => commitFiles(name, branch, files, message, false),
    async head(name, branch) {
      return (await run('git', ['rev-parse', `refs/heads/${branch}`], { cwd: path.join(root, `${name}.git`) })).stdout.trim();
    },
    async setRef(name, ref, commit) {
      await run('git', ['update-ref', ref, commit], { cwd: path.join(root, `${name}.git`) });
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await temp.cleanup();
    },
  };
}

/** Copies a CGI program's answer (headers, a blank line, the body) to an HTTP response. */
async function relayCgi(output: NodeJS.ReadableStream, response: ServerResponse): Promise<void> {
  let buffered = Buffer.alloc(0);
  let headersDone = false;
  for await (const chunk of output as AsyncIterable<Buffer>) {
    if (headersDone) {
      response.write(chunk);
      continue;
    }
    buffered = Buffer.concat([buffered, chunk]);
    const end = buffered.indexOf('\r\n\r\n');
    const separator = end >= 0 ? 4 : 2;
    const at = end >= 0 ? end : buffered.indexOf('\n\n');
    if (at < 0) continue;
    let status = 200;
    const headers: Record<string, string> = {};
    for (const line of buffered.subarray(0, at).toString('latin1').split(/\r?\n/)) {
      const colon = line.indexOf(':');
      if (colon < 0) continue;
      const name = line.slice(0, colon).trim();
      const value = line.slice(colon + 1).trim();
      if (name.toLowerCase() === 'status') status = Number.parseInt(value, 10);
      else headers[name] = value;
    }
    response.writeHead(status, headers);
    response.write(buffered.subarray(at + separator));
    headersDone = true;
  }
  if (!headersDone) response.writeHead(502);
  response.end();
}
