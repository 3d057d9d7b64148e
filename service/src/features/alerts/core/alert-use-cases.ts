import type { StoredAlertDestination } from './destination-records.js';
import type { AlertDestinationInput, AlertDestinationPatch, AlertDestinations, DestinationPage } from './destinations.js';
import type { Principal } from '../../../core/identity/authenticator.js';
import type { AccessControl } from '../../../core/access/access-control.js';

export interface AlertUseCaseDeps {
  access: AccessControl;
  alerts: AlertDestinations;
}

/** A project's alert destinations (docs/alerts.md); all of it needs `project.alerts.manage`. */
export class AlertUseCases {
  constructor(private readonly deps: AlertUseCaseDeps) {}

  /** Newest first. */
  async list(principal: Principal, input: { projectId: string; cursor: string | null; limit: number }): Promise<DestinationPage> {
    await this.authorize(principal, input.projectId);
    return this.deps.alerts.list(input.projectId, { cursor: input.cursor, limit: input.limit });
  }

  async create(principal: Principal, input: { projectId: string; destination: AlertDestinationInput }): Promise<StoredAlertDestination> {
    await this.authorize(principal, input.projectId);
    return this.deps.alerts.create(input.projectId, input.destination, principal.user.id);
  }

  async get(principal: Principal, input: { projectId: string; alertId: string }): Promise<StoredAlertDestination> {
    await this.authorize(principal, input.projectId);
    return this.deps.alerts.get(input.projectId, input.alertId);
  }

  async update(principal: Principal, input: { projectId: string; alertId: string; patch: AlertDestinationPatch }): Promise<StoredAlertDestination> {
    await this.authorize(principal, input.projectId);
    return this.deps.alerts.update(input.projectId, input.alertId, input.patch, principal.user.id);
  }

  async delete(principal: Principal, input: { projectId: string; alertId: string }): Promise<void> {
    await this.authorize(principal, input.projectId);
    await this.deps.alerts.delete(input.projectId, input.alertId, principal.user.id);
  }

  /** Sends a test delivery and, when the destination accepts it, records it as verified. */
  async verify(principal: Principal, input: { projectId: string; alertId: string }): Promise<StoredAlertDestination> {
    const { project } = await this.authorize(principal, input.projectId);
    return this.deps.alerts.verify({ id: project.id, name: project.name }, input.alertId, principal.user.id);
  }

  private authorize(principal: Principal, projectId: string) {
    return this.deps.access.project(principal, projectId, 'project.alerts.manage');
  }
}
