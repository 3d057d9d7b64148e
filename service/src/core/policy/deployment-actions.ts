import { HubError } from '../errors.js';
import type { Principal } from '../identity/authenticator.js';
import type { PolicyAction } from './actions.js';
import { decide } from './engine.js';
import type { EntitlementRules } from './entitlements.js';
import type { LabelPolicy } from './security-labels.js';
import { subjectOf } from './subject.js';
import { POLICY_TABLE } from './table.js';

/** Actions decided for the deployment as a whole rather than for one project or session. */
export function isDeploymentAction(action: PolicyAction): boolean {
  return POLICY_TABLE[action].scope === 'deployment';
}

/** A token's action scope only narrows: an action outside it is refused whatever the user may do. */
export function assertTokenAllowsAction(principal: Principal, action: PolicyAction): void {
  const credential = principal.credential;
  if (credential.kind === 'token' && credential.scope.actions !== '*' && !credential.scope.actions.includes(action)) {
    throw new HubError('FORBIDDEN', `this token's scope does not include the action ${action}`);
  }
}

/** Decides a deployment-scoped action with the policy engine, as the analyzer does. */
export function authorizeDeploymentAction(principal: Principal, action: PolicyAction, rules: EntitlementRules, labels: LabelPolicy): void {
  const decision = decide(subjectOf(principal, rules), action, { kind: 'deployment' }, principal.credential.context, { labels, now: new Date() });
  if (!decision.allowed) throw new HubError(decision.presentation === 'not-found' ? 'NOT_FOUND' : 'FORBIDDEN', decision.message);
}
