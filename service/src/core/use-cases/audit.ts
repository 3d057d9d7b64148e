import type { AuditLogEntry } from '../audit/audit-log.js';
import type { AuditPage, AuditQueries, DeploymentAuditQuery } from '../audit/audit-queries.js';
import type { Principal } from '../identity/authenticator.js';
import type { AccessControl } from '../access/access-control.js';

export interface AuditUseCaseDeps {
  access: AccessControl;
  queries: AuditQueries;
}

/**
 * Reading the audit logs: one UTC day of a project's log (`project.events.read`, project
 * managers) and the deployment's log (`audit.global.read`, super admins). The day, range and
 * filter rules are the queries'; a bad value is a VALIDATION_ERROR naming its input field.
 */
export class AuditUseCases {
  constructor(private readonly deps: AuditUseCaseDeps) {}

  /** One UTC day (`YYYY-MM-DD`, default today) of a project's log, newest first; a future day is empty. */
  async projectDay(principal: Principal, input: { projectId: string; date?: string }): Promise<AuditLogEntry[]> {
    await this.deps.access.project(principal, input.projectId, 'project.events.read');
    return this.deps.queries.projectDay(input.projectId, input.date);
  }

  /** A page of the deployment's log, newest first, exact filters, at most 30 UTC days per listing. */
  async deploymentPage(principal: Principal, query: DeploymentAuditQuery): Promise<AuditPage> {
    this.deps.access.deployment(principal, 'audit.global.read');
    return this.deps.queries.deploymentPage(query);
  }
}
