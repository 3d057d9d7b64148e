import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);

// Benchmarks print ratios and never assert times; this only keeps the script from rotting.
describe('storage benchmark script', () => {
  it('runs end to end at a reduced size and prints its ratios', async () => {
    const script = path.join(import.meta.dirname, 'store.bench.ts');
    const { stdout } = await run(process.execPath, ['--import', 'tsx', script], { env: { ...process.env, BENCH_QUICK: '1' } });
    expect(stdout).toMatch(/conditional puts\/s, 16 writers: +\d+/);
    expect(stdout).toMatch(/catalog mutations\/s at \d+ projects/);
    expect(stdout).toMatch(/page listing ratio \d+\/\d+: \d+\.\d+/);
  }, 120_000);
});
