import { describe, expect, it } from 'vitest';
import type { AccessControl } from '../../../core/access/access-control.js';
import type { Principal } from '../../../core/identity/authenticator.js';
import type { ProjectRevision } from '../../../core/projects/project-records.js';
import { issuerAddressOf } from './issuer-address.js';
import { seaweedfsIamConfiguration, trustPoliciesFor } from './trust-policy.js';
import { TrustPolicyUseCases } from './trust-policy-use-cases.js';
import type { IssuerState } from './workload-identity.js';

const ISSUER = 'https://hub.example.com/notebooks/federation';
const example = { issuer: ISSUER, audience: 'notebook-hub:proj-0abc', project_id: 'proj-0abc' };

describe('the example trust policies', () => {
  it('give SeaweedFS the hub as a provider whose client id is the audience, and a role trusting it for the project', () => {
    expect(seaweedfsIamConfiguration(example)).toStrictEqual({
      providers: [{ name: 'notebook-hub', type: 'oidc', enabled: true, config: { issuer: ISSUER, clientIds: ['notebook-hub:proj-0abc'] } }],
      roles: [
        {
          roleName: 'notebooks',
          roleArn: 'arn:aws:iam::role/notebooks',
          trustPolicy: {
            Version: '2012-10-17',
            Statement: [
              {
                Effect: 'Allow',
                Principal: { Federated: 'notebook-hub' },
                Action: ['sts:AssumeRoleWithWebIdentity'],
                Condition: { StringEquals: { 'oidc:aud': 'notebook-hub:proj-0abc' }, StringLike: { 'oidc:sub': 'project:proj-0abc:*' } },
              },
            ],
          },
          attachedPolicies: ['<S3 POLICY>'],
        },
      ],
    });
  });

  it('are answered with what they are conditioned on, one example per consumer', () => {
    const policies = trustPoliciesFor(example);
    expect(policies).toMatchObject({ issuer: ISSUER, audience: 'notebook-hub:proj-0abc', subject_pattern: 'project:proj-0abc:*' });
    expect(policies.examples.map(({ provider, name }) => [provider, name])).toEqual([
      ['aws', 'AWS IAM trust policy'],
      ['seaweedfs', 'SeaweedFS IAM configuration'],
    ]);
  });
});

describe('a project’s trust policies as a use case', () => {
  const principal = { user: { id: 'usr-0123' } } as Principal;
  const project = { id: 'proj-0abc', federation: { enabled: false, target: 'sts.amazonaws.com' } } as ProjectRevision;
  /** Allows the action: the policy decision itself is test/support/project-access-suite.ts's. */
  const fakeAccess: Pick<AccessControl, 'project'> = { project: async () => ({ project, role: 'manager' }) };
  const useCases = (issuer: () => IssuerState) => new TrustPolicyUseCases({ access: fakeAccess, enabled: true, issuer });

  it('refuses with SERVICE_UNAVAILABLE where the hub has no issuer address, without saying why (the operators learn it)', async () => {
    // A hub listening on all interfaces without SERVICE_PUBLIC_URL names no issuer.
    const address = issuerAddressOf({ publicUrl: null, basePath: '', listenAddress: 'http://0.0.0.0:8321', listenHost: '0.0.0.0' });
    expect(address.issuer).toBeNull();
    const refusal = useCases(() => ({ issuer: null, reason: address.reason! })).forProject(principal, { projectId: project.id });
    await expect(refusal).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: 'this hub has no usable workload identity issuer address' });
  });
});
