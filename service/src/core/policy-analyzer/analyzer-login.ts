import { emailClaim, groupsFromClaims, verifiedClaim, type ClaimSettings } from '../identity/claims.js';
import { normalizeEmail, type UserEntry } from '../identity/users.js';
import type { LoginResult, LoginStageInput } from './analyzer-types.js';
import { entitlementsOf, type Entitlement, type EntitlementRules } from '../policy/entitlements.js';

export interface LoginEnvironment {
  rules: EntitlementRules;
  claims: ClaimSettings;
  /** SERVICE_OIDC_ISSUER; null when the deployment does not sign in with OIDC. */
  oidcIssuer: string | null;
  /** The user a login would sign in: found by identity-provider subject, else by e-mail (as the login does). */
  findUser(subject: string | null, email: string): Promise<UserEntry | null>;
}

/**
 * What an OIDC sign-in with these claims would do, without signing anyone in: the profile comes
 * from the ID token when it names an e-mail and otherwise from userinfo; a missing e-mail or
 * `email_verified: false` is refused; the user it would link to keeps an operator's super-admin
 * grant and its suspension; the entitlements follow the deployment's rules.
 */
export async function evaluateLogin(input: LoginStageInput, env: LoginEnvironment): Promise<LoginResult> {
  const started = performance.now();
  const notes: string[] = [];
  const finish = (outcome: LoginResult['outcome'], reason: string, entitlements: Entitlement[] = [], groups: string[] = []): LoginResult => ({
    outcome,
    duration_ms: Math.round((performance.now() - started) * 1000) / 1000,
    entitlements,
    reason,
    ...(notes.length > 0 ? { problem: notes.join('; ') } : {}),
    assertion: { passed: assertionPassed(input.expected, outcome, entitlements), expected: input.expected },
    groups,
  });

  const idToken = input.id_token_claims;
  const sub = idToken.sub === undefined ? input.identity.id : idToken.sub;
  if (typeof sub !== 'string' || sub === '') return finish('invalid', 'the ID token claim "sub" must be a non-empty string');

  const profile = typeof idToken.email === 'string' ? idToken : (input.user_info_claims ?? {});
  const email = emailClaim(profile.email);
  if (!email) return finish('deny', 'the identity provider did not share an e-mail address');
  if (normalizeEmail(email) !== normalizeEmail(input.identity.email)) {
    notes.push(`the claims carry the e-mail ${email}, not identity.email; the login uses the claims`);
  }
  if (verifiedClaim(profile.email_verified) === false) return finish('deny', `the identity provider has not verified the e-mail address ${email}`);

  const groups = groupsFromClaims({ ...profile, ...idToken }, env.claims);
  const subject = env.oidcIssuer ? `${env.oidcIssuer}#${sub}` : null;
  if (!subject) notes.push('this deployment does not sign in with OIDC; the result shows what an OIDC sign-in would do');
  const existing = await env.findUser(subject, normalizeEmail(email));
  if (existing && subject && existing.subject && existing.subject !== subject) {
    return finish('deny', `the e-mail ${email} already belongs to another identity`);
  }
  if (existing?.suspended_at) return finish('deny', 'the account is suspended');

  const user: UserEntry = {
    id: existing?.id ?? input.identity.id,
    email: normalizeEmail(email),
    name: null,
    picture_url: null,
    subject: subject ?? `oidc#${sub}`,
    suspended_at: null,
    groups,
    super_admin: existing?.super_admin ?? false,
    created_at: existing?.created_at ?? new Date(0).toISOString(),
    updated_at: existing?.updated_at ?? new Date(0).toISOString(),
    revision: existing?.revision ?? 'analysis',
  };
  return finish('allow', existing ? 'signs in as an existing user' : 'signs in as a new user', entitlementsOf(user, env.rules), groups);
}

/** Entitlements, when expected, must match exactly (in any order). */
function assertionPassed(expected: LoginStageInput['expected'], outcome: LoginResult['outcome'], entitlements: Entitlement[]): boolean {
  if (outcome !== expected.outcome) return false;
  if (expected.outcome !== 'allow' || expected.entitlements === undefined) return true;
  const wanted = new Set(expected.entitlements);
  return wanted.size === new Set(entitlements).size && entitlements.every((entitlement) => wanted.has(entitlement));
}
