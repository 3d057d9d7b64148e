import { createPublicKey, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { NodeSigningCrypto } from '../../../adapters/federation/node-signing-crypto.js';
import { MemoryObjectStore } from '../../../adapters/store/memory-store.js';
import { newSecretBox } from '../../../../../test/support/secret-box.js';
import { discoveryDocument, federationIssuer, isIssuerUrl } from './issuer-documents.js';
import { SigningKeyRing, type Jwks } from './signing-key-ring.js';
import { awsTrustPolicy, seaweedfsTrustPolicy } from './trust-policy.js';
import { WorkloadIdentityIssuer } from './workload-issuer.js';
import { mintWorkloadToken, workloadSubject, workloadTokenClaims, WorkloadTokenRequestError, type WorkloadTokenRequest } from './workload-token.js';

const ISSUER = 'https://hub.example.com/notebooks/federation';
const NOW = new Date('2030-01-01T00:00:10.750Z');
const IAT = Date.parse('2030-01-01T00:00:10Z') / 1000;
const crypto = new NodeSigningCrypto();

const sessionRequest: WorkloadTokenRequest = {
  issuer: ISSUER,
  project_id: 'proj-0abc',
  notebook_id: 'nb-0def',
  user_id: 'usr-0123',
  session_id: 'ses-0456',
  audience: 'arn:aws:iam::role/analytics',
  lifetimeSeconds: 900,
  now: NOW,
};
const runRequest: WorkloadTokenRequest = {
  issuer: ISSUER,
  project_id: 'proj-0abc',
  notebook_id: 'nb-0def',
  job_id: 'job-0789',
  run_id: 'run-0aaa',
  audience: 'notebook-hub:proj-0abc',
  lifetimeSeconds: 600,
  now: NOW,
};

/** The header and claims of a compact JWT whose RS256 signature verifies with the JWKS, by node:crypto alone; null when it does not. */
function verified(token: string, jwks: Jwks): { header: Record<string, unknown>; claims: Record<string, unknown> } | null {
  const [header, payload, signature, ...rest] = token.split('.');
  if (!header || !payload || !signature || rest.length > 0) return null;
  const decoded = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as Record<string, unknown>;
  const jwk = jwks.keys.find((key) => key.kid === decoded.kid);
  if (!jwk || decoded.alg !== 'RS256') return null;
  const publicKey = createPublicKey({ key: { kty: jwk.kty, n: jwk.n, e: jwk.e }, format: 'jwk' });
  if (!verify('sha256', Buffer.from(`${header}.${payload}`), publicKey, Buffer.from(signature, 'base64url'))) return null;
  return { header: decoded, claims: JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown> };
}

describe('workload tokens', () => {
  it("name the project, notebook and user or job in the subject, and carry exactly the contract's claims", () => {
    expect(workloadTokenClaims({ ...sessionRequest, jti: 'jti-1' }, 900)).toStrictEqual({
      iss: ISSUER,
      sub: 'project:proj-0abc:notebook:nb-0def:user:usr-0123',
      aud: 'arn:aws:iam::role/analytics',
      exp: IAT + 900,
      iat: IAT,
      nbf: IAT,
      jti: 'jti-1',
      project_id: 'proj-0abc',
      notebook_id: 'nb-0def',
      session_id: 'ses-0456',
    });
    expect(workloadTokenClaims({ ...runRequest, jti: 'jti-2' }, 900)).toStrictEqual({
      iss: ISSUER,
      sub: 'project:proj-0abc:notebook:nb-0def:job:job-0789',
      aud: 'notebook-hub:proj-0abc',
      exp: IAT + 600,
      iat: IAT,
      nbf: IAT,
      jti: 'jti-2',
      project_id: 'proj-0abc',
      notebook_id: 'nb-0def',
      run_id: 'run-0aaa',
    });
    const [a, b] = [workloadTokenClaims(sessionRequest, 900).jti, workloadTokenClaims(sessionRequest, 900).jti];
    expect(a).not.toBe(b);
  });

  it('refuses ids that could pose as another part of the subject, a bad audience, issuer or lifetime', () => {
    const refused =
      (request: WorkloadTokenRequest, max = 900) =>
      () =>
        workloadTokenClaims(request, max);
    expect(refused({ ...sessionRequest, project_id: 'a:notebook:b' })).toThrow(WorkloadTokenRequestError);
    expect(() => workloadSubject({ project_id: 'p', notebook_id: 'n', job_id: 'j:user:u' })).toThrow(/job_id/);
    expect(refused({ ...sessionRequest, session_id: '' })).toThrow(/session_id/);
    expect(refused({ ...sessionRequest, audience: ['a', 'b'] as unknown as string })).toThrow(/audience/);
    expect(refused({ ...sessionRequest, audience: 'two words' })).toThrow(/audience/);
    expect(refused({ ...sessionRequest, lifetimeSeconds: 901 })).toThrow(/from 1 to 900/);
    expect(refused({ ...sessionRequest, lifetimeSeconds: 0 })).toThrow(/lifetime/);
    expect(refused({ ...sessionRequest, lifetimeSeconds: 1.5 })).toThrow(/lifetime/);
    expect(refused({ ...sessionRequest, issuer: `${ISSUER}/` })).toThrow(/issuer/);
  });

  it('are signed RS256 with the current key, and verify against the JWKS with node:crypto', async () => {
    const ring = new SigningKeyRing({ store: new MemoryObjectStore(), box: newSecretBox(), crypto, maxTokenLifetimeSeconds: 900 });
    const issuer = new WorkloadIdentityIssuer(ISSUER, ring, crypto);
    const minted = await issuer.mint({ ...runRequest, jti: 'jti-3' });
    const jwks = await issuer.jwks(NOW);
    const token = verified(minted.token, jwks);
    expect(token?.header).toStrictEqual({ alg: 'RS256', typ: 'JWT', kid: minted.kid });
    expect(token?.claims).toStrictEqual({ ...minted.claims });
    expect(minted.claims).toMatchObject({ iss: ISSUER, aud: 'notebook-hub:proj-0abc', sub: 'project:proj-0abc:notebook:nb-0def:job:job-0789', jti: 'jti-3' });

    // Altered claims, or another key, do not verify.
    const [header, , signature] = minted.token.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ ...minted.claims, project_id: 'proj-other' })).toString('base64url');
    expect(verified(`${header}.${forgedPayload}.${signature}`, jwks)).toBeNull();
    const stranger = await crypto.generateRs256Key();
    expect(verified(mintWorkloadToken(crypto, { ...stranger, kid: minted.kid }, runRequest, 900), jwks)).toBeNull();

    // After a rotation, the new key signs and the old token still verifies.
    await ring.rotate(NOW);
    const next = await issuer.mint(sessionRequest);
    expect(next.kid).not.toBe(minted.kid);
    const rotatedJwks = await issuer.jwks(NOW);
    expect(verified(next.token, rotatedJwks)?.claims.sub).toBe('project:proj-0abc:notebook:nb-0def:user:usr-0123');
    expect(verified(minted.token, rotatedJwks)).not.toBeNull();

    await expect(issuer.mint({ ...sessionRequest, lifetimeSeconds: 3600 })).rejects.toThrow(WorkloadTokenRequestError);
  });
});

describe('the issuer documents', () => {
  it('put the issuer under the hub address and name the JWKS in discovery', () => {
    expect(federationIssuer('https://hub.example.com')).toBe('https://hub.example.com/federation');
    expect(federationIssuer('https://example.org/notebooks/')).toBe('https://example.org/notebooks/federation');
    expect(() => federationIssuer('hub.example.com')).toThrow(RangeError);
    expect(discoveryDocument(ISSUER)).toStrictEqual({
      issuer: ISSUER,
      jwks_uri: `${ISSUER}/jwks`,
      response_types_supported: ['id_token'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256'],
      claims_supported: ['iss', 'sub', 'aud', 'exp', 'iat', 'nbf', 'jti', 'project_id', 'notebook_id', 'session_id', 'run_id'],
    });
    for (const bad of [
      'ftp://hub/federation',
      'https://hub/federation?x=1',
      'https://hub/federation#x',
      'https://u:p@hub/federation',
      'https://HUB/federation',
    ])
      expect([bad, isIssuerUrl(bad)]).toEqual([bad, false]);
  });

  it('give example trust policies conditioned on the audience and the project', () => {
    const example = { issuer: ISSUER, audience: 'sts.amazonaws.com', project_id: 'proj-0abc' };
    expect(awsTrustPolicy(example, '123456789012')).toStrictEqual({
      Version: '2012-10-17',
      Statement: [
        {
          Effect: 'Allow',
          Principal: { Federated: 'arn:aws:iam::123456789012:oidc-provider/hub.example.com/notebooks/federation' },
          Action: 'sts:AssumeRoleWithWebIdentity',
          Condition: {
            StringEquals: { 'hub.example.com/notebooks/federation:aud': 'sts.amazonaws.com' },
            StringLike: { 'hub.example.com/notebooks/federation:sub': 'project:proj-0abc:*' },
          },
        },
      ],
    });
    expect(seaweedfsTrustPolicy(example)).toMatchObject({
      Statement: [
        {
          Principal: { Federated: 'notebook-hub' },
          Condition: { StringEquals: { 'oidc:aud': 'sts.amazonaws.com' }, StringLike: { 'oidc:sub': 'project:proj-0abc:*' } },
        },
      ],
    });
  });
});
