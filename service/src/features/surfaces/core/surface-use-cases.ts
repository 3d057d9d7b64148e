import type { AuditLog } from '../../../core/audit/audit-log.js';
import { HubError } from '../../../core/errors.js';
import type { Principal } from '../../../core/identity/authenticator.js';
import type { UserEntry } from '../../../core/identity/users.js';
import type { AccessControl } from '../../../core/access/access-control.js';
import type { SurfacePass, SurfacePasses } from './surface-passes.js';
import type { SessionRecord } from '../../../core/sessions/session-model.js';
import { SURFACE_TITLES, type SessionSurfaces } from './session-surfaces.js';
import { isSurfaceId, SURFACE_IDS, type SurfaceEmbed, type SurfaceId, type SurfaceState, type SurfaceStatus } from '../../../core/ports/surface-model.js';

/** A surface as callers see it: never its secret. */
export interface SurfaceView {
  id: SurfaceId;
  title: string;
  state: SurfaceState;
  reason: string | null;
  /** While starting: the step under way. */
  detail: string | null;
  started_at: string | null;
  embed: SurfaceEmbed;
  /** What people should know before using it (why OpenCode has no managed model), or null. */
  notice: string | null;
}

export interface SurfaceInput {
  projectId: string;
  sessionId: string;
  surface: string;
}

export interface OpenInput extends SurfaceInput {
  /** Answer once it runs (default), or at once while it starts. */
  wait?: boolean | undefined;
  /** A workspace file to open, relative to the workspace (VS Code only). */
  path?: string | undefined;
}

/** A surface of a session, as its own host names it. */
export interface SurfaceAddress {
  sessionId: string;
  surface: SurfaceId;
}

export interface SurfaceUseCaseDeps {
  access: AccessControl;
  surfaces: SessionSurfaces;
  passes: SurfacePasses;
  audit: AuditLog;
  users: { get(userId: string): Promise<UserEntry | null> };
  isSuperAdmin(user: UserEntry): boolean;
}

/** What the primary process of a session is called by a caller who asks for it as a surface. */
const PRIMARY_NAMES = new Set(['marimo', 'primary', 'kernel', 'notebook']);

/**
 * VS Code and OpenCode in edit sessions (docs/surfaces.md): `session.surface` on the session
 * decides every call (only the editor who holds the edit session; never an app, a viewer or an
 * ephemeral sandbox), refused with SURFACE_FORBIDDEN.
 */
export class SurfaceUseCases {
  constructor(private readonly deps: SurfaceUseCaseDeps) {}

  /** Every configured surface of the session with its state (none when the caller may not use them). */
  async list(principal: Principal, input: { projectId: string; sessionId: string }): Promise<SurfaceView[]> {
    const record = await this.authorize(principal, input.projectId, input.sessionId);
    return this.deps.surfaces.configured.map((config) => this.view(record, config.id));
  }

  async read(principal: Principal, input: SurfaceInput): Promise<SurfaceView> {
    const id = this.surfaceId(input.surface);
    const record = await this.authorize(principal, input.projectId, input.sessionId);
    this.deps.surfaces.configOf(id);
    return this.view(record, id);
  }

  /**
   * Starts the surface when needed and answers once it runs, with a one-use ticket into it for
   * the caller (see SurfacePasses). Writes `session.surface.open` when it started one.
   */
  async open(principal: Principal, input: OpenInput): Promise<{ surface: SurfaceView; ticket: string | null }> {
    const id = this.surfaceId(input.surface);
    const record = await this.authorize(principal, input.projectId, input.sessionId);
    // Only after authorization: a caller who may not see the session learns nothing from the path.
    const openPath = checkedOpenPath(id, input.path);
    if (record.state !== 'running') throw new HubError('CONFLICT', `the session is ${record.state}; surfaces open in a running session`);
    const before = this.deps.surfaces.statusOf(record, id);
    const status = await this.deps.surfaces.open(record, id, { wait: input.wait ?? true });
    if (before.state === 'stopped' || before.state === 'failed')
      await this.deps.audit.append({
        event: 'session.surface.open',
        actor: principal.user.id,
        projectId: input.projectId,
        metadata: { session_id: record.id, surface: id },
      });
    const ticket =
      status.state === 'running'
        ? await this.deps.passes.issueTicket({
            user_id: principal.user.id,
            credential: principal.credential,
            project_id: record.project_id,
            session_id: record.id,
            surface: id,
            open_path: openPath,
          })
        : null;
    return { surface: this.viewOf(id, status), ticket };
  }

  /** Stops the surface (the session keeps running). Writes `session.surface.stop`. */
  async stop(principal: Principal, input: SurfaceInput): Promise<SurfaceView> {
    const id = this.surfaceId(input.surface);
    const record = await this.authorize(principal, input.projectId, input.sessionId);
    const status = await this.deps.surfaces.stop(record, id);
    await this.deps.audit.append({
      event: 'session.surface.stop',
      actor: principal.user.id,
      projectId: input.projectId,
      metadata: { session_id: record.id, surface: id },
    });
    return this.viewOf(id, status);
  }

  /**
   * Trades a ticket presented on the surface's own host for a grant (a cookie of that host),
   * when the opener may still use the surface.
   */
  async enter(ticket: string, at: SurfaceAddress): Promise<{ grant: string; expiresAt: string; location: string }> {
    const title = SURFACE_TITLES[at.surface];
    const redeemed = await this.deps.passes.redeem(ticket, at);
    if (!redeemed) throw new HubError('UNAUTHORIZED', `this link into ${title} was used already or has expired: open ${title} again from the notebook`);
    const record = await this.admit(redeemed.pass);
    const launcher = this.deps.surfaces.launcher;
    const location = launcher && record.sandbox ? launcher.entryPath(record.sandbox, at.surface, redeemed.openPath) : '/';
    return { grant: redeemed.grant, expiresAt: redeemed.pass.expires_at, location };
  }

  /** The session and the surface's state for a grant holder, decided again as the opener. */
  async reach(grant: string, at: SurfaceAddress): Promise<{ record: SessionRecord; status: SurfaceStatus }> {
    const title = SURFACE_TITLES[at.surface];
    const pass = await this.deps.passes.check(grant);
    if (!pass || pass.session_id !== at.sessionId || pass.surface !== at.surface)
      throw new HubError('UNAUTHORIZED', `this ${title} link has expired: open ${title} again from the notebook`);
    const record = await this.admit(pass);
    return { record, status: this.deps.surfaces.statusOf(record, at.surface) };
  }

  /** The same decision as opening the surface, made again as the opener; and it must be running. */
  private async admit(pass: SurfacePass): Promise<SessionRecord> {
    const user = await this.deps.users.get(pass.user_id);
    if (!user) throw new HubError('SURFACE_FORBIDDEN', 'the account that opened this surface no longer exists');
    if (user.suspended_at) throw new HubError('USER_SUSPENDED', 'this account is suspended; contact an administrator');
    if (!(await this.deps.passes.credentialStands(pass)))
      throw new HubError(
        'UNAUTHORIZED',
        `the sign-in or token that opened ${SURFACE_TITLES[pass.surface]} has ended or was revoked: open it again from the notebook`,
      );
    const principal: Principal = { user, isSuperAdmin: this.deps.isSuperAdmin(user), credential: pass.credential };
    const record = await this.authorize(principal, pass.project_id, pass.session_id);
    if (record.state !== 'running') throw new HubError('GONE', `the session is ${record.state}`);
    if (this.deps.surfaces.statusOf(record, pass.surface).state !== 'running')
      throw new HubError('GONE', `${SURFACE_TITLES[pass.surface]} is not running in this session; open it again from the notebook`);
    return record;
  }

  private surfaceId(name: string): SurfaceId {
    if (isSurfaceId(name)) return name;
    if (PRIMARY_NAMES.has(name.toLowerCase()))
      throw new HubError('SURFACE_PRIMARY', `${name} is the session's primary process, not a surface: stop or restart the session instead`);
    throw new HubError('SURFACE_NOT_ENABLED', `there is no surface named ${JSON.stringify(name.slice(0, 100))}; surfaces are ${SURFACE_IDS.join(' and ')}`);
  }

  private async authorize(principal: Principal, projectId: string, sessionId: string): Promise<SessionRecord> {
    try {
      return (await this.deps.access.session(principal, projectId, sessionId, 'session.surface')).record;
    } catch (error) {
      if (error instanceof HubError && error.code === 'FORBIDDEN') throw new HubError('SURFACE_FORBIDDEN', error.message);
      throw error;
    }
  }

  private view(record: SessionRecord, id: SurfaceId): SurfaceView {
    return this.viewOf(id, this.deps.surfaces.statusOf(record, id));
  }

  private viewOf(id: SurfaceId, status: SurfaceStatus): SurfaceView {
    return {
      id,
      title: SURFACE_TITLES[id],
      state: status.state,
      reason: status.reason,
      detail: status.state === 'starting' ? (status.detail ?? null) : null,
      started_at: status.started_at,
      embed: this.deps.surfaces.configOf(id).embed,
      notice: this.deps.surfaces.noticeOf(id),
    };
  }
}

/** A path to open must stay inside the workspace: relative, without `.` or `..` segments. */
function checkedOpenPath(id: SurfaceId, path: string | undefined): string | null {
  if (path === undefined || path === '' || path === '.') return null;
  if (id !== 'vscode') throw new HubError('SURFACE_OPEN_INVALID', `${SURFACE_TITLES[id]} opens the whole workspace; it takes no path`);
  const segments = path.replace(/\/+$/, '').split('/');
  if (path.length > 1024 || path.startsWith('/') || /[\\\0]/.test(path) || segments.some((segment) => segment === '' || segment === '.' || segment === '..'))
    throw new HubError(
      'SURFACE_OPEN_INVALID',
      `${JSON.stringify(path.slice(0, 200))} is not a path inside the workspace: give one relative to it, without . or .. segments`,
    );
  return segments.join('/');
}
