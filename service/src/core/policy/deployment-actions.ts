import { HubError } from '../errors.js';
import type { Principal } from '../identity/authenticator.js';
import type { PolicyAction } from './actions.js';
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
