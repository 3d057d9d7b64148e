import { describe, expect, it } from 'vitest';
import type { KernelAddress, KernelHealth } from '../ports/kernel-health.js';
import type { Logger } from '../ports/logger.js';
import type { SandboxProcess } from '../ports/sandbox-driver.js';
import { KernelSupervisor, type KernelLossCause } from './kernel-supervisor.js';
import type { SessionRecord } from './session-model.js';

const quiet: Logger = { fatal() {}, error() {}, warn() {}, info() {}, debug() {}, child: () => quiet };

/** Answers as told, per session base URL; counts the probes. */
class FakeKernelHealth implements KernelHealth {
  readonly answersOf = new Map<string, boolean>();
  probes = 0;
  async answers(address: KernelAddress): Promise<boolean> {
    this.probes++;
    return this.answersOf.get(address.baseUrl) ?? true;
  }
}

/** A server process whose exit the test decides. */
function fakeProcess(): SandboxProcess & { exit(): void } {
  let exit: () => void = () => {};
  const exited = new Promise<{ exitCode: number | null }>((resolve) => (exit = () => resolve({ exitCode: null })));
  return { exited, outputTail: () => ({ stdout: '', stderr: '' }), exit };
}

function running(id: string): SessionRecord {
  return {
    id,
    project_id: 'prj-1',
    state: 'running',
    endpoint: { host: '127.0.0.1', port: 1 },
    base_url: `/s/${id}`,
    secret: 'secret',
    sandbox: { id: `sbx-${id}` },
  } as unknown as SessionRecord;
}

function world(failuresBeforeLost = 3, onLost?: () => Promise<void>) {
  const health = new FakeKernelHealth();
  const pending = new Set<Promise<unknown>>();
  const losses: { id: string; cause: KernelLossCause }[] = [];
  const supervisor = new KernelSupervisor({
    kernels: health,
    logger: quiet,
    background: {
      run(work) {
        const promise = work();
        pending.add(promise);
        void promise.finally(() => pending.delete(promise));
        return true;
      },
    },
    config: { probeIntervalMs: 1000, failuresBeforeLost },
    lost: async (record, cause) => {
      losses.push({ id: record.id, cause });
      await onLost?.();
    },
  });
  // One probe round, as the interval would run it, and what it set off.
  const round = async () => {
    supervisor.tick();
    while (pending.size > 0) await Promise.all([...pending]);
  };
  // Until the exit and the probe it sets off have been handled.
  const settle = async () => {
    await new Promise((resolve) => setImmediate(resolve));
    while (pending.size > 0) await Promise.all([...pending]);
  };
  return { health, supervisor, losses, round, settle };
}

describe('KernelSupervisor', () => {
  it('gives a session up as soon as its server process exits and one probe confirms it, without waiting for the probe rounds', async () => {
    const { supervisor, losses, health, settle } = world();
    const process = fakeProcess();
    supervisor.watch(running('a'), process);
    health.answersOf.set('/s/a', false);
    process.exit();
    await settle();
    expect(losses).toEqual([{ id: 'a', cause: 'exited' }]);
    expect(health.probes).toBe(1);
    expect(supervisor.isWatching('a')).toBe(false);
  });

  it('keeps watching, by probes, a server that still answers after its process was reported gone', async () => {
    const { supervisor, losses, health, settle, round } = world(2);
    const process = fakeProcess();
    supervisor.watch(running('a'), process);
    process.exit();
    await settle();
    expect(losses).toEqual([]);
    expect(supervisor.isWatching('a')).toBe(true);
    health.answersOf.set('/s/a', false);
    await round();
    await round();
    expect(losses).toEqual([{ id: 'a', cause: 'unanswered' }]);
  });

  it('watches a session again when handling its loss failed, so that the probes retry', async () => {
    let attempts = 0;
    const { supervisor, health, round } = world(1, async () => {
      attempts++;
      if (attempts === 1) throw new Error('the sandbox backend did not answer');
    });
    supervisor.watch(running('a'), null);
    health.answersOf.set('/s/a', false);
    await round();
    expect(attempts).toBe(1);
    expect(supervisor.isWatching('a')).toBe(true);
    await round();
    expect(attempts).toBe(2);
    expect(supervisor.isWatching('a')).toBe(false);
  });

  it('gives a hung server up only after the configured number of unanswered probes in a row', async () => {
    const { supervisor, losses, health, round } = world(3);
    supervisor.watch(running('a'), null);
    health.answersOf.set('/s/a', false);
    await round();
    await round();
    expect(losses).toEqual([]);
    await round();
    expect(losses).toEqual([{ id: 'a', cause: 'unanswered' }]);
    // Given up once: no further probes, no second loss.
    await round();
    expect(health.probes).toBe(3);
    expect(losses).toHaveLength(1);
  });

  it('forgives a slow answer: an answer in between starts the count again', async () => {
    const { supervisor, losses, health, round } = world(3);
    supervisor.watch(running('a'), null);
    health.answersOf.set('/s/a', false);
    await round();
    await round();
    health.answersOf.set('/s/a', true);
    await round();
    health.answersOf.set('/s/a', false);
    await round();
    await round();
    expect(losses).toEqual([]);
    await round();
    expect(losses).toEqual([{ id: 'a', cause: 'unanswered' }]);
  });

  it('ignores the exit of a server it no longer watches (stopped on purpose, or replaced by a restart)', async () => {
    const { supervisor, losses, health, settle } = world();
    // Both servers are dead: only what the supervisor watches decides.
    health.answersOf.set('/s/a', false);
    health.answersOf.set('/s/b', false);
    const stopped = fakeProcess();
    supervisor.watch(running('a'), stopped);
    supervisor.unwatch('a');
    stopped.exit();
    const replaced = fakeProcess();
    supervisor.watch(running('b'), replaced);
    const restarted = fakeProcess();
    supervisor.watch(running('b'), restarted);
    replaced.exit();
    await settle();
    expect(losses).toEqual([]);
    expect(supervisor.isWatching('b')).toBe(true);
    restarted.exit();
    await settle();
    expect(losses).toEqual([{ id: 'b', cause: 'exited' }]);
  });

  it('probes each session on its own and watches only running sessions', async () => {
    const { supervisor, losses, health, round } = world(1);
    supervisor.watch(running('a'), null);
    supervisor.watch(running('b'), null);
    supervisor.watch({ ...running('c'), state: 'provisioning' }, null);
    expect(supervisor.size).toBe(2);
    health.answersOf.set('/s/b', false);
    await round();
    expect(losses).toEqual([{ id: 'b', cause: 'unanswered' }]);
    expect(supervisor.isWatching('a')).toBe(true);
  });
});
