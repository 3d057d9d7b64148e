import { createSign, generateKeyPairSync, randomUUID, type KeyObject } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { AssumeRoleWithWebIdentityCommand, STSClient, type Credentials } from '@aws-sdk/client-sts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prerequisite } from '../setup/prerequisites.js';
import { startSeaweedfsWithSts, type SeaweedfsStsInfo } from '../setup/seaweedfs-sts.js';

// The SeaweedFS prerequisite brings the cached `weed`; this file starts its own gateway, configured
// with the issuer it runs.
const seaweedfs = prerequisite('seaweedfs');

interface SigningKey {
  kid: string;
  privateKey: KeyObject;
}

interface FakeIssuer {
  url: string;
  /** The key tokens are signed with unless told otherwise. */
  current: SigningKey;
  /** A signed JWT (RS256) of this issuer with `claims` over its defaults (iss, iat, nbf, exp in 10 minutes, jti). */
  token(claims: Record<string, unknown>, key?: SigningKey): string;
  /** A new signing key, published beside the earlier ones and used from now on. */
  rotate(): SigningKey;
  close(): Promise<void>;
}

/**
 * A stand-in for the hub's workload identity issuer: an OpenID Connect discovery document and a
 * JWKS on a loopback port, and RS256 tokens signed with its keys.
 */
async function startFakeIssuer(): Promise<FakeIssuer> {
  const published: { kid: string; jwk: object }[] = [];
  const newKey = (): SigningKey => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const kid = randomUUID();
    published.push({ kid, jwk: { ...publicKey.export({ format: 'jwk' }), kid, use: 'sig', alg: 'RS256' } });
    return { kid, privateKey };
  };
  const server = http.createServer((request, response) => {
    const documents: Record<string, unknown> = {
      '/.well-known/openid-configuration': {
        issuer: url,
        jwks_uri: `${url}/.well-known/jwks.json`,
        response_types_supported: ['id_token'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
      },
      '/.well-known/jwks.json': { keys: published.map((key) => key.jwk) },
    };
    const document = documents[request.url ?? ''];
    response.writeHead(document ? 200 : 404, { 'content-type': 'application/json' }).end(JSON.stringify(document ?? { error: 'not found' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const issuer: FakeIssuer = {
    url,
    current: newKey(),
    token(claims, key = issuer.current) {
      const now = Math.floor(Date.now() / 1000);
      const signed = `${encode({ alg: 'RS256', typ: 'JWT', kid: key.kid })}.${encode({ iss: url, iat: now, nbf: now, exp: now + 600, jti: randomUUID(), ...claims })}`;
      return `${signed}.${createSign('RSA-SHA256').update(signed).sign(key.privateKey).toString('base64url')}`;
    },
    rotate: () => (issuer.current = newKey()),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  return issuer;
}

const AUDIENCE_A = 'notebook-hub:project-a';
const AUDIENCE_B = 'notebook-hub:project-b';
const BUCKET_A = 'project-a-data';
const BUCKET_B = 'project-b-data';
const SUBJECT_A = 'project:a:notebook:forecast:session:s-1';
const SUBJECT_B = 'project:b:job:nightly:run:r-1';

/**
 * SeaweedFS's S3 gateway as the consumer of workload identity (test/setup/seaweedfs-sts.ts): it
 * trusts an OIDC issuer, and hands a token of that issuer for a project's audience and subject
 * temporary S3 credentials for that project's buckets through STS `AssumeRoleWithWebIdentity` —
 * and nothing for a token of another audience, another project, another key or issuer, or past its
 * expiry.
 */
describe.skipIf(seaweedfs === null)('SeaweedFS STS trusting an OIDC issuer', () => {
  let issuer: FakeIssuer;
  let gateway: SeaweedfsStsInfo & { stop: () => Promise<void> };
  let sts: STSClient;
  const clients: { destroy(): void }[] = [];

  const s3With = (credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string }) => {
    const client = new S3Client({ endpoint: gateway.endpoint, region: 'us-east-1', forcePathStyle: true, maxAttempts: 1, credentials });
    clients.push(client);
    return client;
  };
  const assume = async (role: string, webIdentityToken: string): Promise<Credentials> => {
    const answer = await sts.send(
      new AssumeRoleWithWebIdentityCommand({ RoleArn: gateway.roleArns[role], RoleSessionName: 'test-session', WebIdentityToken: webIdentityToken }),
    );
    return answer.Credentials!;
  };
  const s3As = (credentials: Credentials) =>
    s3With({ accessKeyId: credentials.AccessKeyId!, secretAccessKey: credentials.SecretAccessKey!, sessionToken: credentials.SessionToken! });
  const read = async (client: S3Client, bucket: string, key: string) =>
    (await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }))).Body!.transformToString();

  beforeAll(async () => {
    issuer = await startFakeIssuer();
    gateway = await startSeaweedfsWithSts({
      issuer: issuer.url,
      roles: [
        { name: 'project-a', audience: AUDIENCE_A, subject: 'project:a:*', buckets: [BUCKET_A], access: 'read' },
        { name: 'project-b', audience: AUDIENCE_B, subject: 'project:b:*', buckets: [BUCKET_B], access: 'read-write' },
      ],
    });
    sts = new STSClient({ endpoint: gateway.stsEndpoint, region: 'us-east-1', maxAttempts: 1 });
    clients.push(sts);
    const admin = s3With({ accessKeyId: gateway.accessKeyId, secretAccessKey: gateway.secretAccessKey });
    await admin.send(new PutObjectCommand({ Bucket: BUCKET_A, Key: 'forecast.csv', Body: 'month,value\n1,42\n' }));
    await admin.send(new PutObjectCommand({ Bucket: BUCKET_B, Key: 'nightly.csv', Body: 'run,ok\n1,true\n' }));
  });
  afterAll(async () => {
    for (const client of clients) client.destroy();
    await gateway?.stop();
    await issuer?.close();
  });

  it("gives a project's token temporary credentials that reach that project's bucket, as its role allows", async () => {
    const credentials = await assume('project-a', issuer.token({ aud: AUDIENCE_A, sub: SUBJECT_A }));
    expect(credentials.AccessKeyId).toMatch(/^ASIA/);
    expect(credentials.SessionToken).toBeTruthy();
    expect(credentials.Expiration!.getTime()).toBeGreaterThan(Date.now());
    const projectA = s3As(credentials);
    expect(await read(projectA, BUCKET_A, 'forecast.csv')).toBe('month,value\n1,42\n');
    const listed = await projectA.send(new ListObjectsV2Command({ Bucket: BUCKET_A }));
    expect(listed.Contents?.map((object) => object.Key)).toEqual(['forecast.csv']);
    // Its role reads only, and only its own bucket.
    await expect(projectA.send(new PutObjectCommand({ Bucket: BUCKET_A, Key: 'written.txt', Body: 'no' }))).rejects.toMatchObject({ name: 'AccessDenied' });
    await expect(read(projectA, BUCKET_B, 'nightly.csv')).rejects.toMatchObject({ name: 'AccessDenied' });
    await expect(read(projectA, gateway.bucket, 'anything')).rejects.toMatchObject({ name: 'AccessDenied' });

    // Project B's read-write role writes to its bucket.
    const projectB = s3As(await assume('project-b', issuer.token({ aud: AUDIENCE_B, sub: SUBJECT_B })));
    await projectB.send(new PutObjectCommand({ Bucket: BUCKET_B, Key: 'result.txt', Body: 'done' }));
    expect(await read(projectB, BUCKET_B, 'result.txt')).toBe('done');
    await expect(read(projectB, BUCKET_A, 'forecast.csv')).rejects.toMatchObject({ name: 'AccessDenied' });
  });

  it('refuses a token for an audience it does not trust', async () => {
    await expect(assume('project-a', issuer.token({ aud: 'notebook-hub:elsewhere', sub: SUBJECT_A }))).rejects.toMatchObject({ name: 'AccessDenied' });
  });

  it("refuses another project's token for a project's role, by audience and by subject", async () => {
    // Project B's audience, project A's subject: the role's trust policy wants A's audience.
    await expect(assume('project-a', issuer.token({ aud: AUDIENCE_B, sub: SUBJECT_A }))).rejects.toMatchObject({ name: 'AccessDenied' });
    // Project A's audience, project B's subject: the trust policy wants a subject of project A.
    await expect(assume('project-a', issuer.token({ aud: AUDIENCE_A, sub: SUBJECT_B }))).rejects.toMatchObject({ name: 'AccessDenied' });
  });

  it('refuses a token signed with another key, or by another issuer', async () => {
    const { privateKey: otherKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const forged = { kid: issuer.current.kid, privateKey: otherKey };
    await expect(assume('project-a', issuer.token({ aud: AUDIENCE_A, sub: SUBJECT_A }, forged))).rejects.toMatchObject({
      name: 'InvalidParameterValue',
      message: expect.stringMatching(/signature is invalid/),
    });
    // Another issuer's token is not of the role's federated principal.
    const stranger = await startFakeIssuer();
    try {
      await expect(assume('project-a', stranger.token({ aud: AUDIENCE_A, sub: SUBJECT_A }))).rejects.toMatchObject({ name: 'AccessDenied' });
    } finally {
      await stranger.close();
    }
  });

  it("follows a rotation of the issuer's keys: tokens of the new key and of the kept previous one pass", async () => {
    const previous = issuer.current;
    await assume('project-a', issuer.token({ aud: AUDIENCE_A, sub: SUBJECT_A }, previous));
    // SeaweedFS has cached the keys; a token naming a key it has not seen makes it fetch them again.
    const next = issuer.rotate();
    expect((await assume('project-a', issuer.token({ aud: AUDIENCE_A, sub: SUBJECT_A }, next))).AccessKeyId).toMatch(/^ASIA/);
    expect((await assume('project-a', issuer.token({ aud: AUDIENCE_A, sub: SUBJECT_A }, previous))).AccessKeyId).toMatch(/^ASIA/);
  });

  it('refuses an expired token', async () => {
    const past = Math.floor(Date.now() / 1000) - 3600;
    await expect(assume('project-a', issuer.token({ aud: AUDIENCE_A, sub: SUBJECT_A, iat: past, nbf: past, exp: past + 600 }))).rejects.toMatchObject({
      name: 'ExpiredTokenException',
    });
  });
});
