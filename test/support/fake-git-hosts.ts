import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One change request a fake host opened, with what it was sent. */
export interface OpenedOnFake {
  repo: string;
  number: number;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}

export interface FakeGitHost {
  /** The API's base URL (what SERVICE_GIT_GITHUB_API_URL or SERVICE_GIT_GITLAB_API_URL names). */
  apiUrl: string;
  opened: OpenedOnFake[];
  /** Answers the next request with this status and body instead of opening one. */
  failNext(status: number, body: unknown): void;
  close(): Promise<void>;
}

interface HostRules {
  /** The repository a request's path names, or null when the path is not the host's create route. */
  repoOf(path: string): string | null;
  /** Why the request is not one the host's documentation allows, or null. */
  problem(headers: IncomingMessage['headers'], body: Record<string, unknown>, token: string): { status: number; body: unknown } | null;
  answer(repo: string, number: number, apiUrl: string): unknown;
}

async function startFake(rules: HostRules, token: string, repos: string[]): Promise<FakeGitHost> {
  const opened: OpenedOnFake[] = [];
  let scripted: { status: number; body: unknown } | null = null;
  const send = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  const server: Server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      const repo = rules.repoOf(new URL(request.url ?? '/', 'http://fake.invalid').pathname);
      if (request.method !== 'POST' || repo === null) return send(response, 404, { message: 'Not Found' });
      if (request.headers['content-type'] !== 'application/json') return send(response, 415, { message: 'Unsupported Media Type' });
      const body = JSON.parse(raw || '{}') as Record<string, unknown>;
      const problem = rules.problem(request.headers, body, token);
      if (problem) return send(response, problem.status, problem.body);
      if (!repos.includes(repo)) return send(response, 404, { message: 'Not Found' });
      if (scripted) {
        const { status, body: answer } = scripted;
        scripted = null;
        return send(response, status, answer);
      }
      const number = opened.length + 1;
      opened.push({ repo, number, headers: request.headers, body });
      send(response, 201, rules.answer(repo, number, apiUrl));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    apiUrl,
    opened,
    failNext: (status, body) => (scripted = { status, body }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const missing = (body: Record<string, unknown>, fields: string[]) => fields.filter((field) => typeof body[field] !== 'string' || body[field] === '');

/**
 * fake-github: `POST /repos/{owner}/{repo}/pulls` as GitHub's REST API documents it (bearer token,
 * the `application/vnd.github+json` media type, an API version and a User-Agent; title, head and
 * base), answering 201 with `number` and `html_url`.
 */
export function startFakeGitHub(token: string, repos: string[]): Promise<FakeGitHost> {
  return startFake(
    {
      repoOf: (path) => /^\/repos\/([^/]+\/[^/]+)\/pulls$/.exec(path)?.[1] ?? null,
      problem(headers, body, expected) {
        if (headers.authorization !== `Bearer ${expected}`) return { status: 401, body: { message: 'Bad credentials' } };
        if (headers.accept !== 'application/vnd.github+json' || !headers['x-github-api-version'] || !headers['user-agent'])
          return { status: 400, body: { message: 'Missing the media type, API version or User-Agent' } };
        const absent = missing(body, ['title', 'head', 'base']);
        return absent.length > 0
          ? { status: 422, body: { message: 'Validation Failed', errors: absent.map((field) => ({ message: `${field} is missing` })) } }
          : null;
      },
      answer: (repo, number) => ({ number, state: 'open', html_url: `https://github.example/${repo}/pull/${number}` }),
    },
    token,
    repos,
  );
}

/**
 * fake-gitlab: `POST /api/v4/projects/{id}/merge_requests` as GitLab's REST API documents it (the
 * project's URL-encoded path as its id, a `PRIVATE-TOKEN` header; source_branch, target_branch and
 * title), answering 201 with `iid` and `web_url`.
 */
export function startFakeGitLab(token: string, repos: string[]): Promise<FakeGitHost> {
  return startFake(
    {
      repoOf: (path) => {
        const id = /^\/api\/v4\/projects\/([^/]+)\/merge_requests$/.exec(path)?.[1];
        // The id is one path segment: slashes of the project's path arrive encoded.
        return id && !id.includes('/') ? decodeURIComponent(id) : null;
      },
      problem(headers, body, expected) {
        if (headers['private-token'] !== expected) return { status: 401, body: { message: '401 Unauthorized' } };
        const absent = missing(body, ['source_branch', 'target_branch', 'title']);
        return absent.length > 0 ? { status: 400, body: { error: `${absent.join(', ')} is missing` } } : null;
      },
      answer: (repo, number) => ({ iid: number, id: 1000 + number, state: 'opened', web_url: `https://gitlab.example/${repo}/-/merge_requests/${number}` }),
    },
    token,
    repos,
  );
}
