import { afterEach, describe, expect, it } from 'vitest';
import { makeTempDir } from '../support/temp-dir.js';
import { FsObjectStore } from '../../service/src/adapters/store/fs-store.js';
import { createStoreServices, type StoreServices } from '../../service/src/compose/services.js';
import { readSettings } from '../../service/src/config/settings.js';
import { claimSettingsOf } from '../../service/src/config/settings-security.js';
import type { HubError } from '../../service/src/core/errors.js';
import type { AuthorizationChecks, IdentityProvider, ProviderIdentity } from '../../service/src/core/ports/identity-provider.js';
import { layout } from '../../service/src/core/storage-layout.js';
import { LoginFlows } from '../../service/src/core/identity/login-flows.js';
import { secretHash } from '../../service/src/core/identity/secrets.js';
import { newSecretBox } from '../support/secret-box.js';

const REDIRECT_URI = 'https://hub.example/api/v1/auth/oidc/callback';

/** A fake provider: nothing real to sign in with in a unit test. It echoes the checks it was given. */
class FakeIdentityProvider implements IdentityProvider {
  readonly redeemed: AuthorizationChecks[] = [];
  identity: ProviderIdentity = {
    issuer: 'https://idp.example',
    sub: 'ada-1',
    email: 'ada@example.com',
    emailVerified: true,
    name: 'Ada',
    pictureUrl: null,
    claims: { groups: ['analysts'] },
  };

  async authorizationUrl(redirectUri: string, checks: AuthorizationChecks): Promise<URL> {
    const url = new URL('https://idp.example/authorize');
    url.search = new URLSearchParams({ redirect_uri: redirectUri, state: checks.state, nonce: checks.nonce }).toString();
    return url;
  }

  async identityFromCallback(_callbackUrl: URL, checks: AuthorizationChecks): Promise<ProviderIdentity> {
    this.redeemed.push(checks);
    return this.identity;
  }

  async endSessionUrl(): Promise<string | null> {
    return null;
  }
}

describe('LoginFlows', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  async function world(now: () => Date = () => new Date()) {
    const { dir, cleanup } = await makeTempDir('login-flows');
    cleanups.push(cleanup);
    const settings = readSettings({ SERVICE_DATA_DIR: dir, SERVICE_LOG_LEVEL: 'silent' });
    const store = new FsObjectStore(dir);
    const services: StoreServices = createStoreServices(settings, store, newSecretBox(), { publish: () => {} });
    await services.catalog.initialize();
    const provider = new FakeIdentityProvider();
    const flows = new LoginFlows({
      store,
      secrets: services.secrets,
      provider,
      signIns: services.signIns,
      claims: claimSettingsOf(settings),
      loginPath: '/login',
      now,
    });
    return { store, services, provider, flows };
  }

  it('stores a pending flow under the hash of its id, and hands it out once', async () => {
    const { store, flows } = await world();
    const { flowId, authorizationUrl, flow } = await flows.start({ redirectUri: REDIRECT_URI, returnTo: '/projects' });
    expect(flowId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(authorizationUrl.searchParams.get('state')).toBe(flow.state);
    expect(authorizationUrl.searchParams.get('nonce')).toBe(flow.nonce);
    expect(flow.code_verifier).toMatch(/^[A-Za-z0-9_-]{43,128}$/);
    expect(Date.parse(flow.expires_at) - Date.parse(flow.created_at)).toBe(10 * 60_000);
    const stored = await store.get(layout.loginFlow(secretHash(flowId)));
    expect(stored!.body.toString()).not.toContain(flowId);
    expect(stored!.body.toString()).not.toContain(flow.code_verifier);

    expect(await flows.take(flowId)).toEqual(flow);
    expect(await flows.take(flowId)).toBeNull();
    expect(await store.get(layout.loginFlow(secretHash(flowId)))).toBeNull();
    expect(await flows.take('not a flow id')).toBeNull();
  });

  it('lets only one of two racing takes win', async () => {
    const { flows } = await world();
    const { flowId } = await flows.start({ redirectUri: REDIRECT_URI, returnTo: '/' });
    const taken = await Promise.all([flows.take(flowId), flows.take(flowId)]);
    expect(taken.filter((flow) => flow !== null)).toHaveLength(1);
  });

  it('completes a login into a user, a login session and an audit entry, once', async () => {
    const { services, provider, flows } = await world();
    const { flowId, flow } = await flows.start({ redirectUri: REDIRECT_URI, returnTo: '/projects' });
    const callback = { flowId, state: flow.state, callbackUrl: new URL(`${REDIRECT_URI}?code=c&state=${flow.state}`) };
    const done = await flows.complete(callback);
    expect(done.returnTo).toBe('/projects');
    expect(done.user).toMatchObject({ email: 'ada@example.com', name: 'Ada', groups: ['analysts'] });
    expect(provider.redeemed).toEqual([{ state: flow.state, nonce: flow.nonce, codeVerifier: flow.code_verifier }]);
    const principal = await services.authenticator.sessionCookie(done.cookieValue);
    expect(principal?.user.id).toBe(done.user.id);

    await expect(flows.complete(callback)).rejects.toMatchObject({ code: 'UNAUTHORIZED', message: expect.stringMatching(/already completed/) });
  });

  it('refuses a missing flow, a foreign state, an expired flow, a provider refusal and an unverified e-mail', async () => {
    let now = new Date('2026-01-01T00:00:00Z');
    const { provider, flows } = await world(() => now);
    const refusal = (promise: Promise<unknown>) =>
      promise.then(
        () => null,
        (error: HubError) => `${error.code}: ${error.message}`,
      );
    const begin = () => flows.start({ redirectUri: REDIRECT_URI, returnTo: '/' });
    const url = new URL(REDIRECT_URI);

    expect(await refusal(flows.complete({ flowId: undefined, state: 's', callbackUrl: url }))).toMatch(
      /^UNAUTHORIZED: no sign-in was started.*start again at \/login/,
    );

    const foreign = await begin();
    expect(await refusal(flows.complete({ flowId: foreign.flowId, state: 'another', callbackUrl: url }))).toMatch(/state mismatch/);

    const late = await begin();
    now = new Date(now.getTime() + 10 * 60_000);
    expect(await refusal(flows.complete({ flowId: late.flowId, state: late.flow.state, callbackUrl: url }))).toMatch(/longer than 10 minutes/);

    const refused = await begin();
    const answer = { flowId: refused.flowId, state: refused.flow.state, error: 'access_denied', callbackUrl: url };
    expect(await refusal(flows.complete(answer))).toMatch(/refused the sign-in: access_denied/);

    provider.identity = { ...provider.identity, emailVerified: false };
    const unverified = await begin();
    expect(await refusal(flows.complete({ flowId: unverified.flowId, state: unverified.flow.state, callbackUrl: url }))).toMatch(/not verified/);
    expect(provider.redeemed).toHaveLength(1);
  });
});
