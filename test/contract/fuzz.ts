import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { provisionSchemathesis } from '../setup/schemathesis.js';
import { startTestHub } from '../support/test-hub.js';
import { runSchemathesis } from './schemathesis-run.js';

/**
 * `npm run fuzz [-- <minutes>] [--seed <n>]`: a longer contract run than the test suite's, with a
 * random seed unless one is given, against a hub of its own. Exits non-zero on any failure; the
 * seed schemathesis prints replays it.
 */
const args = process.argv.slice(2);
const seedAt = args.indexOf('--seed');
const seed = seedAt >= 0 ? Number(args[seedAt + 1]) : undefined;
const minutes = Number(args.find((arg, index) => /^\d+(\.\d+)?$/.test(arg) && !(seedAt >= 0 && index === seedAt + 1)) ?? '10');

const { python } = await provisionSchemathesis();
// schemathesis probes every operation with a made-up token: a throttled address would answer
// those 429 instead of 401 (docs/security.md, "Throttling", tested in test/security).
const hub = await startTestHub({ env: { SERVICE_AUTH_FAILURES_PER_ADDRESS: '0' } });
const workDir = await mkdtemp(path.join(os.tmpdir(), 'notebook-hub-fuzz-'));
try {
  const token = await hub.tokenFor('fuzz-admin@example.com', { superAdmin: true });
  const seconds = Math.max(1, Math.round(minutes * 60));
  process.stdout.write(`[fuzz] ${minutes} min against ${hub.url}; reports in ${workDir}/report\n`);
  const result = await runSchemathesis({
    python,
    url: hub.url,
    token,
    workDir,
    seed,
    maxExamples: 1000,
    maxSteps: 50,
    maxTimeSeconds: seconds,
    timeoutMs: (seconds + 300) * 1000,
    echo: true,
  });
  process.exitCode = result.exitCode ?? 1;
} finally {
  await hub.close();
  if (process.exitCode === 0) await rm(workDir, { recursive: true, force: true });
}
