import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { AssumeRoleWithWebIdentityCommand, STSClient } from '@aws-sdk/client-sts';
import { fromTokenFile } from '@aws-sdk/credential-provider-web-identity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectSubjectPattern } from '../../service/src/features/federation/core/trust-policy.js';
import type { WorkloadCredentialGrant, WorkloadStart } from '../../service/src/features/federation/index.js';
import { prerequisite } from '../setup/prerequisites.js';
import { roleArn, startSeaweedfsWithSts, type SeaweedfsStsInfo } from '../setup/seaweedfs-sts.js';
import { makeTempDir } from '../support/temp-dir.js';
import { startTestHub, type TestHub } from '../support/test-hub.js';

// The SeaweedFS prerequisite brings the cached `weed`; this file starts its own gateway, trusting
// the hub it starts.
const seaweedfs = prerequisite('seaweedfs');

const BUCKET_A = 'federated-a';
const BUCKET_B = 'federated-b';
const DAY_MS = 86_400_000;

interface AwsCredentialIdentity {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

/**
 * The hub's workload identity against the consumer it is built for: SeaweedFS's S3 gateway
 * trusting a real hub (its issuer at `http://127.0.0.1:<port>/federation`, its discovery document
 * and key set served by the hub's own routes) as an OIDC provider (test/setup/seaweedfs-sts.ts).
 * What `workloadCredentials.forStart` gives a session or job run — the token file and the
 * variables — is put in a directory as a sandbox's secrets directory would hold it and read by the
 * AWS SDK's own web identity provider: temporary S3 credentials with no stored key. A token of
 * another project, or an expired one, gets none.
 */
describe.skipIf(seaweedfs === null)('workload identity tokens of a hub exchanged at SeaweedFS STS', () => {
  let t: TestHub;
  let gateway: SeaweedfsStsInfo & { stop: () => Promise<void> };
  let sts: STSClient;
  let secrets: { dir: string; cleanup: () => Promise<void> };
  const clients: { destroy(): void }[] = [];
  // Project A's target is the role to assume (and so the audience); project B's an audience alone.
  const projects = { a: '', b: '' };
  const targets = { a: roleArn('project-a'), b: '' };

  const session = (projectId: string): WorkloadStart => ({
    projectId,
    notebookId: 'nb-0lk2j3h4g5f6d7s8',
    userId: 'usr-0lk2j3h4g5f6d7s8',
    sessionId: `ses-${Math.random().toString(36).slice(2, 10)}`,
  });
  const grantFor = async (start: WorkloadStart): Promise<WorkloadCredentialGrant> => {
    const grant = await t.hub.services.workloadCredentials.forStart(start);
    if (!grant) throw new Error('the project gave no credentials');
    return grant;
  };
  /** The grant as a sandbox holds it: its files in a secrets directory, the file variables set to their paths. */
  const delivered = async (grant: WorkloadCredentialGrant): Promise<Record<string, string>> => {
    const dir = path.join(secrets.dir, Math.random().toString(36).slice(2));
    await mkdir(dir, { mode: 0o700 });
    for (const [name, content] of Object.entries(grant.files)) await writeFile(path.join(dir, name), content, { mode: 0o600 });
    return { ...grant.env, ...Object.fromEntries(Object.entries(grant.fileEnv).map(([variable, file]) => [variable, path.join(dir, file)])) };
  };
  /** STS at the gateway, for the SDK's provider to call (it would call AWS's otherwise). */
  const assumeAtGateway = async (params: ConstructorParameters<typeof AssumeRoleWithWebIdentityCommand>[0]): Promise<AwsCredentialIdentity> => {
    const { Credentials } = await sts.send(new AssumeRoleWithWebIdentityCommand(params));
    return { accessKeyId: Credentials!.AccessKeyId!, secretAccessKey: Credentials!.SecretAccessKey!, sessionToken: Credentials!.SessionToken! };
  };
  /** What the AWS SDKs (and boto3, and the CLI) do with these variables: read the file, assume the role. */
  const credentialsFrom = (env: Record<string, string>, role = env.AWS_ROLE_ARN) =>
    fromTokenFile({
      webIdentityTokenFile: env.AWS_WEB_IDENTITY_TOKEN_FILE,
      roleArn: role,
      roleSessionName: env.AWS_ROLE_SESSION_NAME,
      roleAssumerWithWebIdentity: assumeAtGateway,
    })();
  const s3As = (credentials: AwsCredentialIdentity) => {
    const client = new S3Client({ endpoint: gateway.endpoint, region: 'us-east-1', forcePathStyle: true, maxAttempts: 1, credentials });
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    secrets = await makeTempDir('federation-secrets');
    t = await startTestHub({ env: { SERVICE_RUN_MAINTENANCE: 'false' }, captureLogs: true });
    const owner = await t.tokenFor('owner@example.com');
    const create = async (name: string, target: (id: string) => string) => {
      const created = await t.call('/api/v1/projects', { method: 'POST', token: owner, body: { name } });
      const id = created.json.data.id as string;
      const patched = await t.call(`/api/v1/projects/${id}`, { method: 'PATCH', token: owner, body: { federation: { enabled: true, target: target(id) } } });
      expect(patched.status, patched.text).toBe(200);
      return id;
    };
    projects.a = await create('Analytics', () => targets.a);
    projects.b = await create('Forecasts', (id) => (targets.b = `notebook-hub:${id}`));

    gateway = await startSeaweedfsWithSts({
      issuer: `${t.url}/federation`,
      roles: [
        { name: 'project-a', audience: targets.a, subject: projectSubjectPattern(projects.a), buckets: [BUCKET_A], access: 'read-write' },
        { name: 'project-b', audience: targets.b, subject: projectSubjectPattern(projects.b), buckets: [BUCKET_B], access: 'read-write' },
      ],
    });
    sts = new STSClient({ endpoint: gateway.stsEndpoint, region: 'us-east-1', maxAttempts: 1 });
    clients.push(sts);
  }, 60_000);
  afterAll(async () => {
    for (const client of clients) client.destroy();
    await gateway?.stop();
    await t?.close();
    await secrets?.cleanup();
  });

  it("turns a notebook session's token into temporary credentials that read and write its project's bucket, and nothing else", async () => {
    const env = await delivered(await grantFor(session(projects.a)));
    expect(env.AWS_ROLE_ARN).toBe(roleArn('project-a'));
    const credentials = await credentialsFrom(env);
    expect(credentials.accessKeyId).toMatch(/^ASIA/);
    expect(credentials.sessionToken).toBeTruthy();
    // SeaweedFS fetched the discovery document at the issuer URL, then the key set it names: both from the hub.
    const fetched = t.logs.map((line) => line.url);
    expect(fetched).toEqual(expect.arrayContaining(['/federation/.well-known/openid-configuration', '/federation/jwks']));

    const s3 = s3As(credentials);
    await s3.send(new PutObjectCommand({ Bucket: BUCKET_A, Key: 'forecast.csv', Body: 'month,value\n1,42\n' }));
    const read = await s3.send(new GetObjectCommand({ Bucket: BUCKET_A, Key: 'forecast.csv' }));
    expect(await read.Body!.transformToString()).toBe('month,value\n1,42\n');
    await expect(s3.send(new PutObjectCommand({ Bucket: BUCKET_B, Key: 'intruder.txt', Body: 'no' }))).rejects.toMatchObject({ name: 'AccessDenied' });
  });

  it("gives a job run's token the same, under the job's subject", async () => {
    const grant = await grantFor({ projectId: projects.a, notebookId: 'nb-0lk2j3h4g5f6d7s8', jobId: 'job-0lk2j3h4g5f6d7s8', runId: 'run-0lk2j3h4g5f6d7s8' });
    const env = await delivered(grant);
    expect(env.AWS_ROLE_SESSION_NAME).toBe('run-0lk2j3h4g5f6d7s8');
    const s3 = s3As(await credentialsFrom(env));
    await s3.send(new PutObjectCommand({ Bucket: BUCKET_A, Key: 'nightly.csv', Body: 'run,ok\n1,true\n' }));
  });

  it('gives a project whose target is an audience no role: the notebook names it, and gets its own bucket', async () => {
    const env = await delivered(await grantFor(session(projects.b)));
    expect(env.AWS_ROLE_ARN).toBeUndefined();
    const s3 = s3As(await credentialsFrom(env, gateway.roleArns['project-b']));
    await s3.send(new PutObjectCommand({ Bucket: BUCKET_B, Key: 'plan.csv', Body: 'q,1\n' }));
  });

  it("refuses another project's token for a project's role, by audience and by subject", async () => {
    // Project B's own token (its target) is not for project A's role.
    const b = await delivered(await grantFor(session(projects.b)));
    await expect(credentialsFrom(b, roleArn('project-a'))).rejects.toMatchObject({ name: 'AccessDenied' });
    // A token of project B for project A's target: the role's trust policy wants project A's subject.
    await t.call(`/api/v1/projects/${projects.b}`, {
      method: 'PATCH',
      token: await t.tokenFor('owner@example.com'),
      body: { federation: { enabled: true, target: targets.a } },
    });
    try {
      const posing = await delivered(await grantFor(session(projects.b)));
      expect(posing.AWS_ROLE_ARN).toBe(roleArn('project-a'));
      await expect(credentialsFrom(posing)).rejects.toMatchObject({ name: 'AccessDenied' });
    } finally {
      await t.call(`/api/v1/projects/${projects.b}`, {
        method: 'PATCH',
        token: await t.tokenFor('owner@example.com'),
        body: { federation: { enabled: true, target: targets.b } },
      });
    }
    // Project B's token still passes for project B's role: the refusals above are about the project.
    expect((await credentialsFrom(await delivered(await grantFor(session(projects.b))), gateway.roleArns['project-b'])).accessKeyId).toMatch(/^ASIA/);
  });

  it('refuses an expired token', async () => {
    // A token the hub's issuer signed a day ago, for project A's target.
    const { issuer } = t.hub.services.workloadIdentity.issuer();
    const expired = await issuer!.mint({
      project_id: projects.a,
      notebook_id: 'nb-0lk2j3h4g5f6d7s8',
      user_id: 'usr-0lk2j3h4g5f6d7s8',
      session_id: 'ses-expired',
      audience: targets.a,
      lifetimeSeconds: 900,
      now: new Date(Date.now() - DAY_MS),
    });
    await expect(
      sts.send(new AssumeRoleWithWebIdentityCommand({ RoleArn: targets.a, RoleSessionName: 'ses-expired', WebIdentityToken: expired.token })),
    ).rejects.toMatchObject({ name: 'ExpiredTokenException' });
  });

  it('accepts tokens of the new key and of the previous one after the rotation loop replaced the key', async () => {
    const before = await delivered(await grantFor(session(projects.a)));
    await credentialsFrom(before);
    // The loop's pass, a rotation period later: a new key, the old one published until its tokens expire.
    const pass = await t.hub.services.workloadIdentity.rotateKeys(new Date(Date.now() + 31 * DAY_MS));
    expect(pass).toMatchObject({ rotated: true, retired: expect.any(String) });
    const after = await delivered(await grantFor(session(projects.a)));
    // The new key is unknown to SeaweedFS: it fetches the hub's key set again and finds it.
    expect((await credentialsFrom(after)).accessKeyId).toMatch(/^ASIA/);
    expect((await credentialsFrom(before)).accessKeyId).toMatch(/^ASIA/);
  });
});
