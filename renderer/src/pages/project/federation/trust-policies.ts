// Example trust policies for a project's workload identity tokens (docs/federation.md, "Trust
// policies"): the same text as the hub's `features/federation/core/trust-policy.ts`, written here
// again because the UI imports no service code. Only tokens of this hub's issuer, for the
// project's audience and about the project's workloads, may assume the role.

export interface TrustPolicyExample {
  /** The issuer URL (`<hub public address>/federation`). */
  issuer: string;
  /** The project's federation target: the tokens' `aud`. */
  audience: string;
  projectId: string;
}

/** What every one of the project's workloads' subjects begins with; `*` matches the notebook, user or job after it. */
export const projectSubjectPattern = (projectId: string): string => `project:${projectId}:*`;

/** For AWS IAM: the issuer registered as an IAM OIDC identity provider (its host and path name it in condition keys). */
export function awsTrustPolicy(example: TrustPolicyExample, accountId = '<ACCOUNT_ID>'): object {
  const provider = example.issuer.replace(/^https?:\/\//, '');
  return {
    Version: '2012-10-17',
    Statement: [
      {
        Effect: 'Allow',
        Principal: { Federated: `arn:aws:iam::${accountId}:oidc-provider/${provider}` },
        Action: 'sts:AssumeRoleWithWebIdentity',
        Condition: {
          StringEquals: { [`${provider}:aud`]: example.audience },
          StringLike: { [`${provider}:sub`]: projectSubjectPattern(example.projectId) },
        },
      },
    ],
  };
}

/** For SeaweedFS's S3 gateway: the role's trust policy, the issuer being an `oidc` provider named `providerName`. */
export function seaweedfsTrustPolicy(example: TrustPolicyExample, providerName = 'notebook-hub'): object {
  return {
    Version: '2012-10-17',
    Statement: [
      {
        Effect: 'Allow',
        Principal: { Federated: providerName },
        Action: ['sts:AssumeRoleWithWebIdentity'],
        Condition: {
          StringEquals: { 'oidc:aud': example.audience },
          StringLike: { 'oidc:sub': projectSubjectPattern(example.projectId) },
        },
      },
    ],
  };
}

/**
 * The part of SeaweedFS's IAM configuration (`-s3.iam.config`) that trusts the hub for the project:
 * the issuer as a provider whose client id is the audience, and a role with the trust policy above.
 */
export function seaweedfsIamExample(example: TrustPolicyExample, providerName = 'notebook-hub', roleName = 'notebooks'): object {
  return {
    providers: [{ name: providerName, type: 'oidc', enabled: true, config: { issuer: example.issuer, clientIds: [example.audience] } }],
    roles: [
      {
        roleName,
        roleArn: `arn:aws:iam::role/${roleName}`,
        trustPolicy: seaweedfsTrustPolicy(example, providerName),
        attachedPolicies: ['<S3 POLICY>'],
      },
    ],
  };
}
