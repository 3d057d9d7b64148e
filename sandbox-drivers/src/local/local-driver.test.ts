import { readdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeTempDir } from '../../../test/support/temp-dir.js';
import { describeSandboxDriverConformance } from '../conformance.js';
import { LocalSandboxDriver } from './local-driver.js';
import { filesContaining } from '../../../test/support/data-dir-grep.js';
import { prerequisite } from '../../../test/setup/prerequisites.js';

const runtime = prerequisite('sandboxRuntime');
const { dir } = await makeTempDir('local-sandboxes');

describeSandboxDriverConformance(
  'local',
  runtime === null
    ? null
    : {
        config: (ownerId) => ({ kind: 'local', ownerId, dataDir: dir, runtimeDir: runtime.runtimeDir }),
        // `kill 0` signals the caller's own process group: the whole sandbox, leader included.
        crash: async (driver, sandbox) => {
          await driver.exec(sandbox.id, { argv: ['sh', '-c', 'kill -KILL 0'] }).catch(() => {});
        },
      },
);

describe.skipIf(runtime === null)('local driver specifics', () => {
  it('reports a data directory it cannot use as a backend error and leaves nothing behind', async () => {
    const dataDir = path.join(dir, 'not-a-directory');
    await writeFile(dataDir, 'a file where the data directory should be');
    const driver = new LocalSandboxDriver({ ownerId: 'local-specifics', dataDir, runtimeDir: runtime!.runtimeDir });
    await expect(driver.create({ compute: {} })).rejects.toMatchObject({
      code: 'BACKEND_ERROR',
      message: expect.stringMatching(/cannot create a local sandbox/),
    });
    expect(await driver.list()).toEqual([]);
  });

  it("keeps a sandbox's secrets out of the data directory, owner-only, and removes them with the sandbox", async () => {
    const secretsDir = path.join((await makeTempDir('local-secrets')).dir, 'secrets');
    const dataDir = path.join(dir, 'with-secrets');
    const driver = new LocalSandboxDriver({ ownerId: 'local-secrets', dataDir, runtimeDir: runtime!.runtimeDir, secretsDir });
    const value = 'local-secret-value-5e1b9c';
    const sandbox = await driver.create({ compute: {}, secrets: { env: { API_KEY: value }, files: { 'token.txt': Buffer.from(value) } } });
    try {
      expect(await filesContaining(dataDir, [value])).toEqual([]);
      expect((await stat(secretsDir)).mode & 0o777).toBe(0o700);
      const files = path.join(secretsDir, sandbox.id, 'files');
      expect((await stat(files)).mode & 0o777).toBe(0o700);
      expect((await stat(path.join(files, 'token.txt'))).mode & 0o777).toBe(0o600);
      // Another hub process (a restart) attaches and still gives commands the variables.
      const restarted = new LocalSandboxDriver({ ownerId: 'local-secrets', dataDir, runtimeDir: runtime!.runtimeDir, secretsDir });
      expect((await restarted.exec(sandbox.id, { argv: ['sh', '-c', 'printf %s "$API_KEY"'], check: true })).stdout).toBe(value);
    } finally {
      await driver.destroy(sandbox.id);
    }
    expect(await readdir(secretsDir)).toEqual([]);
  });
});
