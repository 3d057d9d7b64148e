import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { federationWorkload } from './federation-workload.js';
import type { Logger } from '../../../core/ports/logger.js';
import { keepSecretsFresh } from '../../../core/sandboxes/secrets-refresh-timer.js';
import type { WorkloadStart } from '../../../core/sandboxes/workload-environment.js';

const events: string[] = [];
const logger: Logger = {
  fatal() {},
  error() {},
  warn() {},
  info: (fields: unknown) => void events.push(String((fields as { event?: string }).event)),
  debug() {},
  child: () => logger,
};

const run: WorkloadStart = { projectId: 'proj-1', notebookId: 'nb-1', mode: 'run', userId: 'usr-1', runId: 'run-1', jobId: 'job-1' };

/** Workload credentials that mint a numbered token every time they are asked, due again at once. */
function countingCredentials() {
  let minted = 0;
  const grant = () => ({ files: { token: new TextEncoder().encode(`token-${++minted}`) }, refreshAt: new Date(Date.now() + 5), expiresAt: new Date() });
  return {
    forStart: async () => ({ ...grant(), env: {}, fileEnv: {}, received: { federation: true as const } }),
    refresh: async () => grant(),
    minted: () => minted,
  };
}

async function until(condition: () => boolean): Promise<void> {
  for (let tries = 0; tries < 400 && !condition(); tries++) await sleep(5);
  expect(condition()).toBe(true);
}

describe('keeping a job run’s workload identity token fresh', () => {
  it('asks again before each refresh whether the run’s user may still use the integrations, and stops when they may not', async () => {
    events.length = 0;
    const credentials = countingCredentials();
    const written: string[] = [];
    let allowed = true;
    const asked: string[] = [];
    const timer = keepSecretsFresh(
      {
        driver: { replaceSecretFiles: async (_sandbox, files) => void written.push(new TextDecoder().decode(files.token)) },
        workloads: { refreshFor: async (start) => (await federationWorkload(credentials).refreshFor?.(start)) ?? null },
        logger,
        now: () => new Date(),
        mayUse: async (userId, projectId) => (asked.push(`${userId}@${projectId}`), allowed),
      },
      'sbx-1',
      run,
      new Date(),
    );
    try {
      await until(() => written.length >= 2);
      allowed = false;
      await until(() => events.includes('sandbox_secrets_refresh_ended'));
      const mintedWhenStopped = credentials.minted();
      await sleep(50);
      // Nothing was minted for the user once they lost the right, and nothing more was written.
      expect(credentials.minted()).toBe(mintedWhenStopped);
      expect(written.length).toBe(mintedWhenStopped);
      expect(asked.every((one) => one === 'usr-1@proj-1')).toBe(true);
    } finally {
      timer.stop();
    }
  });

  it('gives a run no token at its start when its user may not use the integrations', async () => {
    const provider = federationWorkload(countingCredentials());
    expect(await provider.environmentFor({ ...run, mayUse: false })).toBeNull();
    expect(await provider.environmentFor({ ...run, mayUse: true })).not.toBeNull();
    // A start that does not say (a caller that does not weigh rights) keeps the earlier meaning.
    expect(await provider.environmentFor(run)).not.toBeNull();
  });
});
