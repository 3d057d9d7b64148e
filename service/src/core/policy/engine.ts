import type { PolicyAction } from './actions.js';
import type { Entitlement } from './entitlements.js';
import { checkLabels, type LabelPolicy, type SecurityContext, type SecurityLabels } from './security-labels.js';
import { POLICY_TABLE, higherRole, roleRank, type ActionScope, type ProjectRole } from './table.js';

export type AssignableRole = Exclude<ProjectRole, 'admin'>;

/** Who asks. `grant` is a token's scope (null for a browser session, which is not narrowed). */
export interface PolicySubject {
  id: string;
  email: string;
  entitlements: readonly Entitlement[];
  groups: readonly string[];
  suspended: boolean;
  grant: { actions: '*' | readonly PolicyAction[]; projects: '*' | readonly string[] } | null;
}

export interface ProjectFacts {
  id: string;
  owner: string;
  status: 'active' | 'deleted';
  members: readonly { user_id?: string; email?: string; role: ProjectRole }[];
  group_members: readonly { group: string; role: AssignableRole }[];
  default_role: AssignableRole | null;
  security_labels: SecurityLabels | null;
}

export interface SessionFacts {
  user_id: string;
  mode: 'edit' | 'app';
  ephemeral: boolean;
  editor_sandbox_sharing: 'shared' | 'exclusive';
}

export interface PolicyResource {
  kind: ActionScope;
  /** The project the action concerns; null when it does not exist. */
  project?: ProjectFacts | null;
  notebook_labels?: SecurityLabels | null;
  session?: SessionFacts;
  /**
   * The notebook or session the action names is not in the project (never was, or was deleted).
   * It is weighed only once the project itself is visible, so a caller who may not see the project
   * learns nothing from it.
   */
  missing?: 'notebook' | 'session';
  /** session-start: the mode being started. */
  mode?: 'edit' | 'app';
  /**
   * session-start: how the deployment lets viewers see notebooks (SERVICE_VIEWER_MODE); `static`
   * leaves viewers the HTML snapshots only. Absent: `applications`.
   */
  viewer_mode?: ViewerMode;
  /** session-start: the start takes over another editor's edit session (`takeover_from`). */
  takeover?: boolean;
  /** session-start: the user who created the notebook (they may take its edit session over). */
  notebook_author?: string | null;
}

export type ViewerMode = 'static' | 'applications' | 'ephemeral-sandbox';

export type DenialCategory = 'lifecycle' | 'visibility' | 'role' | 'session' | 'standing' | 'constraint' | 'credential-resource' | 'credential-action';
export type TraceStage = 'action' | 'lifecycle' | 'role' | 'standing' | 'session' | 'constraint' | 'credential' | 'final';

export interface TraceStep {
  stage: TraceStage;
  status: 'passed' | 'failed' | 'skipped';
  code: string;
  details?: Record<string, unknown>;
}

export interface PolicyDecision {
  allowed: boolean;
  /** The caller's effective role in the project (null: none, or not a project action). */
  role: ProjectRole | null;
  category?: DenialCategory;
  constraint_reason?: 'missing-context' | 'constraint' | 'unavailable';
  presentation: 'allowed' | 'forbidden' | 'not-found';
  trace: TraceStep[];
  /** Why, for the error message (never reveals a hidden project). */
  message: string;
}

export interface PolicyEnvironment {
  labels: LabelPolicy;
  now: Date;
}

/**
 * The one authorization function. Routes call it to decide and to choose between not-found and
 * forbidden; the policy analyzer calls it with synthetic inputs, so what the analyzer reports is
 * what the routes do. Stages run in a fixed order and each leaves a trace step.
 */
export function decide(
  subject: PolicySubject,
  action: PolicyAction,
  resource: PolicyResource,
  context: SecurityContext | null,
  environment: PolicyEnvironment,
): PolicyDecision {
  const policy = POLICY_TABLE[action];
  const trace: TraceStep[] = [];
  const step = (stage: TraceStage, status: TraceStep['status'], code: string, details?: Record<string, unknown>) =>
    void trace.push({ stage, status, code, ...(details ? { details } : {}) });
  let role: ProjectRole | null = null;
  const deny = (category: DenialCategory, presentation: 'forbidden' | 'not-found', message: string, extra: Partial<PolicyDecision> = {}): PolicyDecision => {
    step('final', 'failed', `denied.${category}`);
    return { allowed: false, role, category, presentation, trace, message, ...extra };
  };
  const hidden = (category: DenialCategory, message: string, extra: Partial<PolicyDecision> = {}) => deny(category, 'not-found', message, extra);
  const byTable = (category: DenialCategory, message: string) => deny(category, policy.denied_as ?? 'forbidden', message);

  if (policy.scope !== resource.kind) {
    step('action', 'failed', 'action.scope_mismatch', { scope: policy.scope, resource: resource.kind });
    return hidden('visibility', `${action} does not apply to a ${resource.kind}`);
  }
  step('action', 'passed', 'action.known', { scope: policy.scope, minimum_role: policy.minimum_role });

  if (subject.suspended) {
    step('standing', 'failed', 'standing.suspended');
    return deny('standing', 'forbidden', 'the account is suspended');
  }
  step('standing', 'passed', 'standing.good');

  const grant = subject.grant;
  if (grant && grant.actions !== '*' && !grant.actions.includes(action)) {
    step('credential', 'failed', 'credential.action_outside_scope', { action });
    return deny('credential-action', 'forbidden', `the token's scope does not include ${action}`);
  }

  const superAdmin = subject.entitlements.includes('super-admin');
  if (policy.scope === 'deployment') {
    step('lifecycle', 'skipped', 'lifecycle.not_applicable');
    if (policy.requires_super_admin && !superAdmin) {
      step('role', 'failed', 'role.super_admin_required');
      return byTable('role', `${action} requires a super admin`);
    }
    if (action === 'project.create' && !subject.entitlements.includes('project-creator')) {
      step('role', 'failed', 'role.project_creator_required');
      return byTable('role', 'you may not create projects in this deployment');
    }
    step('role', 'passed', superAdmin ? 'role.super_admin' : 'role.not_required');
    step('credential', 'passed', 'credential.in_scope');
    step('final', 'passed', 'allowed');
    return { allowed: true, role: null, presentation: 'allowed', trace, message: 'allowed' };
  }

  const project = resource.project ?? null;
  if (!project) {
    step('lifecycle', 'failed', 'lifecycle.missing');
    return hidden('visibility', 'project not found');
  }
  if (project.status !== 'active') {
    step('lifecycle', 'failed', 'lifecycle.deleted');
    return hidden('lifecycle', 'project not found');
  }
  step('lifecycle', 'passed', 'lifecycle.active');

  role = effectiveRole(subject, project);
  if (role === null) {
    step('role', 'failed', 'role.none');
    return hidden('visibility', 'project not found');
  }
  if (grant && grant.projects !== '*' && !grant.projects.includes(project.id)) {
    step('credential', 'failed', 'credential.project_outside_scope');
    return hidden('credential-resource', 'project not found');
  }
  if (resource.missing) {
    step('lifecycle', 'failed', `lifecycle.${resource.missing}_missing`);
    return hidden('visibility', `${resource.missing} not found`);
  }
  const labels = [project.security_labels, resource.notebook_labels].filter((label): label is SecurityLabels => Boolean(label));
  const clearance = checkLabels(labels, context, environment.labels, environment.now);
  if (!clearance.ok) {
    step('constraint', 'failed', `constraint.${clearance.reason}`, { detail: clearance.detail });
    // Without clearance the project is as good as invisible: never confirm that it exists.
    return hidden('constraint', 'project not found', { constraint_reason: clearance.reason });
  }
  step('constraint', labels.length > 0 ? 'passed' : 'skipped', labels.length > 0 ? 'constraint.cleared' : 'constraint.unlabelled');

  const needed = resource.kind === 'session-start' && resource.mode === 'edit' ? 'editor' : policy.minimum_role;
  if (roleRank(role) < roleRank(needed)) {
    step('role', 'failed', 'role.insufficient', { role, required: needed });
    return byTable('role', `${action} needs the ${needed} role; you are ${role}`);
  }
  step('role', 'passed', 'role.sufficient', { role, required: needed });

  if (resource.kind === 'session') {
    const refusal = sessionRefusal(subject, action, role, resource.session);
    if (refusal) {
      step('session', 'failed', refusal.code);
      return byTable('session', refusal.message);
    }
    step('session', 'passed', 'session.permitted');
  } else if (resource.kind === 'session-start') {
    const refusal = startRefusal(subject, role, resource);
    if (refusal) {
      step('session', 'failed', refusal.code);
      return byTable('session', refusal.message);
    }
    step('session', 'passed', 'session.start_permitted');
  } else {
    step('session', 'skipped', 'session.not_applicable');
  }
  step('credential', 'passed', 'credential.in_scope');
  step('final', 'passed', 'allowed');
  return { allowed: true, role, presentation: 'allowed', trace, message: 'allowed' };
}

/**
 * The highest role the subject has in the project: admin for its owner and for super admins,
 * a member's or group member's role, else the project's default role for non-members, else the
 * deployment's.
 */
export function effectiveRole(subject: PolicySubject, project: ProjectFacts): ProjectRole | null {
  if (subject.entitlements.includes('super-admin') || project.owner === subject.id) return 'admin';
  const email = subject.email.toLowerCase();
  let role: ProjectRole | null = null;
  for (const member of project.members) {
    // A member added by user id is that user only; an e-mail counts only for an invitation (no id yet).
    const matches = member.user_id !== undefined ? member.user_id === subject.id : member.email !== undefined && member.email.toLowerCase() === email;
    if (matches) role = higherRole(role, member.role);
  }
  for (const member of project.group_members) if (subject.groups.includes(member.group)) role = higherRole(role, member.role);
  const deploymentDefault = subject.entitlements.find((entitlement) => entitlement.startsWith('default-role:'))?.slice('default-role:'.length) as
    AssignableRole | undefined;
  return higherRole(role, project.default_role ?? deploymentDefault ?? null);
}

/**
 * The rules of starting a session beyond the role: in a deployment that shows viewers only HTML
 * snapshots, viewers start none; taking over another editor's edit session is for managers and
 * the notebook's author.
 */
function startRefusal(subject: PolicySubject, role: ProjectRole, resource: PolicyResource): { code: string; message: string } | null {
  if (roleRank(role) < roleRank('editor') && resource.viewer_mode === 'static') {
    return { code: 'session.viewers_static', message: 'viewers see notebooks as HTML snapshots in this deployment; sessions are for editors' };
  }
  if (resource.takeover && roleRank(role) < roleRank('manager') && (resource.notebook_author ?? null) !== subject.id) {
    return { code: 'session.takeover_not_permitted', message: "only a manager or the notebook's author may take an edit session over" };
  }
  return null;
}

/**
 * Whether a session a caller with this role may start runs in a sandbox of its own that only
 * they reach: a viewer's, where the deployment gives viewers ephemeral sandboxes.
 */
export function startsPrivateSandbox(role: ProjectRole, viewerMode: ViewerMode): boolean {
  return roleRank(role) < roleRank('editor') && viewerMode === 'ephemeral-sandbox';
}

function sessionRefusal(
  subject: PolicySubject,
  action: PolicyAction,
  role: ProjectRole,
  session: SessionFacts | undefined,
): { code: string; message: string } | null {
  if (!session) return { code: 'session.missing', message: 'no such session' };
  const own = session.user_id === subject.id;
  const manager = roleRank(role) >= roleRank('manager');
  if (action === 'session.stop') return own || manager ? null : { code: 'session.not_owner', message: 'only its owner or a manager may stop this session' };
  if (action === 'session.surface') {
    if (session.mode !== 'edit') return { code: 'session.not_edit', message: 'surfaces open only inside edit sessions' };
    return own ? null : { code: 'session.not_owner', message: 'only the editor who owns this session may open its surfaces' };
  }
  // attach / proxy
  if (session.ephemeral && !own) return { code: 'session.ephemeral_private', message: 'this sandbox belongs to another viewer' };
  if (session.mode === 'edit') {
    if (roleRank(role) < roleRank('editor')) return { code: 'session.edit_needs_editor', message: 'edit sessions are for editors' };
    if (session.editor_sandbox_sharing === 'exclusive' && !own) return { code: 'session.exclusive', message: 'another editor owns this edit session' };
  }
  return null;
}
