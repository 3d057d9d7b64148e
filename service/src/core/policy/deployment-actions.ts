import { HubError } from '../errors.js';
import type { Principal } from '../identity/authenticator.js';
import type { PolicyAction } from './actions.js';
import { entitlementsOf, type EntitlementRules } from './entitlements.js';

const SUPER_ADMIN_ACTIONS: ReadonlySet<PolicyAction> = new Set(['admin.access', 'audit.global.read', 'org-integration.manage']);
const DEPLOYMENT_ACTIONS: ReadonlySet<PolicyAction> = new Set([...SUPER_ADMIN_ACTIONS, 'project.create', 'directory.search']);

/** Actions decided for the deployment as a whole rather than for one project or session. */
export function isDeploymentAction(action: PolicyAction): boolean {
  return DEPLOYMENT_ACTIONS.has(action);
}

/** A token's action scope only narrows: an action outside it is refused whatever the user may do. */
export function assertTokenAllowsAction(principal: Principal, action: PolicyAction): void {
  const credential = principal.credential;
  if (credential.kind === 'token' && credential.scope.actions !== '*' && !credential.scope.actions.includes(action)) {
    throw new HubError('FORBIDDEN', `this token's scope does not include the action ${action}`);
  }
}

/** Decides deployment-scoped actions (those not tied to one project). */
export function authorizeDeploymentAction(principal: Principal, action: PolicyAction, rules: EntitlementRules): void {
  assertTokenAllowsAction(principal, action);
  if (SUPER_ADMIN_ACTIONS.has(action) && !principal.isSuperAdmin) {
    throw new HubError('FORBIDDEN', `${action} requires a super admin`);
  }
  if (action === 'project.create' && !entitlementsOf(principal.user, rules).includes('project-creator')) {
    throw new HubError('FORBIDDEN', 'you may not create projects in this deployment');
  }
}
