import { OutboundError, type OutboundClient, type OutboundRequestInit } from '../../../adapters/outbound/outbound-client.js';
import { urlProblem, type OutboundPolicy } from '../../../core/outbound/outbound-policy.js';
import {
  RemoteHubError,
  type CreateNotebookInput,
  type CreateProjectInput,
  type PushVersionInput,
  type PushVersionResult,
  type PushWorkspaceInput,
  type PushWorkspaceResult,
  type RemoteFailure,
  type RemoteHub,
  type RemoteHubConnection,
  type RemoteHubFactory,
  type SyncHubInfo,
  type SyncProjectEntry,
  type SyncProjectManifest,
  type SyncUser,
  type SyncVersion,
  type SyncWorkspaceManifest,
  type RunSyncJobInput,
  type StartSyncSessionInput,
  type SyncCompute,
  type SyncJobRun,
  type SyncLaunch,
  type SyncSession,
} from '../core/remote-hub.js';

/** The sync protocol this client speaks (docs/remotes.md). */
const PROTOCOL = 1;
/** Hashes asked about in one `missing-blobs` call: the team hub takes at most this many. */
const MISSING_BATCH = 1000;

/** Where the client's calls go through: the outbound-request policy's `remotes` client, and the policy its URL is checked against. */
export interface RemoteOutbound {
  client: Pick<OutboundClient, 'fetch'>;
  policy: OutboundPolicy;
}

/** The hub's outbound clients, as the composition root holds them (`base.outbound`). */
export interface RemoteOutboundClients {
  client(feature: 'remotes'): OutboundClient;
  policy(feature: 'remotes'): OutboundPolicy;
}

export interface HttpRemoteHubTimings {
  /** A JSON call's deadline. */
  callTimeoutMs: number;
  /** A blob upload's deadline: this plus a second per `uploadBytesPerSecond` bytes. */
  uploadTimeoutMs: number;
  uploadBytesPerSecond: number;
  /** A blob download is given up when no byte came for this long (however long the whole takes). */
  idleTimeoutMs: number;
  /** The deadline of a whole blob download, however steady. */
  downloadTimeoutMs: number;
}

export const DEFAULT_TIMINGS: HttpRemoteHubTimings = {
  callTimeoutMs: 30_000,
  uploadTimeoutMs: 60_000,
  uploadBytesPerSecond: 256 * 1024,
  idleTimeoutMs: 60_000,
  downloadTimeoutMs: 24 * 3600_000,
};

/**
 * The client of one team hub's sync API, as one user (docs/remotes.md, "The HTTP client"): the
 * composition root builds it with `createHttpRemoteHub(base.outbound)`. Every request goes through
 * the outbound-request policy's `remotes` client (the team hub's URL is one a person gave): its
 * URL is checked before each call, the connection goes to a checked address, no redirect is
 * followed, every call has a deadline. A 401 makes it refresh the token once and retry; no new
 * token, or a second 401, is `revoked`.
 */
export function createHttpRemoteHub(outbound: RemoteOutboundClients, timings: HttpRemoteHubTimings = DEFAULT_TIMINGS): RemoteHubFactory {
  return (connection) => new HttpRemoteHub(connection, { client: outbound.client('remotes'), policy: outbound.policy('remotes') }, timings);
}

interface CallInit {
  json?: unknown;
  body?: Uint8Array;
  headers?: Record<string, string>;
  timeoutMs?: number;
  signal?: AbortSignal;
}

interface ErrorBody {
  code?: string;
  message?: string;
  details?: { field?: string; message?: string }[];
}

export class HttpRemoteHub implements RemoteHub {
  private readonly base: string;

  constructor(
    private readonly connection: RemoteHubConnection,
    private readonly outbound: RemoteOutbound,
    private readonly timings: HttpRemoteHubTimings = DEFAULT_TIMINGS,
  ) {
    this.base = connection.baseUrl.replace(/\/+$/, '');
  }

  async hub(): Promise<SyncHubInfo> {
    const info = await this.data<SyncHubInfo>(await this.call('GET', '/hub'), ['hub_id', 'name', 'version', 'protocol']);
    if (info.protocol !== PROTOCOL) {
      throw new RemoteHubError(
        'protocol',
        `the team hub speaks version ${String(info.protocol)} of the sync protocol; this hub speaks ${PROTOCOL}: update one of them`,
      );
    }
    // Who is signed in is only shown: a team hub that does not say, or says it oddly, leaves it unknown.
    const user = info.user as Partial<SyncUser> | null | undefined;
    const known = typeof user?.email === 'string' && (typeof user.name === 'string' || user.name === null);
    const { user: _said, ...rest } = info;
    return known ? { ...rest, user: { name: user.name ?? null, email: user.email! } } : rest;
  }

  async listProjects(): Promise<SyncProjectEntry[]> {
    const { items } = await this.data<{ items: SyncProjectEntry[] }>(await this.call('GET', '/projects'), ['items']);
    if (!Array.isArray(items)) throw unexpected();
    return items;
  }

  async project(projectId: string): Promise<SyncProjectManifest> {
    return this.data(await this.call('GET', `/projects/${segment(projectId)}`), ['project', 'role', 'integrations', 'notebooks']);
  }

  async version(projectId: string, notebookId: string, versionId: string): Promise<SyncVersion> {
    const path = `/projects/${segment(projectId)}/notebooks/${segment(notebookId)}/versions/${segment(versionId)}`;
    return this.data(await this.call('GET', path), ['version_id', 'code']);
  }

  async manifest(projectId: string, notebookId: string, manifestId: string): Promise<SyncWorkspaceManifest> {
    const path = `/projects/${segment(projectId)}/notebooks/${segment(notebookId)}/workspace/manifests/${segment(manifestId)}`;
    return this.data(await this.call('GET', path), ['id', 'files', 'directories']);
  }

  /**
   * Streams the blob from `offset` on (`Range: bytes=N-`): the bytes are handed on as they come,
   * never held whole. The download is given up, as `unreachable`, when no byte came for the idle
   * timeout; a caller that stops reading early ends it.
   */
  async readBlob(projectId: string, sha256: string, offset = 0): Promise<AsyncIterable<Uint8Array>> {
    const idle = new IdleWatch(this.timings.idleTimeoutMs);
    let response: Response;
    try {
      response = await this.call('GET', `/projects/${segment(projectId)}/blobs/${segment(sha256)}`, {
        headers: offset > 0 ? { range: `bytes=${offset}-` } : {},
        timeoutMs: this.timings.downloadTimeoutMs,
        signal: idle.signal,
      });
    } catch (error) {
      idle.stop();
      throw error;
    }
    if (response.status !== 200 && response.status !== 206) {
      idle.stop();
      throw await this.failure(response);
    }
    // A hub that ignored the range sent the whole blob: what the caller has is skipped here.
    return streamOf(response, response.status === 200 ? offset : 0, idle);
  }

  async missingBlobs(projectId: string, sha256s: string[]): Promise<string[]> {
    const missing: string[] = [];
    for (let start = 0; start < sha256s.length; start += MISSING_BATCH) {
      const batch = sha256s.slice(start, start + MISSING_BATCH);
      const answer = await this.data<{ missing: string[] }>(
        await this.call('POST', `/projects/${segment(projectId)}/missing-blobs`, { json: { sha256: batch } }),
        ['missing'],
      );
      if (!Array.isArray(answer.missing)) throw unexpected();
      missing.push(...answer.missing);
    }
    return missing;
  }

  async putBlob(projectId: string, sha256: string, bytes: Uint8Array): Promise<void> {
    const timeoutMs = this.timings.uploadTimeoutMs + Math.ceil(bytes.length / this.timings.uploadBytesPerSecond) * 1000;
    const response = await this.call('PUT', `/projects/${segment(projectId)}/blobs/${segment(sha256)}`, {
      body: bytes,
      headers: { 'content-type': 'application/octet-stream' },
      timeoutMs,
    });
    await this.data(response, ['created']);
  }

  async pushVersion(projectId: string, notebookId: string, input: PushVersionInput): Promise<PushVersionResult> {
    const response = await this.call('POST', `/projects/${segment(projectId)}/notebooks/${segment(notebookId)}/versions`, { json: input });
    if (response.status === 409) {
      const error = await errorOf(response);
      const current = conflictDetail(error, 'current_version_id');
      if (current === undefined) throw failureOf(409, error);
      return { outcome: 'conflict', current_version_id: current };
    }
    const pushed = await this.data<{ version_id: string; outcome: 'created' | 'replayed' }>(response, ['version_id', 'outcome']);
    return { outcome: pushed.outcome, version_id: pushed.version_id };
  }

  async pushWorkspace(projectId: string, notebookId: string, input: PushWorkspaceInput): Promise<PushWorkspaceResult> {
    const response = await this.call('PUT', `/projects/${segment(projectId)}/notebooks/${segment(notebookId)}/workspace`, { json: input });
    if (response.status === 409 || response.status === 422) {
      const error = await errorOf(response);
      const current = response.status === 409 ? conflictDetail(error, 'current_manifest_id') : undefined;
      if (current !== undefined) return { outcome: 'conflict', current_manifest_id: current };
      const missing = response.status === 422 ? missingBlobsOf(error, input) : [];
      if (missing.length > 0) return { outcome: 'missing_blobs', missing };
      throw failureOf(response.status, error);
    }
    const pushed = await this.data<{ outcome: 'written' | 'unchanged'; manifest_id: string | null }>(response, ['outcome', 'manifest_id']);
    return { outcome: pushed.outcome, manifest_id: pushed.manifest_id };
  }

  async createNotebook(projectId: string, input: CreateNotebookInput): Promise<{ notebook_id: string; version_id: string; created: boolean }> {
    return this.data(await this.call('POST', `/projects/${segment(projectId)}/notebooks`, { json: input }), ['notebook_id', 'version_id', 'created']);
  }

  async createProject(input: CreateProjectInput): Promise<{ project_id: string; created: boolean }> {
    return this.data(await this.call('POST', '/projects', { json: input }), ['project_id', 'created']);
  }

  async compute(): Promise<SyncCompute> {
    return this.data(await this.call('GET', '/compute'), ['profiles', 'default_profile', 'jobs_available']);
  }

  async startSession(projectId: string, notebookId: string, input: StartSyncSessionInput): Promise<SyncSession> {
    const response = await this.call('POST', `/projects/${segment(projectId)}/notebooks/${segment(notebookId)}/sessions`, { json: input });
    return this.data(await refusedByState(response), SESSION_FIELDS);
  }

  async session(projectId: string, sessionId: string): Promise<SyncSession> {
    return this.data(await this.call('GET', `/projects/${segment(projectId)}/sessions/${segment(sessionId)}`), SESSION_FIELDS);
  }

  async stopSession(projectId: string, sessionId: string): Promise<SyncSession> {
    const response = await this.call('POST', `/projects/${segment(projectId)}/sessions/${segment(sessionId)}/stop`, { json: {} });
    return this.data(await refusedByState(response), SESSION_FIELDS);
  }

  async launchSession(projectId: string, sessionId: string): Promise<SyncLaunch> {
    const response = await this.call('POST', `/projects/${segment(projectId)}/sessions/${segment(sessionId)}/launch`, { json: {} });
    const launch = await this.data<SyncLaunch>(await refusedByState(response), ['launch_url', 'expires_at']);
    // The browser goes there: only a page of this very team hub.
    if (typeof launch.launch_url !== 'string' || !launch.launch_url.startsWith(`${this.base}/api/v1/sync/launches/`)) throw unexpected();
    return launch;
  }

  async runJob(projectId: string, notebookId: string, input: RunSyncJobInput): Promise<SyncJobRun> {
    const response = await this.call('POST', `/projects/${segment(projectId)}/notebooks/${segment(notebookId)}/job-runs`, { json: input });
    return this.data(await refusedByState(response), RUN_FIELDS);
  }

  async jobRun(projectId: string, notebookId: string, jobId: string, runId: string): Promise<SyncJobRun> {
    return this.data(await this.call('GET', runPath(projectId, notebookId, jobId, runId)), RUN_FIELDS);
  }

  async jobRunFile(projectId: string, notebookId: string, jobId: string, runId: string, file: 'output' | 'log'): Promise<Buffer> {
    const response = await this.call('GET', `${runPath(projectId, notebookId, jobId, runId)}/${file}`, { timeoutMs: this.timings.uploadTimeoutMs });
    if (!response.ok) throw await this.failure(response);
    return Buffer.from(await response.arrayBuffer());
  }

  /** One call with the current token; on 401, one refresh and one retry. */
  private async call(method: string, path: string, init: CallInit = {}): Promise<Response> {
    const problem = urlProblem(this.base, this.outbound.policy, 'this hub');
    if (problem) throw new RemoteHubError('unreachable', `the team hub's address ${problem}`);
    let response = await this.send(method, path, init, await this.connection.accessToken());
    if (response.status !== 401) return response;
    await discard(response);
    const fresh = await this.connection.refresh();
    if (fresh === null) throw revoked();
    response = await this.send(method, path, init, fresh);
    if (response.status !== 401) return response;
    await discard(response);
    throw revoked();
  }

  private async send(method: string, path: string, init: CallInit, token: string): Promise<Response> {
    const headers: Record<string, string> = { accept: 'application/json', ...init.headers, authorization: `Bearer ${token}` };
    const request: OutboundRequestInit = { method, headers, timeoutMs: init.timeoutMs ?? this.timings.callTimeoutMs };
    if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      request.body = JSON.stringify(init.json);
    } else if (init.body !== undefined) {
      request.body = init.body;
    }
    if (init.signal) request.signal = init.signal;
    try {
      return await this.outbound.client.fetch(`${this.base}/api/v1/sync${path}`, request);
    } catch (error) {
      // The policy's refusal says why in words safe to show; every other failure (an abort too) reads the same.
      const why = error instanceof OutboundError && error.reason === 'refused-address' ? `: ${error.message}` : '';
      throw new RemoteHubError('unreachable', `the team hub could not be reached${why}`);
    }
  }

  /** The `data` of a successful answer, with the fields this client reads. */
  private async data<T>(response: Response, fields: readonly string[]): Promise<T> {
    if (!response.ok) throw await this.failure(response);
    const body = (await response.json().catch(() => null)) as { success?: unknown; data?: unknown } | null;
    const data = body?.success === true ? body.data : undefined;
    if (typeof data !== 'object' || data === null || fields.some((field) => !(field in data))) throw unexpected();
    return data as T;
  }

  private async failure(response: Response): Promise<RemoteHubError> {
    return failureOf(response.status, await errorOf(response));
  }
}

/** What a refusal means to the caller: its status, and the team hub's own words. */
function failureOf(status: number, error: ErrorBody | null): RemoteHubError {
  const said = error?.message ? `: ${error.message}` : '';
  let failure: RemoteFailure = 'protocol';
  if (status === 403 || status === 409) failure = 'forbidden';
  else if (status === 404) failure = 'not_found';
  else if (status === 429 || status >= 500) failure = 'unreachable';
  const what = failure === 'unreachable' ? 'the team hub cannot answer now, retry later' : `the team hub refused (${status})`;
  return new RemoteHubError(failure, `${what}${said}`);
}

async function errorOf(response: Response): Promise<ErrorBody | null> {
  const body = (await response.json().catch(() => null)) as { error?: ErrorBody } | null;
  return body && typeof body.error === 'object' && body.error !== null ? body.error : null;
}

/** The id a conflict names in its details (`field`, the id in `message`, '' for none); undefined when it names none. */
function conflictDetail(error: ErrorBody | null, field: string): string | null | undefined {
  if (error?.code !== 'CONFLICT') return undefined;
  const detail = error.details?.find((entry) => entry.field === field);
  if (!detail || typeof detail.message !== 'string') return undefined;
  return detail.message === '' ? null : detail.message;
}

/** The blobs a workspace push lacks: the files its refusal names (`files[<i>].blob`). */
function missingBlobsOf(error: ErrorBody | null, input: PushWorkspaceInput): string[] {
  const blobs = new Set<string>();
  for (const detail of error?.details ?? []) {
    const index = /^files\[(\d+)\]\.blob$/.exec(detail.field ?? '')?.[1];
    const file = index === undefined ? undefined : input.files[Number(index)];
    if (file) blobs.add(file.blob);
  }
  return [...blobs];
}

const SESSION_FIELDS = ['session_id', 'state', 'mode', 'page_url'] as const;
const RUN_FIELDS = ['job_id', 'run_id', 'state'] as const;
const runPath = (projectId: string, notebookId: string, jobId: string, runId: string) =>
  `/projects/${segment(projectId)}/notebooks/${segment(notebookId)}/jobs/${segment(jobId)}/runs/${segment(runId)}`;

/** A refusal by the team hub's state (409: jobs off, another editor's session; 410: the session ended) says why in the team hub's words. */
async function refusedByState(response: Response): Promise<Response> {
  if (response.status !== 409 && response.status !== 410) return response;
  const error = await errorOf(response);
  return Promise.reject(new RemoteHubError('conflict', error?.message ?? `the team hub refused (${response.status})`));
}

const revoked = () => new RemoteHubError('revoked', 'the team hub revoked this connection, or it expired: sign in again');
const unexpected = () => new RemoteHubError('protocol', 'the team hub answered something this hub does not understand');
const segment = (value: string) => encodeURIComponent(value);

async function discard(response: Response): Promise<void> {
  await response.body?.cancel().catch(() => {});
}

/** Aborts a download when no byte came for a while. */
class IdleWatch {
  private readonly controller = new AbortController();
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly ms: number) {
    this.touch();
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  get expired(): boolean {
    return this.controller.signal.aborted;
  }

  touch(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.controller.abort(), this.ms);
  }

  stop(): void {
    clearTimeout(this.timer);
  }

  abort(): void {
    this.stop();
    this.controller.abort();
  }
}

async function* streamOf(response: Response, skip: number, idle: IdleWatch): AsyncGenerator<Uint8Array> {
  const reader = response.body?.getReader();
  if (!reader) return idle.stop();
  let left = skip;
  let finished = false;
  try {
    for (;;) {
      let chunk: Awaited<ReturnType<typeof reader.read>>;
      try {
        chunk = await reader.read();
      } catch {
        throw new RemoteHubError(
          'unreachable',
          idle.expired ? 'the transfer from the team hub stalled and was given up' : 'the transfer from the team hub broke off: resume it',
        );
      }
      if (chunk.done) {
        finished = true;
        return;
      }
      idle.touch();
      let bytes = chunk.value;
      if (left > 0) {
        const dropped = Math.min(left, bytes.length);
        left -= dropped;
        bytes = bytes.subarray(dropped);
        if (bytes.length === 0) continue;
      }
      yield bytes;
    }
  } finally {
    idle.stop();
    // A caller that stopped reading early ends the download rather than leave it open.
    if (!finished) {
      idle.abort();
      await reader.cancel().catch(() => {});
    }
  }
}
