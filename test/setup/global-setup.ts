import type { TestProject } from 'vitest/node';
import { tierNamed } from '../tiers.js';
import { buildIfStale } from './build.js';
import type { ProvidedName } from './prerequisites.js';
import { STEPS, type Teardown } from './steps.js';
import { provisionSuite } from './suites.js';

/**
 * The global set-up of every tier but the unit ones: provisions the tier's prerequisites
 * (test/tiers.ts) and provides them to its files through `prerequisite(...)`. A prerequisite that
 * cannot be had skips its suites, or with REQUIRE_ALL_SUITES=1 fails the run.
 *
 * TEST_PREREQUISITES=none, or a list of names such as "sandboxRuntime,chromium", narrows it
 * further: the suites that need the others skip.
 */
export default async function setup(project: TestProject): Promise<Teardown> {
  const tier = tierNamed(project.name);
  const wanted = process.env.TEST_PREREQUISITES?.split(',').map((name) => name.trim());
  const provided = new Map<ProvidedName, unknown>();
  const teardowns: Teardown[] = [];
  for (const name of tier.prerequisites) {
    if (name === 'build') {
      buildIfStale();
      continue;
    }
    const step = STEPS[name];
    const result = wanted && !wanted.includes(name) ? null : await provisionSuite(step.suite, () => step.provision(provided));
    if (result?.stop) teardowns.push(result.stop);
    provided.set(name, result?.info ?? null);
    project.provide(name, (result?.info ?? null) as never);
  }
  return async () => {
    for (const teardown of teardowns.reverse()) await teardown().catch((error: unknown) => console.error(error));
  };
}
