/*
 * What a hub needs of another hub it pulls from and pushes to (docs/remotes.md): the sync
 * protocol as seen by the pulling side. The team hub serves it under `/api/v1/sync`; the HTTP
 * adapter speaks it with the caller's token. Every call acts as the signed-in user: the team hub
 * checks that user's rights on each one.
 */

import type {
  SyncHubInfo,
  SyncProjectEntry,
  SyncProjectManifest,
  SyncVersion,
  SyncWorkspaceManifest,
  PushVersionInput,
  PushVersionResult,
  PushWorkspaceInput,
  PushWorkspaceResult,
  CreateNotebookInput,
  CreateProjectInput,
  RunSyncJobInput,
  StartSyncSessionInput,
  SyncCompute,
  SyncJobRun,
  SyncLaunch,
  SyncSession,
} from '../../../core/sync-protocol.js';

export type * from '../../../core/sync-protocol.js';

/** Why a call to a remote failed, in words a person can act on (REMOTE_* below). */
export type RemoteFailure =
  /** The team hub did not answer (offline, DNS, refused, timed out). */
  | 'unreachable'
  /** The connection was revoked or its refresh token expired: sign in again. */
  | 'revoked'
  /** The signed-in user may not do this on the team hub. */
  | 'forbidden'
  | 'not_found'
  /** The team hub's state refuses this now (jobs off there, another editor's session): its words say why. */
  | 'conflict'
  /** The team hub answered something this client does not understand. */
  | 'protocol';

export class RemoteHubError extends Error {
  constructor(
    readonly failure: RemoteFailure,
    message: string,
  ) {
    super(message);
    this.name = 'RemoteHubError';
  }
}

/** One team hub as the signed-in user sees it. Failures are thrown as {@link RemoteHubError}. */
export interface RemoteHub {
  hub(): Promise<SyncHubInfo>;
  listProjects(): Promise<SyncProjectEntry[]>;
  project(projectId: string): Promise<SyncProjectManifest>;
  version(projectId: string, notebookId: string, versionId: string): Promise<SyncVersion>;
  manifest(projectId: string, notebookId: string, manifestId: string): Promise<SyncWorkspaceManifest>;
  /** A blob's bytes from `offset` on (a resumed transfer), checked by the caller against its hash. */
  readBlob(projectId: string, sha256: string, offset?: number): Promise<AsyncIterable<Uint8Array>>;
  /** Of these blobs, the ones the team hub lacks. */
  missingBlobs(projectId: string, sha256s: string[]): Promise<string[]>;
  /** Uploads one blob; the team hub checks its hash. Writing one it has already is not an error. */
  putBlob(projectId: string, sha256: string, bytes: Uint8Array): Promise<void>;
  pushVersion(projectId: string, notebookId: string, input: PushVersionInput): Promise<PushVersionResult>;
  pushWorkspace(projectId: string, notebookId: string, input: PushWorkspaceInput): Promise<PushWorkspaceResult>;
  /** Creates a notebook with its first version; the same origin answers with the one made before. */
  createNotebook(projectId: string, input: CreateNotebookInput): Promise<{ notebook_id: string; version_id: string; created: boolean }>;
  /** Creates a project with the caller as its manager; the same origin answers with the one made before. */
  createProject(input: CreateProjectInput): Promise<{ project_id: string; created: boolean }>;
  /** What notebooks run on there (docs/remotes.md, "Running on the team hub"). */
  compute(): Promise<SyncCompute>;
  /** Starts a session of a notebook as the user (or answers their live one that fits). */
  startSession(projectId: string, notebookId: string, input: StartSyncSessionInput): Promise<SyncSession>;
  session(projectId: string, sessionId: string): Promise<SyncSession>;
  /** Stops a session; an edit session saves first. */
  stopSession(projectId: string, sessionId: string): Promise<SyncSession>;
  /** A one-use link that opens the session's page in the user's browser. */
  launchSession(projectId: string, sessionId: string): Promise<SyncLaunch>;
  /** Runs the notebook as a job now. */
  runJob(projectId: string, notebookId: string, input: RunSyncJobInput): Promise<SyncJobRun>;
  jobRun(projectId: string, notebookId: string, jobId: string, runId: string): Promise<SyncJobRun>;
  /** A finished run's HTML output or its log. */
  jobRunFile(projectId: string, notebookId: string, jobId: string, runId: string, file: 'output' | 'log'): Promise<Buffer>;
}

/** How a client reaches one team hub as one user: the remote's address and its tokens. */
export interface RemoteHubConnection {
  /** The team hub's base URL, e.g. `https://hub.example.com` (no trailing slash). */
  baseUrl: string;
  /** The current access token. */
  accessToken(): Promise<string>;
  /**
   * Called once when the team hub refused the access token (401): refreshes it and answers the new
   * one, or null when the connection is gone for good (revoked, refresh token expired) — the call
   * then fails as `revoked`.
   */
  refresh(): Promise<string | null>;
}

/** Builds the client of one connection; the composition root gives the HTTP one. */
export type RemoteHubFactory = (connection: RemoteHubConnection) => RemoteHub;
