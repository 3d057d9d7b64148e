import { randomUUID } from 'node:crypto';
import { FEDERATION_TARGET } from '../../../core/projects/project-validation.js';
import { isIssuerUrl } from './issuer-documents.js';
import type { SigningCrypto } from '../../../core/ports/signing-crypto.js';
import { SIGNING_ALGORITHM, type OpenSigningKey } from './signing-key-ring.js';

/** Who a token is for: a user's session of a notebook, or a run of one of its jobs. */
export type Workload = { user_id: string; session_id: string } | { job_id: string; run_id: string };

/** What every workload token request names besides the workload. */
export interface WorkloadTokenFields {
  /** The issuer URL, as {@link federationIssuer} makes it. */
  issuer: string;
  project_id: string;
  notebook_id: string;
  /** The consumer it is for (the project's federation `target`): ONE string, which consumers condition on. */
  audience: string;
  lifetimeSeconds: number;
  now: Date;
  /** The token's unique id; a random UUID when absent. */
  jti?: string;
}

export type WorkloadTokenRequest = WorkloadTokenFields & Workload;

/** The claims of a workload token (docs/federation.md, "The token"). */
export interface WorkloadTokenClaims {
  iss: string;
  sub: string;
  aud: string;
  exp: number;
  iat: number;
  nbf: number;
  jti: string;
  project_id: string;
  notebook_id: string;
  session_id?: string;
  run_id?: string;
}

/** A request the issuer refuses; the hub builds requests from its own records, so this is a defect, never a user's input. */
export class WorkloadTokenRequestError extends Error {
  constructor(message: string) {
    super(`cannot mint a workload token: ${message}`);
    this.name = 'WorkloadTokenRequestError';
  }
}

/**
 * An id inside the subject: no `:` (the subject's separator), so that no id can pose as another
 * part of it — a project id `a:notebook:b` would otherwise match a trust policy's `project:a:*`.
 */
const SUBJECT_PART = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
/** Printable ASCII without spaces: URLs, ARNs and plain names all fit (what a project's target may be). */
const AUDIENCE = FEDERATION_TARGET;

function subjectPart(name: string, value: string): string {
  if (!SUBJECT_PART.test(value)) throw new WorkloadTokenRequestError(`${name} ${JSON.stringify(value)} must match ${SUBJECT_PART.source}`);
  return value;
}

/** `project:<pid>:notebook:<nid>:user:<uid>`, or `…:job:<jid>` for a job run. */
export function workloadSubject(request: Pick<WorkloadTokenFields, 'project_id' | 'notebook_id'> & ({ user_id: string } | { job_id: string })): string {
  const base = `project:${subjectPart('project_id', request.project_id)}:notebook:${subjectPart('notebook_id', request.notebook_id)}`;
  return 'user_id' in request ? `${base}:user:${subjectPart('user_id', request.user_id)}` : `${base}:job:${subjectPart('job_id', request.job_id)}`;
}

/** The claims of the token a request asks for; pure. `maxLifetimeSeconds` is the key ring's. */
export function workloadTokenClaims(request: WorkloadTokenRequest, maxLifetimeSeconds: number): WorkloadTokenClaims {
  const { issuer, audience, lifetimeSeconds, now } = request;
  if (!isIssuerUrl(issuer))
    throw new WorkloadTokenRequestError(`the issuer ${JSON.stringify(issuer)} is not an http(s) URL without query, fragment or trailing slash`);
  if (typeof audience !== 'string' || !AUDIENCE.test(audience))
    throw new WorkloadTokenRequestError('the audience must be 1 to 256 printable characters without spaces');
  if (!Number.isInteger(lifetimeSeconds) || lifetimeSeconds < 1 || lifetimeSeconds > maxLifetimeSeconds) {
    throw new WorkloadTokenRequestError(`the lifetime must be a whole number of seconds from 1 to ${maxLifetimeSeconds}`);
  }
  const iat = Math.floor(now.getTime() / 1000);
  const workload = 'user_id' in request ? { session_id: subjectPart('session_id', request.session_id) } : { run_id: subjectPart('run_id', request.run_id) };
  return {
    iss: issuer,
    sub: workloadSubject(request),
    aud: audience,
    exp: iat + lifetimeSeconds,
    iat,
    nbf: iat,
    jti: request.jti ?? randomUUID(),
    project_id: request.project_id,
    notebook_id: request.notebook_id,
    ...workload,
  };
}

const base64urlJson = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');

/** A compact JWS (RS256) of `claims`, its header naming the key. */
export function signJwt(crypto: SigningCrypto, key: Pick<OpenSigningKey, 'kid' | 'privateKeyPem'>, claims: object): string {
  const signingInput = `${base64urlJson({ alg: SIGNING_ALGORITHM, typ: 'JWT', kid: key.kid })}.${base64urlJson(claims)}`;
  return `${signingInput}.${crypto.signRs256(key.privateKeyPem, signingInput)}`;
}

/** A signed workload token (compact JWT) for `request`, with `key` (the ring's signing key). */
export function mintWorkloadToken(
  crypto: SigningCrypto,
  key: Pick<OpenSigningKey, 'kid' | 'privateKeyPem'>,
  request: WorkloadTokenRequest,
  maxLifetimeSeconds: number,
): string {
  return signJwt(crypto, key, workloadTokenClaims(request, maxLifetimeSeconds));
}
