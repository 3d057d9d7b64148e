import type { PolicyAction } from './actions.js';

export type ProjectRole = 'viewer' | 'editor' | 'manager' | 'admin';
export type ActionScope = 'deployment' | 'project' | 'session' | 'session-start';
export type DeniedAs = 'not-found' | 'forbidden';

export interface ActionPolicy {
  action: PolicyAction;
  scope: ActionScope;
  /** The least project role that may perform it; null for deployment actions. */
  minimum_role: ProjectRole | null;
  /** How a denial by role is presented. Callers who may not see the resource at all always get not-found. */
  denied_as: DeniedAs | null;
  requires_super_admin: boolean;
}

const ROLE_ORDER: readonly ProjectRole[] = ['viewer', 'editor', 'manager', 'admin'];

export function roleRank(role: ProjectRole | null): number {
  return role === null ? -1 : ROLE_ORDER.indexOf(role);
}

export function higherRole(a: ProjectRole | null, b: ProjectRole | null): ProjectRole | null {
  return roleRank(a) >= roleRank(b) ? a : b;
}

const entry = (
  action: PolicyAction,
  scope: ActionScope,
  minimum_role: ProjectRole | null,
  denied_as: DeniedAs | null,
  requires_super_admin = false,
): ActionPolicy => ({ action, scope, minimum_role, denied_as, requires_super_admin });

/**
 * Every action a route can perform (docs/authorization.md). Reading a project needs viewer, so a denial of a
 * read hides the project (not-found); the other project actions are refused with forbidden to
 * someone who can see the project but lacks the role.
 */
export const POLICY_TABLE: Readonly<Record<PolicyAction, ActionPolicy>> = Object.fromEntries(
  [
    entry('project.create', 'deployment', null, 'forbidden'),
    entry('admin.access', 'deployment', null, 'forbidden', true),
    entry('org-integration.manage', 'deployment', null, 'forbidden', true),
    entry('audit.global.read', 'deployment', null, 'forbidden', true),
    entry('directory.search', 'deployment', null, 'forbidden'),
    entry('project.read', 'project', 'viewer', 'not-found'),
    entry('project.update', 'project', 'manager', 'forbidden'),
    entry('project.delete', 'project', 'admin', 'forbidden'),
    entry('project.members.manage', 'project', 'manager', 'forbidden'),
    entry('project.events.read', 'project', 'manager', 'forbidden'),
    entry('project.alerts.manage', 'project', 'manager', 'forbidden'),
    entry('notebook.write', 'project', 'editor', 'forbidden'),
    entry('notebook.manage', 'project', 'manager', 'forbidden'),
    entry('integration.read', 'project', 'viewer', 'forbidden'),
    entry('integration.use', 'project', 'editor', 'forbidden'),
    entry('integration.manage', 'project', 'manager', 'forbidden'),
    entry('change-request.publish', 'project', 'editor', 'forbidden'),
    entry('security-labels.raise', 'project', 'manager', 'forbidden'),
    entry('security-labels.lower', 'project', 'admin', 'forbidden'),
    entry('session.attach', 'session', 'viewer', 'not-found'),
    entry('session.stop', 'session', 'editor', 'forbidden'),
    entry('session.surface', 'session', 'editor', 'forbidden'),
    entry('session.proxy', 'session', 'viewer', 'not-found'),
    entry('session.start', 'session-start', 'viewer', 'forbidden'),
  ].map((policy) => [policy.action, policy]),
) as Record<PolicyAction, ActionPolicy>;
