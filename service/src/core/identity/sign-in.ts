import type { AuditLog } from '../audit/audit-log.js';
import { HubError } from '../errors.js';
import type { SecurityContext } from '../policy/security-labels.js';
import type { Authenticator, Principal } from './authenticator.js';
import type { LoginSessionRecord, LoginSessions } from './login-sessions.js';
import type { IdentityClaims, UserDirectory, UserEntry } from './users.js';

export interface SignInDeps {
  users: UserDirectory;
  loginSessions: LoginSessions;
  audit: AuditLog;
  authenticator: Authenticator;
}

export interface SignInRequest {
  /** Who signed in, as the provider (or the local login) says. */
  identity: IdentityClaims;
  provider: LoginSessionRecord['provider'];
  /** Receives the session's expiry; returns what the session is cleared for. */
  context?: (expiresAt: string) => SecurityContext | null;
  /** What a suspended user is told. */
  suspendedMessage?: string;
}

/**
 * Turning a verified identity into a browser session, and ending one: the user is created or
 * updated from the identity, a suspended user is refused, and both are audited. Whoever verified
 * the identity (the local login secret, the OIDC login flow) calls this.
 */
export class SignIns {
  constructor(private readonly deps: SignInDeps) {}

  /** The user and the value of their new session cookie. */
  async signIn(request: SignInRequest): Promise<{ user: UserEntry; cookieValue: string }> {
    const user = await this.deps.users.upsertFromLogin(request.identity);
    if (user.suspended_at) throw new HubError('USER_SUSPENDED', request.suspendedMessage ?? 'this account is suspended; contact an administrator');
    const { cookieValue } = await this.deps.loginSessions.create(user.id, request.provider, request.context);
    await this.deps.audit.append({ event: 'auth.login', actor: user.id, metadata: { provider: request.provider } });
    return { user, cookieValue };
  }

  /** Ends the browser session behind `cookieValue` (if any) at once on this replica. */
  async signOut(principal: Principal, cookieValue: string | undefined): Promise<void> {
    if (cookieValue) {
      await this.deps.loginSessions.destroy(cookieValue);
      this.deps.authenticator.forgetCredential('session', cookieValue);
    }
    await this.deps.audit.append({ event: 'auth.logout', actor: principal.user.id, metadata: {} });
  }
}
