import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeTempDir } from '../../../test/support/temp-dir.js';
import { describeSandboxDriverConformance } from '../conformance.js';
import { LocalSandboxDriver } from './local-driver.js';
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
});
