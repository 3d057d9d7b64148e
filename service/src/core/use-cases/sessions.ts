import { HubError } from '../errors.js';
import type { Principal } from '../identity/authenticator.js';
import type { NotebookVersion } from '../notebooks/notebook-model.js';
import type { AccessControl } from '../access/access-control.js';
import type { SessionManager } from '../sessions/session-manager.js';
import type { ClientKind, SessionMode, SessionRecord, SessionSummary } from '../sessions/session-model.js';
import type { SessionStore } from '../sessions/session-store.js';
import { notebookFacts } from '../policy/stored-facts.js';
import { actorOf, pageSize, type Page, type PageInput, type PageLimits } from './caller.js';

export interface SessionUseCaseDeps {
  access: AccessControl;
  sessions: SessionManager;
  sessionStore: Pick<SessionStore, 'list' | 'get' | 'liveSummariesOf'>;
  /** SERVICE_SANDBOX_STARTUP_TIMEOUT_SECONDS, in ms: how long a start with `wait` waits at most. */
  startupTimeoutMs: number;
  limits: PageLimits;
  /** Git previews, for preview sessions (docs/git.md, "Previews"): `get` refuses one that does not exist. */
  previews?: { get(projectId: string, notebookId: string, previewId: string): Promise<unknown> };
  /**
   * The deployment's compute profiles (the default first) and who may run a session on another
   * than the notebook's own (SERVICE_COMPUTE_PROFILE_OVERRIDE): as for changing the notebook's.
   */
  profiles?: { names: readonly string[]; choice: 'none' | 'editors' };
}

/**
 * The client a caller starts sessions from when the surface does not say (the
 * `session_provision.client` of docs/sessions.md): `cli` for personal access tokens, `web` for browser sessions. A
 * surface that knows better (an MCP tool: `mcp`) passes its own.
 */
export function clientKindOf(principal: Principal): ClientKind {
  return principal.credential.kind === 'token' ? 'cli' : 'web';
}

export interface StartInput {
  projectId: string;
  notebookId: string;
  mode: SessionMode;
  /** Take the notebook's edit session over from the session with this id. */
  takeoverFrom?: string | undefined;
  /** Wait (at most the start-up timeout) until the session has left `provisioning`. */
  wait?: boolean | undefined;
  client: ClientKind;
  /** Start a preview session: the notebook as this Git preview has it, never saved into the notebook. */
  previewId?: string | undefined;
  /**
   * Run on this compute profile rather than the notebook's own (docs/remotes.md, "Running on the
   * team hub"): one of the deployment's, and another than the notebook's own only for whoever may
   * change the notebook's profile (`notebook.manage`, or `notebook.write` where editors may).
   */
  computeProfile?: string | undefined;
}

/**
 * Kernel sessions of a project's notebooks. Starting is `session.start` (which also weighs the
 * deployment's viewer mode and who may take an edit session over); reading, heartbeats and saving
 * are `session.attach` (saving also `notebook.write`); stopping is `session.stop`.
 */
export class SessionUseCases {
  constructor(private readonly deps: SessionUseCaseDeps) {}

  /** `project.read`: newest first. */
  async list(principal: Principal, input: PageInput & { projectId: string }): Promise<Page<SessionSummary>> {
    await this.deps.access.project(principal, input.projectId, 'project.read');
    const page = await this.deps.sessionStore.list(input.projectId, { cursor: input.cursor ?? null, limit: pageSize(input.limit, this.deps.limits) });
    return { items: page.items.map((item) => item.value), nextCursor: page.nextCursor };
  }

  /**
   * The caller's own live sessions in every project they can still read (`project.read`), newest
   * first: what a person has running, wherever it is.
   */
  async listMine(principal: Principal): Promise<SessionSummary[]> {
    const mine = await this.deps.sessionStore.liveSummariesOf(principal.user.id);
    const readable = new Map<string, Promise<boolean>>();
    const canRead = (projectId: string) => {
      let allowed = readable.get(projectId);
      if (!allowed) {
        allowed = this.deps.access.project(principal, projectId, 'project.read').then(
          () => true,
          (error: unknown) => {
            // A project the caller was removed from (or that is gone) hides its sessions; anything else is a failure.
            if (error instanceof HubError && (error.code === 'FORBIDDEN' || error.code === 'NOT_FOUND')) return false;
            throw error;
          },
        );
        readable.set(projectId, allowed);
      }
      return allowed;
    };
    const shown = await Promise.all(mine.map((session) => canRead(session.project_id)));
    return mine.filter((_, index) => shown[index]);
  }

  /**
   * Starts a session on a notebook, or answers the live one that fits (`reused`). A viewer's
   * session runs in a private sandbox where the deployment says so. Writes `session.start` for a
   * new session (`session.takeover` too for a takeover).
   */
  async start(principal: Principal, input: StartInput): Promise<{ record: SessionRecord; reused: boolean }> {
    const { access } = this.deps;
    const { project, notebook, role } = await access.notebook(principal, input.projectId, input.notebookId, 'session.start', {
      mode: input.mode,
      takeover: Boolean(input.takeoverFrom),
    });
    const chosen = this.chosenProfile(input.computeProfile, notebook.compute_profile);
    if (chosen !== null) await access.also(principal, project, [this.deps.profiles?.choice === 'editors' ? 'notebook.write' : 'notebook.manage']);
    if (input.previewId) {
      if (!this.deps.previews) throw new HubError('SYNC_NOT_CONFIGURED', 'previews are not available in this deployment');
      await this.deps.previews.get(input.projectId, input.notebookId, input.previewId);
    }
    const { record, reused } = await this.deps.sessions.start({
      project: { id: project.id, name: project.name },
      ...(input.previewId ? { preview: { id: input.previewId } } : {}),
      notebook: chosen === null ? notebook : { ...notebook, compute_profile: chosen },
      mode: input.mode,
      user: actorOf(principal),
      client: input.client,
      ephemeral: access.startsPrivateSandbox(role),
      mayUseIntegrations: access.allows(principal, project, 'integration.use', notebookFacts(notebook)),
      ...(input.takeoverFrom ? { takeoverFrom: input.takeoverFrom } : {}),
    });
    return { record: input.wait ? await this.waitForStart(record) : record, reused };
  }

  /** A profile asked for that differs from the notebook's own (null when none was asked or it is the same); refused when unknown. */
  private chosenProfile(asked: string | undefined, own: string | null): string | null {
    if (asked === undefined) return null;
    const names = this.deps.profiles?.names ?? [];
    if (!names.includes(asked)) {
      throw new HubError('VALIDATION_ERROR', `compute profile ${asked} is not one of this hub's (${names.join(', ')})`, [
        { field: 'compute_profile', message: 'unknown profile' },
      ]);
    }
    return asked === (own ?? names[0]) ? null : asked;
  }

  /** `session.attach`. */
  async read(principal: Principal, input: { projectId: string; sessionId: string }): Promise<SessionRecord> {
    return (await this.deps.access.session(principal, input.projectId, input.sessionId, 'session.attach')).record;
  }

  /** `session.attach`: keeps the session from going idle; `connected` says an editor is there. */
  async heartbeat(principal: Principal, input: { projectId: string; sessionId: string; connected: boolean }): Promise<SessionRecord> {
    await this.deps.access.session(principal, input.projectId, input.sessionId, 'session.attach');
    return this.deps.sessions.heartbeat(input.projectId, input.sessionId, input.connected);
  }

  /** `session.stop`: edit sessions save first unless `save` is false. Writes `session.stop`. */
  async stop(principal: Principal, input: { projectId: string; sessionId: string; save: boolean }): Promise<SessionRecord> {
    await this.deps.access.session(principal, input.projectId, input.sessionId, 'session.stop');
    return this.deps.sessions.stop(input.projectId, input.sessionId, { reason: 'user', save: input.save, actor: actorOf(principal) });
  }

  /**
   * `session.attach` on the session, then `notebook.write` on its project: saves the edit
   * session's notebook as a new version (null when unchanged). Writes `notebook.save`.
   */
  async save(principal: Principal, input: { projectId: string; sessionId: string; message?: string | undefined }): Promise<NotebookVersion | null> {
    const { project, record } = await this.deps.access.session(principal, input.projectId, input.sessionId, 'session.attach');
    await this.deps.access.also(principal, project, ['notebook.write']);
    return this.deps.sessions.save(input.projectId, record.id, actorOf(principal), input.message);
  }

  /**
   * The session once it leaves `provisioning`, waiting at most the start-up timeout: the start
   * under way in this process when there is one (answered the moment it settles), else by polling.
   */
  private async waitForStart(record: SessionRecord): Promise<SessionRecord> {
    const deadline = Date.now() + this.deps.startupTimeoutMs;
    const underway = this.deps.sessions.startSettled(record.id);
    if (underway) {
      let timer: NodeJS.Timeout | undefined;
      const settled = await Promise.race([underway, new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), this.deps.startupTimeoutMs)))]);
      clearTimeout(timer);
      if (settled && settled.state !== 'provisioning') return settled;
    }
    let current = (await this.deps.sessionStore.get(record.project_id, record.id)) ?? record;
    while (current.state === 'provisioning' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      current = (await this.deps.sessionStore.get(record.project_id, record.id)) ?? current;
    }
    return current;
  }
}
