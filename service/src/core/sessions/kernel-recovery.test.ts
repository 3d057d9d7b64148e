import { describe, expect, it } from 'vitest';
import { SandboxError, type SandboxDriver, type SandboxSummary } from '../ports/sandbox-driver.js';
import { recoverDeadKernel, type RecoveryDeps, type RecoveryOps } from './kernel-recovery.js';
import type { SessionRecord } from './session-model.js';

const record = { id: 'ses-a', project_id: 'proj-a', notebook_id: 'nb-a', mode: 'edit', state: 'running', sandbox: { id: 'sbx-a' } } as unknown as SessionRecord;

/**
 * A driver that lists one sandbox as running and runs processes in it, fails to (a container
 * killed a moment ago), or is too busy to run one in time.
 */
function fakeDriver(runsProcesses: boolean | 'too slowly'): SandboxDriver {
  const listed: SandboxSummary = { id: 'sbx-a', ownerId: 'hub', image: 'img', createdAt: '', state: 'running', labels: {} };
  return {
    list: async () => [listed],
    exec: async () => {
      if (runsProcesses === 'too slowly') throw new SandboxError('COMMAND_FAILED', 'true did not finish within 5000 ms', { timedOut: true });
      if (!runsProcesses) throw new Error('container is not running');
      return { exitCode: 0, stdout: '', stderr: '' };
    },
  } as unknown as SandboxDriver;
}

function outcomeWith(driver: SandboxDriver) {
  const calls: string[] = [];
  const deps = { driver, logger: { warn: () => {} } } as unknown as RecoveryDeps;
  const ops = {
    markLost: async (lost: SessionRecord) => (calls.push('sandbox_lost'), lost),
    stop: async (_pid: string, _sid: string, options: { reason: string }) => (calls.push(options.reason), record),
  } as unknown as RecoveryOps;
  return { calls, run: () => recoverDeadKernel(deps, ops, record, 'exited') };
}

describe('recoverDeadKernel', () => {
  it('ends a session whose sandbox is still listed but runs no process as sandbox_lost, with nothing to save', async () => {
    const { calls, run } = outcomeWith(fakeDriver(false));
    await run();
    expect(calls).toEqual(['sandbox_lost']);
  });

  it('saves and ends an edit session as kernel_lost when only its notebook server died', async () => {
    const { calls, run } = outcomeWith(fakeDriver(true));
    await run();
    expect(calls).toEqual(['kernel_lost']);
  });

  it('takes a sandbox too busy to run the check in time for a live one', async () => {
    const { calls, run } = outcomeWith(fakeDriver('too slowly'));
    await run();
    expect(calls).toEqual(['kernel_lost']);
  });
});
