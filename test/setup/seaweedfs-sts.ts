import { randomBytes } from 'node:crypto';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import { createS3Client } from '../../service/src/adapters/store/s3-store.js';
import { startSeaweedfs, type SeaweedfsInfo } from './seaweedfs.js';

/**
 * A role SeaweedFS's STS hands out for a web identity token (`AssumeRoleWithWebIdentity`): to the
 * holder of a token of the trusted issuer whose `aud` is `audience` and whose `sub` matches
 * `subject`, temporary credentials for `buckets`.
 */
export interface WebIdentityRole {
  /** The role's name; it is assumed by its ARN, `arn:aws:iam::role/<name>`. */
  name: string;
  /** The token's `aud` (one string: SeaweedFS does not match a condition against an array). */
  audience: string;
  /** An IAM `StringLike` pattern the token's `sub` must match (`project:p-123:*`). */
  subject: string;
  /** The buckets the credentials reach; they are created with the gateway. */
  buckets: readonly string[];
  /** `read`: get and list; `read-write`: put and delete as well. */
  access: 'read' | 'read-write';
}

export interface SeaweedfsStsOptions {
  /** The OIDC issuer SeaweedFS trusts: it reads `<issuer>/.well-known/openid-configuration` and the JWKS it names. */
  issuer: string;
  roles: readonly WebIdentityRole[];
}

export interface SeaweedfsStsInfo extends SeaweedfsInfo {
  /** Where `AssumeRoleWithWebIdentity` is sent: the S3 endpoint itself. */
  stsEndpoint: string;
  /** Each role's ARN by its name. */
  roleArns: Record<string, string>;
}

/** How the gateway's configuration names the trusted issuer; trust policies name it as their `Federated` principal. */
export const WORKLOAD_PROVIDER = 'notebook-hub';

export const roleArn = (name: string): string => `arn:aws:iam::role/${name}`;

const ACTIONS: Record<WebIdentityRole['access'], string[]> = {
  read: ['s3:GetObject', 's3:ListBucket'],
  'read-write': ['s3:GetObject', 's3:ListBucket', 's3:PutObject', 's3:DeleteObject'],
};

/**
 * The S3 gateway's advanced IAM configuration (`-s3.iam.config`, format of SeaweedFS 4.x): its own
 * STS (which signs the session tokens it hands out), the issuer as an OIDC provider whose client
 * IDs are the roles' audiences (a token for any other audience is refused before any role is
 * considered), and per role a trust policy on the token's claims (`oidc:aud`, `oidc:sub`) and a
 * policy on its buckets. Everything not allowed is denied; the admin identity keeps full access.
 */
export function seaweedfsIamConfig(options: SeaweedfsStsOptions): object {
  return {
    sts: {
      tokenDuration: '1h',
      maxSessionLength: '12h',
      issuer: 'seaweedfs-sts',
      signingKey: randomBytes(32).toString('base64'),
    },
    providers: [
      {
        name: WORKLOAD_PROVIDER,
        type: 'oidc',
        enabled: true,
        config: { issuer: options.issuer, clientIds: [...new Set(options.roles.map((role) => role.audience))] },
      },
    ],
    policy: { defaultEffect: 'Deny', storeType: 'memory' },
    roles: options.roles.map((role) => ({
      roleName: role.name,
      roleArn: roleArn(role.name),
      trustPolicy: {
        Version: '2012-10-17',
        Statement: [
          {
            Effect: 'Allow',
            Principal: { Federated: WORKLOAD_PROVIDER },
            Action: ['sts:AssumeRoleWithWebIdentity'],
            Condition: { StringEquals: { 'oidc:aud': role.audience }, StringLike: { 'oidc:sub': role.subject } },
          },
        ],
      },
      attachedPolicies: [`${role.name}-access`],
    })),
    policies: options.roles.map((role) => ({
      name: `${role.name}-access`,
      document: {
        Version: '2012-10-17',
        Statement: [
          {
            Effect: 'Allow',
            Action: ACTIONS[role.access],
            Resource: role.buckets.flatMap((bucket) => [`arn:aws:s3:::${bucket}`, `arn:aws:s3:::${bucket}/*`]),
          },
        ],
      },
    })),
  };
}

/**
 * A throw-away SeaweedFS (seaweedfs.ts) whose S3 gateway trusts `options.issuer` and grants its
 * roles through STS, with the roles' buckets created. It starts in seconds: a test starts one with
 * the URL of the issuer it runs, and stops it.
 */
export async function startSeaweedfsWithSts(options: SeaweedfsStsOptions): Promise<SeaweedfsStsInfo & { stop: () => Promise<void> }> {
  const seaweedfs = await startSeaweedfs('127.0.0.1', { iamConfig: seaweedfsIamConfig(options) });
  const admin = createS3Client({
    endpoint: seaweedfs.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: seaweedfs.accessKeyId, secretAccessKey: seaweedfs.secretAccessKey },
  });
  try {
    for (const bucket of new Set(options.roles.flatMap((role) => role.buckets))) {
      if (bucket !== seaweedfs.bucket) await admin.send(new CreateBucketCommand({ Bucket: bucket }));
    }
  } catch (error) {
    await seaweedfs.stop();
    throw error;
  } finally {
    admin.destroy();
  }
  return {
    ...seaweedfs,
    stsEndpoint: seaweedfs.endpoint,
    roleArns: Object.fromEntries(options.roles.map((role) => [role.name, roleArn(role.name)])),
  };
}
