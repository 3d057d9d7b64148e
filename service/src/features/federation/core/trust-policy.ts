/**
 * Example trust policies a project's managers put on the consumer's side (docs/federation.md, "Trust
 * policies"): only tokens of this hub's issuer, for the project's audience and about the project's
 * workloads, may assume the role. Served to managers (GET /api/v1/projects/{pid}/federation/trust-policies),
 * whose settings page shows them; the hub never applies them itself.
 */

export interface TrustPolicyExample {
  /** The issuer URL (the hub's `<public address>/federation`). */
  issuer: string;
  /** The project's federation target: the tokens' `aud`. */
  audience: string;
  project_id: string;
}

/** What every project's workloads' subjects begin with; `*` matches the notebook, user or job after it. */
export const projectSubjectPattern = (projectId: string): string => `project:${projectId}:*`;

/** For AWS IAM: the issuer registered as an IAM OIDC identity provider (`<issuer host and path>` is its name in condition keys). */
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
          StringLike: { [`${provider}:sub`]: projectSubjectPattern(example.project_id) },
        },
      },
    ],
  };
}

/**
 * For SeaweedFS's S3 gateway: the issuer configured as an `oidc` provider named `providerName` in
 * its IAM configuration (`-s3.iam.config`), with the audience among its `clientIds`. SeaweedFS
 * names the token's claims `oidc:<claim>` in conditions.
 */
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
          StringLike: { 'oidc:sub': projectSubjectPattern(example.project_id) },
        },
      },
    ],
  };
}

/**
 * The part of SeaweedFS's IAM configuration (`-s3.iam.config`) that trusts the hub for the project:
 * the issuer as a provider whose client id is the audience, and a role with the trust policy above.
 */
export function seaweedfsIamConfiguration(example: TrustPolicyExample, providerName = 'notebook-hub', roleName = 'notebooks'): object {
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

/** The consumers the hub writes an example for. */
export type TrustPolicyProvider = 'aws' | 'seaweedfs';

/** What a project's managers paste on the consumer's side, filled in for the project. */
export interface TrustPolicies {
  issuer: string;
  audience: string;
  subject_pattern: string;
  /** AWS: the role's trust policy. SeaweedFS: the provider and a role with its trust policy, for `-s3.iam.config`. */
  examples: { provider: TrustPolicyProvider; name: string; policy: object }[];
}

/** Both examples for a project, with the values they are conditioned on. */
export function trustPoliciesFor(example: TrustPolicyExample): TrustPolicies {
  return {
    issuer: example.issuer,
    audience: example.audience,
    subject_pattern: projectSubjectPattern(example.project_id),
    examples: [
      { provider: 'aws', name: 'AWS IAM trust policy', policy: awsTrustPolicy(example) },
      { provider: 'seaweedfs', name: 'SeaweedFS IAM configuration', policy: seaweedfsIamConfiguration(example) },
    ],
  };
}
