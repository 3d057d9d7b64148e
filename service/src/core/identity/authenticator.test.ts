import { describe, expect, it } from 'vitest';
import { HubError } from '../errors.js';
import type { AccessTokens, TokenRecord } from './access-tokens.js';
import { Authenticator } from './authenticator.js';
import type { LoginSessions } from './login-sessions.js';
import type { UserDirectory, UserEntry } from './users.js';

const TOKEN = `svc_pat_${'a'.repeat(43)}`;
const TTL_MS = 2000;

/** A token store and user directory that count their reads, and a clock the test moves. */
function world(options: { expiresAt?: string | null } = {}) {
  const reads = { tokens: 0, users: 0 };
  let record: TokenRecord | null = {
    schema_version: 1,
    id: 'tok-0000000000000001',
    user_id: 'usr-1',
    name: 'cli',
    scope: { actions: '*', projects: '*' },
    created_at: '2026-01-01T00:00:00.000Z',
    expires_at: options.expiresAt ?? null,
    token_hash: 'unused',
  };
  let user: UserEntry = {
    id: 'usr-1',
    email: 'a@example.com',
    name: null,
    picture_url: null,
    subject: null,
    suspended_at: null,
    groups: [],
    super_admin: false,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    revision: 'r1',
  };
  const tokens = { verify: async () => (reads.tokens++, record) } as unknown as AccessTokens;
  const users = { get: async () => (reads.users++, user) } as unknown as UserDirectory;
  const clock = { now: Date.parse('2026-06-01T00:00:00.000Z') };
  const authenticator = new Authenticator(
    users,
    {} as LoginSessions,
    tokens,
    () => false,
    TTL_MS,
    () => clock.now,
  );
  return {
    authenticator,
    reads,
    clock,
    revokeElsewhere: () => (record = null),
    suspendElsewhere: () => (user = { ...user, suspended_at: '2026-06-01T00:00:00.000Z' }),
  };
}

describe('Authenticator cache', () => {
  it('answers a recently resolved token without a store read and without a promise', async () => {
    const w = world();
    expect((await w.authenticator.fromBearerToken(TOKEN))?.user.id).toBe('usr-1');
    const again = w.authenticator.bearerToken(TOKEN);
    expect(again).not.toBeInstanceOf(Promise);
    expect((again as { user: UserEntry }).user.id).toBe('usr-1');
    expect(w.reads).toEqual({ tokens: 1, users: 1 });
  });

  it('notices a revocation by another replica once the cache lifetime is over, not later', async () => {
    const w = world();
    await w.authenticator.fromBearerToken(TOKEN);
    w.revokeElsewhere();
    w.clock.now += TTL_MS - 1;
    expect(await w.authenticator.fromBearerToken(TOKEN)).not.toBeNull();
    w.clock.now += 1;
    expect(await w.authenticator.fromBearerToken(TOKEN)).toBeNull();
  });

  it('notices a suspension by another replica within the cache lifetime, and at once when told', async () => {
    const w = world();
    await w.authenticator.fromBearerToken(TOKEN);
    w.suspendElsewhere();
    w.clock.now += TTL_MS;
    await expect(w.authenticator.fromBearerToken(TOKEN)).rejects.toThrow(HubError);

    const local = world();
    await local.authenticator.fromBearerToken(TOKEN);
    local.suspendElsewhere();
    local.authenticator.forgetUser('usr-1');
    await expect(local.authenticator.fromBearerToken(TOKEN)).rejects.toThrow(/suspended/);
    expect(local.reads.users).toBe(2);
  });

  it('checks expiry on every use, cached or not', async () => {
    const w = world({ expiresAt: '2026-06-01T00:00:01.000Z' });
    expect(await w.authenticator.fromBearerToken(TOKEN)).not.toBeNull();
    w.clock.now += 1000;
    expect(w.authenticator.bearerToken(TOKEN)).toBeNull();
    expect(w.reads.tokens).toBe(1);
  });
});
