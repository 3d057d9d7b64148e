import { appendFileSync } from 'node:fs';

/**
 * Suites whose prerequisites (SeaweedFS, Docker, Chromium, marimo) are provisioned by the global
 * setup. A prerequisite that cannot be had skips its suite with a loud line, or fails the run when
 * REQUIRE_ALL_SUITES=1 (as CI sets it).
 */
export const requireAllSuites = (): boolean => process.env.REQUIRE_ALL_SUITES === '1';

export class SuiteUnavailableError extends Error {
  constructor(
    readonly suite: string,
    reason: string,
  ) {
    super(`${suite}: ${reason}`);
    this.name = 'SuiteUnavailableError';
  }
}

export function announceSkip(suite: string, reason: string): void {
  const line = `!!! SKIPPING SUITE "${suite}": ${reason} (set REQUIRE_ALL_SUITES=1 to make this a failure)`;
  process.stderr.write(`\n${'!'.repeat(Math.min(line.length, 120))}\n${line}\n${'!'.repeat(Math.min(line.length, 120))}\n\n`);
}

/**
 * `npm test` (test/run.ts) names a file in NOTEBOOK_HUB_TEST_TIMINGS where every provisioning step
 * of every tier (and of the background provisioning) appends how long it took, for the run's summary.
 */
function recordTiming(suite: string, seconds: number, ok: boolean): void {
  const file = process.env.NOTEBOOK_HUB_TEST_TIMINGS;
  if (!file) return;
  appendFileSync(file, `${JSON.stringify({ suite, seconds, ok, by: process.env.NOTEBOOK_HUB_TEST_STAGE ?? 'vitest' })}\n`);
}

/**
 * Runs a provisioning step. On failure: throws when every suite is required, otherwise announces
 * the skip and returns null so dependent suites skip themselves.
 */
export async function provisionSuite<T>(suite: string, provision: () => Promise<T>): Promise<T | null> {
  const started = Date.now();
  process.stderr.write(`[setup] provisioning ${suite}...\n`);
  try {
    const result = await provision();
    const seconds = (Date.now() - started) / 1000;
    process.stderr.write(`[setup] ${suite} ready in ${seconds.toFixed(1)} s\n`);
    recordTiming(suite, seconds, true);
    return result;
  } catch (error) {
    recordTiming(suite, (Date.now() - started) / 1000, false);
    const reason = error instanceof Error ? error.message : String(error);
    if (requireAllSuites()) throw new SuiteUnavailableError(suite, reason);
    announceSkip(suite, reason);
    return null;
  }
}
