import { assertBrowserSession } from '../access/credential-rules.js';
import { HubError } from '../errors.js';
import type { AccessTokens, TokenRecord, TokenScope } from '../identity/access-tokens.js';
import { UNRESTRICTED_SCOPE } from '../identity/access-tokens.js';
import type { Authenticator, Principal } from '../identity/authenticator.js';
import type { UserEntry } from '../identity/users.js';
import { entitlementsOf, type EntitlementRules } from '../policy/entitlements.js';

export interface TokenUseCaseDeps {
  tokens: AccessTokens;
  authenticator: Authenticator;
  entitlementRules: EntitlementRules;
}

/** The signed-in user as they see themselves. */
export interface SignedInUser {
  user: UserEntry;
  isSuperAdmin: boolean;
  canCreateProjects: boolean;
  /** Signed in with a browser session (which can log out), not a token. */
  browserSession: boolean;
}

export interface TokenListing {
  record: TokenRecord;
  expired: boolean;
}

/**
 * The signed-in user and their personal access tokens. Every caller acts on their own records
 * only, so no policy action is named; tokens are managed from a browser session only: a token can
 * never mint or revoke tokens (FORBIDDEN).
 */
export class TokenUseCases {
  constructor(private readonly deps: TokenUseCaseDeps) {}

  me(principal: Principal): SignedInUser {
    return {
      user: principal.user,
      isSuperAdmin: principal.isSuperAdmin,
      canCreateProjects: entitlementsOf(principal.user, this.deps.entitlementRules).includes('project-creator'),
      browserSession: principal.credential.kind === 'session',
    };
  }

  /** Issues a token (its value is returned once). It reaches labelled projects only as long as the issuing session could. */
  async create(principal: Principal, input: { name: string; expiresAt?: Date | null; scope?: TokenScope }): Promise<{ token: string; record: TokenRecord }> {
    assertBrowserSession(principal);
    return this.deps.tokens.issue(
      principal.user.id,
      { name: input.name, expiresAt: input.expiresAt ?? null, scope: input.scope ?? UNRESTRICTED_SCOPE, context: principal.credential.context },
      principal.user.id,
    );
  }

  /** The caller's tokens, newest first. */
  async list(principal: Principal): Promise<TokenListing[]> {
    assertBrowserSession(principal);
    const records = await this.deps.tokens.list(principal.user.id);
    return records.map((record) => ({ record, expired: this.deps.tokens.isExpired(record) }));
  }

  /** Revokes one of the caller's tokens; it stops working at once on this replica. */
  async revoke(principal: Principal, input: { tokenId: string }): Promise<void> {
    assertBrowserSession(principal);
    const record = await this.deps.tokens.revoke(principal.user.id, input.tokenId, principal.user.id).catch((error: unknown) => {
      if (error instanceof HubError && error.code === 'NOT_FOUND') throw new HubError('NOT_FOUND', 'no such token');
      throw error;
    });
    this.deps.authenticator.forgetUser(record.user_id);
  }
}
