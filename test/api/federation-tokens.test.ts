import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import { NodeSigningCrypto } from '../../service/src/adapters/federation/node-signing-crypto.js';
import { layout } from '../../service/src/core/storage-layout.js';
import { LOOP_STATUS_PREFIX } from '../../service/src/loops/loop-report.js';
import { SigningKeyRing } from '../../service/src/features/federation/core/signing-key-ring.js';
import type { WorkloadCredentials, WorkloadStart } from '../../service/src/features/federation/index.js';
import { makeTempDir } from '../support/temp-dir.js';
import { startTestHub, type TestHub } from '../support/test-hub.js';
import { unusedPort } from '../support/unused-port.js';

const DAY_MS = 86_400_000;
const ROLE = 'arn:aws:iam::123456789012:role/analytics';

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const text = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes);

/**
 * The tokens a project's workloads receive (docs/federation.md, "What a sandbox receives"), checked
 * by a real JWT library against the key set the hub serves; the rotation loop; project targets.
 */
describe('workload identity tokens', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  const hub = async (env: Record<string, string> = {}): Promise<TestHub> => {
    const t = await startTestHub({ env: { SERVICE_RUN_MAINTENANCE: 'false', ...env } });
    cleanups.push(() => t.close());
    return t;
  };
  const credentialsOf = (t: TestHub): WorkloadCredentials => t.hub.services.workloadCredentials;
  const projectWith = async (t: TestHub, token: string, federation: { enabled: boolean; target?: string } | null, basePath = '') => {
    const created = await t.call(`${basePath}/api/v1/projects`, { method: 'POST', token, body: { name: `Federated ${Math.random()}`, federation } });
    expect(created.status, created.text).toBe(201);
    return created.json.data.id as string;
  };
  /** A consumer: jose fetching the key set the discovery document names, as AWS and SeaweedFS do. */
  const verifier = async (t: TestHub, issuerPath = '/federation') => {
    const discovery = await t.call(`${issuerPath}/.well-known/openid-configuration`);
    const keys = createRemoteJWKSet(new URL(discovery.json.jwks_uri));
    return (token: string, audience: string) => jwtVerify(token, keys, { issuer: discovery.json.issuer, audience, algorithms: ['RS256'] });
  };

  it('gives a session of a federated project a token the served key set verifies, and the variables the AWS SDKs read', async () => {
    const t = await hub();
    const owner = await t.tokenFor('owner@example.com');
    const projectId = await projectWith(t, owner, { enabled: true, target: ROLE });
    const start: WorkloadStart = { projectId, notebookId: 'nb-0lk2j3h4g5f6d7s8', userId: 'usr-0lk2j3h4g5f6d7s8', sessionId: 'ses-0lk2j3h4g5f6d7s8' };

    const grant = await credentialsOf(t).forStart(start);
    expect(grant).not.toBeNull();
    expect(grant!.env).toEqual({ AWS_ROLE_ARN: ROLE, AWS_ROLE_SESSION_NAME: 'ses-0lk2j3h4g5f6d7s8' });
    expect(grant!.fileEnv).toEqual({ AWS_WEB_IDENTITY_TOKEN_FILE: 'federation-token' });
    expect(Object.keys(grant!.files)).toEqual(['federation-token']);
    expect(grant!.received).toEqual({ federation: true });

    const token = text(grant!.files['federation-token']);
    const { payload, protectedHeader } = await (await verifier(t))(token, ROLE);
    expect(protectedHeader).toMatchObject({ alg: 'RS256', typ: 'JWT' });
    expect(payload).toMatchObject({
      iss: `${t.url}/federation`,
      sub: `project:${projectId}:notebook:nb-0lk2j3h4g5f6d7s8:user:usr-0lk2j3h4g5f6d7s8`,
      aud: ROLE,
      project_id: projectId,
      notebook_id: 'nb-0lk2j3h4g5f6d7s8',
      session_id: 'ses-0lk2j3h4g5f6d7s8',
    });
    // 15 minutes by default, refreshed 80% into it.
    expect(payload.exp! - payload.iat!).toBe(900);
    expect(grant!.expiresAt.getTime()).toBe(payload.exp! * 1000);
    expect(grant!.refreshAt.getTime()).toBe((payload.iat! + 720) * 1000);
    // Another audience is refused by the consumer.
    await expect((await verifier(t))(token, 'sts.amazonaws.com')).rejects.toMatchObject({ code: 'ERR_JWT_CLAIM_VALIDATION_FAILED' });

    // A refresh is a new token for the same workload.
    const refreshed = await credentialsOf(t).refresh(start);
    const again = text(refreshed!.files['federation-token']);
    expect(again).not.toBe(token);
    expect((await (await verifier(t))(again, ROLE)).payload.sub).toBe(payload.sub);
  });

  it('gives a job run its own subject; a target that is no role ARN gives no AWS_ROLE_ARN; the lifetime follows its setting', async () => {
    const port = await unusedPort();
    const t = await hub({
      SERVICE_PORT: String(port),
      SERVICE_PUBLIC_URL: `http://127.0.0.1:${port}/notebooks`,
      SERVICE_FEDERATION_TOKEN_LIFETIME_SECONDS: '300',
    });
    const projectId = await projectWith(t, await t.tokenFor('owner@example.com'), { enabled: true, target: 'sts.amazonaws.com' }, '/notebooks');
    const grant = await credentialsOf(t).forStart({ projectId, notebookId: 'nb-1', jobId: 'job-0lk2j3h4g5f6d7s8', runId: 'run-0lk2j3h4g5f6d7s8' });
    expect(grant!.env).toEqual({ AWS_ROLE_SESSION_NAME: 'run-0lk2j3h4g5f6d7s8' });
    const { payload } = await (await verifier(t, '/notebooks/federation'))(text(grant!.files['federation-token']), 'sts.amazonaws.com');
    expect(payload).toMatchObject({
      iss: `http://127.0.0.1:${port}/notebooks/federation`,
      sub: `project:${projectId}:notebook:nb-1:job:job-0lk2j3h4g5f6d7s8`,
      run_id: 'run-0lk2j3h4g5f6d7s8',
    });
    expect(payload.session_id).toBeUndefined();
    expect(payload.exp! - payload.iat!).toBe(300);
  });

  it('gives nothing where the project does not use federation, or the deployment turned it off', async () => {
    const t = await hub();
    const owner = await t.tokenFor('owner@example.com');
    const start = (projectId: string): WorkloadStart => ({ projectId, notebookId: 'nb-1', userId: 'usr-1', sessionId: 'ses-1' });
    expect(await credentialsOf(t).forStart(start(await projectWith(t, owner, null)))).toBeNull();
    expect(await credentialsOf(t).forStart(start(await projectWith(t, owner, { enabled: false, target: ROLE })))).toBeNull();
    expect(await credentialsOf(t).forStart(start('proj-0000000000000000'))).toBeNull();

    const off = await hub({ SERVICE_FEDERATION: 'off' });
    const federated = await projectWith(off, await off.tokenFor('owner@example.com'), { enabled: true, target: ROLE });
    expect(await credentialsOf(off).forStart(start(federated))).toBeNull();
    expect(await credentialsOf(off).refresh(start(federated))).toBeNull();
  });

  it('logs each token it issues by subject and id, never the token', async () => {
    const t = await startTestHub({ env: { SERVICE_RUN_MAINTENANCE: 'false' }, captureLogs: true });
    cleanups.push(() => t.close());
    const projectId = await projectWith(t, await t.tokenFor('owner@example.com'), { enabled: true, target: ROLE });
    const grant = await credentialsOf(t).forStart({ projectId, notebookId: 'nb-1', userId: 'usr-1', sessionId: 'ses-1' });
    const token = text(grant!.files['federation-token']);
    const line = t.logs.find((entry) => entry.event === 'federation_token_issued');
    expect(line).toMatchObject({ sub: `project:${projectId}:notebook:nb-1:user:usr-1`, aud: ROLE, kid: decodeProtectedHeader(token).kid });
    expect(JSON.stringify(t.logs)).not.toContain(token.split('.')[2]);
  });

  it('rotates a key that is due in the loop, keeps the old key published until its tokens expire, and audits it without key material', async () => {
    const data = await makeTempDir('federation-rotation');
    cleanups.push(data.cleanup);
    const port = await unusedPort();
    const env = { SERVICE_DATA_DIR: data.dir, SERVICE_PORT: String(port) };

    // A hub whose key is 31 days old (the rotation period is 30), and a token it signed.
    const before = await hub(env);
    const ring = new SigningKeyRing({
      store: before.hub.store,
      box: before.hub.services.secrets,
      crypto: new NodeSigningCrypto(),
      maxTokenLifetimeSeconds: 900,
    });
    const old = await ring.signingKey(new Date(Date.now() - 31 * DAY_MS));
    const projectId = await projectWith(before, await before.tokenFor('owner@example.com'), { enabled: true, target: ROLE });
    const start: WorkloadStart = { projectId, notebookId: 'nb-1', userId: 'usr-1', sessionId: 'ses-1' };
    const oldToken = text((await credentialsOf(before).forStart(start))!.files['federation-token']);
    expect(decodeProtectedHeader(oldToken).kid).toBe(old.kid);
    await before.close();
    cleanups.pop();

    // The same deployment with its loops: the first pass of federation_key_rotation rotates.
    const t = await startTestHub({ env: { ...env, SERVICE_RUN_MAINTENANCE: 'true' }, captureLogs: true });
    cleanups.push(() => t.close());
    expect(t.hub.loops!.runner.names()).toContain('federation_key_rotation');
    await eventually(
      async () => t.hub.store.get(`${LOOP_STATUS_PREFIX}federation_key_rotation`),
      (status) => status !== null,
      'the first rotation pass',
    );
    const jwks = (await t.call('/federation/jwks')).json.keys as { kid: string }[];
    expect(jwks).toHaveLength(2);
    const current = jwks[0]!.kid;
    expect(current).not.toBe(old.kid);
    expect(jwks[1]!.kid).toBe(old.kid);

    // Both the token of the old key and one of the new key verify against what the hub serves.
    const verify = await verifier(t);
    expect((await verify(oldToken, ROLE)).protectedHeader.kid).toBe(old.kid);
    const fresh = text((await credentialsOf(t).forStart(start))!.files['federation-token']);
    expect((await verify(fresh, ROLE)).protectedHeader.kid).toBe(current);

    const rotations = await auditEvents(t, 'federation.key_rotate');
    expect(rotations).toHaveLength(1);
    const { metadata, actor } = rotations[0]!;
    expect(actor).toBe('system');
    expect(metadata).toEqual({ kid: current, retired: old.kid, retire_after: expect.any(String) });
    const retireAfter = Date.parse(metadata.retire_after as string);
    // Every token of the old key has expired by then: its lifetime and five minutes for clocks.
    const oldExpiry = (JSON.parse(Buffer.from(oldToken.split('.')[1]!, 'base64url').toString()) as { exp: number }).exp * 1000;
    expect(retireAfter).toBeGreaterThanOrEqual(oldExpiry + 5 * 60_000);
    expect(JSON.stringify(rotations)).not.toMatch(/PRIVATE|"n":/);
    expect(t.logs.find((line) => line.event === 'federation_keys_rotated')).toMatchObject({ rotated: true, retired: old.kid, current });

    // Until retire_after the old key is published; a pass after it prunes it.
    const identity = t.hub.services.workloadIdentity;
    expect((await identity.ring.jwks(new Date(retireAfter - 1000))).keys.map((key) => key.kid)).toEqual([current, old.kid]);
    expect(await identity.rotateKeys(new Date(retireAfter + 1000))).toEqual({ current, rotated: false, retired: null, pruned: [old.kid] });
    expect((await t.call('/federation/jwks')).json.keys.map((key: { kid: string }) => key.kid)).toEqual([current]);
    // A pass with nothing due writes nothing to the audit log.
    expect(await auditEvents(t, 'federation.key_rotate')).toHaveLength(1);
  });

  it("validates a project's federation target, and echoes it as given", async () => {
    const t = await hub();
    const owner = await t.tokenFor('owner@example.com');
    const projectId = await projectWith(t, owner, { enabled: true, target: ROLE });
    const patch = (federation: unknown) => t.call(`/api/v1/projects/${projectId}`, { method: 'PATCH', token: owner, body: { federation } });

    for (const [federation, field] of [
      [{ enabled: true }, 'federation.target'],
      [{ enabled: true, target: '' }, 'federation'],
      [{ enabled: true, target: 'two words' }, 'federation'],
      [{ enabled: true, target: 'x'.repeat(257) }, 'federation'],
      [{ enabled: true, target: 'ünïcode' }, 'federation'],
    ] as const) {
      const refused = await patch(federation);
      expect(refused.status, JSON.stringify(federation)).toBe(422);
      expect(refused.json.error.code).toBe('VALIDATION_ERROR');
      expect(JSON.stringify(refused.json.error.details)).toContain(field);
    }
    // Nothing was written by a refusal.
    expect((await t.call(`/api/v1/projects/${projectId}`, { token: owner })).json.data.federation).toEqual({ enabled: true, target: ROLE });

    const audience = 'https://sts.example.com/audience?tenant=analytics';
    expect((await patch({ enabled: true, target: audience })).json.data.federation).toEqual({ enabled: true, target: audience });
    expect((await patch({ enabled: false })).json.data.federation).toEqual({ enabled: false });
    expect((await patch(null)).json.data.federation).toBeUndefined();
  });
});

async function auditEvents(t: TestHub, event: string): Promise<{ event: string; actor: string; metadata: Record<string, unknown> }[]> {
  const found = [];
  const { store } = t.hub;
  let cursor: string | null = null;
  do {
    const page = await store.list(layout.deploymentAuditPrefix(), { cursor });
    for (const item of page.items) {
      const entry = JSON.parse((await store.get(item.key))!.body.toString('utf8'));
      if (entry.event === event) found.push(entry);
    }
    cursor = page.nextCursor;
  } while (cursor);
  return found;
}
