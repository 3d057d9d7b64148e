import type { PolicyAction } from './actions.js';
import { POLICY_TABLE } from './table.js';

/** Actions decided for the deployment as a whole rather than for one project or session. */
export function isDeploymentAction(action: PolicyAction): boolean {
  return POLICY_TABLE[action].scope === 'deployment';
}
