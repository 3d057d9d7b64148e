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
 * Runs a provisioning step. On failure: throws when every suite is required, otherwise announces
 * the skip and returns null so dependent suites skip themselves.
 */
export async function provisionSuite<T>(suite: string, provision: () => Promise<T>): Promise<T | null> {
  const started = Date.now();
  process.stderr.write(`[setup] provisioning ${suite}...\n`);
  try {
    const result = await provision();
    process.stderr.write(`[setup] ${suite} ready in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
    return result;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    if (requireAllSuites()) throw new SuiteUnavailableError(suite, reason);
    announceSkip(suite, reason);
    return null;
  }
}
