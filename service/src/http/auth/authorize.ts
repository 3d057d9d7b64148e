import type { FastifyRequest } from 'fastify';
import { HubError } from '../../core/errors.js';
import type { Principal } from '../../core/identity/authenticator.js';
import type { PolicyAction } from '../../core/policy/actions.js';
import { decide, effectiveRole, type PolicyEnvironment, type PolicyResource, type PolicySubject } from '../../core/policy/engine.js';
import { assertTokenAllowsAction } from '../../core/policy/deployment-actions.js';
import { subjectOf } from '../../core/policy/subject.js';
import { POLICY_TABLE, type ProjectRole } from '../../core/policy/table.js';
import type { NotebookRevision } from '../../core/notebooks/notebook-model.js';
import { projectFactsOf, type ProjectRevision } from '../../core/projects/project-records.js';
import type { HubServices } from '../../services.js';
import { principalOf } from './authenticate.js';

export function policySubjectOf(principal: Principal, services: Pick<HubServices, 'entitlementRules'>): PolicySubject {
  return subjectOf(principal, services.entitlementRules);
}

export function policyEnvironmentOf(services: Pick<HubServices, 'labelPolicy'>): PolicyEnvironment {
  return { labels: services.labelPolicy, now: new Date() };
}

/**
 * Decides a project-scoped action for the caller with the policy engine and presents a denial as
 * the policy table says: not-found for anyone who may not see the project (never revealing that
 * it exists), forbidden for someone who may see it but not do this.
 */
export async function authorizeProject(
  request: FastifyRequest,
  services: HubServices,
  projectId: string,
  action: PolicyAction,
  extra: Omit<PolicyResource, 'kind' | 'project'> = {},
  loaded?: ProjectRevision | null,
): Promise<{ project: ProjectRevision; role: ProjectRole }> {
  const principal = principalOf(request);
  const project = loaded === undefined ? await services.projects.get(projectId) : loaded;
  const decision = decide(
    policySubjectOf(principal, services),
    action,
    { kind: POLICY_TABLE[action].scope, project: project ? projectFactsOf(project) : null, ...extra },
    principal.credential.context,
    policyEnvironmentOf(services),
  );
  if (!decision.allowed || !project) {
    if (decision.presentation === 'forbidden') throw new HubError('FORBIDDEN', decision.message);
    throw new HubError('NOT_FOUND', `project ${projectId} not found`);
  }
  return { project, role: decision.role! };
}

/** The caller's role in a project they may see (for `your_role`). */
export function roleIn(request: FastifyRequest, services: HubServices, project: ProjectRevision): ProjectRole | null {
  return effectiveRole(policySubjectOf(principalOf(request), services), projectFactsOf(project));
}

/**
 * Decides an action on a notebook: the project must be visible to the caller before anything
 * about the notebook is revealed, and the notebook's own labels must be cleared too.
 */
export async function authorizeNotebook(
  request: FastifyRequest,
  services: HubServices,
  projectId: string,
  notebookId: string,
  action: PolicyAction,
): Promise<{ project: ProjectRevision; notebook: NotebookRevision; role: ProjectRole }> {
  // As in the engine, a token's action scope is checked before anything about the resource.
  assertTokenAllowsAction(principalOf(request), action);
  const { project } = await authorizeProject(request, services, projectId, 'project.read');
  const notebook = await services.notebooks.get(projectId, notebookId);
  if (!notebook) throw new HubError('NOT_FOUND', `notebook ${notebookId} not found`);
  try {
    const { role } = await authorizeProject(request, services, projectId, action, { notebook_labels: notebook.security_labels }, project);
    return { project, notebook, role };
  } catch (error) {
    // An uncleared notebook is hidden like a missing one.
    if (error instanceof HubError && error.code === 'NOT_FOUND') throw new HubError('NOT_FOUND', `notebook ${notebookId} not found`);
    throw error;
  }
}
