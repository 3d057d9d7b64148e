import { randomBytes } from 'node:crypto';
import { openSandboxDriver } from '../../service/src/compose/adapters.js';
import type { SandboxDriver } from '../../service/src/core/ports/sandbox-driver.js';
import type { ReclaimTimings } from '../../service/src/core/sessions/reclaim-rules.js';
import type { SessionRecord } from '../../service/src/core/sessions/session-model.js';
import { startSessionWorld, type SessionWorld } from './session-world.js';
import type { CallResult } from './test-hub.js';

export interface ReclaimWorldOptions {
  /** Wraps the real local driver (see fake-sandbox-drivers.ts). */
  wrap?: (driver: SandboxDriver) => SandboxDriver;
  /** Shorter reclaim timings than a deployment's. */
  timings?: Partial<ReclaimTimings>;
  captureLogs?: boolean;
  /** More settings (telemetry, for instance). */
  env?: Record<string, string>;
}

/** A session world with a super admin, the reclaim routes at hand, and a way to leave sessions behind. */
export interface ReclaimWorld extends SessionWorld {
  /** The hub's sandbox driver (the wrapper, when one was asked for). */
  driver: SandboxDriver;
  /** A super admin's token. */
  root: string;
  /** POST .../reclaim as `token` (the super admin by default); no body unless given. */
  reclaim(sessionId: string, body?: Record<string, unknown>, token?: string): Promise<CallResult>;
  /** The session's row in runtime inspection, or undefined when it is not listed. */
  runtimeRow(sessionId: string): Promise<Record<string, unknown> | undefined>;
  /** Changes the session record behind the hub's back. */
  patch(sessionId: string, change: Partial<SessionRecord>): Promise<SessionRecord>;
  /**
   * Leaves the session over but unreleased, as a replica that crashed after marking it stopped
   * would: `stopped` an hour ago with nobody connected, its sandbox and marimo still running, its
   * claim still held.
   */
  leaveBehind(sessionId: string, change?: Partial<SessionRecord>): Promise<SessionRecord>;
  /** Whether the hub's driver still lists the sandbox. */
  sandboxExists(sandboxId: string): Promise<boolean>;
}

const HOUR_MS = 3_600_000;

/** A session world (same users, project and notebook) with a wrapped driver, short timings and captured logs. */
export async function startReclaimWorld(options: ReclaimWorldOptions = {}): Promise<ReclaimWorld> {
  // The hub's usual owner (its deployment id) is unknown before it starts; one unique to it will do.
  const ownerId = `hub-reclaim-${randomBytes(4).toString('hex')}`;
  const w = await startSessionWorld(options.env, {
    captureLogs: options.captureLogs ?? false,
    projectName: 'Reclaims',
    hub: async (settings) => {
      const real = await openSandboxDriver(settings, ownerId);
      return { sandboxes: options.wrap ? options.wrap(real) : real, ...(options.timings ? { sessionReclaim: options.timings } : {}) };
    },
  });
  try {
    const { t, pid } = w;
    const { services } = t.hub;
    const root = await t.tokenFor('root@reclaim.test', { superAdmin: true });
    const patch = (sessionId: string, change: Partial<SessionRecord>) => services.sessionStore.update(pid, sessionId, (current) => ({ ...current, ...change }));
    return {
      ...w,
      driver: services.sandboxes,
      root,
      reclaim: (sessionId, body, token = root) =>
        t.call(`/api/v1/admin/runtime/projects/${pid}/sessions/${sessionId}/reclaim`, { method: 'POST', token, ...(body ? { body } : {}) }),
      async runtimeRow(sessionId) {
        let cursor: string | null = null;
        do {
          const page: CallResult = await t.call(`/api/v1/admin/runtime/sessions?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, {
            token: root,
          });
          if (page.status !== 200) throw new Error(`runtime inspection: ${page.status} ${page.text}`);
          const row = (page.json.data.items as Record<string, unknown>[]).find((item) => item.id === sessionId);
          if (row) return row;
          cursor = page.json.data.next_cursor;
        } while (cursor);
        return undefined;
      },
      patch,
      leaveBehind(sessionId, change = {}) {
        const past = new Date(Date.now() - HOUR_MS).toISOString();
        return patch(sessionId, { state: 'stopped', stop_reason: 'user', stopping_since: past, stopped_at: past, connected_until: null, ...change });
      },
      async sandboxExists(sandboxId) {
        return (await services.sandboxes.list()).some((sandbox) => sandbox.id === sandboxId);
      },
    };
  } catch (error) {
    await w.close().catch(() => {});
    throw error;
  }
}
