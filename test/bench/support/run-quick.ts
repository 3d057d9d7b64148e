import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'vitest';

const run = promisify(execFile);

/** Runs a benchmark of test/bench briefly; every benchmark says how loaded the machine was before and after it. */
export async function runQuick(name: string, env: Record<string, string> = {}): Promise<{ stdout: string }> {
  const result = await run(process.execPath, ['--conditions=source', '--import', 'tsx', path.join(import.meta.dirname, '..', name)], {
    env: { ...process.env, BENCH_QUICK: '1', ...env },
  });
  expect(result.stdout).toMatch(/^machine load before: \d+\.\d+ \(1-minute average, \d+ cores\)/m);
  expect(result.stdout).toMatch(/^machine load after: \d+\.\d+/m);
  return result;
}

/** A ratio line's end, as the benchmarks print it against a goal of at most 1.2. */
export const RATIO = String.raw`\d+\.\d+ \(goal <= 1\.20: (met|NOT met)\)`;
