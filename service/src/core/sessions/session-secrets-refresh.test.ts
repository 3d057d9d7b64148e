import { describe, expect, it } from 'vitest';
import { sessionRecord } from '../../../../test/support/session-record.js';
import type { Logger } from '../ports/logger.js';
import { SandboxError } from '../ports/sandbox-driver.js';
import type { WorkloadRefresh, WorkloadStart } from '../sandboxes/workload-environment.js';
import type { SessionRecord } from './session-model.js';
import { SessionSecretsRefresh } from './session-secrets-refresh.js';

const quiet: Logger = { fatal() {}, error() {}, warn() {}, info() {}, debug() {}, child: () => quiet };
const never = new AbortController().signal;
const LEAD_MS = 10_000;
const T0 = Date.parse('2026-03-02T10:00:00Z');

/** Sessions in memory, a driver that records what it is given, providers that make numbered tokens. */
function world(options: { mayUse?: boolean } = {}) {
  let now = T0;
  const records = new Map<string, SessionRecord>();
  const writes: { sandboxId: string; content: string }[] = [];
  const starts: WorkloadStart[] = [];
  const world = {
    records,
    writes,
    starts,
    /** What the providers answer; the default: a new token, due again 60 s from now. */
    answer: (): WorkloadRefresh | null => ({ files: { 'federation-token': Buffer.from(`token ${starts.length}`) }, refreshAt: new Date(now + 60_000) }),
    /** Runs between the new content and the write (a session stopping meanwhile). */
    beforeWrite: () => {},
    driverFails: null as SandboxError | null,
    at: (ms: number) => (now = T0 + ms),
    running(refreshAtMs: number | null, patch: Partial<SessionRecord> = {}): SessionRecord {
      const record: SessionRecord = {
        ...sessionRecord('edit'),
        state: 'running',
        sandbox: { id: `sbx-${records.size + 1}`, image: 'i', workspaceDir: '/w', homeDir: '/h', bindHost: '127.0.0.1', ports: {}, createdAt: '' },
        ...(refreshAtMs === null ? {} : { secrets_refresh_at: new Date(T0 + refreshAtMs).toISOString() }),
        ...patch,
      };
      records.set(record.id, record);
      return record;
    },
    refresher: () =>
      new SessionSecretsRefresh({
        sessions: {
          async *active() {
            for (const record of records.values()) yield { projectId: record.project_id, sessionId: record.id };
          },
          get: async (_projectId, sessionId) => records.get(sessionId) ?? null,
        },
        driver: {
          async replaceSecretFiles(sandboxId, files) {
            if (world.driverFails) throw world.driverFails;
            writes.push({ sandboxId, content: Buffer.from(files['federation-token']!).toString() });
          },
        },
        workloads: {
          async refreshFor(start) {
            starts.push(start);
            const answer = world.answer();
            world.beforeWrite();
            return answer;
          },
        },
        mayUse: async () => options.mayUse ?? true,
        logger: quiet,
        now: () => new Date(now),
      }),
  };
  return world;
}

/** The refresh of running sessions' expiring secret files (docs/federation.md, "Refreshing"). */
describe('refreshing the secrets of running sessions', () => {
  it('writes a new token into a session due within the lead, then waits for the new one to be due', async () => {
    const w = world();
    const session = w.running(50_000);
    const refresher = w.refresher();

    w.at(30_000);
    expect(await refresher.pass(never, LEAD_MS)).toEqual({ refreshed: 0, ended: 0, failed: 0 });
    w.at(41_000);
    expect(await refresher.pass(never, LEAD_MS)).toEqual({ refreshed: 1, ended: 0, failed: 0 });
    expect(w.writes).toEqual([{ sandboxId: session.sandbox!.id, content: 'token 1' }]);
    expect(w.starts).toEqual([
      { projectId: session.project_id, notebookId: session.notebook_id, mode: 'edit', userId: session.user_id, sessionId: session.id, mayUse: true },
    ]);
    // The new token is due at 101 s: nothing before 91 s, then the next one.
    w.at(90_000);
    expect((await refresher.pass(never, LEAD_MS)).refreshed).toBe(0);
    w.at(92_000);
    expect((await refresher.pass(never, LEAD_MS)).refreshed).toBe(1);
    expect(w.writes.map((write) => write.content)).toEqual(['token 1', 'token 2']);
  });

  it('gives nothing to sessions that are over, stopping, without a sandbox or with nothing that expires', async () => {
    const w = world();
    w.running(0, { state: 'stopped' });
    w.running(0, { state: 'failed' });
    w.running(0, { state: 'stopping' });
    w.running(0, { sandbox: null });
    w.running(null);
    w.at(60_000);
    expect(await w.refresher().pass(never, LEAD_MS)).toEqual({ refreshed: 0, ended: 0, failed: 0 });
    expect(w.starts).toEqual([]);
    expect(w.writes).toEqual([]);
  });

  it('writes nothing into a session that stopped while its token was made', async () => {
    const w = world();
    const session = w.running(0);
    w.beforeWrite = () => void w.records.set(session.id, { ...session, state: 'stopping' });
    expect(await w.refresher().pass(never, LEAD_MS)).toEqual({ refreshed: 0, ended: 1, failed: 0 });
    expect(w.starts).toHaveLength(1);
    expect(w.writes).toEqual([]);
  });

  it("stops asking once the providers give the session nothing more, and weighs the user's rights of now", async () => {
    const w = world({ mayUse: false });
    w.running(0);
    w.answer = () => null;
    const refresher = w.refresher();
    expect(await refresher.pass(never, LEAD_MS)).toEqual({ refreshed: 0, ended: 1, failed: 0 });
    expect(w.starts[0]!.mayUse).toBe(false);
    w.at(600_000);
    expect(await refresher.pass(never, LEAD_MS)).toEqual({ refreshed: 0, ended: 0, failed: 0 });
    expect(w.starts).toHaveLength(1);
  });

  it('tries again on the next pass after a failed write; a sandbox that is gone is no failure', async () => {
    const w = world();
    w.running(0);
    const refresher = w.refresher();
    w.driverFails = new SandboxError('BACKEND_ERROR', 'the engine did not answer');
    expect(await refresher.pass(never, LEAD_MS)).toEqual({ refreshed: 0, ended: 0, failed: 1 });
    w.driverFails = null;
    expect(await refresher.pass(never, LEAD_MS)).toEqual({ refreshed: 1, ended: 0, failed: 0 });

    const gone = world();
    gone.running(0);
    gone.driverFails = new SandboxError('NOT_FOUND', 'no sandbox');
    expect(await gone.refresher().pass(never, LEAD_MS)).toEqual({ refreshed: 0, ended: 1, failed: 0 });
  });

  it('refreshes at once a session a replica has not seen before whose first token is due, and a new sandbox of a known session', async () => {
    const w = world();
    const session = w.running(50_000);
    w.at(45_000);
    // A replica started after the first refresh: its record still names the first token's time.
    expect((await w.refresher().pass(never, LEAD_MS)).refreshed).toBe(1);
    expect((await w.refresher().pass(never, LEAD_MS)).refreshed).toBe(1);

    const refresher = w.refresher();
    expect((await refresher.pass(never, LEAD_MS)).refreshed).toBe(1);
    expect((await refresher.pass(never, LEAD_MS)).refreshed).toBe(0);
    // Restarted in another sandbox with a token of its own, due at 200 s: the refresher goes by it.
    w.records.set(session.id, { ...session, sandbox: { ...session.sandbox!, id: 'sbx-new' }, secrets_refresh_at: new Date(T0 + 200_000).toISOString() });
    w.at(195_000);
    expect((await refresher.pass(never, LEAD_MS)).refreshed).toBe(1);
    expect(w.writes.at(-1)!.sandboxId).toBe('sbx-new');
  });
});
