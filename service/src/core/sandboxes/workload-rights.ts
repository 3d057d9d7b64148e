import type { UserEntry } from '../identity/users.js';
import { effectiveRole } from '../policy/engine.js';
import { entitlementsOf, type EntitlementRules } from '../policy/entitlements.js';
import { POLICY_TABLE, roleRank } from '../policy/table.js';
import { projectFactsOf, type ProjectRevision } from '../projects/project-records.js';

export interface WorkloadRightsDeps {
  user(userId: string): Promise<UserEntry | null>;
  project(projectId: string): Promise<ProjectRevision | null>;
  entitlementRules: EntitlementRules;
}

/**
 * Whether a user may have a sandbox receive the project's secrets and integrations
 * (`integration.use`) where no request weighs it (a job run: its trigger's or owner's rights when
 * it runs; a running session whose token is refreshed: its user's rights now): not suspended, and
 * holding the role the action needs in the project.
 */
export async function userMayUseIntegrations(deps: WorkloadRightsDeps, userId: string, projectId: string): Promise<boolean> {
  const user = await deps.user(userId);
  if (!user || user.suspended_at !== null) return false;
  const project = await deps.project(projectId);
  if (!project) return false;
  const role = effectiveRole(
    { id: user.id, email: user.email, entitlements: entitlementsOf(user, deps.entitlementRules), groups: user.groups, suspended: false, grant: null },
    projectFactsOf(project),
  );
  return roleRank(role) >= roleRank(POLICY_TABLE['integration.use'].minimum_role);
}
