import { HubError } from '../../../core/errors.js';
import type { Logger } from '../../../core/ports/logger.js';
import type { IssuerState } from './workload-identity.js';
import type { Workload } from './workload-token.js';

/** The file in the sandbox's secrets directory (NOTEBOOK_HUB_SECRETS_DIR) that holds the token. */
export const FEDERATION_TOKEN_FILE = 'federation-token';

/** A session or a job run about to start, as the hub names it. */
export type WorkloadStart = { projectId: string; notebookId: string } & ({ userId: string; sessionId: string } | { jobId: string; runId: string });

/** What a workload receives of its project's federation (docs/federation.md, "What a sandbox receives"). */
export interface WorkloadCredentialGrant {
  /** `AWS_ROLE_SESSION_NAME`, and `AWS_ROLE_ARN` when the project's target is a role ARN. */
  env: Record<string, string>;
  /** By file name in the secrets directory: {@link FEDERATION_TOKEN_FILE} holds the token (a compact JWT). */
  files: Record<string, Uint8Array>;
  /**
   * Variables whose value is the absolute path of one of `files` once the sandbox has its secrets
   * directory: `AWS_WEB_IDENTITY_TOKEN_FILE` → {@link FEDERATION_TOKEN_FILE}.
   */
  fileEnv: Record<string, string>;
  /** What the session page lists as received. */
  received: { federation: true };
  /** When the token expires. */
  expiresAt: Date;
  /** When to write a fresh token ({@link WorkloadCredentials.refresh}) into a sandbox still running: 80% into its lifetime. */
  refreshAt: Date;
}

/** A fresh token for a running workload: the new content of its token file. */
export interface WorkloadTokenRefresh {
  files: Record<string, Uint8Array>;
  expiresAt: Date;
  refreshAt: Date;
}

/** A project's federation settings as stored. */
export interface ProjectFederationSettings {
  enabled: boolean;
  target?: string;
}

export interface WorkloadCredentialsOptions {
  /** SERVICE_FEDERATION=on. */
  enabled: boolean;
  issuer: () => IssuerState;
  /** The project's federation settings; null for an unknown project. */
  federationOf(projectId: string): Promise<ProjectFederationSettings | null>;
  lifetimeSeconds: number;
  logger: Logger;
  now?: () => Date;
}

/**
 * An IAM role ARN, as AWS writes it (`arn:aws:iam::123456789012:role/path/name`) and as SeaweedFS
 * does (`arn:aws:iam::role/name`, no account): a target like this is also the role to assume.
 */
export const ROLE_ARN = /^arn:aws[a-z-]*:iam::(?:\d{12}:)?role\/[\w+=,.@/-]{1,512}$/;

/** STS's `RoleSessionName`: 2 to 64 of `[\w+=,.@-]`. */
const SESSION_NAME_LENGTH = { min: 2, max: 64 };

/** The role session name of a workload: its session or run id (ids are `[A-Za-z0-9._-]`), cut to 64. */
export function roleSessionName(start: WorkloadStart): string {
  const id = 'sessionId' in start ? start.sessionId : start.runId;
  const name = id.replace(/[^\w+=,.@-]/g, '-').slice(0, SESSION_NAME_LENGTH.max);
  return name.length >= SESSION_NAME_LENGTH.min ? name : `nh-${name}`;
}

const workloadOf = (start: WorkloadStart): Workload =>
  'sessionId' in start ? { user_id: start.userId, session_id: start.sessionId } : { job_id: start.jobId, run_id: start.runId };

/**
 * Workload credentials (docs/federation.md): for a session or job run of a project with federation
 * enabled, a token of the hub's issuer for the project's target, and the variables the AWS SDKs,
 * boto3 and the AWS CLI read to exchange it (`AssumeRoleWithWebIdentity`). It authorizes nothing:
 * whoever starts the workload has decided it may start; the token says which workload it is.
 */
export class WorkloadCredentials {
  private readonly now: () => Date;

  constructor(private readonly options: WorkloadCredentialsOptions) {
    this.now = options.now ?? (() => new Date());
  }

  /**
   * What a starting session or job run receives; null when the project does not use federation
   * (or the deployment turned it off: SERVICE_FEDERATION=off). Throws SERVICE_UNAVAILABLE when the
   * project uses it and the hub has no usable issuer URL.
   */
  async forStart(start: WorkloadStart): Promise<WorkloadCredentialGrant | null> {
    const minted = await this.mint(start);
    if (!minted) return null;
    const env: Record<string, string> = { AWS_ROLE_SESSION_NAME: roleSessionName(start) };
    if (ROLE_ARN.test(minted.target)) env.AWS_ROLE_ARN = minted.target;
    return {
      env,
      files: minted.files,
      fileEnv: { AWS_WEB_IDENTITY_TOKEN_FILE: FEDERATION_TOKEN_FILE },
      received: { federation: true },
      expiresAt: minted.expiresAt,
      refreshAt: minted.refreshAt,
    };
  }

  /**
   * A fresh token for a workload that is still running, to replace its token file before
   * `refreshAt`; null once the project no longer uses federation (the file should then be removed).
   */
  async refresh(start: WorkloadStart): Promise<WorkloadTokenRefresh | null> {
    const minted = await this.mint(start);
    return minted && { files: minted.files, expiresAt: minted.expiresAt, refreshAt: minted.refreshAt };
  }

  private async mint(start: WorkloadStart): Promise<(WorkloadTokenRefresh & { target: string }) | null> {
    if (!this.options.enabled) return null;
    const federation = await this.options.federationOf(start.projectId);
    const target = federation?.enabled ? federation.target : undefined;
    if (!target) return null;
    const state = this.options.issuer();
    if (state.issuer === null) {
      throw new HubError('SERVICE_UNAVAILABLE', `the project uses workload identity, but the hub cannot issue tokens: ${state.reason}`);
    }
    const { lifetimeSeconds } = this.options;
    const { token, claims, kid } = await state.issuer.mint({
      project_id: start.projectId,
      notebook_id: start.notebookId,
      ...workloadOf(start),
      audience: target,
      lifetimeSeconds,
      now: this.now(),
    });
    // What a consumer's log names (CloudTrail's subject and token id), never the token itself.
    this.options.logger.info(
      { event: 'federation_token_issued', sub: claims.sub, aud: claims.aud, jti: claims.jti, kid, exp: claims.exp },
      'federation_token_issued',
    );
    return {
      target,
      files: { [FEDERATION_TOKEN_FILE]: new TextEncoder().encode(token) },
      expiresAt: new Date(claims.exp * 1000),
      refreshAt: new Date((claims.iat + Math.floor(lifetimeSeconds * 0.8)) * 1000),
    };
  }
}
