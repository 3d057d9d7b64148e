import { describe, expect, it } from 'vitest';
import { NodeSigningCrypto } from '../../../adapters/federation/node-signing-crypto.js';
import { MemoryObjectStore } from '../../../adapters/store/memory-store.js';
import { newSecretBox } from '../../../../../test/support/secret-box.js';
import type { Logger } from '../../../core/ports/logger.js';
import { SigningKeyRing } from './signing-key-ring.js';
import { ROLE_ARN, roleSessionName, WorkloadCredentials, type ProjectFederationSettings } from './workload-credentials.js';
import { WorkloadIdentityIssuer } from './workload-issuer.js';
import type { IssuerState } from './workload-identity.js';

const silent: Logger = { fatal() {}, error() {}, warn() {}, info() {}, debug() {}, child: () => silent };
const crypto = new NodeSigningCrypto();
const ring = new SigningKeyRing({ store: new MemoryObjectStore(), box: newSecretBox(), crypto, maxTokenLifetimeSeconds: 900 });
const issued: IssuerState = { issuer: new WorkloadIdentityIssuer('https://hub.example.com/federation', ring, crypto) };
const start = { projectId: 'proj-1', notebookId: 'nb-1', userId: 'usr-1', sessionId: 'ses-1' };

const credentials = (federation: ProjectFederationSettings | null, issuer: IssuerState = issued) =>
  new WorkloadCredentials({ enabled: true, issuer: () => issuer, federationOf: async () => federation, lifetimeSeconds: 900, logger: silent });

describe('workload credentials', () => {
  it('recognises role ARNs as AWS and SeaweedFS write them, and nothing else', () => {
    for (const arn of ['arn:aws:iam::123456789012:role/analytics', 'arn:aws:iam::role/analytics', 'arn:aws-cn:iam::123456789012:role/team/etl-runner'])
      expect(ROLE_ARN.test(arn), arn).toBe(true);
    for (const target of ['sts.amazonaws.com', 'arn:aws:iam::123456789012:user/alice', 'arn:aws:s3:::bucket', 'notebook-hub:proj-1', 'arn:aws:iam::12:role/x'])
      expect(ROLE_ARN.test(target), target).toBe(false);
  });

  it("names the role session after the session or run, within STS's 2 to 64 characters", () => {
    expect(roleSessionName(start)).toBe('ses-1');
    expect(roleSessionName({ projectId: 'p', notebookId: 'n', jobId: 'job-1', runId: 'run-1' })).toBe('run-1');
    expect(roleSessionName({ ...start, sessionId: 'x' })).toBe('nh-x');
    expect(roleSessionName({ ...start, sessionId: 's'.repeat(100) })).toHaveLength(64);
  });

  it('gives the role ARN only when the target is one', async () => {
    expect((await credentials({ enabled: true, target: 'arn:aws:iam::role/analytics' }).forStart(start))!.env).toEqual({
      AWS_ROLE_ARN: 'arn:aws:iam::role/analytics',
      AWS_ROLE_SESSION_NAME: 'ses-1',
    });
    expect((await credentials({ enabled: true, target: 'notebook-hub:proj-1' }).forStart(start))!.env).toEqual({ AWS_ROLE_SESSION_NAME: 'ses-1' });
  });

  it('gives nothing to a project without federation, or enabled without a target', async () => {
    expect(await credentials(null).forStart(start)).toBeNull();
    expect(await credentials({ enabled: false, target: 'aud' }).forStart(start)).toBeNull();
    expect(await credentials({ enabled: true }).forStart(start)).toBeNull();
  });

  it('refuses to start a federated workload when the hub has no issuer address', async () => {
    const none: IssuerState = { issuer: null, reason: 'the hub listens on all interfaces' };
    await expect(credentials({ enabled: true, target: 'aud' }, none).forStart(start)).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: expect.stringMatching(/cannot issue tokens: the hub listens on all interfaces/),
    });
    // A project that does not use federation starts all the same.
    expect(await credentials(null, none).forStart(start)).toBeNull();
  });
});
