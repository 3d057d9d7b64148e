import type { UserEntry } from '../../../core/identity/users.js';
import { effectiveRole } from '../../../core/policy/engine.js';
import { entitlementsOf, type EntitlementRules } from '../../../core/policy/entitlements.js';
import { POLICY_TABLE, roleRank } from '../../../core/policy/table.js';
import { projectFactsOf, type ProjectRevision } from '../../../core/projects/project-records.js';
import type { JobRecord, OwnerStanding } from './job-model.js';

export interface JobOwnerDeps {
  user(userId: string): Promise<UserEntry | null>;
  project(projectId: string): Promise<ProjectRevision | null>;
  entitlementRules: EntitlementRules;
}

/** Why a job was paused, as its refusals and the audit log say it. */
export const OWNER_STANDING_TEXT: Readonly<Record<OwnerStanding, string>> = {
  owner_suspended: 'its owner is suspended',
  owner_left_project: 'its owner is no longer an editor of this project',
};

/** The user a job's scheduled runs rely on: whoever last switched it on, else its creator. */
export const ownerOf = (job: Pick<JobRecord, 'created_by' | 'owner'>): string => job.owner ?? job.created_by;

/**
 * Whether a job's owner may still have it run on its schedule: null when they may; otherwise why
 * not, when they are suspended or no longer hold the role that may change the job
 * (`notebook.write`) in its project, whether they were removed or lowered to viewer.
 */
export async function ownerStanding(deps: JobOwnerDeps, job: JobRecord): Promise<OwnerStanding | null> {
  const user = await deps.user(ownerOf(job));
  if (!user) return 'owner_left_project';
  if (user.suspended_at !== null) return 'owner_suspended';
  const project = await deps.project(job.project_id);
  // A deleted project stops the schedule its own way (the notebook is gone).
  if (!project) return null;
  const role = effectiveRole(
    { id: user.id, email: user.email, entitlements: entitlementsOf(user, deps.entitlementRules), groups: user.groups, suspended: false, grant: null },
    projectFactsOf(project),
  );
  return roleRank(role) >= roleRank(POLICY_TABLE['notebook.write'].minimum_role) ? null : 'owner_left_project';
}
