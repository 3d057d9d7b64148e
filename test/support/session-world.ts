import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { groupBelongsTo } from '../../sandbox-drivers/src/local/process-group.js';
import { readAllStates, readState } from '../../sandbox-drivers/src/local/state-file.js';
import { connectKernel, serverTokenOf, saveCells, type MarimoConnection } from './marimo-client.js';
import { startTestHub, type CallOptions, type CallResult, type TestHub, type TestHubOptions } from './test-hub.js';
import { prerequisite } from '../setup/prerequisites.js';

export { killMarimoIn, signalMarimoIn } from './marimo-signals.js';

/** The marimo runtime prepared by the global test setup, or null when this machine has none. */
export const sandboxRuntime = prerequisite('sandboxRuntime');

export type Role = 'manager' | 'editor' | 'viewer';

/**
 * A hub running real marimo sessions on the local driver, with one project, one notebook and a
 * user per role (plus the admin who owns the project), each acting through a token.
 */
export interface SessionWorld {
  t: TestHub;
  pid: string;
  nid: string;
  tokens: Record<Role | 'admin', string>;
  userIds: Record<Role | 'admin', string>;
  api(path: string, who: Role | 'admin', options?: Omit<CallOptions, 'token'>): Promise<CallResult>;
  /** POST /sessions and wait until the session runs (or fails). */
  start(who: Role | 'admin', body: Record<string, unknown>): Promise<CallResult>;
  /** Opens the kernel WebSocket of a session through the hub's proxy. */
  kernel(who: Role | 'admin', sessionId: string): Promise<MarimoConnection>;
  /** Edits and saves the notebook in marimo, as its editor does, through the proxy. */
  editInMarimo(who: Role | 'admin', sessionId: string, connection: MarimoConnection, code: string): Promise<void>;
  /** Creates another notebook in the project. */
  notebook(title: string): Promise<string>;
  /** One pass of the session lifecycle loop (as if it ran at `at`, default now). */
  sweep(at?: Date): ReturnType<TestHub['hub']['services']['sweepSessions']>;
  close(): Promise<void>;
}

export interface SessionWorldOptions {
  /** Keep the hub's log lines (at info) in `t.logs`. */
  captureLogs?: boolean;
  /** The settings of the hub's sandbox driver: the local driver on the prepared runtime unless given. */
  driverEnv?: Record<string, string>;
  /** More createHub options (a wrapped driver or store, short timings). */
  hub?: TestHubOptions['hub'];
  projectName?: string;
  /** Runs once the hub has closed, even when closing it failed: what else a world must not leak. */
  afterClose?: (t: TestHub) => Promise<void>;
}

export async function startSessionWorld(env: Record<string, string> = {}, options: SessionWorldOptions = {}): Promise<SessionWorld> {
  const driverEnv = options.driverEnv ?? { SERVICE_SANDBOX_RUNTIME_DIR: sandboxRuntime!.runtimeDir };
  const t = await startTestHub({
    env: { ...driverEnv, SERVICE_RUN_MAINTENANCE: 'false', ...env },
    captureLogs: options.captureLogs ?? false,
    ...(options.hub ? { hub: options.hub } : {}),
  });
  const close = async () => {
    try {
      await closeSessionHub(t);
    } finally {
      await options.afterClose?.(t);
    }
  };
  try {
    return { ...(await populateSessionWorld(t, options.projectName ?? 'Sessions')), close };
  } catch (error) {
    await close().catch(() => {});
    throw error;
  }
}

/** Sandboxes outlive a hub on purpose (a restart must not kill kernels); a test cleans up its own. */
export async function closeSessionHub(t: TestHub): Promise<void> {
  const { sandboxes } = t.hub.services;
  const destroyAll = async () => {
    for (const sandbox of await sandboxes.list()) await sandboxes.destroy(sandbox.id);
  };
  try {
    await destroyAll();
    // Sessions still starting create sandboxes until the hub has drained.
    await t.hub.close();
    await destroyAll();
  } finally {
    await t.close();
  }
}

/** The users, project and notebook every session world starts with, on a running hub. */
async function populateSessionWorld(t: TestHub, projectName: string): Promise<Omit<SessionWorld, 'close'>> {
  const tokens = {} as Record<Role | 'admin', string>;
  const userIds = {} as Record<Role | 'admin', string>;
  for (const who of ['admin', 'manager', 'editor', 'viewer'] as const) {
    tokens[who] = await t.tokenFor(`${who}@sessions.test`, { superAdmin: false });
    userIds[who] = (await t.call('/api/v1/me', { token: tokens[who] })).json.data.id;
  }
  const api = (path: string, who: Role | 'admin', options: Omit<CallOptions, 'token'> = {}) => t.call(path, { ...options, token: tokens[who] });
  const project = await api('/api/v1/projects', 'admin', { method: 'POST', body: { name: projectName } });
  if (project.status !== 201) throw new Error(`creating the project: ${project.status} ${project.text}`);
  const pid = project.json.data.id as string;
  for (const role of ['manager', 'editor', 'viewer'] as const) {
    const added = await api(`/api/v1/projects/${pid}/members`, 'admin', { method: 'POST', body: { user_id: userIds[role], role } });
    if (added.status >= 300) throw new Error(`adding ${role}: ${added.status} ${added.text}`);
  }
  const notebook = async (title: string) => {
    const created = await api(`/api/v1/projects/${pid}/notebooks`, 'admin', { method: 'POST', body: { title } });
    if (created.status !== 201) throw new Error(`creating notebook ${title}: ${created.status} ${created.text}`);
    return created.json.data.meta.id as string;
  };
  const nid = await notebook('Live');
  const proxyHeaders = (who: Role | 'admin') => ({ authorization: `Bearer ${tokens[who]}`, origin: t.url });

  return {
    t,
    pid,
    nid,
    tokens,
    userIds,
    api,
    notebook,
    start: (who, body) => api(`/api/v1/projects/${pid}/sessions`, who, { method: 'POST', body: { wait: true, ...body } }),
    kernel: (who, sessionId) => connectKernel(`${t.url}/s/${sessionId}`, proxyHeaders(who)),
    async editInMarimo(who, sessionId, connection, code) {
      const page = await api(`/s/${sessionId}/`, who);
      const serverToken = serverTokenOf(page.text);
      if (!serverToken) throw new Error('no server token in the marimo page');
      const saved = await saveCells(`${t.url}/s/${sessionId}`, proxyHeaders(who), connection, serverToken, (codes) => [code, ...codes.slice(1)]);
      if (!saved.ok) throw new Error(`marimo refused the save: ${saved.status} ${await saved.text()}`);
    },
    sweep: (at) => t.hub.services.sweepSessions(new AbortController().signal, at),
  };
}

/**
 * What a session serves its editor, checked: its page only through the proxy and only with a
 * token, no cookie of marimo's; then an edit saved in marimo over a kernel socket left open.
 */
export async function editThroughProxy(w: SessionWorld, who: Role | 'admin', sessionId: string, code: string): Promise<MarimoConnection> {
  const page = await w.api(`/s/${sessionId}/`, who);
  expect(page.status).toBe(200);
  expect(page.text).toMatch(/marimo/i);
  expect(page.headers.get('set-cookie')).toBeNull();
  expect((await w.t.call(`/s/${sessionId}/`)).status).toBe(401);
  // Kernel messages cross the proxy both ways.
  const kernel = await w.kernel(who, sessionId);
  await kernel.waitFor('kernel-ready');
  await w.editInMarimo(who, sessionId, kernel, code);
  return kernel;
}

/** Starts an edit session of `nid` as `who` and saves `code` in its marimo, as its editor would; resolves to its id. */
export async function startEditedSession(w: SessionWorld, who: Role | 'admin', nid: string, code: string): Promise<string> {
  const started = await w.start(who, { notebook_id: nid, mode: 'edit' });
  expect(started.status, started.text).toBe(201);
  const sid = started.json.data.id as string;
  const kernel = await w.kernel(who, sid);
  await w.editInMarimo(who, sid, kernel, code);
  kernel.close();
  return sid;
}

/** Polls `read` until `done` says so (at most `timeoutMs`); returns the last value read. */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    value = await read();
  }
  return value;
}

/**
 * Takes a running session out of the hub's supervision, for tests where another part of the hub
 * (the lifecycle loop, the proxy) is the one to find its server dead. The hub starts watching a
 * session just after its record says it runs, so this waits for that first.
 */
export async function stopSupervising(t: TestHub, sessionId: string): Promise<void> {
  const { supervisor } = t.hub.services;
  expect(
    await eventually(
      async () => supervisor.isWatching(sessionId),
      (watching) => watching,
    ),
  ).toBe(true);
  supervisor.unwatch(sessionId);
}

/**
 * Kills a local sandbox's whole process group with SIGKILL, behind the hub's back (as a machine
 * restart or the OOM killer would), and waits until no process of it is left. Its directory stays.
 */
export async function killLocalSandbox(dataDir: string, sandboxId: string): Promise<void> {
  const state = await readState(path.join(dataDir, 'sandboxes'), sandboxId);
  if (!state) throw new Error(`no local sandbox ${sandboxId} under ${dataDir}`);
  const alive = () => {
    try {
      process.kill(-state.pgid, 0);
      return true;
    } catch {
      return false;
    }
  };
  if (!(await groupBelongsTo({ pgid: state.pgid, startTime: state.leaderStartTime }, sandboxId))) throw new Error(`sandbox ${sandboxId} was not running`);
  process.kill(-state.pgid, 'SIGKILL');
  if (
    await eventually(
      async () => alive(),
      (running) => !running,
      10_000,
    )
  )
    throw new Error(`sandbox ${sandboxId} survived SIGKILL`);
}

/** Kills every local sandbox's process group under `dataDir`: the clean-up of a test whose hub may be gone. */
export async function killAllLocalSandboxes(dataDir: string): Promise<void> {
  for (const state of await readAllStates(path.join(dataDir, 'sandboxes'))) {
    // A dead sandbox's group id may since belong to someone else's processes.
    if (!(await groupBelongsTo({ pgid: state.pgid, startTime: state.leaderStartTime }, state.id))) continue;
    try {
      process.kill(-state.pgid, 'SIGKILL');
    } catch {
      // gone meanwhile
    }
  }
}

/**
 * A world (a hub and what the tests use of it) for one test file's suite: `start`ed before its
 * tests, closed after them; call it in the suite's body. The function returned gives the world to
 * the tests.
 */
export function worldOfSuite<World extends { close(): Promise<void> }>(start: () => Promise<World>): () => World {
  let world: World | undefined;
  beforeAll(async () => {
    world = await start();
  }, 180_000);
  afterAll(async () => {
    await world?.close();
  });
  return () => world!;
}
