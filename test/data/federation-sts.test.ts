import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { AssumeRoleWithWebIdentityCommand, STSClient, type Credentials } from '@aws-sdk/client-sts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NodeSigningCrypto } from '../../service/src/adapters/federation/node-signing-crypto.js';
import { MemoryObjectStore } from '../../service/src/adapters/store/memory-store.js';
import { DISCOVERY_PATH, ISSUER_PATH, JWKS_PATH } from '../../service/src/features/federation/core/issuer-documents.js';
import { SigningKeyRing } from '../../service/src/features/federation/core/signing-key-ring.js';
import { projectSubjectPattern } from '../../service/src/features/federation/core/trust-policy.js';
import { WorkloadIdentityIssuer, type WorkloadTokenInput } from '../../service/src/features/federation/core/workload-issuer.js';
import { prerequisite } from '../setup/prerequisites.js';
import { startSeaweedfsWithSts, type SeaweedfsStsInfo } from '../setup/seaweedfs-sts.js';
import { newSecretBox } from '../support/secret-box.js';

// The SeaweedFS prerequisite brings the cached `weed`; this file starts its own gateway, trusting
// the issuer it serves.
const seaweedfs = prerequisite('seaweedfs');

const PROJECT_A = 'proj-0lk2j3h4g5f6d7s8';
const PROJECT_B = 'proj-0lk2j3h4g5f6d7s9';
// Each project's federation target: the audience of its tokens, and the client ID the gateway trusts.
const TARGET_A = `notebook-hub:${PROJECT_A}`;
const TARGET_B = `notebook-hub:${PROJECT_B}`;
const BUCKET_A = 'federated-a';
const BUCKET_B = 'federated-b';
const LIFETIME = 900;

/**
 * The hub's workload identity issuer against the consumer it is built for: SeaweedFS's S3 gateway
 * trusting it as an OIDC provider (test/setup/seaweedfs-sts.ts). The issuer core — key ring on a
 * store, sealed private key, tokens — serves its discovery document and JWKS from a loopback port
 * at the issuer URL, as the hub's routes will; a notebook's token becomes temporary S3
 * credentials with no stored key, and a token of another project, or an expired one, does not.
 */
describe.skipIf(seaweedfs === null)('workload identity tokens exchanged at SeaweedFS STS', () => {
  const now = () => new Date();
  const crypto = new NodeSigningCrypto();
  const ring = new SigningKeyRing({ store: new MemoryObjectStore(), box: newSecretBox(), crypto, maxTokenLifetimeSeconds: LIFETIME });
  let issuer: WorkloadIdentityIssuer;
  let server: http.Server;
  let gateway: SeaweedfsStsInfo & { stop: () => Promise<void> };
  let sts: STSClient;
  const clients: { destroy(): void }[] = [];
  const served: string[] = [];

  const sessionOf = (projectId: string, audience: string, at = now()): WorkloadTokenInput => ({
    project_id: projectId,
    notebook_id: 'nb-0lk2j3h4g5f6d7s8',
    user_id: 'usr-0lk2j3h4g5f6d7s8',
    session_id: 'ses-0lk2j3h4g5f6d7s8',
    audience,
    lifetimeSeconds: LIFETIME,
    now: at,
  });
  const assume = async (role: string, token: string): Promise<Credentials> => {
    const answer = await sts.send(
      new AssumeRoleWithWebIdentityCommand({ RoleArn: gateway.roleArns[role], RoleSessionName: 'ses-0lk2j3h4g5f6d7s8', WebIdentityToken: token }),
    );
    return answer.Credentials!;
  };
  const s3As = (credentials: Credentials) => {
    const client = new S3Client({
      endpoint: gateway.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      maxAttempts: 1,
      credentials: { accessKeyId: credentials.AccessKeyId!, secretAccessKey: credentials.SecretAccessKey!, sessionToken: credentials.SessionToken! },
    });
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    // The issuer's two documents, where the hub serves them: under `<hub address>/federation`.
    server = http.createServer((request, response) => {
      served.push(request.url ?? '');
      const answer =
        request.method !== 'GET'
          ? null
          : request.url === `${ISSUER_PATH}${DISCOVERY_PATH}`
            ? Promise.resolve(issuer.discovery())
            : request.url === `${ISSUER_PATH}${JWKS_PATH}`
              ? issuer.jwks(now())
              : null;
      if (!answer) return void response.writeHead(404).end();
      answer.then(
        (document) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(document)),
        () => response.writeHead(500).end(),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    issuer = new WorkloadIdentityIssuer(`http://127.0.0.1:${(server.address() as AddressInfo).port}${ISSUER_PATH}`, ring, crypto);

    gateway = await startSeaweedfsWithSts({
      issuer: issuer.issuer,
      roles: [
        { name: 'project-a', audience: TARGET_A, subject: projectSubjectPattern(PROJECT_A), buckets: [BUCKET_A], access: 'read-write' },
        { name: 'project-b', audience: TARGET_B, subject: projectSubjectPattern(PROJECT_B), buckets: [BUCKET_B], access: 'read-write' },
      ],
    });
    sts = new STSClient({ endpoint: gateway.stsEndpoint, region: 'us-east-1', maxAttempts: 1 });
    clients.push(sts);
  });
  afterAll(async () => {
    for (const client of clients) client.destroy();
    await gateway?.stop();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  });

  it("turns a notebook session's token into temporary credentials that read and write its project's bucket, and nothing else", async () => {
    const minted = await issuer.mint(sessionOf(PROJECT_A, TARGET_A));
    const credentials = await assume('project-a', minted.token);
    expect(credentials.AccessKeyId).toMatch(/^ASIA/);
    expect(credentials.SessionToken).toBeTruthy();
    // SeaweedFS fetched the discovery document at the issuer URL and the JWKS it names.
    expect(served).toEqual(expect.arrayContaining([`${ISSUER_PATH}${DISCOVERY_PATH}`, `${ISSUER_PATH}${JWKS_PATH}`]));

    const s3 = s3As(credentials);
    await s3.send(new PutObjectCommand({ Bucket: BUCKET_A, Key: 'forecast.csv', Body: 'month,value\n1,42\n' }));
    const read = await s3.send(new GetObjectCommand({ Bucket: BUCKET_A, Key: 'forecast.csv' }));
    expect(await read.Body!.transformToString()).toBe('month,value\n1,42\n');
    await expect(s3.send(new PutObjectCommand({ Bucket: BUCKET_B, Key: 'intruder.txt', Body: 'no' }))).rejects.toMatchObject({ name: 'AccessDenied' });
  });

  it("gives a job run's token the same, under the job's subject", async () => {
    const minted = await issuer.mint({
      project_id: PROJECT_A,
      notebook_id: 'nb-0lk2j3h4g5f6d7s8',
      job_id: 'job-0lk2j3h4g5f6d7s8',
      run_id: 'run-0lk2j3h4g5f6d7s8',
      audience: TARGET_A,
      lifetimeSeconds: LIFETIME,
      now: now(),
    });
    expect(minted.claims.sub).toBe(`project:${PROJECT_A}:notebook:nb-0lk2j3h4g5f6d7s8:job:job-0lk2j3h4g5f6d7s8`);
    const s3 = s3As(await assume('project-a', minted.token));
    await s3.send(new PutObjectCommand({ Bucket: BUCKET_A, Key: 'nightly.csv', Body: 'run,ok\n1,true\n' }));
  });

  it("refuses another project's token for a project's role, by audience and by subject", async () => {
    // Project B's own token (its target) is not for project A's role.
    await expect(assume('project-a', (await issuer.mint(sessionOf(PROJECT_B, TARGET_B))).token)).rejects.toMatchObject({ name: 'AccessDenied' });
    // A project B token with project A's audience: the trust policy wants a subject of project A.
    await expect(assume('project-a', (await issuer.mint(sessionOf(PROJECT_B, TARGET_A))).token)).rejects.toMatchObject({ name: 'AccessDenied' });
    // An audience the gateway does not trust at all.
    await expect(assume('project-a', (await issuer.mint(sessionOf(PROJECT_A, 'notebook-hub:elsewhere'))).token)).rejects.toMatchObject({
      name: 'AccessDenied',
    });
    // Project B's token passes for project B's role: the refusals above are about the project.
    expect((await assume('project-b', (await issuer.mint(sessionOf(PROJECT_B, TARGET_B))).token)).AccessKeyId).toMatch(/^ASIA/);
  });

  it('refuses an expired token', async () => {
    const expired = await issuer.mint(sessionOf(PROJECT_A, TARGET_A, new Date(Date.now() - 2 * LIFETIME * 1000)));
    expect(expired.claims.exp * 1000).toBeLessThan(Date.now());
    await expect(assume('project-a', expired.token)).rejects.toMatchObject({ name: 'ExpiredTokenException' });
  });

  it("accepts tokens of the new key and of the previous one after the ring's rotation", async () => {
    const before = await issuer.mint(sessionOf(PROJECT_A, TARGET_A));
    await assume('project-a', before.token);
    const rotation = await ring.rotate(now());
    expect(rotation).toMatchObject({ rotated: true, retired: before.kid });
    // The new key is unknown to SeaweedFS: it fetches the JWKS again and finds it.
    const after = await issuer.mint(sessionOf(PROJECT_A, TARGET_A));
    expect(after.kid).toBe(rotation.current);
    expect((await assume('project-a', after.token)).AccessKeyId).toMatch(/^ASIA/);
    expect((await assume('project-a', before.token)).AccessKeyId).toMatch(/^ASIA/);
  });
});
