import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../support/temp-dir.js';
import { startTestHub, type TestHub } from '../support/test-hub.js';
import { runSchemathesis } from './schemathesis-run.js';
import { prerequisite } from '../setup/prerequisites.js';

const schemathesis = prerequisite('schemathesis');

/**
 * The hub against its own OpenAPI document: every check of schemathesis, its coverage, fuzzing and
 * stateful phases (the stateful one follows the document's links from create routes to real
 * objects), with a fixed seed and a bounded number of examples so that a failure reproduces.
 * `npm run fuzz` runs the same with a random seed for as long as asked.
 */
describe.skipIf(schemathesis === null)('the API contract (schemathesis)', () => {
  let hub: TestHub;
  let work: { dir: string; cleanup: () => Promise<void> };

  beforeAll(async () => {
    // schemathesis probes every operation with a made-up token: a throttled address would answer
    // those 429 instead of 401 (docs/security.md, "Throttling", tested in test/security).
    hub = await startTestHub({ env: { SERVICE_AUTH_FAILURES_PER_ADDRESS: '0' } });
    work = await makeTempDir('contract');
  });

  afterAll(async () => {
    await hub?.close();
    await work?.cleanup();
  });

  it('answers every generated request as its document says', { timeout: 15 * 60_000 }, async () => {
    const token = await hub.tokenFor('contract-admin@example.com', { superAdmin: true });
    const result = await runSchemathesis({
      python: schemathesis!.python,
      url: hub.url,
      token,
      workDir: work.dir,
      seed: 20261125,
      maxExamples: 25,
      maxSteps: 20,
      timeoutMs: 12 * 60_000,
    });
    // The summary and each failure's reproduction are at the end of the output.
    expect(result.exitCode, result.output.slice(-20_000)).toBe(0);
    expect(result.output).toMatch(/Tested: [1-9]\d+/);
    // The stateful phase ran, and followed links from creates to what they made.
    expect(result.output).toMatch(/✅ +Stateful/);
    expect(result.output).toMatch(/API Links: +[1-9]\d* covered/);
  });
});
