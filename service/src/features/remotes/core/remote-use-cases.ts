import type { AuditLog } from '../../../core/audit/audit-log.js';
import { HubError } from '../../../core/errors.js';
import type { Principal } from '../../../core/identity/authenticator.js';
import { assertMayUseRemotes, signedInAs, type RemoteAccess } from './remote-access.js';
import { remoteFailure, serverOf, withTokens, type RemoteConnections } from './remote-connections.js';
import { RemoteHubError, type SyncProjectEntry } from './remote-hub.js';
import { REMOTE_NAME_PATTERN, type OpenRemote, type RemoteRecords, type RemoteState } from './remote-records.js';
import type { SignInFlows } from './sign-in-flows.js';
import type { TeamAuthorization } from './team-authorization.js';

/** Where a team hub's sync tokens are for, and what they allow (docs/remotes.md, "Signing in"). */
export interface SignInTarget {
  /** The protected resource, under the team hub's URL: `/api/v1/sync`. */
  resourcePath: string;
  scope: string;
}

export const SYNC_SIGN_IN: SignInTarget = { resourcePath: '/api/v1/sync', scope: 'remote' };

/** A remote as its routes and commands show it: never its tokens. */
export interface RemoteView {
  name: string;
  url: string;
  owner_id: string;
  hub: { id: string; name: string; version: string } | null;
  user_name: string | null;
  state: RemoteState;
  sign_in: 'oauth' | 'token';
  created_at: string;
  updated_at: string;
}

export function remoteView(remote: OpenRemote): RemoteView {
  return {
    name: remote.name,
    url: remote.url,
    owner_id: remote.owner_id,
    hub: remote.hub,
    user_name: remote.user_name,
    state: remote.state,
    sign_in: remote.authorization.kind,
    created_at: remote.created_at,
    updated_at: remote.updated_at,
  };
}

export interface RemoteUseCaseDeps {
  records: RemoteRecords;
  remotes: RemoteAccess;
  connections: RemoteConnections;
  signIns: SignInFlows;
  authorization: TeamAuthorization;
  audit: AuditLog;
  /** Why a team hub URL may not be called (the outbound-request policy), or null. */
  urlProblem: (url: string) => string | null;
  /** How this hub names itself when it registers at a team hub (shown on its consent page). */
  clientName: string;
  /** The resource and scope asked for; the sync API's unless a test says otherwise. */
  target?: SignInTarget;
  now?: () => Date;
}

/** Adding a remote: either a sign-in to finish in the browser, or done (a personal access token). */
export interface AddedRemote {
  remote: RemoteView;
  /** Where the browser goes to sign in and consent; null when a token was given. */
  authorize_url: string | null;
}

/**
 * Remotes (docs/remotes.md): adding one (sign-in through the team hub's OAuth server with PKCE, or
 * a personal access token), finishing the sign-in when the browser comes back, listing, removing,
 * and the team projects a remote's user may pull.
 */
export class RemoteUseCases {
  private readonly now: () => Date;
  private target: SignInTarget;

  constructor(private readonly deps: RemoteUseCaseDeps) {
    this.now = deps.now ?? (() => new Date());
    this.target = deps.target ?? SYNC_SIGN_IN;
  }

  /** Signs in for another resource and scope than the sync API's (a test against another OAuth-protected resource of a hub). */
  aim(target: SignInTarget): void {
    this.target = target;
  }

  /** The caller's remotes (a super admin's list has everyone's). */
  async list(principal: Principal): Promise<RemoteView[]> {
    assertMayUseRemotes(principal);
    const remotes = await this.deps.records.list();
    return remotes.filter((remote) => remote.owner_id === principal.user.id || principal.isSuperAdmin).map(remoteView);
  }

  async get(principal: Principal, name: string): Promise<RemoteView> {
    assertMayUseRemotes(principal);
    return remoteView(await this.deps.remotes.visible(principal, name));
  }

  /**
   * Adds a remote. With a token: checked against the team hub, then stored. Without: this hub
   * registers with the team hub's authorization server for `redirectUri` (where the browser comes
   * back: this hub's callback route, or the command line's loopback listener) and answers the
   * authorization URL. Nothing is stored when the team hub cannot be reached.
   */
  async add(principal: Principal, input: { name: string; url: string; token?: string | undefined; redirectUri?: string }): Promise<AddedRemote> {
    assertMayUseRemotes(principal);
    if (!REMOTE_NAME_PATTERN.test(input.name)) {
      throw new HubError('VALIDATION_ERROR', 'name must be 1 to 40 lower-case letters, digits and dashes, starting with a letter or digit', [
        { field: 'name', message: 'lower-case letters, digits and dashes' },
      ]);
    }
    const url = this.teamUrl(input.url);
    if (await this.deps.records.get(input.name))
      throw new HubError('CONFLICT', `a remote named ${input.name} exists already; remove it first or choose another name`);
    const at = this.now().toISOString();
    const base: OpenRemote = {
      schema_version: 1,
      name: input.name,
      url,
      owner_id: principal.user.id,
      hub: null,
      user_name: null,
      authorization: { kind: 'token' },
      state: 'signing_in',
      access_token: null,
      access_expires_at: null,
      refresh_token: null,
      created_at: at,
      updated_at: at,
    };
    if (input.token !== undefined) {
      const remote = await this.withToken(base, input.token);
      await this.deps.records.create(remote);
      await this.audited(principal, 'remote.add', remote);
      return { remote: remoteView(remote), authorize_url: null };
    }
    if (!input.redirectUri) throw new HubError('BAD_REQUEST', 'a redirect URI is needed to sign in through the browser');
    const { remote, authorizeUrl } = await this.begin(principal, base, input.redirectUri);
    await this.deps.records.create(remote);
    await this.audited(principal, 'remote.add', remote);
    return { remote: remoteView(remote), authorize_url: authorizeUrl };
  }

  /** Signs a remote in again (after a revocation), through the browser or with a new token. */
  async signIn(principal: Principal, name: string, input: { token?: string | undefined; redirectUri?: string }): Promise<AddedRemote> {
    assertMayUseRemotes(principal);
    const current = await this.deps.remotes.own(principal, name);
    if (input.token !== undefined) {
      const checked = await this.withToken({ ...current, authorization: { kind: 'token' }, refresh_token: null }, input.token);
      const remote = await this.deps.records.update(name, () => checked);
      await this.audited(principal, 'remote.sign_in', remote);
      return { remote: remoteView(remote), authorize_url: null };
    }
    if (!input.redirectUri) throw new HubError('BAD_REQUEST', 'a redirect URI is needed to sign in through the browser');
    const { remote, authorizeUrl } = await this.begin(principal, current, input.redirectUri);
    const updated = await this.deps.records.update(name, (stored) => ({ ...stored, authorization: remote.authorization, updated_at: remote.updated_at }));
    return { remote: remoteView(updated), authorize_url: authorizeUrl };
  }

  /**
   * Finishes a sign-in when the browser comes back to the redirect URI with the authorization
   * server's answer (`query`: the `code`, `state` and `iss` it sent, or its `error`): the code is
   * redeemed with the PKCE verifier kept for this state, and the tokens are stored sealed.
   * UNAUTHORIZED for a state that is unknown, used or expired. Needs no signed-in caller: the state
   * names the sign-in and its user.
   */
  async completeSignIn(input: { query: string; remote?: string }): Promise<RemoteView> {
    const state = new URLSearchParams(input.query).get('state') ?? '';
    const flow = await this.deps.signIns.take(state);
    if (!flow || (input.remote !== undefined && flow.remote !== input.remote)) {
      throw new HubError('UNAUTHORIZED', 'this sign-in has expired or was already used: start it again');
    }
    const remote = await this.deps.records.get(flow.remote);
    const server = remote ? serverOf(remote) : null;
    if (!remote || !server || remote.owner_id !== flow.user_id || remote.authorization.kind !== 'oauth') {
      throw new HubError('UNAUTHORIZED', 'the remote of this sign-in was removed or changed meanwhile: start again');
    }
    const resource = remote.authorization.resource;
    const tokens = await this.deps.remotes.call(remote, () =>
      this.deps.authorization.exchangeCode(server, { callbackUrl: `${flow.redirect_uri}?${input.query}`, state, codeVerifier: flow.code_verifier, resource }),
    );
    const at = this.now();
    const signedIn = await this.deps.records.update(remote.name, (current) => withTokens(current, tokens, at));
    await this.deps.audit.append({ event: 'remote.sign_in', actor: flow.user_id, metadata: { remote: remote.name, url: remote.url, sign_in: 'oauth' } });
    // What the team hub says of itself and of who signed in is recorded now when it can be; else at the first pull.
    return remoteView(await this.deps.remotes.describe(signedIn).catch(() => signedIn));
  }

  /** Removes a remote (the caller's, or anyone's for a super admin); its refresh token is given back to the team hub when it answers. */
  async remove(principal: Principal, name: string): Promise<void> {
    assertMayUseRemotes(principal);
    const remote = await this.deps.remotes.visible(principal, name);
    const server = serverOf(remote);
    if (server && remote.refresh_token) await this.deps.authorization.revoke(server, remote.refresh_token).catch(() => {});
    await this.deps.records.delete(name);
    await this.audited(principal, 'remote.remove', remote);
  }

  /** The team projects the remote's user may read (and so pull), with their role there. */
  async teamProjects(principal: Principal, name: string): Promise<SyncProjectEntry[]> {
    assertMayUseRemotes(principal);
    const { remote, team } = await this.deps.remotes.teamOf(await this.deps.remotes.own(principal, name));
    return this.deps.remotes.call(remote, () => team.listProjects());
  }

  private teamUrl(raw: string): string {
    const trimmed = raw.trim().replace(/\/+$/, '');
    const problem = this.deps.urlProblem(trimmed);
    if (problem) throw new HubError('VALIDATION_ERROR', `url ${problem}`, [{ field: 'url', message: problem }]);
    const url = new URL(trimmed);
    if (url.search || url.hash)
      throw new HubError('VALIDATION_ERROR', 'url must be the team hub\u2019s address without a query or fragment', [
        { field: 'url', message: 'no query or fragment' },
      ]);
    return trimmed;
  }

  /** A remote with this token, once the team hub took it (what it says of itself recorded). */
  private async withToken(remote: OpenRemote, token: string): Promise<OpenRemote> {
    if (token.trim() === '' || token.length > 4096)
      throw new HubError('VALIDATION_ERROR', 'token must be a personal access token of the team hub', [{ field: 'token', message: 'required' }]);
    const candidate: OpenRemote = { ...remote, state: 'connected', access_token: token.trim(), access_expires_at: null, updated_at: this.now().toISOString() };
    // The token alone is tried: a refusal is the answer, never a reason to renew or revoke anything stored.
    const team = this.deps.connections.hubOf(candidate, { renew: false });
    const info = await team.hub().catch((error: unknown) => {
      if (error instanceof RemoteHubError && error.failure === 'revoked') {
        throw new HubError('VALIDATION_ERROR', `the team hub at ${remote.url} does not take this token`, [
          { field: 'token', message: 'refused by the team hub' },
        ]);
      }
      throw remoteFailure(error, remote);
    });
    return { ...candidate, hub: { id: info.hub_id, name: info.name, version: info.version }, user_name: info.user ? signedInAs(info.user) : null };
  }

  private async begin(principal: Principal, remote: OpenRemote, redirectUri: string): Promise<{ remote: OpenRemote; authorizeUrl: string }> {
    const resource = `${remote.url}${this.target.resourcePath}`;
    const { scope } = this.target;
    const server = await this.deps.remotes.call(remote, () =>
      this.deps.authorization.register(remote.url, { redirectUri, clientName: this.deps.clientName, scope }),
    );
    const signIn = await this.deps.signIns.start({ remote: remote.name, userId: principal.user.id, redirectUri });
    const authorizeUrl = await this.deps.authorization.authorizationUrl(server, {
      redirectUri,
      state: signIn.state,
      codeVerifier: signIn.codeVerifier,
      resource,
      scope,
    });
    const at = this.now().toISOString();
    return {
      remote: {
        ...remote,
        authorization: {
          kind: 'oauth',
          client_id: server.client_id,
          issuer: server.issuer,
          authorization_endpoint: server.authorization_endpoint,
          token_endpoint: server.token_endpoint,
          revocation_endpoint: server.revocation_endpoint,
          resource,
          scope,
        },
        updated_at: at,
      },
      authorizeUrl,
    };
  }

  private async audited(principal: Principal, event: string, remote: OpenRemote): Promise<void> {
    await this.deps.audit.append({ event, actor: principal.user.id, metadata: { remote: remote.name, url: remote.url, sign_in: remote.authorization.kind } });
  }
}
