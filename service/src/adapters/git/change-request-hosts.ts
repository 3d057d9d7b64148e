import { ChangeRequestHostError, type ChangeRequestHost, type ChangeRequestToOpen, type OpenedChangeRequest } from '../../core/ports/change-request-host.js';
import type { OutboundClient } from '../outbound/outbound-client.js';

/** What a host's JSON error says, in one line, for the person who asked. */
function hostMessage(body: unknown): string {
  const object = (body ?? {}) as { message?: unknown; errors?: { message?: unknown }[]; error?: unknown };
  const parts = [object.message, object.error, ...(object.errors ?? []).map((error) => error.message)].filter(
    (part) => typeof part === 'string' || Array.isArray(part),
  );
  return parts.map((part) => (Array.isArray(part) ? part.join(', ') : String(part))).join('; ') || 'no reason given';
}

function parseBody(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return { message: text.slice(0, 200) };
  }
}

/** A POST through the outbound-request policy (docs/outbound-requests.md): no redirect is followed. */
async function post(
  outbound: OutboundClient,
  host: string,
  url: string,
  headers: Record<string, string>,
  body: unknown,
): Promise<{ status: number; json: unknown }> {
  let response: Response;
  try {
    response = await outbound.fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'notebook-hub', ...headers },
      body: JSON.stringify(body),
      redirect: 'error',
    });
  } catch (error) {
    // The detail is in the hub's log (the outbound client wrote it).
    throw new ChangeRequestHostError('UNREACHABLE', `${host} could not be reached: ${(error as Error).message}`);
  }
  const text = await response.text();
  const json = parseBody(text);
  if (response.status === 401 || response.status === 403)
    throw new ChangeRequestHostError('UNAUTHORIZED', `${host} refused the project's write token: ${hostMessage(json)}`);
  if (response.status === 404) throw new ChangeRequestHostError('NOT_FOUND', `${host} does not know the repository (or the token cannot see it)`);
  if (response.status >= 500) throw new ChangeRequestHostError('UNREACHABLE', `${host} answered ${response.status}`);
  if (response.status !== 201 && response.status !== 200)
    throw new ChangeRequestHostError('REFUSED', `${host} refused the change request: ${hostMessage(json)}`);
  return { status: response.status, json };
}

/** GitHub's REST API: `POST /repos/{owner}/{repo}/pulls`. */
export class GitHubPullRequests implements ChangeRequestHost {
  constructor(
    private readonly apiUrl: string,
    private readonly outbound: OutboundClient,
  ) {}

  async open(request: ChangeRequestToOpen): Promise<OpenedChangeRequest> {
    const { json } = await post(
      this.outbound,
      'GitHub',
      `${this.apiUrl}/repos/${request.repo.split('/').map(encodeURIComponent).join('/')}/pulls`,
      { authorization: `Bearer ${request.token}`, accept: 'application/vnd.github+json', 'x-github-api-version': '2022-11-28' },
      { title: request.title, head: request.head, base: request.base, body: request.body },
    );
    const pull = json as { number?: unknown; html_url?: unknown };
    if (typeof pull.number !== 'number' || typeof pull.html_url !== 'string')
      throw new ChangeRequestHostError('REFUSED', 'GitHub answered without a pull request');
    return { number: pull.number, url: pull.html_url };
  }
}

/** GitLab's REST API: `POST /projects/{id}/merge_requests`, the project named by its URL-encoded path. */
export class GitLabMergeRequests implements ChangeRequestHost {
  constructor(
    private readonly apiUrl: string,
    private readonly outbound: OutboundClient,
  ) {}

  async open(request: ChangeRequestToOpen): Promise<OpenedChangeRequest> {
    const { json } = await post(
      this.outbound,
      'GitLab',
      `${this.apiUrl}/projects/${encodeURIComponent(request.repo)}/merge_requests`,
      { 'private-token': request.token },
      { source_branch: request.head, target_branch: request.base, title: request.title, description: request.body },
    );
    const merge = json as { iid?: unknown; web_url?: unknown };
    if (typeof merge.iid !== 'number' || typeof merge.web_url !== 'string')
      throw new ChangeRequestHostError('REFUSED', 'GitLab answered without a merge request');
    return { number: merge.iid, url: merge.web_url };
  }
}
