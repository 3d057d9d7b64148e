import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../../../../test/support/temp-dir.js';
import { FsObjectStore } from '../../../adapters/store/fs-store.js';
import { SurfacePasses, TICKET_LIFETIME_MS, type SurfacePassScope } from './surface-passes.js';

describe('surface passes', () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  let store: FsObjectStore;
  let now = new Date('2026-11-26T10:00:00Z');
  const passes = () => new SurfacePasses(store, () => now);
  const scope: SurfacePassScope = {
    user_id: 'usr-1',
    credential: { kind: 'session', provider: 'local', expiresAt: '2026-11-27T10:00:00Z', context: null },
    project_id: 'prj-1',
    session_id: 'ses-0123456789abcdef',
    surface: 'vscode',
    open_path: 'notes/todo.md',
  };
  const at = { sessionId: scope.session_id, surface: scope.surface };

  beforeEach(async () => {
    temp = await makeTempDir('surface-passes');
    store = new FsObjectStore(temp.dir);
    now = new Date('2026-11-26T10:00:00Z');
  });
  afterEach(() => temp.cleanup());

  it('trades a ticket once for a grant that carries the opener, and keeps neither secret in the store', async () => {
    const ticket = await passes().issueTicket(scope);
    const [first, second] = await Promise.all([passes().redeem(ticket, at), passes().redeem(ticket, at)]);
    const winner = first ?? second;
    expect([first, second].filter((result) => result !== null)).toHaveLength(1);
    expect(winner!.openPath).toBe('notes/todo.md');
    expect(await passes().check(winner!.grant)).toMatchObject({ kind: 'grant', user_id: 'usr-1', session_id: scope.session_id, open_path: null });
    expect(await passes().redeem(ticket, at)).toBeNull();
    // A ticket is no grant, and a grant no ticket.
    expect(await passes().check(ticket)).toBeNull();
    expect(await passes().redeem(winner!.grant, at)).toBeNull();
    const stored = (await store.list('auth/surface-passes/')).items.map((item) => item.key).join(' ');
    expect(stored).not.toContain(ticket);
    expect(stored).not.toContain(winner!.grant);
  });

  it('refuses a ticket presented on another surface or session, or after its minute', async () => {
    expect(await passes().redeem(await passes().issueTicket(scope), { ...at, surface: 'opencode' })).toBeNull();
    expect(await passes().redeem(await passes().issueTicket(scope), { ...at, sessionId: 'ses-fedcba9876543210' })).toBeNull();
    const late = await passes().issueTicket(scope);
    now = new Date(now.getTime() + TICKET_LIFETIME_MS + 1);
    expect(await passes().redeem(late, at)).toBeNull();
    expect(await passes().check('not-a-secret')).toBeNull();
  });

  it('ends a grant with the credential it was issued to', async () => {
    const shortLived = { ...scope, credential: { ...scope.credential, expiresAt: '2026-11-26T10:30:00Z' } };
    const { grant } = (await passes().redeem(await passes().issueTicket(shortLived), at))!;
    expect(await passes().check(grant)).not.toBeNull();
    now = new Date('2026-11-26T10:30:01Z');
    expect(await passes().check(grant)).toBeNull();
  });
});
