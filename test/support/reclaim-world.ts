import { randomBytes } from 'node:crypto';
import { openSandboxDriver } from '../../service/src/config/compose.js';
import type { SandboxDriver } from '../../service/src/core/ports/sandbox-driver.js';
import type { ReclaimTimings } from '../../service/src/core/sessions/reclaim-rules.js';
import type { SessionRecord } from '../../service/src/core/sessions/session-model.js';
import { connectKernel, saveCells, serverTokenOf } from './marimo-client.js';
import { sandboxRuntime, type Role, type SessionWorld } from './session-world.js';
import { startTestHub, type CallResult } from './test-hub.js';

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

/**
 * Like `startSessionWorld` (same users, project and notebook), with the options a reclaim test
 * needs: a wrapped driver, short timings and captured logs.
 */
export async function startReclaimWorld(options: ReclaimWorldOptions = {}): Promise<ReclaimWorld> {
  const ownerId = `hub-reclaim-${randomBytes(4).toString('hex')}`;
  const t = await startTestHub({
    env: { SERVICE_SANDBOX_RUNTIME_DIR: sandboxRuntime!.runtimeDir, SERVICE_RUN_MAINTENANCE: 'false', ...options.env },
    captureLogs: options.captureLogs ?? false,
    hub: (settings) => {
      const real = openSandboxDriver(settings, ownerId);
      return { sandboxes: options.wrap ? options.wrap(real) : real, ...(options.timings ? { sessionReclaim: options.timings } : {}) };
    },
  });
  const tokens = {} as Record<Role | 'admin', string>;
  const userIds = {} as Record<Role | 'admin', string>;
  for (const who of ['admin', 'manager', 'editor', 'viewer'] as const) {
    tokens[who] = await t.tokenFor(`${who}@reclaim.test`, { superAdmin: false });
    userIds[who] = (await t.call('/api/v1/me', { token: tokens[who] })).json.data.id;
  }
  const root = await t.tokenFor('root@reclaim.test', { superAdmin: true });
  const api: SessionWorld['api'] = (path, who, callOptions = {}) => t.call(path, { ...callOptions, token: tokens[who] });
  const pid = (await api('/api/v1/projects', 'admin', { method: 'POST', body: { name: 'Reclaims' } })).json.data.id as string;
  for (const role of ['manager', 'editor', 'viewer'] as const) {
    const added = await api(`/api/v1/projects/${pid}/members`, 'admin', { method: 'POST', body: { user_id: userIds[role], role } });
    if (added.status >= 300) throw new Error(`adding ${role}: ${added.status} ${added.text}`);
  }
  const notebook = async (title: string) => (await api(`/api/v1/projects/${pid}/notebooks`, 'admin', { method: 'POST', body: { title } })).json.data.meta.id as string;
  const nid = await notebook('Left behind');
  const proxyHeaders = (who: Role | 'admin') => ({ authorization: `Bearer ${tokens[who]}`, origin: t.url });
  const { services } = t.hub;
  const patch = (sessionId: string, change: Partial<SessionRecord>) => services.sessionStore.update(pid, sessionId, (current) => ({ ...current, ...change }));

  return {
    t,
    pid,
    nid,
    tokens,
    userIds,
    api,
    notebook,
    driver: services.sandboxes,
    root,
    start: (who, body) => api(`/api/v1/projects/${pid}/sessions`, who, { method: 'POST', body: { wait: true, ...body } }),
    kernel: (who, sessionId) => connectKernel(`${t.url}/s/${sessionId}`, proxyHeaders(who)),
    async editInMarimo(who, sessionId, connection, code) {
      const page = await api(`/s/${sessionId}/`, who);
      const serverToken = serverTokenOf(page.text);
      if (!serverToken) throw new Error('no server token in the marimo page');
      const saved = await saveCells(`${t.url}/s/${sessionId}`, proxyHeaders(who), connection, serverToken, (codes) => [code, ...codes.slice(1)]);
      if (!saved.ok) throw new Error(`marimo refused the save: ${saved.status} ${await saved.text()}`);
    },
    sweep: () => services.sweepSessions(new AbortController().signal),
    reclaim: (sessionId, body, token = root) =>
      t.call(`/api/v1/admin/runtime/projects/${pid}/sessions/${sessionId}/reclaim`, { method: 'POST', token, ...(body ? { body } : {}) }),
    async runtimeRow(sessionId) {
      let cursor: string | null = null;
      do {
        const page: CallResult = await t.call(`/api/v1/admin/runtime/sessions?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { token: root });
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
    async close() {
      // Sandboxes outlive a hub on purpose (a restart must not kill kernels); a test cleans up its own.
      const { sandboxes } = services;
      const destroyAll = async () => {
        for (const sandbox of await sandboxes.list()) await sandboxes.destroy(sandbox.id);
      };
      await destroyAll();
      await t.hub.close();
      await destroyAll();
      await t.close();
    },
  };
}
