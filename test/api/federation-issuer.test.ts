import { afterEach, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { sealedRecordKinds } from '../../service/src/compose/features.js';
import { SIGNING_KEY_RING_RECORDS } from '../../service/src/features/federation/core/signing-key-ring.js';
import { LOOP_STATUS_PREFIX } from '../../service/src/loops/loop-report.js';
import { startTestHub, type CallResult, type TestHub } from '../support/test-hub.js';
import { unusedPort } from '../support/unused-port.js';

/** Loops would make the first key behind the test's back; these tests look at the documents alone. */
const QUIET = { SERVICE_RUN_MAINTENANCE: 'false' };

interface Check {
  name: string;
  status: 'ok' | 'failed' | 'skipped';
  detail?: string;
}

const workloadCheck = (deep: CallResult): Check => (deep.json.checks as Check[]).find((check) => check.name === 'workload-identity')!;

/**
 * The hub's workload identity issuer as consumers see it (docs/federation.md, "What the issuer
 * publishes"): its two documents, unauthenticated, at `<hub address>/federation`, the capability,
 * and the deep health check.
 */
describe('the workload identity issuer', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  const hub = async (env: Record<string, string> = {}): Promise<TestHub> => {
    const t = await startTestHub({ env: { ...QUIET, ...env } });
    cleanups.push(() => t.close());
    return t;
  };

  it('serves its discovery document and key set at the listen address without a public URL, to anyone, cacheable', async () => {
    const t = await hub();
    const issuer = `${t.url}/federation`;
    const discovery = await t.call('/federation/.well-known/openid-configuration');
    expect(discovery.status).toBe(200);
    expect(discovery.headers.get('content-type')).toMatch(/^application\/json/);
    expect(discovery.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(discovery.json).toEqual({
      issuer,
      jwks_uri: `${issuer}/jwks`,
      response_types_supported: ['id_token'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256'],
      claims_supported: ['iss', 'sub', 'aud', 'exp', 'iat', 'nbf', 'jti', 'project_id', 'notebook_id', 'session_id', 'run_id'],
    });

    const jwks = await t.call('/federation/jwks');
    expect(jwks.status).toBe(200);
    expect(jwks.headers.get('cache-control')).toBe('public, max-age=300');
    expect(jwks.json.keys).toHaveLength(1);
    const [key] = jwks.json.keys;
    expect(Object.keys(key).sort()).toEqual(['alg', 'e', 'kid', 'kty', 'n', 'use']);
    expect(key).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', e: 'AQAB' });
    // Fetched again (as a consumer revalidates), the same key; a matching ETag is 304.
    const again = await t.call('/federation/jwks', { headers: { 'if-none-match': jwks.headers.get('etag')! } });
    expect(again.status).toBe(304);
    // The private half is sealed in the store, never served.
    expect(jwks.text).not.toMatch(/"d"|PRIVATE/);
    expect(JSON.stringify(await t.hub.store.get('federation/keys/ring').then((object) => object!.body.toString()))).not.toContain('PRIVATE KEY');
  });

  it('serves them under the base path of a public URL, naming that URL', async () => {
    const port = await unusedPort();
    const t = await hub({ SERVICE_PORT: String(port), SERVICE_PUBLIC_URL: `http://127.0.0.1:${port}/notebooks/` });
    const issuer = `http://127.0.0.1:${port}/notebooks/federation`;
    const discovery = await t.call('/notebooks/federation/.well-known/openid-configuration');
    expect(discovery.status).toBe(200);
    expect(discovery.json).toMatchObject({ issuer, jwks_uri: `${issuer}/jwks` });
    expect((await t.call('/notebooks/federation/jwks')).json.keys).toHaveLength(1);
    // Outside the base path there is no issuer.
    expect((await t.call('/federation/.well-known/openid-configuration')).status).toBe(404);
  });

  it('names the public URL of a hub behind a proxy', async () => {
    const t = await hub({ SERVICE_PUBLIC_URL: 'https://hub.example.org' });
    const discovery = await t.call('/federation/.well-known/openid-configuration');
    expect(discovery.json).toMatchObject({ issuer: 'https://hub.example.org/federation', jwks_uri: 'https://hub.example.org/federation/jwks' });
    expect((await t.call('/api/v1/capabilities', { token: await t.tokenFor('someone@example.com') })).json.data.federation).toEqual({ available: true });
  });

  it('is not part of the API document', async () => {
    const t = await hub();
    const document = parseYaml((await t.call('/openapi.yaml')).text) as { paths: Record<string, unknown> };
    // Only the API's own route about it is (a project's example trust policies).
    expect(Object.keys(document.paths).filter((path) => path.includes('federation'))).toEqual(['/api/v1/projects/{pid}/federation/trust-policies']);
  });

  it('reports the capability and passes the deep health check: the key signs, the documents answer at the issuer URL', async () => {
    const t = await hub();
    const token = await t.tokenFor('ops@example.com');
    expect((await t.call('/api/v1/capabilities', { token })).json.data.federation).toEqual({ available: true });
    const deep = await t.call('/api/health?deep=true', { token });
    expect(deep.status).toBe(200);
    const [key] = (await t.call('/federation/jwks')).json.keys;
    expect(workloadCheck(deep)).toMatchObject({
      status: 'ok',
      detail: `issuer ${t.url}/federation serves its documents; signing key ${key.kid} signs, and the key set publishes it`,
    });
  });

  it('passes the deep health check under a base path too', async () => {
    const port = await unusedPort();
    const t = await hub({ SERVICE_PORT: String(port), SERVICE_PUBLIC_URL: `http://127.0.0.1:${port}/notebooks` });
    const deep = await t.call('/notebooks/api/health?deep=true', { token: await t.tokenFor('ops@example.com') });
    expect(deep.status).toBe(200);
    expect(workloadCheck(deep).detail).toMatch(new RegExp(`^issuer http://127.0.0.1:${port}/notebooks/federation serves its documents`));
  });

  it('fails the deep health check when the issuer URL does not reach this hub', async () => {
    // A public URL on which nothing listens: consumers could not fetch the documents either.
    const elsewhere = await unusedPort();
    const t = await hub({ SERVICE_PUBLIC_URL: `http://127.0.0.1:${elsewhere}` });
    const deep = await t.call('/api/health?deep=true', { token: await t.tokenFor('ops@example.com') });
    expect(deep.status).toBe(503);
    expect(workloadCheck(deep)).toMatchObject({
      status: 'failed',
      detail: expect.stringMatching(new RegExp(`^the issuer's discovery document is not reachable at its URL .*127\\.0\\.0\\.1:${elsewhere}/federation`)),
    });
    // The other checks are not affected.
    expect((deep.json.checks as Check[]).filter((check) => check.status === 'failed').map((check) => check.name)).toEqual(['workload-identity']);
  });

  it('is off with SERVICE_FEDERATION=off: no documents, not available, the check skipped', async () => {
    const t = await hub({ SERVICE_FEDERATION: 'off' });
    const token = await t.tokenFor('ops@example.com');
    expect((await t.call('/federation/.well-known/openid-configuration')).status).toBe(404);
    expect((await t.call('/federation/jwks')).status).toBe(404);
    expect((await t.call('/api/v1/capabilities', { token })).json.data.federation).toEqual({ available: false });
    const deep = await t.call('/api/health?deep=true', { token });
    expect(deep.status).toBe(200);
    expect(workloadCheck(deep)).toMatchObject({ status: 'skipped', detail: 'SERVICE_FEDERATION=off' });
    // Nothing was made.
    expect(await t.hub.store.get('federation/keys/ring')).toBeNull();
  });

  it('makes no key until one is needed, though its rotation loop runs', async () => {
    const t = await hub({ SERVICE_RUN_MAINTENANCE: 'true' });
    const status = `${LOOP_STATUS_PREFIX}federation_key_rotation`;
    for (let waited = 0; (await t.hub.store.get(status)) === null; waited += 50) {
      if (waited > 20_000) throw new Error('the rotation loop made no pass');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(JSON.parse((await t.hub.store.get(status))!.body.toString())).toMatchObject({ outcome: 'success' });
    expect(await t.hub.store.get('federation/keys/ring')).toBeNull();
    expect(t.hub.services.offer().workloadIdentity).toBe(true);
  });

  it('is a kind of sealed record that secrets-at-rest migration and key rotation walk', () => {
    expect(sealedRecordKinds()).toContain(SIGNING_KEY_RING_RECORDS);
  });
});
