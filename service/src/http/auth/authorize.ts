import type { FastifyRequest } from 'fastify';
import type { PolicyAction } from '../../core/policy/actions.js';
import type { ProjectRequestFacts } from '../../core/policy/access-control.js';
import type { PolicyResource } from '../../core/policy/engine.js';
import type { ProjectRole } from '../../core/policy/table.js';
import type { NotebookRevision } from '../../core/notebooks/notebook-model.js';
import type { SessionRecord } from '../../core/sessions/session-model.js';
import type { ProjectRevision } from '../../core/projects/project-records.js';
import type { HubServices } from '../../compose/services.js';
import { principalOf } from './authenticate.js';

/** The signed-in caller's project-scoped action, decided by core access control. */
export function authorizeProject(
  request: FastifyRequest,
  services: Pick<HubServices, 'access'>,
  projectId: string,
  action: PolicyAction,
  extra: ProjectRequestFacts = {},
  loaded?: ProjectRevision | null,
): Promise<{ project: ProjectRevision; role: ProjectRole }> {
  return services.access.project(principalOf(request), projectId, action, extra, loaded);
}

/** The caller's role in a project they may see (for `your_role`). */
export function roleIn(request: FastifyRequest, services: Pick<HubServices, 'access'>, project: ProjectRevision): ProjectRole | null {
  return services.access.roleIn(principalOf(request), project);
}

/** The signed-in caller's action on a notebook, decided by core access control. */
export function authorizeNotebook(
  request: FastifyRequest,
  services: Pick<HubServices, 'access'>,
  projectId: string,
  notebookId: string,
  action: PolicyAction,
  extra: Pick<PolicyResource, 'mode'> = {},
): Promise<{ project: ProjectRevision; notebook: NotebookRevision; role: ProjectRole }> {
  return services.access.notebook(principalOf(request), projectId, notebookId, action, extra);
}

/** The signed-in caller's action on a session, decided by core access control. */
export function authorizeSession(
  request: FastifyRequest,
  services: Pick<HubServices, 'access'>,
  projectId: string,
  sessionId: string,
  action: PolicyAction,
): Promise<{ project: ProjectRevision; record: SessionRecord; role: ProjectRole }> {
  return services.access.session(principalOf(request), projectId, sessionId, action);
}
