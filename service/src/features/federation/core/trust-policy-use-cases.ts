import type { AccessControl } from '../../../core/access/access-control.js';
import { HubError } from '../../../core/errors.js';
import type { Principal } from '../../../core/identity/authenticator.js';
import { trustPoliciesFor, type TrustPolicies } from './trust-policy.js';
import type { IssuerState } from './workload-identity.js';

export interface TrustPolicyUseCaseDeps {
  access: Pick<AccessControl, 'project'>;
  /** SERVICE_FEDERATION=on. */
  enabled: boolean;
  issuer: () => IssuerState;
}

/**
 * The example trust policies of a project (docs/federation.md, "Trust policies"), for whoever sets
 * its federation (`project.update`): what they paste at the consumer depends on the issuer, which
 * only the hub knows for sure, and on the project's saved target.
 */
export class TrustPolicyUseCases {
  constructor(private readonly deps: TrustPolicyUseCaseDeps) {}

  async forProject(principal: Principal, input: { projectId: string }): Promise<TrustPolicies> {
    const { project } = await this.deps.access.project(principal, input.projectId, 'project.update');
    if (!this.deps.enabled) throw new HubError('NOT_FOUND', 'this hub issues no workload identity tokens (SERVICE_FEDERATION=off)');
    const state = this.deps.issuer();
    // Why is the operators' business (the deep health check says), as at the issuer's own documents.
    if (state.issuer === null) throw new HubError('SERVICE_UNAVAILABLE', 'this hub has no usable workload identity issuer address');
    const target = project.federation?.target;
    if (target === undefined)
      throw new HubError('CONFLICT', 'the project has no federation target yet: save federation.target (the audience of its tokens, or a role ARN) first');
    return trustPoliciesFor({ issuer: state.issuer.issuer, audience: target, project_id: project.id });
  }
}
