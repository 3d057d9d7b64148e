import type { FastifyRequest } from 'fastify';
import { HubError } from '../../core/errors.js';
import type { Principal } from '../../core/identity/authenticator.js';
import type { PolicyAction } from '../../core/policy/actions.js';
import { decide, effectiveRole, type PolicyEnvironment, type PolicyResource, type PolicySubject } from '../../core/policy/engine.js';
import { notebookFacts, sessionFacts } from '../../core/policy/stored-facts.js';
import { subjectOf } from '../../core/policy/subject.js';
import { POLICY_TABLE, type ProjectRole } from '../../core/policy/table.js';
import type { NotebookRevision } from '../../core/notebooks/notebook-model.js';
import type { SessionRecord } from '../../core/sessions/session-model.js';
import { projectFactsOf, type ProjectRevision } from '../../core/projects/project-records.js';
import type { HubServices } from '../../compose/services.js';
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
 * Decides an action on a notebook in one engine call with the notebook's facts, as the policy
 * analyzer does: the project is weighed first (a caller who may not see it learns nothing about
 * the notebook), then whether the project holds the notebook, then the labels of both. Only the
 * action itself must be in a token's scope.
 */
export async function authorizeNotebook(
  request: FastifyRequest,
  services: HubServices,
  projectId: string,
  notebookId: string,
  action: PolicyAction,
  /** More facts of the request, e.g. the `mode` of a session about to start on the notebook. */
  extra: Pick<PolicyResource, 'mode'> = {},
): Promise<{ project: ProjectRevision; notebook: NotebookRevision; role: ProjectRole }> {
  const loaded = await services.projects.get(projectId);
  const notebook = loaded ? await services.notebooks.get(projectId, notebookId) : null;
  const notFound = () => new HubError('NOT_FOUND', `notebook ${notebookId} not found`);
  try {
    const { project, role } = await authorizeProject(request, services, projectId, action, { ...notebookFacts(notebook), ...extra }, loaded);
    // The engine refuses a missing notebook; this only tells the compiler.
    if (!notebook) throw notFound();
    return { project, notebook, role };
  } catch (error) {
    if (error instanceof HubError && error.code === 'NOT_FOUND') throw notFound();
    throw error;
  }
}

/**
 * Decides an action on a session (attach, stop, surface) for the caller: the project must be
 * visible, and the session's own rules apply (an exclusive edit session belongs to its editor,
 * a viewer's ephemeral sandbox to that viewer). One engine call with the session's facts, as the
 * proxy and the policy analyzer decide it.
 */
export async function authorizeSession(
  request: FastifyRequest,
  services: HubServices,
  projectId: string,
  sessionId: string,
  action: PolicyAction,
): Promise<{ project: ProjectRevision; record: SessionRecord; role: ProjectRole }> {
  const loaded = await services.projects.get(projectId);
  const record = loaded ? await services.sessionStore.get(projectId, sessionId) : null;
  const notebook = record ? await services.notebooks.get(projectId, record.notebook_id) : null;
  const { project, role } = await authorizeProject(request, services, projectId, action, sessionFacts(record, notebook), loaded).catch((error: unknown) => {
    if (error instanceof HubError && error.code === 'NOT_FOUND') throw new HubError('NOT_FOUND', `session ${sessionId} not found`);
    throw error;
  });
  if (!record) throw new HubError('NOT_FOUND', `session ${sessionId} not found`);
  return { project, record, role };
}
