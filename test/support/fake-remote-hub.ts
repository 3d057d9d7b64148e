import { createHash } from 'node:crypto';
import {
  RemoteHubError,
  type CreateNotebookInput,
  type CreateProjectInput,
  type PushVersionInput,
  type PushVersionResult,
  type PushWorkspaceInput,
  type PushWorkspaceResult,
  type RemoteHub,
  type RemoteHubConnection,
  type RemoteHubFactory,
  type SyncHubInfo,
  type SyncNotebookEntry,
  type SyncOrigin,
  type SyncProjectEntry,
  type SyncProjectManifest,
  type SyncVersion,
  type SyncWorkspaceFile,
  type SyncWorkspaceManifest,
} from '../../service/src/features/remotes/core/remote-hub.js';
import {
  TeamAuthorizationError,
  type TeamAuthorization,
  type TeamAuthorizationServer,
  type TeamTokens,
} from '../../service/src/features/remotes/core/team-authorization.js';
import type {
  RunSyncJobInput,
  StartSyncSessionInput,
  SyncCompute,
  SyncJobRun,
  SyncLaunch,
  SyncSession,
} from '../../service/src/features/remotes/core/remote-hub.js';
import { FakeTeamCompute } from './fake-team-compute.js';

type Role = SyncProjectEntry['role'];

interface FakeNotebook {
  entry: Omit<SyncNotebookEntry, 'current_version_id' | 'version_ids' | 'workspace_manifest_id'>;
  /** Oldest first. */
  versions: SyncVersion[];
  manifests: Map<string, SyncWorkspaceManifest>;
  workspace: string | null;
}

interface FakeProject {
  id: string;
  name: string;
  description: string;
  readme: string | null;
  roles: Map<string, Role>;
  notebooks: Map<string, FakeNotebook>;
  integrations: SyncProjectManifest['integrations'];
  origin: SyncOrigin | null;
  updated_at: string;
}

/** Where a cut-off falls: before the team hub applies the call, or after it applied it but before the answer arrives. */
export type CutOff = 'before' | 'after';

const MUTATIONS = new Set(['putBlob', 'pushVersion', 'pushWorkspace', 'createNotebook', 'createProject']);

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * A team hub held in memory behind the `RemoteHub` port, for unit and API tests of pulling and
 * pushing (docs/remotes.md): projects with roles per user, notebooks with versions, workspace
 * manifests and content-addressed blobs, origin-keyed idempotency and base checks as the sync
 * protocol states them. Tokens are checked through the connection (a refused one is refreshed
 * once, then the call fails as revoked), and a test can make the hub unreachable or cut a
 * mutation off before or after it is applied. The real team hub (features/sync-api) is tested
 * against this port elsewhere; this stands in where a test needs a second hub without a network.
 */
export class FakeTeamHub {
  readonly info: SyncHubInfo = { hub_id: 'hub-fake0000000team', name: 'Fake team hub', version: 'test', protocol: 1 };
  readonly projects = new Map<string, FakeProject>();
  readonly blobs = new Map<string, Buffer>();
  /** Access tokens and the user each stands for. */
  readonly accessTokens = new Map<string, string>();
  /** Every call: the method and the user who made it. */
  readonly calls: { method: string; user: string }[] = [];
  unreachable = false;
  /** Its sessions and job runs (running on the team hub). */
  readonly compute: FakeTeamCompute = new FakeTeamCompute({
    nextId: (prefix) => this.nextId(prefix),
    roleOf: (projectId, user) => this.roleOf(this.requireProject(projectId), user),
    saveVersion: (projectId, notebookId, code, author, message) => this.saveVersion(projectId, notebookId, code, author, message),
    headOf: (projectId, notebookId) => this.requireNotebook(projectId, notebookId).versions.at(-1)?.version_id ?? null,
  });
  private counter = 0;
  private cutOff: { remaining: number; at: CutOff; everyCall: boolean } | null = null;

  /** The client factory a hub under test is given. */
  readonly factory: RemoteHubFactory = (connection) => new FakeTeamClient(this, connection);

  /** An id that sorts after every earlier one, as the hub's time-ordered ids do. */
  nextId(prefix: string): string {
    this.counter++;
    return `${prefix}-${this.counter.toString(36).padStart(16, '0')}`;
  }

  /** A user's access token (what a sign-in or a personal access token gives a remote). */
  tokenFor(userId: string, token = `team-token-${userId}-${this.nextId('t')}`): string {
    this.accessTokens.set(token, userId);
    return token;
  }

  revokeTokensOf(userId: string): void {
    for (const [token, user] of this.accessTokens) if (user === userId) this.accessTokens.delete(token);
  }

  /** Lets `after` mutations through, then cuts the next one off (and every call after it, until `restore`). */
  cutOffAfter(after: number, at: CutOff): void {
    this.cutOff = { remaining: after, at, everyCall: false };
  }

  /** Lets `after` calls of any kind through, then cuts the connection (until `restore`). */
  cutOffCallsAfter(after: number): void {
    this.cutOff = { remaining: after, at: 'before', everyCall: true };
  }

  restore(): void {
    this.cutOff = null;
    this.unreachable = false;
  }

  createProject(name: string, roles: Record<string, Role>, extra: Partial<Pick<FakeProject, 'description' | 'readme' | 'integrations'>> = {}): string {
    const id = this.nextId('proj');
    this.projects.set(id, {
      id,
      name,
      description: extra.description ?? '',
      readme: extra.readme ?? null,
      roles: new Map(Object.entries(roles)),
      notebooks: new Map(),
      integrations: extra.integrations ?? [],
      origin: null,
      updated_at: new Date().toISOString(),
    });
    return id;
  }

  createNotebook(projectId: string, title: string, code: string, author: string, origin: SyncOrigin | null = null): string {
    const project = this.requireProject(projectId);
    const id = this.nextId('nb');
    project.notebooks.set(id, {
      entry: { id, title, description: '', entry_file: 'notebook.py', tags: [], status: 'active', origin },
      versions: [],
      manifests: new Map(),
      workspace: null,
    });
    this.saveVersion(projectId, id, code, author);
    return id;
  }

  /** A version saved on the team hub (by a colleague, or by a push). */
  saveVersion(projectId: string, notebookId: string, code: string, author: string, message = 'Saved', origin: SyncOrigin | null = null): SyncVersion {
    const notebook = this.requireNotebook(projectId, notebookId);
    const version: SyncVersion = {
      version_id: this.nextId('ver'),
      notebook_id: notebookId,
      saved_at: new Date().toISOString(),
      author,
      message,
      parent_id: notebook.versions.at(-1)?.version_id ?? null,
      code,
      origin,
    };
    notebook.versions.push(version);
    return version;
  }

  /** Writes the workspace to hold exactly these files (text), as a colleague's session would. */
  writeWorkspace(projectId: string, notebookId: string, files: Record<string, string>, directories: string[] = []): string {
    const listed: SyncWorkspaceFile[] = Object.entries(files).map(([path, text]) => {
      const bytes = Buffer.from(text);
      const blob = sha256(bytes);
      this.blobs.set(blob, bytes);
      return { path, blob, size: bytes.length, modified_at: Date.now(), mime_type: 'text/plain' };
    });
    return this.setWorkspace(projectId, notebookId, listed, directories);
  }

  setWorkspace(projectId: string, notebookId: string, files: SyncWorkspaceFile[], directories: string[]): string {
    const notebook = this.requireNotebook(projectId, notebookId);
    const id = this.nextId('wsm');
    notebook.manifests.set(id, { id, files: [...files].sort((a, b) => (a.path < b.path ? -1 : 1)), directories: [...directories].sort() });
    notebook.workspace = id;
    return id;
  }

  /** The code of every version of a notebook, oldest first. */
  codes(projectId: string, notebookId: string): string[] {
    return this.requireNotebook(projectId, notebookId).versions.map((version) => version.code);
  }

  versionsOf(projectId: string, notebookId: string): SyncVersion[] {
    return this.requireNotebook(projectId, notebookId).versions;
  }

  /** The files of a notebook's current workspace, as text by path. */
  workspaceOf(projectId: string, notebookId: string): Record<string, string> {
    const notebook = this.requireNotebook(projectId, notebookId);
    const manifest = notebook.workspace ? notebook.manifests.get(notebook.workspace)! : { files: [] };
    return Object.fromEntries(manifest.files.map((file) => [file.path, this.blobs.get(file.blob)!.toString()]));
  }

  requireProject(projectId: string): FakeProject {
    const project = this.projects.get(projectId);
    if (!project) throw new RemoteHubError('not_found', `project ${projectId} not found`);
    return project;
  }

  requireNotebook(projectId: string, notebookId: string): FakeNotebook {
    const notebook = this.requireProject(projectId).notebooks.get(notebookId);
    if (!notebook) throw new RemoteHubError('not_found', `notebook ${notebookId} not found`);
    return notebook;
  }

  /** Runs one call of `user`: the hub's reachability and the cut-off first. */
  async call<T>(method: string, user: string, run: () => T): Promise<T> {
    if (this.unreachable) throw new RemoteHubError('unreachable', 'connection refused');
    const cut = this.cutOff && (this.cutOff.everyCall || MUTATIONS.has(method)) ? this.cutOff : null;
    if (cut && cut.remaining <= 0) {
      if (cut.at === 'after') {
        run();
        this.calls.push({ method, user });
      }
      this.unreachable = true;
      throw new RemoteHubError('unreachable', 'the connection dropped');
    }
    if (cut) cut.remaining--;
    const result = run();
    this.calls.push({ method, user });
    return result;
  }

  roleOf(project: FakeProject, user: string): Role {
    const role = project.roles.get(user);
    if (!role) throw new RemoteHubError('not_found', `project ${project.id} not found`);
    return role;
  }

  mayWrite(project: FakeProject, user: string): void {
    if (this.roleOf(project, user) === 'viewer') throw new RemoteHubError('forbidden', 'a viewer may not change notebooks in this project');
  }
}

/** One user's view of the fake team hub through a connection, as the HTTP client would be. */
class FakeTeamClient implements RemoteHub {
  constructor(
    private readonly team: FakeTeamHub,
    private readonly connection: RemoteHubConnection,
  ) {}

  private async user(): Promise<string> {
    if (this.team.unreachable) throw new RemoteHubError('unreachable', 'connection refused');
    const token = await this.connection.accessToken();
    const user = this.team.accessTokens.get(token);
    if (user) return user;
    const renewed = await this.connection.refresh();
    const again = renewed === null ? undefined : this.team.accessTokens.get(renewed);
    if (!again) throw new RemoteHubError('revoked', 'the access token was refused');
    return again;
  }

  private async as<T>(method: string, run: (user: string) => T): Promise<T> {
    const user = await this.user();
    return this.team.call(method, user, () => run(user));
  }

  hub(): Promise<SyncHubInfo> {
    return this.as('hub', () => this.team.info);
  }

  listProjects(): Promise<SyncProjectEntry[]> {
    return this.as('listProjects', (user) =>
      [...this.team.projects.values()]
        .filter((project) => project.roles.has(user))
        .map((project) => ({
          id: project.id,
          name: project.name,
          description: project.description,
          role: project.roles.get(user)!,
          updated_at: project.updated_at,
        })),
    );
  }

  project(projectId: string): Promise<SyncProjectManifest> {
    return this.as('project', (user) => {
      const project = this.team.requireProject(projectId);
      const role = this.team.roleOf(project, user);
      return {
        project: { id: project.id, name: project.name, description: project.description, readme: project.readme, updated_at: project.updated_at },
        role,
        integrations: project.integrations,
        notebooks: [...project.notebooks.values()].map((notebook) => ({
          ...notebook.entry,
          current_version_id: notebook.versions.at(-1)?.version_id ?? null,
          version_ids: notebook.versions.map((version) => version.version_id).reverse(),
          workspace_manifest_id: notebook.workspace,
        })),
      };
    });
  }

  version(projectId: string, notebookId: string, versionId: string): Promise<SyncVersion> {
    return this.as('version', (user) => {
      this.team.roleOf(this.team.requireProject(projectId), user);
      const version = this.team.requireNotebook(projectId, notebookId).versions.find((candidate) => candidate.version_id === versionId);
      if (!version) throw new RemoteHubError('not_found', `version ${versionId} not found`);
      return version;
    });
  }

  manifest(projectId: string, notebookId: string, manifestId: string): Promise<SyncWorkspaceManifest> {
    return this.as('manifest', (user) => {
      this.team.roleOf(this.team.requireProject(projectId), user);
      const manifest = this.team.requireNotebook(projectId, notebookId).manifests.get(manifestId);
      if (!manifest) throw new RemoteHubError('not_found', `manifest ${manifestId} not found`);
      return manifest;
    });
  }

  async readBlob(projectId: string, sha256Hex: string, offset = 0): Promise<AsyncIterable<Uint8Array>> {
    const bytes = await this.as('readBlob', (user) => {
      const project = this.team.requireProject(projectId);
      this.team.roleOf(project, user);
      const named = [...project.notebooks.values()].some((notebook) =>
        [...notebook.manifests.values()].some((manifest) => manifest.files.some((file) => file.blob === sha256Hex)),
      );
      const blob = this.team.blobs.get(sha256Hex);
      if (!named || !blob) throw new RemoteHubError('not_found', `blob ${sha256Hex} not found`);
      return blob.subarray(offset);
    });
    // In two pieces, as a stream over the network arrives.
    return (async function* () {
      const middle = Math.floor(bytes.length / 2);
      yield bytes.subarray(0, middle);
      yield bytes.subarray(middle);
    })();
  }

  missingBlobs(projectId: string, sha256s: string[]): Promise<string[]> {
    return this.as('missingBlobs', (user) => {
      this.team.mayWrite(this.team.requireProject(projectId), user);
      return sha256s.filter((hash) => !this.team.blobs.has(hash));
    });
  }

  putBlob(projectId: string, sha256Hex: string, bytes: Uint8Array): Promise<void> {
    return this.as('putBlob', (user) => {
      this.team.mayWrite(this.team.requireProject(projectId), user);
      if (sha256(bytes) !== sha256Hex) throw new RemoteHubError('protocol', 'the bytes do not hash to the blob named');
      this.team.blobs.set(sha256Hex, Buffer.from(bytes));
    });
  }

  pushVersion(projectId: string, notebookId: string, input: PushVersionInput): Promise<PushVersionResult> {
    return this.as('pushVersion', (user) => {
      const project = this.team.requireProject(projectId);
      this.team.mayWrite(project, user);
      const notebook = this.team.requireNotebook(projectId, notebookId);
      const replay = notebook.versions.find((version) => version.origin?.hub_id === input.origin.hub_id && version.origin.id === input.origin.id);
      if (replay) return { outcome: 'replayed' as const, version_id: replay.version_id };
      const head = notebook.versions.at(-1)?.version_id ?? null;
      if (input.base_version_id !== head) return { outcome: 'conflict' as const, current_version_id: head };
      const saved = this.team.saveVersion(projectId, notebookId, input.code, user, input.message, input.origin);
      return { outcome: 'created' as const, version_id: saved.version_id };
    });
  }

  pushWorkspace(projectId: string, notebookId: string, input: PushWorkspaceInput): Promise<PushWorkspaceResult> {
    return this.as('pushWorkspace', (user) => {
      const project = this.team.requireProject(projectId);
      this.team.mayWrite(project, user);
      const notebook = this.team.requireNotebook(projectId, notebookId);
      const missing = input.files.map((file) => file.blob).filter((blob) => !this.team.blobs.has(blob));
      if (missing.length > 0) return { outcome: 'missing_blobs' as const, missing: [...new Set(missing)] };
      const current = notebook.workspace ? notebook.manifests.get(notebook.workspace)! : null;
      const same = (files: SyncWorkspaceFile[], other: SyncWorkspaceFile[]) =>
        files.length === other.length && files.every((file) => other.some((candidate) => candidate.path === file.path && candidate.blob === file.blob));
      if (current && same(current.files, input.files)) return { outcome: 'unchanged' as const, manifest_id: current.id };
      if (input.base_manifest_id !== notebook.workspace) return { outcome: 'conflict' as const, current_manifest_id: notebook.workspace };
      return { outcome: 'written' as const, manifest_id: this.team.setWorkspace(projectId, notebookId, input.files, input.directories) };
    });
  }

  createNotebook(projectId: string, input: CreateNotebookInput): Promise<{ notebook_id: string; version_id: string; created: boolean }> {
    return this.as('createNotebook', (user) => {
      const project = this.team.requireProject(projectId);
      this.team.mayWrite(project, user);
      const existing = [...project.notebooks.values()].find(
        (notebook) => notebook.entry.origin?.hub_id === input.origin.hub_id && notebook.entry.origin.id === input.origin.id,
      );
      if (existing) return { notebook_id: existing.entry.id, version_id: existing.versions[0]!.version_id, created: false };
      const id = this.team.nextId('nb');
      project.notebooks.set(id, {
        entry: {
          id,
          title: input.title,
          description: input.description,
          entry_file: input.entry_file,
          tags: input.tags,
          status: 'active',
          origin: input.origin,
        },
        versions: [],
        manifests: new Map(),
        workspace: null,
      });
      const version = this.team.saveVersion(projectId, id, input.code, user, input.message, input.version_origin);
      return { notebook_id: id, version_id: version.version_id, created: true };
    });
  }

  createProject(input: CreateProjectInput): Promise<{ project_id: string; created: boolean }> {
    return this.as('createProject', (user) => {
      const existing = [...this.team.projects.values()].find(
        (project) => project.origin?.hub_id === input.origin.hub_id && project.origin.id === input.origin.id,
      );
      if (existing) return { project_id: existing.id, created: false };
      const id = this.team.createProject(input.name, { [user]: 'manager' }, { description: input.description, readme: input.readme });
      this.team.projects.get(id)!.origin = input.origin;
      return { project_id: id, created: true };
    });
  }

  compute(): Promise<SyncCompute> {
    return this.as('compute', () => this.team.compute.compute());
  }

  startSession(projectId: string, notebookId: string, input: StartSyncSessionInput): Promise<SyncSession> {
    return this.as('startSession', (user) => this.team.compute.startSession(user, projectId, notebookId, input));
  }

  session(_projectId: string, sessionId: string): Promise<SyncSession> {
    return this.as('session', (user) => this.team.compute.session(user, sessionId));
  }

  stopSession(_projectId: string, sessionId: string): Promise<SyncSession> {
    return this.as('stopSession', (user) => this.team.compute.stopSession(user, sessionId));
  }

  launchSession(_projectId: string, sessionId: string): Promise<SyncLaunch> {
    return this.as('launchSession', (user) => this.team.compute.launchSession(user, sessionId));
  }

  runJob(projectId: string, notebookId: string, input: RunSyncJobInput): Promise<SyncJobRun> {
    return this.as('runJob', (user) => this.team.compute.runJob(user, projectId, notebookId, input));
  }

  jobRun(_projectId: string, _notebookId: string, _jobId: string, runId: string): Promise<SyncJobRun> {
    return this.as('jobRun', () => this.team.compute.jobRun(runId));
  }

  jobRunFile(_projectId: string, _notebookId: string, _jobId: string, runId: string, file: 'output' | 'log'): Promise<Buffer> {
    return this.as('jobRunFile', () => this.team.compute.jobRunFile(runId, file));
  }
}

/**
 * The team hub's authorization server held in memory behind the `TeamAuthorization` port: a
 * sign-in hands out the tokens of `signedIn`; refresh rotates, and a spent refresh token presented
 * again ends the connection (as the real server does). The real OAuth server is exercised by the
 * command line's sign-in test.
 */
export class FakeTeamAuthorization implements TeamAuthorization {
  signedIn = 'team-user';
  readonly registrations: { baseUrl: string; redirectUri: string }[] = [];
  private readonly refreshTokens = new Map<string, string>();
  unreachable = false;

  constructor(private readonly hub: FakeTeamHub) {}

  async register(baseUrl: string, input: { redirectUri: string }): Promise<TeamAuthorizationServer> {
    if (this.unreachable) throw new TeamAuthorizationError('unreachable', 'the host could not be reached');
    this.registrations.push({ baseUrl, redirectUri: input.redirectUri });
    return {
      issuer: baseUrl,
      authorization_endpoint: `${baseUrl}/oauth/authorize`,
      token_endpoint: `${baseUrl}/oauth/token`,
      revocation_endpoint: `${baseUrl}/oauth/revoke`,
      client_id: this.hub.nextId('mcpc'),
    };
  }

  async authorizationUrl(server: TeamAuthorizationServer, input: { redirectUri: string; state: string; resource: string; scope: string }): Promise<string> {
    const url = new URL(server.authorization_endpoint);
    for (const [name, value] of Object.entries({
      client_id: server.client_id,
      redirect_uri: input.redirectUri,
      state: input.state,
      resource: input.resource,
      scope: input.scope,
    }))
      url.searchParams.set(name, value);
    return url.toString();
  }

  async exchangeCode(_server: TeamAuthorizationServer, input: { callbackUrl: string; state: string }): Promise<TeamTokens> {
    const query = new URL(input.callbackUrl).searchParams;
    if (query.get('state') !== input.state) throw new TeamAuthorizationError('refused', 'the state does not match');
    if (query.get('error')) throw new TeamAuthorizationError('refused', query.get('error')!);
    if (query.get('code') !== 'good-code') throw new TeamAuthorizationError('refused', 'invalid_grant');
    return this.issue(this.signedIn);
  }

  async refresh(_server: TeamAuthorizationServer, input: { refreshToken: string }): Promise<TeamTokens> {
    if (this.unreachable) throw new TeamAuthorizationError('unreachable', 'the host could not be reached');
    const user = this.refreshTokens.get(input.refreshToken);
    if (!user) throw new TeamAuthorizationError('revoked', 'invalid_grant');
    this.refreshTokens.delete(input.refreshToken);
    return this.issue(user);
  }

  async revoke(): Promise<void> {}

  /** Ends every connection of `user`: its access and refresh tokens stop working, as the connected-clients page does. */
  revokeAll(user: string): void {
    this.hub.revokeTokensOf(user);
    for (const [token, owner] of this.refreshTokens) if (owner === user) this.refreshTokens.delete(token);
  }

  private issue(user: string): TeamTokens {
    const refresh = this.hub.nextId('refresh');
    this.refreshTokens.set(refresh, user);
    return { access_token: this.hub.tokenFor(user), refresh_token: refresh, expires_in: 3600 };
  }
}
