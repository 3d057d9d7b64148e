/**
 * Example trust policies a project's managers put on the consumer's side (docs/federation.md, "Trust
 * policies"): only tokens of this hub's issuer, for the project's audience and about the project's
 * workloads, may assume the role. Shown to managers; the hub never applies them itself.
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
