import { inject } from 'vitest';
import { makeTempDir } from '../../../test/support/temp-dir.js';
import { describeSandboxDriverConformance } from '../conformance.js';

const runtime = inject('sandboxRuntime');
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
