import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HubError } from '../../service/src/core/errors.js';
import type { Principal } from '../../service/src/core/identity/authenticator.js';
import type { DeleteOptions, ListOptions, ListPage, ObjectStore, PutOptions, StoredObject } from '../../service/src/core/ports/object-store.js';
import { EditorClaims, type EditorClaim } from '../../service/src/core/sessions/editor-claims.js';
import { claimStanding } from '../../service/src/core/sessions/session-ending.js';
import { LIVE_STATES, TERMINAL_STATES, type SessionRecord } from '../../service/src/core/sessions/session-model.js';
import type { SessionStore } from '../../service/src/core/sessions/session-store.js';
import { layout } from '../../service/src/core/storage-layout.js';
import { startCoreWorld, type CoreWorld } from '../support/core-services.js';
import { FakeMemoryRuntime, FakeMemorySandboxDriver, fakeMemoryKernelHealth, type FakeDestroyMode } from '../support/fake-memory-sandboxes.js';

/**
 * The real fs store, checking after every change of a session record or an editor claim what any
 * reader could see at that moment: such changes are made one at a time here, each followed by the
 * check, so every state the hub passes through is looked at.
 */
class InvariantWatch implements ObjectStore {
  readonly violations: string[] = [];
  private queue: Promise<unknown> = Promise.resolve();

  constructor(readonly inner: ObjectStore) {}

  get kind(): string {
    return this.inner.kind;
  }
  get location(): string {
    return this.inner.location;
  }
  get(key: string): Promise<StoredObject | null> {
    return this.inner.get(key);
  }
  head(key: string): Promise<{ etag: string; size: number } | null> {
    return this.inner.head(key);
  }
  list(prefix: string, options?: ListOptions): Promise<ListPage> {
    return this.inner.list(prefix, options);
  }
  close(): Promise<void> {
    return this.inner.close();
  }
  put(key: string, body: Buffer | string, options?: PutOptions): Promise<{ etag: string }> {
    return this.watched(key, () => this.inner.put(key, body, options));
  }
  delete(key: string, options?: DeleteOptions): Promise<void> {
    return this.watched(key, () => this.inner.delete(key, options));
  }
  getStream: ObjectStore['getStream'] = (key, options) => this.inner.getStream(key, options);
  putStream: ObjectStore['putStream'] = (key, body, options) => this.watched(key, () => this.inner.putStream(key, body, options));

  private watched<T>(key: string, write: () => Promise<T>): Promise<T> {
    if (!key.startsWith(layout.sessionsPrefix) && !key.startsWith(layout.editorClaimsPrefix)) return write();
    const turn = this.queue.then(async () => {
      const result = await write();
      await this.check(key);
      return result;
    });
    this.queue = turn.catch(() => {});
    return turn;
  }

  /**
   * The invariant: an editor claim still marked active names a live session, and a start judging a
   * claim is never told the notebook is held by a session that is not live.
   */
  private async check(after: string): Promise<void> {
    const sessions = { get: (projectId: string, sessionId: string) => this.json<SessionRecord>(layout.session(projectId, sessionId)) };
    for (const item of (await this.inner.list(layout.editorClaimsPrefix)).items) {
      const claim = await this.json<EditorClaim>(item.key);
      if (!claim) continue;
      const session = await sessions.get(claim.project_id, claim.session_id);
      if (!session) continue;
      const standing = await claimStanding(sessions as SessionStore, claim, new Date());
      const where = `after writing ${after}: session ${session.state}${session.stop_reason ? ` (${session.stop_reason})` : ''}`;
      if (claim.state === 'active' && !LIVE_STATES.has(session.state)) this.violations.push(`${where} still holds an active claim`);
      if (standing === 'held' && !LIVE_STATES.has(session.state)) this.violations.push(`${where} is judged to hold its notebook`);
    }
  }

  private async json<T>(key: string): Promise<T | null> {
    const found = await this.inner.get(key);
    return found ? (JSON.parse(found.body.toString('utf8')) as T) : null;
  }
}

/** Background work the test can wait for (the supervisor hands a dead server's handling to it). */
class TrackedBackground {
  private readonly running = new Set<Promise<unknown>>();
  run(work: () => Promise<unknown>): boolean {
    const promise = work().catch(() => {});
    this.running.add(promise);
    void promise.finally(() => this.running.delete(promise));
    return true;
  }
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }
}

/** Waits (polling) for `done`; fails the test when it does not happen. */
async function until(done: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let round = 0; round < 1000; round++) {
    if (await done()) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`never happened: ${what}`);
}

type StartOutcome = { record: SessionRecord; reused: boolean } | { code: string; retryAfter: number | undefined; message: string };

interface Scene {
  world: CoreWorld;
  watch: InvariantWatch;
  driver: FakeMemorySandboxDriver;
  runtime: FakeMemoryRuntime;
  background: TrackedBackground;
  pid: string;
  nid: string;
  author: Principal;
  editor: Principal;
  start(who: Principal, options?: { takeoverFrom?: string }): Promise<StartOutcome>;
  record(sid: string): Promise<SessionRecord>;
  /** An edit session of the editor, running. */
  running(): Promise<SessionRecord>;
  sweep(at: Date): Promise<unknown>;
}

async function scene(env: Record<string, string> = {}): Promise<Scene> {
  let watch!: InvariantWatch;
  const driver = new FakeMemorySandboxDriver();
  const runtime = new FakeMemoryRuntime(driver);
  const background = new TrackedBackground();
  const world = await startCoreWorld(
    // In memory: the invariant is checked after every write, and forty scenes write a great deal.
    { SERVICE_STORAGE: 'memory', SERVICE_AUTOMATIC_THUMBNAILS: 'false', ...env },
    {
      store: (inner) => (watch = new InvariantWatch(inner)),
      parts: { sandboxes: driver, runtime, kernels: fakeMemoryKernelHealth(driver), background, reclaimTimings: { teardownGraceMs: 0 } },
    },
  );
  const { services } = world;
  const { author, editor } = await world.people('author', 'editor');
  const pid = await world.project(author, 'Endings', [[editor, 'editor']]);
  const project = (await services.projects.get(pid))!;
  const nid = (await services.notebooks.create(pid, project.name, { title: 'Claimed' }, { id: author.user.id, email: author.user.email })).notebook.id;
  const record = async (sid: string) => (await services.sessionStore.get(pid, sid))!;
  const start = async (who: Principal, options: { takeoverFrom?: string } = {}): Promise<StartOutcome> => {
    try {
      return await services.useCases.sessions.start(who, { projectId: pid, notebookId: nid, mode: 'edit', client: 'web', takeoverFrom: options.takeoverFrom });
    } catch (error) {
      if (!(error instanceof HubError)) throw error;
      return { code: error.code, retryAfter: error.retryAfterSeconds, message: error.message };
    }
  };
  return {
    world,
    watch,
    driver,
    runtime,
    background,
    pid,
    nid,
    author,
    editor,
    start,
    record,
    async running() {
      const started = await start(editor);
      if (!('record' in started)) throw new Error(`the editor's start was refused: ${started.code} ${started.message}`);
      await until(async () => (await record(started.record.id)).state === 'running', 'the session runs');
      return record(started.record.id);
    },
    sweep: (at) => services.sweepSessions(new AbortController().signal, at),
  };
}

const seconds = (from: string, delta: number) => new Date(Date.parse(from) + delta * 1000);

/**
 * Every way an edit session ends. `begin` sets the ending off and resolves once it is under way
 * (it may go on in the background, waiting for a destroy the test holds); `done` resolves when it
 * is over as far as it can get.
 */
interface Ending {
  name: string;
  begin(s: Scene, session: SessionRecord): Promise<{ done: Promise<unknown> }>;
  /**
   * The ending hands the notebook to someone else when it goes through (a takeover, whose result
   * `done` resolves to): the editor's next start is then told it is owned, by a live session.
   */
  handsOver?: (result: unknown) => boolean;
}

const ENDINGS: Ending[] = [
  {
    name: "the editor's stop",
    begin: async (s, session) => ({ done: s.world.services.useCases.sessions.stop(s.editor, { projectId: s.pid, sessionId: session.id, save: true }) }),
  },
  {
    name: 'a takeover',
    handsOver: (result) => typeof result === 'object' && result !== null && 'record' in result,
    begin: async (s, session) => ({ done: s.start(s.author, { takeoverFrom: session.id }) }),
  },
  {
    name: 'the notebook server dying (kernel_lost)',
    begin: async (s, session) => {
      s.driver.killServer(session.sandbox!.id);
      return { done: until(async () => TERMINAL_STATES.has((await s.record(session.id)).state), 'kernel_lost').then(() => s.background.idle()) };
    },
  },
  {
    name: 'the sandbox vanishing, noticed by supervision (sandbox_lost)',
    begin: async (s, session) => {
      s.driver.vanish(session.sandbox!.id);
      return { done: until(async () => TERMINAL_STATES.has((await s.record(session.id)).state), 'sandbox_lost').then(() => s.background.idle()) };
    },
  },
  {
    name: 'the sandbox vanishing, noticed by the lifecycle loop (sandbox_lost)',
    begin: async (s, session) => {
      // As for a session an earlier hub process started: nothing here watches it.
      s.world.services.supervisor.unwatch(session.id);
      s.driver.vanish(session.sandbox!.id);
      return { done: s.sweep(new Date()) };
    },
  },
  {
    name: 'the idle deadline',
    begin: async (s, session) => ({ done: s.sweep(seconds(session.last_activity_at, 3601)) }),
  },
  {
    name: 'the lifetime deadline',
    begin: async (s, session) => ({ done: s.sweep(seconds(session.expires_at, 1)) }),
  },
  {
    name: 'the provider cap',
    begin: async (s, session) => ({ done: s.sweep(seconds(session.hard_stop_at, 1)) }),
  },
  {
    name: 'a hub shutdown (the desktop stops every session)',
    begin: async (s, session) => ({
      done: s.world.services.sessions.stop(s.pid, session.id, { reason: 'shutdown', save: true, actor: { id: session.user_id, email: '' } }),
    }),
  },
  {
    name: 'a stop left half-done by a replica that went away, finished by the lifecycle loop',
    begin: async (s, session) => {
      // What a hub before claims were retired first left behind: stopping, the claim still active.
      await s.world.services.sessionStore.update(s.pid, session.id, (current) => ({
        ...current,
        state: 'stopping',
        stop_reason: 'user',
        stopping_since: current.started_at,
      }));
      return { done: s.sweep(seconds(session.started_at!, 121)) };
    },
  },
];

const ALLOWED_VIOLATIONS: Record<string, RegExp> = {
  // The left-over state written above is the very thing the hub must cope with.
  'a stop left half-done by a replica that went away, finished by the lifecycle loop':
    /writing sessions\/[^ ]+: session stopping \(user\) still holds an active claim$/,
};

describe.each(ENDINGS)('ending an edit session by $name', (ending) => {
  let s: Scene;
  beforeEach(async () => {
    s = await scene();
  });
  afterEach(async () => {
    s.driver.releaseDestroys();
    s.driver.letReadinessGo();
    await s.background.idle();
    await s.world.close();
  });

  const expectRetiring = (outcome: StartOutcome, who: string) => {
    expect('code' in outcome ? [outcome.code, outcome.retryAfter] : 'a session', who).toEqual(['EDIT_SESSION_RETIRING', 5]);
  };
  const expectFresh = async (previous: SessionRecord, result: unknown) => {
    const next = await s.start(s.editor);
    if (ending.handsOver?.(result)) {
      // The taker holds the notebook now, in a session that lives.
      expect('code' in next && next.code).toBe('EDIT_SESSION_OWNED');
      const claim = (await s.world.services.store.get(layout.editorClaim(s.pid, s.nid)))!;
      const holder = await s.record((JSON.parse(claim.body.toString()) as EditorClaim).session_id);
      expect([holder.user_id, LIVE_STATES.has(holder.state)]).toEqual([s.author.user.id, true]);
      return;
    }
    expect('record' in next && { reused: next.reused, fresh: next.record.id !== previous.id }).toEqual({ reused: false, fresh: true });
  };
  const expectNoViolations = () => {
    const allowed = ALLOWED_VIOLATIONS[ending.name];
    expect(s.watch.violations.filter((violation) => !allowed?.test(violation))).toEqual([]);
  };

  it.each<FakeDestroyMode>(['prompt', 'held', 'fail'])(
    'with a destroy that is %s: the claim retires as the session ends, and the notebook is free once the sandbox is gone',
    async (mode) => {
      const session = await s.running();
      s.driver.destroyMode = mode;
      const { done } = await ending.begin(s, session);
      if (mode === 'held') {
        await until(() => s.driver.heldDestroys.includes(session.sandbox!.id), 'the teardown waits for its destroy');
        // Whoever asks while the sandbox is being destroyed is told to come back, never that it is owned.
        expectRetiring(await s.start(s.editor), 'the editor, during the teardown');
        expectRetiring(await s.start(s.author), 'another editor, during the teardown');
        s.driver.releaseDestroys();
      }
      const result = await done;
      await s.background.idle();
      const ended = await s.record(session.id);
      expect(TERMINAL_STATES.has(ended.state), ended.state).toBe(true);
      if (mode === 'fail') {
        expect(ended.sandbox_released).toBe(false);
        expectRetiring(await s.start(s.editor), 'the editor, while the destroy keeps failing');
        s.driver.destroyMode = 'prompt';
        await s.sweep(new Date(Date.now() + 1000));
      }
      expect((await s.record(session.id)).sandbox_released).toBe(true);
      await expectFresh(session, result);
      expectNoViolations();
    },
  );
});

describe('the ends of sessions that never ran, and of sessions already over', () => {
  let s: Scene;
  beforeEach(async () => {
    s = await scene();
  });
  afterEach(async () => {
    s.driver.releaseDestroys();
    s.driver.letReadinessGo();
    await s.background.idle();
    await s.world.close();
  });

  it.each<FakeDestroyMode>(['prompt', 'held', 'fail'])('a start that fails retires its claim as it fails (destroy %s)', async (mode) => {
    s.runtime.failStarts = true;
    s.driver.destroyMode = mode;
    const started = await s.start(s.editor);
    if (!('record' in started)) throw new Error(started.code);
    if (mode === 'held') {
      await until(() => s.driver.heldDestroys.length > 0, 'the failed start destroys its sandbox');
      expectRetiringCode(await s.start(s.editor));
      s.driver.releaseDestroys();
    }
    await until(async () => (await s.record(started.record.id)).state === 'failed', 'the start fails');
    await s.background.idle();
    if (mode === 'fail') {
      expectRetiringCode(await s.start(s.editor));
      s.driver.destroyMode = 'prompt';
      await s.sweep(new Date(Date.now() + 1000));
    }
    s.runtime.failStarts = false;
    const next = await s.start(s.editor);
    expect('record' in next && next.record.id !== started.record.id).toBe(true);
    expect(s.watch.violations).toEqual([]);
  });

  it.each<FakeDestroyMode>(['prompt', 'held', 'fail'])(
    'a start past its start-up timeout is failed by the lifecycle loop, retiring its claim (destroy %s)',
    async (mode) => {
      s.driver.holdReadiness();
      const started = await s.start(s.editor);
      if (!('record' in started)) throw new Error(started.code);
      await until(async () => (await s.record(started.record.id)).sandbox !== null, 'the sandbox is recorded');
      s.driver.destroyMode = mode;
      const swept = s.sweep(seconds(started.record.created_at, 120 + 61));
      if (mode === 'held') {
        await until(() => s.driver.heldDestroys.length > 0, 'the loop destroys its sandbox');
        expectRetiringCode(await s.start(s.editor));
        s.driver.releaseDestroys();
      }
      await swept;
      expect(await s.record(started.record.id)).toMatchObject({ state: 'failed', stop_reason: 'provision_failed' });
      if (mode === 'fail') {
        expectRetiringCode(await s.start(s.editor));
        s.driver.destroyMode = 'prompt';
        await s.sweep(new Date(Date.now() + 1000));
      }
      s.driver.letReadinessGo();
      const next = await s.start(s.editor);
      expect('record' in next && next.record.id !== started.record.id).toBe(true);
      expect(s.watch.violations).toEqual([]);
    },
  );

  it("a super admin's reclaim of a session whose destroy failed keeps the claim retiring until the sandbox is gone", async () => {
    const session = await s.running();
    s.driver.destroyMode = 'fail';
    await s.world.services.useCases.sessions.stop(s.editor, { projectId: s.pid, sessionId: session.id, save: true });
    expect(await s.record(session.id)).toMatchObject({ state: 'stopped', sandbox_released: false });
    s.driver.destroyMode = 'held';
    const reclaim = s.world.services.reclaimer.reclaim(s.pid, session.id, { save: false, actor: { id: 'root', email: '' } });
    await until(() => s.driver.heldDestroys.length > 0, 'the reclaim destroys the sandbox');
    expectRetiringCode(await s.start(s.editor));
    s.driver.releaseDestroys();
    expect(await reclaim).toEqual({ saved: false });
    const next = await s.start(s.editor);
    expect('record' in next && next.record.id !== session.id).toBe(true);
    expect(s.watch.violations).toEqual([]);
  });

  it('treats a claim still marked active for a session that is over as retiring, and as free once its sandbox is gone', async () => {
    const session = await s.running();
    // What a hub before claims were retired first left while it destroyed a lost sandbox.
    await s.world.services.sessionStore.update(s.pid, session.id, (current) => ({
      ...current,
      state: 'stopped',
      stop_reason: 'sandbox_lost',
      stopped_at: new Date().toISOString(),
    }));
    expect((JSON.parse((await s.world.services.store.get(layout.editorClaim(s.pid, s.nid)))!.body.toString()) as EditorClaim).state).toBe('active');
    const refused = await s.start(s.editor);
    expectRetiringCode(refused);
    // Not owned: the versions route, too, says the notebook is on its way to being free.
    await expect(s.world.services.sessions.assertNotBeingEdited(s.pid, s.nid)).rejects.toMatchObject({ code: 'EDIT_SESSION_RETIRING' });
    await s.sweep(new Date(Date.now() + 1000));
    expect((await s.record(session.id)).sandbox_released).toBe(true);
    const next = await s.start(s.editor);
    expect('record' in next && next.record.id !== session.id).toBe(true);
  });

  it('tells a start that the notebook is retiring before it counts the session on its way out against the limit', async () => {
    await s.world.close();
    s = await scene({ SERVICE_MAX_SESSIONS_PER_USER: '1' });
    const session = await s.running();
    // The first step of every ending: the claim retires while the record still says running.
    await new EditorClaims(s.world.services.store).retire(s.pid, s.nid, session.id);
    expectRetiringCode(await s.start(s.editor));
    await s.world.services.sessions.stop(s.pid, session.id, { reason: 'user', save: false, actor: { id: s.editor.user.id, email: '' } });
    const next = await s.start(s.editor);
    expect('record' in next && next.record.id !== session.id).toBe(true);
  });

  it('gives the claim back when an ending finds the session live after all', async () => {
    const session = await s.running();
    const { record, mine } = await s.world.services.sessions.end(session, () => undefined);
    expect([record.state, mine]).toEqual(['running', false]);
    const claim = JSON.parse((await s.world.services.store.get(layout.editorClaim(s.pid, s.nid)))!.body.toString()) as EditorClaim;
    expect([claim.session_id, claim.state, claim.retiring_since]).toEqual([session.id, 'active', null]);
    // Its editor gets it back as before.
    const again = await s.start(s.editor);
    expect('record' in again && [again.reused, again.record.id]).toEqual([true, session.id]);
    expect(s.watch.violations).toEqual([]);
  });
});

function expectRetiringCode(outcome: StartOutcome): void {
  expect('code' in outcome ? [outcome.code, outcome.retryAfter] : 'a session').toEqual(['EDIT_SESSION_RETIRING', 5]);
}
