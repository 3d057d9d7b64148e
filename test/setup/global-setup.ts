import type { TestProject } from 'vitest/node';

/**
 * Provisions what the suites need and provides it to them through `inject(...)`. Each
 * prerequisite lives in its own module; its suites skip (or, with REQUIRE_ALL_SUITES=1, the run
 * fails) when it cannot be had.
 */
type Teardown = () => Promise<void>;

export default async function setup(project: TestProject): Promise<Teardown> {
  const teardowns: Teardown[] = [];
  void project;
  return async () => {
    for (const teardown of teardowns.reverse()) await teardown().catch((error: unknown) => console.error(error));
  };
}
