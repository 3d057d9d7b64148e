import { HubError } from '../../../core/errors.js';
import type { Principal } from '../../../core/identity/authenticator.js';
import type { RemoteConnections } from './remote-connections.js';
import { remoteFailure } from './remote-connections.js';
import { RemoteHubError, type RemoteHub, type SyncUser } from './remote-hub.js';
import { TeamAuthorizationError } from './team-authorization.js';
import type { RemoteLink } from './remote-link.js';
import type { OpenRemote, RemoteRecords } from './remote-records.js';

/** The sync protocol this hub speaks. */
export const SYNC_PROTOCOL = 1;

/**
 * A remote holds one person's sign-in to a team hub: that person alone pulls and pushes through
 * it (a super admin may see and remove anyone's). A personal access token used here must be
 * unrestricted: a scoped token names hub actions, and using a team sign-in is none of them.
 */
export function assertMayUseRemotes(principal: Principal): void {
  const credential = principal.credential;
  if (credential.kind === 'token' && (credential.oauth || credential.scope.actions !== '*' || credential.scope.projects !== '*')) {
    throw new HubError('FORBIDDEN', 'remotes act with your sign-in to another hub: use a browser session or an unrestricted personal access token');
  }
}

/** How a remote shows its team user: `Name (email)`, or the email alone when the team hub knows no name. */
export function signedInAs(user: SyncUser): string {
  const name = user.name?.trim();
  return name ? `${name} (${user.email})` : user.email;
}

export class RemoteAccess {
  constructor(
    private readonly records: RemoteRecords,
    private readonly connections: RemoteConnections,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The caller's own remote; NOT_FOUND for anyone else's (its existence is not revealed). */
  async own(principal: Principal, name: string): Promise<OpenRemote> {
    const remote = await this.records.get(name);
    if (!remote || remote.owner_id !== principal.user.id) throw new HubError('NOT_FOUND', `no remote named ${name}`);
    return remote;
  }

  /** A remote the caller may see: their own, or any for a super admin. */
  async visible(principal: Principal, name: string): Promise<OpenRemote> {
    const remote = await this.records.get(name);
    if (!remote || (remote.owner_id !== principal.user.id && !principal.isSuperAdmin)) throw new HubError('NOT_FOUND', `no remote named ${name}`);
    return remote;
  }

  /**
   * The remote a linked project is pulled and pushed through, for this caller: the one it was
   * linked through when it is theirs, else one of theirs signed in to the same team hub.
   */
  async forLink(principal: Principal, link: RemoteLink): Promise<OpenRemote> {
    const named = await this.records.get(link.remote);
    if (named && named.owner_id === principal.user.id && named.hub?.id === link.hub_id) return named;
    const mine = (await this.records.list()).find((remote) => remote.owner_id === principal.user.id && remote.hub?.id === link.hub_id);
    if (mine) return mine;
    throw new HubError(
      'CONFLICT',
      `project ${link.project_id} is linked to the team hub of remote ${link.remote}, and you have no remote signed in to that team hub: add one (notebook-hub remote add) to pull or push`,
    );
  }

  /**
   * The remote's team hub client, with what the team hub says of itself recorded once (its id,
   * name, protocol, who is signed in). A remote whose user is not known yet (signed in before team
   * hubs said) asks again, and goes on without it when the team hub does not answer.
   */
  async teamOf(remote: OpenRemote): Promise<{ remote: OpenRemote; team: RemoteHub }> {
    const team = this.connections.hubOf(remote);
    if (remote.hub && remote.user_name !== null) return { remote, team };
    if (remote.hub) return { remote: await this.describe(remote, team).catch(() => remote), team };
    return { remote: await this.describe(remote, team), team };
  }

  /** Asks the team hub what it is and who is signed in, and records both on the remote (after a sign-in, the user may be another). */
  async describe(remote: OpenRemote, team: RemoteHub = this.connections.hubOf(remote)): Promise<OpenRemote> {
    const info = await this.call(remote, () => team.hub());
    if (info.protocol !== SYNC_PROTOCOL) {
      throw new HubError(
        'CONFLICT',
        `the team hub of remote ${remote.name} speaks sync protocol ${String(info.protocol)}; this hub speaks ${SYNC_PROTOCOL}: update the older one`,
      );
    }
    const at = this.now().toISOString();
    return this.records.update(remote.name, (current) => ({
      ...current,
      hub: { id: info.hub_id, name: info.name, version: info.version },
      user_name: info.user ? signedInAs(info.user) : current.user_name,
      updated_at: at,
    }));
  }

  /** Runs a call to the team hub, reporting its failure in this hub's terms (and remembering a revoked connection). */
  async call<T>(remote: Pick<OpenRemote, 'name' | 'url'>, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw await this.explain(remote, error);
    }
  }

  /** A team hub failure as this hub reports it; a revoked connection is recorded as such. */
  async explain(remote: Pick<OpenRemote, 'name' | 'url'>, error: unknown): Promise<unknown> {
    const revoked = (error instanceof RemoteHubError && error.failure === 'revoked') || (error instanceof TeamAuthorizationError && error.reason === 'revoked');
    if (revoked) await this.connections.markRevoked(remote.name).catch(() => {});
    return remoteFailure(error, remote);
  }
}
