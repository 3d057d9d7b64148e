import type { AccessControl } from '../../../core/access/access-control.js';
import type { AuditLog } from '../../../core/audit/audit-log.js';
import { HubError } from '../../../core/errors.js';
import type { Principal } from '../../../core/identity/authenticator.js';
import type { LoginSessionRecord, LoginSessions } from '../../../core/identity/login-sessions.js';
import type { UserDirectory } from '../../../core/identity/users.js';
import type { SessionRecord } from '../../../core/sessions/session-model.js';
import type { SessionUseCases } from '../../../core/use-cases/sessions.js';
import { clientKindOf } from '../../../core/use-cases/sessions.js';
import type { StartSyncSessionInput, SyncCompute, SyncComputeProfile, SyncLaunch, SyncSession } from '../../../core/sync-protocol.js';
import type { LaunchTickets } from './launch-tickets.js';

export interface SyncSessionDeps {
  access: AccessControl;
  sessions: Pick<SessionUseCases, 'start' | 'read' | 'stop'>;
  tickets: LaunchTickets;
  loginSessions: Pick<LoginSessions, 'create'>;
  users: Pick<UserDirectory, 'get'>;
  audit: AuditLog;
  profiles: readonly { name: string; cpu?: number; memory_bytes?: number; gpu?: string }[];
  profileChoice: 'none' | 'editors';
  jobsAvailable: boolean;
  /** How this hub signs browsers in: the kind of the browser sessions a launch makes. */
  loginProvider: LoginSessionRecord['provider'];
}

/** Where a hub's page of a session is, under its URL (origin and base path). */
export const sessionPagePath = (record: Pick<SessionRecord, 'project_id' | 'notebook_id' | 'mode'>) =>
  `/projects/${record.project_id}/notebooks/${record.notebook_id}/${record.mode}`;

/**
 * Running on this hub's compute for another hub (docs/remotes.md, "Running on the team hub"): its
 * compute profiles, sessions started, read and stopped as the signed-in user through the hub's own
 * session use cases (the policy decides as for the session routes: a viewer starts no edit
 * session where the viewer mode says so), and the one-use launch tickets that open a session's page
 * in a browser that is not signed in here.
 */
export class SyncSessions {
  constructor(private readonly deps: SyncSessionDeps) {}

  /** Any signed-in user: what they may run notebooks on here. */
  compute(): SyncCompute {
    const profiles: SyncComputeProfile[] = this.deps.profiles.map((profile) => ({
      name: profile.name,
      cpu: profile.cpu ?? null,
      memory_bytes: profile.memory_bytes ?? null,
      gpu: profile.gpu ?? null,
    }));
    return {
      profiles,
      default_profile: profiles[0]?.name ?? 'default',
      profile_choice: this.deps.profileChoice === 'editors' ? 'editors' : 'managers',
      jobs_available: this.deps.jobsAvailable,
    };
  }

  /** `session.start` (and the right to pick a profile when another than the notebook's is asked): the session, or the caller's live one that fits. */
  async start(principal: Principal, issuer: string, input: { projectId: string; notebookId: string } & StartSyncSessionInput): Promise<SyncSession> {
    const { record, reused } = await this.deps.sessions.start(principal, {
      projectId: input.projectId,
      notebookId: input.notebookId,
      mode: input.mode,
      client: clientKindOf(principal),
      ...(input.compute_profile !== null ? { computeProfile: input.compute_profile } : {}),
    });
    return viewOf(record, issuer, reused);
  }

  /** `session.attach`. */
  async read(principal: Principal, issuer: string, input: { projectId: string; sessionId: string }): Promise<SyncSession> {
    return viewOf(await this.deps.sessions.read(principal, input), issuer, false);
  }

  /** `session.stop`: an edit session saves first. */
  async stop(principal: Principal, issuer: string, input: { projectId: string; sessionId: string }): Promise<SyncSession> {
    return viewOf(await this.deps.sessions.stop(principal, { ...input, save: true }), issuer, false);
  }

  /**
   * `session.proxy` on a live session: a ticket for the caller's browser, good once within a
   * minute, at `<hub>/api/v1/sync/launches/<ticket>`. Audited `session.launch`.
   */
  async launch(principal: Principal, issuer: string, input: { projectId: string; sessionId: string }): Promise<SyncLaunch> {
    const { record } = await this.deps.access.session(principal, input.projectId, input.sessionId, 'session.proxy');
    if (record.state !== 'provisioning' && record.state !== 'running') throw new HubError('GONE', `session ${record.id} is ${record.state}`);
    const { ticket, expiresAt } = await this.deps.tickets.issue({
      user_id: principal.user.id,
      credential: principal.credential,
      project_id: record.project_id,
      notebook_id: record.notebook_id,
      session_id: record.id,
      mode: record.mode,
    });
    await this.deps.audit.append({
      event: 'session.launch',
      actor: principal.user.id,
      projectId: record.project_id,
      metadata: { session_id: record.id, notebook_id: record.notebook_id, expires_at: expiresAt },
    });
    return { launch_url: `${issuer}/api/v1/sync/launches/${ticket}`, expires_at: expiresAt };
  }

  /**
   * Exchanges a launch ticket for a browser session of its user, cleared for no more than the
   * credential that asked for it and living as long as a sign-in here does, and answers the page
   * to go to (a path under the hub). UNAUTHORIZED when the ticket is unknown, used or expired, or
   * the credential behind it was revoked since; USER_SUSPENDED for a suspended user. Audited
   * `auth.login` (`via: launch`).
   */
  async redeem(ticket: string): Promise<{ cookieValue: string; path: string }> {
    const refused = () =>
      new HubError('UNAUTHORIZED', 'this link to a session was used already, expired or is unknown: open the session again from where you started it');
    const taken = await this.deps.tickets.redeem(ticket);
    if (!taken || !(await this.deps.tickets.credentialStands(taken))) throw refused();
    const user = await this.deps.users.get(taken.user_id);
    if (!user) throw refused();
    if (user.suspended_at) throw new HubError('USER_SUSPENDED', 'this account is suspended; contact an administrator');
    const context = taken.credential.context;
    const { cookieValue } = await this.deps.loginSessions.create(user.id, this.deps.loginProvider, () => context);
    await this.deps.audit.append({
      event: 'auth.login',
      actor: user.id,
      projectId: taken.project_id,
      metadata: { provider: this.deps.loginProvider, via: 'launch', session_id: taken.session_id },
    });
    return { cookieValue, path: sessionPagePath(taken) };
  }
}

function viewOf(record: SessionRecord, issuer: string, reused: boolean): SyncSession {
  return {
    session_id: record.id,
    project_id: record.project_id,
    notebook_id: record.notebook_id,
    mode: record.mode,
    state: record.state,
    phase: record.phase,
    compute_profile: record.compute_profile,
    base_version_id: record.base_version_id,
    last_saved_at: record.last_saved_at,
    stop_reason: record.stop_reason,
    failure: record.failure,
    created_at: record.created_at,
    stopped_at: record.stopped_at,
    page_url: `${issuer}${sessionPagePath(record)}`,
    reused,
  };
}
