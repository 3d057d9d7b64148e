import type { Principal } from '../identity/authenticator.js';
import type { PolicySubject } from '../policy/engine.js';
import { entitlementsOf, type EntitlementRules } from '../policy/entitlements.js';

/** The policy engine's view of an authenticated caller. */
export function subjectOf(principal: Principal, rules: EntitlementRules): PolicySubject {
  const { user, credential } = principal;
  return {
    id: user.id,
    email: user.email,
    entitlements: entitlementsOf(user, rules),
    groups: user.groups,
    suspended: user.suspended_at !== null,
    grant: credential.kind === 'token' ? credential.scope : null,
  };
}
