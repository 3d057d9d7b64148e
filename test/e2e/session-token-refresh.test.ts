import { createRemoteJWKSet, decodeJwt, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, sandboxRuntime, startSessionWorld, type SessionWorld } from '../support/session-world.js';

const TARGET = 'notebook-hub:token-refresh';
/** The shortest lifetime the hub accepts: the refresh loop then looks every 6 s, and a token is due 48 s into its life. */
const LIFETIME_SECONDS = 60;

/**
 * A session outliving its workload identity token (docs/federation.md, "Refreshing"): the
 * `federation_token_refresh` loop writes a fresh token into the same file, through the local
 * driver, before the old one expires; the fresh one verifies against the key set the hub serves;
 * once the session stopped, no token is made for it any more.
 */
describe.skipIf(sandboxRuntime === null)('workload identity tokens refreshed in a running session (local driver)', () => {
  let w: SessionWorld;
  beforeAll(async () => {
    w = await startSessionWorld(
      { SERVICE_RUN_MAINTENANCE: 'true', SERVICE_FEDERATION_TOKEN_LIFETIME_SECONDS: String(LIFETIME_SECONDS) },
      { captureLogs: true, projectName: 'Token refresh' },
    );
    const federated = await w.api(`/api/v1/projects/${w.pid}`, 'admin', { method: 'PATCH', body: { federation: { enabled: true, target: TARGET } } });
    expect(federated.status, federated.text).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await w?.close();
  });

  it('writes a fresh token into the file before the old one expires, and none once the session stopped', async () => {
    expect(w.t.hub.loops!.runner.names()).toContain('federation_token_refresh');
    const started = await w.start('editor', { notebook_id: w.nid, mode: 'edit' });
    expect(started.status, started.text).toBe(201);
    const session = started.json.data;
    expect(session.state, JSON.stringify(session.failure)).toBe('running');
    expect(session.received.federation_token).toBe(true);
    const sandboxId = (await w.t.hub.services.sessionStore.get(w.pid, session.id))!.sandbox!.id;
    // Read where the cloud SDKs read it: the file AWS_WEB_IDENTITY_TOKEN_FILE names, inside the sandbox.
    const tokenInSandbox = async () =>
      (await w.t.hub.services.sandboxes.exec(sandboxId, { argv: ['sh', '-c', 'cat "$AWS_WEB_IDENTITY_TOKEN_FILE"'], check: true })).stdout;

    const first = await tokenInSandbox();
    const firstClaims = decodeJwt(first);
    expect(firstClaims.exp! - firstClaims.iat!).toBe(LIFETIME_SECONDS);
    const fresh = await eventually(tokenInSandbox, (token) => token !== first, 90_000);
    const replacedAt = Date.now();
    expect(fresh).not.toBe(first);
    // In the file before the token it replaces expired.
    expect(replacedAt).toBeLessThan(firstClaims.exp! * 1000);

    const discovery = (await w.t.call('/federation/.well-known/openid-configuration')).json;
    const keys = createRemoteJWKSet(new URL(discovery.jwks_uri));
    const { payload } = await jwtVerify(fresh, keys, { issuer: discovery.issuer, audience: TARGET, algorithms: ['RS256'] });
    expect(payload).toMatchObject({
      sub: firstClaims.sub,
      session_id: session.id,
      project_id: w.pid,
      notebook_id: w.nid,
    });
    expect(payload.exp!).toBeGreaterThan(firstClaims.exp!);
    expect(w.t.logs.find((line) => line.event === 'sandbox_secrets_refreshed' && line.session_id === session.id)).toMatchObject({
      sandbox_id: sandboxId,
      files: ['federation-token'],
    });

    const stopped = await w.api(`/api/v1/projects/${w.pid}/sessions/${session.id}/stop`, 'editor', { method: 'POST', body: { save: false } });
    expect(stopped.json.data.state).toBe('stopped');
    const issuedBefore = w.t.logs.filter((line) => line.event === 'federation_token_issued').length;
    // A pass that takes every token as due gives a stopped session none; nor do the loop's passes.
    const pass = await w.t.hub.services.sessionSecretsRefresh.pass(new AbortController().signal, 24 * 3600_000);
    expect(pass).toEqual({ refreshed: 0, ended: 0, failed: 0 });
    await new Promise((resolve) => setTimeout(resolve, 15_000));
    expect(w.t.logs.filter((line) => line.event === 'federation_token_issued')).toHaveLength(issuedBefore);
    // The token itself never reaches the hub's log.
    expect(JSON.stringify(w.t.logs)).not.toContain(fresh.split('.')[2]);
  }, 240_000);
});
