import { describe, expect, it } from 'vitest';
import { MemoryObjectStore } from '../../../adapters/store/memory-store.js';
import type { AuditInput } from '../../../core/audit/audit-log.js';
import type { Principal } from '../../../core/identity/authenticator.js';
import { LoginSessions } from '../../../core/identity/login-sessions.js';
import { secretHash } from '../../../core/identity/secrets.js';
import type { SessionRecord } from '../../../core/sessions/session-model.js';
import { layout } from '../../../core/storage-layout.js';
import { LAUNCH_TICKET_LIFETIME_MS, LaunchTickets } from './launch-tickets.js';
import { SyncSessions, type SyncSessionDeps } from './sync-sessions.js';

const ISSUER = 'https://team.example';
const SESSION = {
  id: 'ses-0123456789abcdef',
  project_id: 'proj-0123456789abcdef',
  notebook_id: 'nb-0123456789abcdef',
  mode: 'edit',
  state: 'running',
} as SessionRecord;

/** The team side of launch links on a memory store, with a clock the test moves. */
function world(options: { state?: SessionRecord['state']; suspended?: boolean } = {}) {
  const store = new MemoryObjectStore();
  let now = new Date('2026-11-28T10:00:00Z');
  const clock = () => now;
  const audit: AuditInput[] = [];
  const loginSessions = new LoginSessions(store, 12 * 3600_000, clock);
  const tokenHash = secretHash('svc_mcp_the-sync-token');
  const principal = {
    user: { id: 'usr-ada', email: 'ada@example.com', suspended_at: null },
    isSuperAdmin: false,
    credential: {
      kind: 'token',
      tokenId: 'grant-1',
      scope: { actions: '*', projects: '*' },
      expiresAt: '2026-11-28T11:00:00Z',
      oauth: { clientId: 'c', clientName: 'Notebook Hub on laptop', scopes: ['remote'], resource: `${ISSUER}/api/v1/sync` },
      context: { clearance: 'internal' },
      secretHash: tokenHash,
    },
  } as unknown as Principal;
  const deps = {
    access: { session: async () => ({ record: { ...SESSION, state: options.state ?? 'running' }, project: {}, role: 'editor' }) },
    sessions: {} as SyncSessionDeps['sessions'],
    tickets: new LaunchTickets(store, clock),
    loginSessions,
    users: { get: async () => ({ id: 'usr-ada', suspended_at: options.suspended ? '2026-11-01T00:00:00Z' : null }) },
    audit: { append: async (input: AuditInput) => void audit.push(input) },
    profiles: [{ name: 'default' }],
    profileChoice: 'none',
    jobsAvailable: false,
    loginProvider: 'oidc',
  } as unknown as SyncSessionDeps;
  return { store, sessions: new SyncSessions(deps), principal, audit, loginSessions, tokenHash, later: (ms: number) => (now = new Date(now.getTime() + ms)) };
}

const ticketOf = (url: string) => url.split('/').pop()!;

describe('launch links into a session for another hub', () => {
  it('trades a ticket once for a browser session of its user, cleared as the credential that asked, and keeps no ticket in the store', async () => {
    const w = world();
    await w.store.put(layout.oauthGrant('grant-1'), '{}');
    const launch = await w.sessions.launch(w.principal, ISSUER, { projectId: SESSION.project_id, sessionId: SESSION.id });
    expect(launch.launch_url).toMatch(new RegExp(`^${ISSUER}/api/v1/sync/launches/[A-Za-z0-9_-]{43}$`));
    expect(launch.expires_at).toBe(new Date(Date.parse('2026-11-28T10:00:00Z') + LAUNCH_TICKET_LIFETIME_MS).toISOString());
    const stored = (await w.store.list('auth/session-launches/')).items;
    expect(stored).toHaveLength(1);
    expect(stored[0]!.key).toBe(layout.sessionLaunch(secretHash(ticketOf(launch.launch_url))));

    const [first, second] = await Promise.allSettled([w.sessions.redeem(ticketOf(launch.launch_url)), w.sessions.redeem(ticketOf(launch.launch_url))]);
    const won = [first, second].filter((outcome) => outcome.status === 'fulfilled');
    expect(won).toHaveLength(1);
    expect([first, second].find((outcome) => outcome.status === 'rejected')).toMatchObject({ reason: { code: 'UNAUTHORIZED' } });
    const { cookieValue, path } = (won[0] as PromiseFulfilledResult<{ cookieValue: string; path: string }>).value;
    expect(path).toBe(`/projects/${SESSION.project_id}/notebooks/${SESSION.notebook_id}/edit`);
    expect(await w.loginSessions.resolve(cookieValue)).toMatchObject({ user_id: 'usr-ada', provider: 'oidc', context: { clearance: 'internal' } });
    expect((await w.store.list('auth/session-launches/')).items).toEqual([]);
    expect(w.audit.map((entry) => [entry.event, entry.metadata])).toEqual([
      ['session.launch', expect.objectContaining({ session_id: SESSION.id })],
      ['auth.login', { provider: 'oidc', via: 'launch', session_id: SESSION.id }],
    ]);
  });

  it('refuses a ticket after its minute, one whose connection was revoked since, and a made-up one', async () => {
    const w = world();
    await w.store.put(layout.oauthGrant('grant-1'), '{}');
    const late = await w.sessions.launch(w.principal, ISSUER, { projectId: SESSION.project_id, sessionId: SESSION.id });
    w.later(LAUNCH_TICKET_LIFETIME_MS);
    await expect(w.sessions.redeem(ticketOf(late.launch_url))).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    const revoked = await w.sessions.launch(w.principal, ISSUER, { projectId: SESSION.project_id, sessionId: SESSION.id });
    await w.store.delete(layout.oauthGrant('grant-1'));
    await expect(w.sessions.redeem(ticketOf(revoked.launch_url))).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(w.sessions.redeem('not-a-ticket')).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(w.audit.filter((entry) => entry.event === 'auth.login')).toEqual([]);
  });

  it('refuses a suspended user, and a session that ended', async () => {
    const suspended = world({ suspended: true });
    await suspended.store.put(layout.oauthGrant('grant-1'), '{}');
    const launch = await suspended.sessions.launch(suspended.principal, ISSUER, { projectId: SESSION.project_id, sessionId: SESSION.id });
    await expect(suspended.sessions.redeem(ticketOf(launch.launch_url))).rejects.toMatchObject({ code: 'USER_SUSPENDED' });
    const ended = world({ state: 'stopped' });
    await expect(ended.sessions.launch(ended.principal, ISSUER, { projectId: SESSION.project_id, sessionId: SESSION.id })).rejects.toMatchObject({
      code: 'GONE',
    });
  });
});
