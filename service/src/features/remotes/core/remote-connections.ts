import type { AuditLog } from '../../../core/audit/audit-log.js';
import { HubError } from '../../../core/errors.js';
import { RemoteHubError, type RemoteHub, type RemoteHubConnection, type RemoteHubFactory } from './remote-hub.js';
import { REVOKED_MESSAGE, type OpenRemote, type RemoteRecords } from './remote-records.js';
import { TeamAuthorizationError, type TeamAuthorization, type TeamAuthorizationServer, type TeamTokens } from './team-authorization.js';

/** An access token this close to its expiry is renewed before it is sent. */
const RENEW_BEFORE_MS = 60_000;

export interface RemoteConnectionsDeps {
  records: RemoteRecords;
  authorization: TeamAuthorization;
  audit: AuditLog;
  now?: () => Date;
}

/** The server a remote signed in with, as the authorization port takes it. */
export function serverOf(remote: OpenRemote): TeamAuthorizationServer | null {
  const auth = remote.authorization;
  if (auth.kind !== 'oauth') return null;
  return {
    issuer: auth.issuer,
    authorization_endpoint: auth.authorization_endpoint,
    token_endpoint: auth.token_endpoint,
    revocation_endpoint: auth.revocation_endpoint,
    client_id: auth.client_id,
  };
}

/** The fields a token answer sets on a remote. */
export function withTokens(remote: OpenRemote, tokens: TeamTokens, at: Date): OpenRemote {
  return {
    ...remote,
    state: 'connected',
    access_token: tokens.access_token,
    // A server that rotates sends a new one; one that does not keeps the old one good.
    refresh_token: tokens.refresh_token ?? remote.refresh_token,
    access_expires_at: tokens.expires_in === null ? null : new Date(at.getTime() + tokens.expires_in * 1000).toISOString(),
    updated_at: at.toISOString(),
  };
}

/**
 * The team hub clients of remotes (docs/remotes.md): each acts as its remote's signed-in user,
 * renews the access token before it expires and when the team hub refuses it (refresh with
 * rotation, one refresh at a time per remote), and marks the remote revoked for good when the
 * team hub no longer honours the refresh token. The HTTP client comes from the composition root.
 */
export class RemoteConnections {
  private factory: RemoteHubFactory | null = null;
  private readonly refreshing = new Map<string, Promise<string | null>>();
  private readonly now: () => Date;

  constructor(private readonly deps: RemoteConnectionsDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /** The client of team hubs this hub speaks the sync protocol with (compose wires it). */
  use(factory: RemoteHubFactory): void {
    this.factory = factory;
  }

  /**
   * A client of the remote's team hub; SERVICE_UNAVAILABLE without one, CONFLICT for a remote that
   * is not signed in. `renew: false` tries the access token alone (a token being checked).
   */
  hubOf(remote: OpenRemote, options: { renew?: boolean } = {}): RemoteHub {
    if (!this.factory) throw new HubError('SERVICE_UNAVAILABLE', 'this hub has no client for team hubs: it cannot reach remotes');
    if (remote.state === 'revoked') throw new HubError('CONFLICT', `${REVOKED_MESSAGE} (remote ${remote.name})`);
    if (remote.state !== 'connected' || remote.access_token === null) {
      throw new HubError('CONFLICT', `the sign-in to remote ${remote.name} was not completed: sign in again`);
    }
    return this.factory(this.connectionOf(remote, options.renew ?? true));
  }

  /** Marks a remote revoked (its tokens dropped): every later use says to sign in again. */
  async markRevoked(name: string): Promise<void> {
    const at = this.now();
    let changed = false;
    await this.deps.records
      .update(name, (current) => {
        changed = current.state !== 'revoked';
        return { ...current, state: 'revoked', access_token: null, refresh_token: null, access_expires_at: null, updated_at: at.toISOString() };
      })
      .catch((error: unknown) => {
        if (!(error instanceof HubError && error.code === 'NOT_FOUND')) throw error;
      });
    if (changed) await this.deps.audit.append({ event: 'remote.revoked', actor: 'system', metadata: { remote: name } });
  }

  private connectionOf(remote: OpenRemote, renews: boolean): RemoteHubConnection {
    let current = { token: remote.access_token!, expiresAt: remote.access_expires_at === null ? null : Date.parse(remote.access_expires_at) };
    const renew = async (): Promise<string | null> => {
      if (!renews) return null;
      const renewed = await this.refreshOnce(remote.name, current.token);
      if (renewed !== null) current = renewed;
      return renewed?.token ?? null;
    };
    return {
      baseUrl: remote.url,
      accessToken: async () => {
        if (current.expiresAt !== null && current.expiresAt - RENEW_BEFORE_MS <= this.now().getTime()) return (await renew()) ?? current.token;
        return current.token;
      },
      refresh: renew,
    };
  }

  /** One refresh per remote at a time: two concurrent refreshes would spend the same refresh token twice, which ends the connection. */
  private refreshOnce(name: string, refused: string): Promise<{ token: string; expiresAt: number | null } | null> {
    let pending = this.refreshing.get(name);
    if (!pending) {
      pending = this.refresh(name, refused).finally(() => this.refreshing.delete(name));
      this.refreshing.set(name, pending);
    }
    return pending.then(async (token) => {
      if (token === null) return null;
      const stored = await this.deps.records.get(name);
      return { token, expiresAt: stored?.access_expires_at ? Date.parse(stored.access_expires_at) : null };
    });
  }

  private async refresh(name: string, refused: string): Promise<string | null> {
    const remote = await this.deps.records.get(name);
    if (!remote || remote.state === 'revoked') return null;
    // Another process (the command line, another replica) renewed it meanwhile.
    if (remote.access_token !== null && remote.access_token !== refused) return remote.access_token;
    const server = serverOf(remote);
    const auth = remote.authorization;
    if (!server || auth.kind !== 'oauth' || remote.refresh_token === null) {
      await this.markRevoked(name);
      return null;
    }
    let tokens: TeamTokens;
    try {
      tokens = await this.deps.authorization.refresh(server, { refreshToken: remote.refresh_token, resource: auth.resource });
    } catch (error) {
      if (error instanceof TeamAuthorizationError && error.reason !== 'unreachable') {
        await this.markRevoked(name);
        return null;
      }
      throw new RemoteHubError('unreachable', error instanceof Error ? error.message : String(error));
    }
    const at = this.now();
    const updated = await this.deps.records.update(name, (current) => withTokens(current, tokens, at));
    return updated.access_token;
  }
}

/** A failure of a team hub as the local hub reports it (docs/remotes.md, "Errors"). */
export function remoteFailure(error: unknown, remote: Pick<OpenRemote, 'name' | 'url'>): unknown {
  if (error instanceof RemoteHubError) {
    const team = `the team hub of remote ${remote.name} (${remote.url})`;
    switch (error.failure) {
      case 'unreachable':
        return new HubError('SERVICE_UNAVAILABLE', `${team} is unreachable: ${error.message}`, undefined, { cause: error, retryAfterSeconds: 5 });
      case 'revoked':
        return new HubError('CONFLICT', `${REVOKED_MESSAGE} (remote ${remote.name})`, undefined, { cause: error });
      case 'forbidden':
        return new HubError('FORBIDDEN', `${team} refused: ${error.message}`, undefined, { cause: error });
      case 'not_found':
        return new HubError('NOT_FOUND', `${team} says: ${error.message}`, undefined, { cause: error });
      case 'conflict':
        return new HubError('CONFLICT', `${team} refused: ${error.message}`, undefined, { cause: error });
      case 'protocol':
        return new HubError('SERVICE_UNAVAILABLE', `${team} answered something this hub does not understand: ${error.message}`, undefined, { cause: error });
    }
  }
  if (error instanceof TeamAuthorizationError) {
    const team = `the team hub at ${remote.url}`;
    if (error.reason === 'unreachable')
      return new HubError('SERVICE_UNAVAILABLE', `${team} is unreachable: ${error.message}`, undefined, { cause: error, retryAfterSeconds: 5 });
    if (error.reason === 'revoked') return new HubError('CONFLICT', `${REVOKED_MESSAGE} (remote ${remote.name})`, undefined, { cause: error });
    return new HubError('FORBIDDEN', `${team} refused the sign-in: ${error.message}`, undefined, { cause: error });
  }
  return error;
}
