import { HubError } from '../errors.js';
import type { AuthorizationChecks, IdentityProvider } from '../ports/identity-provider.js';
import { PreconditionFailedError, type ObjectStore } from '../ports/object-store.js';
import type { SecretBox } from '../ports/secret-box.js';
import { openValue, plaintextCount, sealValue, type StoredSecret } from '../secrets/sealed-values.js';
import { getJson, jsonBody } from '../store/cas.js';
import { layout } from '../storage-layout.js';
import { contextFromClaims, groupsFromClaims, type ClaimSettings } from './claims.js';
import { constantTimeEquals, randomSecret, secretHash } from './secrets.js';
import type { SignIns } from './sign-in.js';
import type { UserEntry } from './users.js';
import type { SealedRecordKind } from '../secrets/sealed-records.js';

export const LOGIN_FLOW_LIFETIME_MS = 10 * 60_000;
/** A flow id is 256 random bits, base64url. */
const FLOW_ID = /^[A-Za-z0-9_-]{43}$/;

/** A pending login: `auth/login-flows/<hash of the flow id>`. Written once, deleted when used. */
export interface LoginFlowRecord {
  schema_version: 1;
  state: string;
  nonce: string;
  code_verifier: string;
  /** A path on the hub, already made safe by the caller. */
  return_to: string;
  created_at: string;
  expires_at: string;
}

/** A pending login as the store holds it: the PKCE verifier sealed (docs/secrets-at-rest.md). */
export type StoredLoginFlow = Omit<LoginFlowRecord, 'code_verifier'> & { code_verifier: StoredSecret };

/** The record with its verifier sealed (a sealed one kept): every write, and the migration of old records. */
export function sealLoginFlow(box: SecretBox, key: string, flow: StoredLoginFlow): { record: StoredLoginFlow; sealed: number } {
  return { record: { ...flow, code_verifier: sealValue(box, flow.code_verifier, key, 'code_verifier') }, sealed: plaintextCount(flow.code_verifier) };
}

export interface LoginFlowsDeps {
  store: ObjectStore;
  /** Seals each pending login's PKCE verifier, the one part that redeems a stolen code. */
  secrets: SecretBox;
  provider: IdentityProvider;
  signIns: SignIns;
  claims: ClaimSettings;
  /** Where a browser starts a new sign-in; every refusal names it. */
  loginPath: string;
  lifetimeMs?: number;
  now?: () => Date;
}

/** What the provider sent back to the redirect URI. */
export interface LoginCallback {
  /** The flow id the browser kept (its login-flow cookie); undefined when it has none. */
  flowId: string | undefined;
  state: string;
  /** The provider's refusal, when it refused. */
  error?: string;
  errorDescription?: string;
  /** The redirect URI with the response's query, for the token exchange's own checks. */
  callbackUrl: URL;
}

/**
 * Signing in with the OpenID Connect provider. Starting a login stores a pending flow (state,
 * nonce, PKCE verifier, expiry, return path) under the hash of a random flow id that only the
 * browser keeps; completing it takes the flow (read and conditional delete in one step, so a
 * replayed or racing callback loses), checks it, redeems the code with the provider, and signs the
 * user in with the provider's e-mail, groups and clearance.
 */
export class LoginFlows {
  readonly lifetimeMs: number;
  private readonly now: () => Date;

  constructor(private readonly deps: LoginFlowsDeps) {
    this.lifetimeMs = deps.lifetimeMs ?? LOGIN_FLOW_LIFETIME_MS;
    this.now = deps.now ?? (() => new Date());
  }

  /**
   * Creates and stores a pending flow; returns its id (for the browser only) and where to send
   * the browser. Nothing is stored when the provider cannot be reached.
   */
  async start(input: { redirectUri: string; returnTo: string }): Promise<{ flowId: string; authorizationUrl: URL; flow: LoginFlowRecord }> {
    const flowId = randomSecret();
    const at = this.now();
    const flow: LoginFlowRecord = {
      schema_version: 1,
      state: randomSecret(),
      nonce: randomSecret(),
      code_verifier: randomSecret(),
      return_to: input.returnTo,
      created_at: at.toISOString(),
      expires_at: new Date(at.getTime() + this.lifetimeMs).toISOString(),
    };
    const authorizationUrl = await this.deps.provider.authorizationUrl(input.redirectUri, checksOf(flow));
    const key = layout.loginFlow(secretHash(flowId));
    await this.deps.store.put(key, jsonBody(sealLoginFlow(this.deps.secrets, key, flow).record), { ifNoneMatch: '*' });
    return { flowId, authorizationUrl, flow };
  }

  /** Reads and deletes a flow in one step, so two callbacks racing on one flow cannot both win; null when gone. */
  async take(flowId: string): Promise<LoginFlowRecord | null> {
    if (!FLOW_ID.test(flowId)) return null;
    const key = layout.loginFlow(secretHash(flowId));
    const found = await getJson<StoredLoginFlow>(this.deps.store, key);
    if (!found) return null;
    try {
      await this.deps.store.delete(key, { ifMatch: found.etag });
    } catch (error) {
      if (error instanceof PreconditionFailedError) return null;
      throw error;
    }
    return { ...found.value, code_verifier: openValue(this.deps.secrets, found.value.code_verifier, key, 'code_verifier') };
  }

  /**
   * Completes a login: UNAUTHORIZED for a missing, used, expired or foreign flow, a refusal by the
   * provider, or an identity without a verified e-mail; USER_SUSPENDED for a suspended user.
   */
  async complete(callback: LoginCallback): Promise<{ user: UserEntry; cookieValue: string; returnTo: string }> {
    const restart = `start again at ${this.deps.loginPath}`;
    if (!callback.flowId || !FLOW_ID.test(callback.flowId)) {
      throw new HubError('UNAUTHORIZED', `no sign-in was started in this browser (its sign-in cookie is missing); ${restart}`);
    }
    const flow = await this.take(callback.flowId);
    if (!flow) throw new HubError('UNAUTHORIZED', `this sign-in was already completed or abandoned; ${restart}`);
    if (Date.parse(flow.expires_at) <= this.now().getTime()) {
      throw new HubError('UNAUTHORIZED', `this sign-in took longer than ${this.lifetimeMs / 60_000} minutes; ${restart}`);
    }
    if (!constantTimeEquals(callback.state, flow.state)) {
      throw new HubError('UNAUTHORIZED', `the sign-in response does not belong to the sign-in started in this browser (state mismatch); ${restart}`);
    }
    if (callback.error !== undefined) {
      const description = callback.errorDescription ? ` (${callback.errorDescription.slice(0, 200)})` : '';
      throw new HubError('UNAUTHORIZED', `the identity provider refused the sign-in: ${callback.error.slice(0, 100)}${description}`);
    }

    const identity = await this.deps.provider.identityFromCallback(callback.callbackUrl, checksOf(flow));
    if (!identity.email) {
      throw new HubError('UNAUTHORIZED', 'the identity provider did not share an e-mail address; the hub needs the "email" scope and claim');
    }
    if (identity.emailVerified === false) {
      throw new HubError('UNAUTHORIZED', `the identity provider has not verified the e-mail address ${identity.email}; verify it there, then sign in again`);
    }
    const { claims } = this.deps;
    const { user, cookieValue } = await this.deps.signIns.signIn({
      identity: {
        subject: `${identity.issuer}#${identity.sub}`,
        email: identity.email,
        name: identity.name,
        picture_url: identity.pictureUrl,
        groups: groupsFromClaims(identity.claims, claims),
      },
      provider: 'oidc',
      context: (expiresAt) => contextFromClaims(identity.claims, claims, expiresAt),
    });
    return { user, cookieValue, returnTo: flow.return_to };
  }

  /** Where the browser ends the provider's session after the hub's logout; null if the provider offers none. */
  endSessionUrl(postLogoutRedirectUri: string): Promise<string | null> {
    return this.deps.provider.endSessionUrl(postLogoutRedirectUri);
  }
}

function checksOf(flow: LoginFlowRecord): AuthorizationChecks {
  return { state: flow.state, nonce: flow.nonce, codeVerifier: flow.code_verifier };
}

/** Pending sign-ins, which hold the OIDC code verifier until the browser comes back. */
export const LOGIN_FLOW_SEALED_RECORDS: SealedRecordKind = {
  name: 'pending sign-ins',
  prefix: layout.loginFlowsPrefix,
  holds: (key) => /^auth\/login-flows\/[^/]+$/.test(key),
  sealPlaintext: (box, key, record) => sealLoginFlow(box, key, record as StoredLoginFlow),
};
