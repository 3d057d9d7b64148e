import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The dependency rule lives in eslint.config.js. These cases lint a synthetic file placed in each
// layer: a forbidden import must be reported by the rule, a permitted one must pass. Type-aware
// rules are switched off so the synthetic files need not exist on disk.
const ROOT = path.resolve(import.meta.dirname, '../..');
const RULE = '@typescript-eslint/no-restricted-imports';

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT, overrideConfig: [tseslint.configs.disableTypeChecked] });
});

async function violations(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport {};\n`, { filePath: path.join(ROOT, filePath) });
  expect(result!.fatalErrorCount).toBe(0);
  return result!.messages.filter((message) => message.ruleId === RULE).map((message) => message.message);
}

interface Case {
  layer: string;
  file: string;
  forbidden: string[];
  permitted: string[];
}

const cases: Case[] = [
  {
    layer: 'core',
    file: 'service/src/core/sessions/example.ts',
    forbidden: [
      "import { FsObjectStore } from '../../adapters/store/fs-store.js';",
      "import { createHub } from '../../compose/hub.js';",
      "import type { FastifyInstance } from 'fastify';",
      "import { readSettings } from '../../config/settings.js';",
      "import { buildApp } from '../../http/app.js';",
      "import { runLoop } from '../../loops/loop-runner.js';",
      "import { readFile } from 'node:fs/promises';",
      "import { spawn } from 'node:child_process';",
      "import { main } from '../../cli/main.js';",
      "import { LocalSandboxDriver } from '@notebook-hub/sandbox-drivers/local';",
      "import { tempDir } from '../../../../test/support/temp-dir.js';",
      "import { describe } from 'vitest';",
    ],
    permitted: [
      "import { HubError } from '../errors.js';",
      "import { HubError } from '@notebook-hub/kernel/errors.js';",
      "import type { ObjectStore } from '../ports/object-store.js';",
      "import { catalogKey } from './session-store.js';",
      "import { createHash } from 'node:crypto';",
    ],
  },
  {
    layer: 'core tests',
    file: 'service/src/core/sessions/example.test.ts',
    forbidden: ["import { buildApp } from '../../http/app.js';", "import { createHub } from '../../compose/hub.js';", "import Fastify from 'fastify';"],
    permitted: [
      "import { describe, it } from 'vitest';",
      "import { FsObjectStore } from '../../adapters/store/fs-store.js';",
      "import { tempDir } from '../../../../test/support/temp-dir.js';",
    ],
  },
  {
    layer: 'adapters',
    file: 'service/src/adapters/store/example.ts',
    forbidden: [
      "import { buildApp } from '../../http/app.js';",
      "import { createHub } from '../../compose/hub.js';",
      "import { main } from '../../cli/main.js';",
      "import { runLoop } from '../../loops/loop-runner.js';",
      "import { DockerSandboxDriver } from '@notebook-hub/sandbox-drivers/docker';",
    ],
    permitted: [
      "import { S3Client } from '@aws-sdk/client-s3';",
      "import type { ObjectStore } from '../../core/ports/object-store.js';",
      "import { fsyncDir } from './fs-sync.js';",
    ],
  },
  ...['http/routes', 'loops/housekeeping'].map((dir): Case => ({
    layer: dir.split('/')[0]!,
    file: `service/src/${dir}/example.ts`,
    forbidden: [
      `import { FsObjectStore } from '${dir.includes('/') ? '../../' : '../'}adapters/store/fs-store.js';`,
      `import { createHub } from '${dir.includes('/') ? '../../' : '../'}compose/hub.js';`,
      `import type { Hub } from '${dir.includes('/') ? '../../' : '../'}compose/hub.js';`,
      "import { S3Client } from '@aws-sdk/client-s3';",
      "import Docker from 'dockerode';",
      "import * as client from 'openid-client';",
      "import { metrics } from '@opentelemetry/api';",
      "import pino from 'pino';",
      "import { runStartupDiagnostic } from '@notebook-hub/sandbox-drivers';",
      "import { LocalSandboxDriver } from '@notebook-hub/sandbox-drivers/local';",
    ],
    permitted: [
      `import { HubError } from '${dir.includes('/') ? '../../' : '../'}core/errors.js';`,
      "import { Type } from 'typebox';",
      "import { MARIMO_VERSION } from '@notebook-hub/sandbox-drivers/runtime/pins';",
    ],
  })),
  {
    layer: 'cli',
    file: 'service/src/cli/example.ts',
    forbidden: [
      "import { FsObjectStore } from '../adapters/store/fs-store.js';",
      "import { S3Client } from '@aws-sdk/client-s3';",
      "import Docker from 'dockerode';",
      "import pino from 'pino';",
      "import { runStartupDiagnostic } from '@notebook-hub/sandbox-drivers';",
      "import { LocalSandboxDriver } from '@notebook-hub/sandbox-drivers/local';",
    ],
    permitted: [
      "import { createHub } from '../compose/hub.js';",
      "import { openObjectStore } from '../compose/adapters.js';",
      "import { HubError } from '../core/errors.js';",
    ],
  },
  {
    layer: 'config',
    file: 'service/src/config/example.ts',
    forbidden: [
      "import { FsObjectStore } from '../adapters/store/fs-store.js';",
      "import { createHub } from '../compose/hub.js';",
      "import { buildApp } from '../http/app.js';",
      "import { DockerSandboxDriver } from '@notebook-hub/sandbox-drivers/docker';",
    ],
    permitted: ["import { HubError } from '../core/errors.js';", "import { LOCAL_IMAGE } from '@notebook-hub/sandbox-drivers/runtime/pins';"],
  },
  {
    layer: 'compose',
    file: 'service/src/compose/example.ts',
    forbidden: ["import { LocalSandboxDriver } from '../../../sandbox-drivers/src/local/local-driver.js';"],
    permitted: [
      "import { LocalSandboxDriver } from '@notebook-hub/sandbox-drivers/local';",
      "import { DockerSandboxDriver } from '@notebook-hub/sandbox-drivers/docker';",
      "import { FsObjectStore } from '../adapters/store/fs-store.js';",
      "import { buildApp } from '../http/app.js';",
    ],
  },
  {
    layer: 'sandbox-drivers',
    file: 'sandbox-drivers/src/local/example.ts',
    forbidden: [
      "import { SandboxError } from '../../../service/src/core/ports/sandbox-driver.js';",
      "import { SandboxError } from '../../../kernel/src/ports/sandbox-driver.js';",
      "import { SandboxError } from '@notebook-hub/service/core/ports/sandbox-driver.js';",
      "import { createHub } from '@notebook-hub/service/compose/hub.js';",
      "import { main } from '@notebook-hub/service/cli/main.js';",
      "import { NotebookService } from '@notebook-hub/service/core/notebooks/notebook-service.js';",
    ],
    permitted: [
      "import { SandboxError } from '@notebook-hub/kernel/ports/sandbox-driver.js';",
      "import type { Logger } from '@notebook-hub/kernel/ports/logger.js';",
      "import { HubError } from '@notebook-hub/kernel/errors.js';",
      "import { timeOrderedId } from '@notebook-hub/kernel/ids.js';",
      "import Docker from 'dockerode';",
    ],
  },
  {
    layer: "a feature's core",
    file: 'service/src/features/jobs/core/example.ts',
    forbidden: [
      "import { FsObjectStore } from '../../../adapters/store/fs-store.js';",
      "import { createHub } from '../../../compose/hub.js';",
      "import { buildApp } from '../../../http/app.js';",
      "import { runLoop } from '../../../loops/loop-runner.js';",
      "import { jobRoutes } from '../http/job-routes.js';",
      "import { registerJobLoops } from '../loops/job-loops.js';",
      "import { jobTools } from '../mcp-tools/job-tools.js';",
      "import { jobsFeature } from '../feature.js';",
      "import { readSettings } from '../../../config/settings.js';",
      "import { readFile } from 'node:fs/promises';",
      "import { spawn } from 'node:child_process';",
      "import Docker from 'dockerode';",
      "import type { FastifyInstance } from 'fastify';",
      "import { GitSync } from '../../git/core/git-sync.js';",
      "import { previewRoutes } from '../../git/http/preview-routes.js';",
    ],
    permitted: [
      "import { HubError } from '../../../core/errors.js';",
      "import type { NotebookService } from '../../../core/notebooks/notebook-service.js';",
      "import { JobRecords } from './job-records.js';",
      "import type { gitFeature } from '../../git/index.js';",
      "import { createHash } from 'node:crypto';",
    ],
  },
  {
    layer: "a feature's core tests",
    file: 'service/src/features/jobs/core/example.test.ts',
    forbidden: ["import { buildApp } from '../../../http/app.js';", "import Fastify from 'fastify';"],
    permitted: [
      "import { describe, it } from 'vitest';",
      "import { FsObjectStore } from '../../../adapters/store/fs-store.js';",
      "import { JobRecords } from './job-records.js';",
    ],
  },
  ...['http', 'mcp-tools', 'loops'].map((layer): Case => ({
    layer: `a feature's ${layer}`,
    file: `service/src/features/jobs/${layer}/example.ts`,
    forbidden: [
      "import { CRONER_SCHEDULES } from '../../../adapters/schedule/croner-schedules.js';",
      "import type { HubServices } from '../../../compose/services.js';",
      "import { createHub } from '../../../compose/hub.js';",
      "import { jobsFeature } from '../feature.js';",
      "import { GitUseCases } from '../../git/core/git-use-cases.js';",
      "import { S3Client } from '@aws-sdk/client-s3';",
      "import { LocalSandboxDriver } from '@notebook-hub/sandbox-drivers/local';",
    ],
    permitted: [
      "import { JobUseCases } from '../core/job-use-cases.js';",
      "import { principalOf } from '../../../http/auth/authenticate.js';",
      "import type { HubLoops } from '../../../loops/compose.js';",
      "import type { gitFeature } from '../../git/index.js';",
      "import { Type } from 'typebox';",
    ],
  })),
  {
    layer: "a feature's registration",
    file: 'service/src/features/jobs/feature.ts',
    forbidden: [
      "import { FEATURES } from '../../compose/features.js';",
      "import type { HubServices } from '../../compose/services.js';",
      "import { Previews } from '../git/core/previews.js';",
      "import { LocalSandboxDriver } from '@notebook-hub/sandbox-drivers/local';",
    ],
    permitted: [
      "import { CRONER_SCHEDULES } from '../../adapters/schedule/croner-schedules.js';",
      "import type { BaseServices, Feature } from '../feature.js';",
      "import { JobService } from './core/job-service.js';",
      "import { jobRoutes } from './http/job-routes.js';",
      "import { gitFeature } from '../git/index.js';",
    ],
  },
  ...['core/sessions', 'http/routes', 'loops/housekeeping', 'adapters/store', 'config'].map((dir): Case => ({
    layer: `${dir.split('/')[0]} (the base) and the features`,
    file: `service/src/${dir}/example.ts`,
    forbidden: [
      `import { jobsFeature } from '${dir.includes('/') ? '../../' : '../'}features/jobs/index.js';`,
      `import type { JobService } from '${dir.includes('/') ? '../../' : '../'}features/jobs/core/job-service.js';`,
    ],
    permitted: [],
  })),
  {
    layer: 'compose (the composition root) and the features',
    file: 'service/src/compose/example.ts',
    forbidden: ["import { JobScheduler } from '../features/jobs/core/job-scheduler.js';", "import { gitRoutes } from '../features/git/http/git-routes.js';"],
    permitted: ["import { jobsFeature } from '../features/jobs/index.js';", "import type { BaseServices } from '../features/feature.js';"],
  },
  {
    layer: 'kernel',
    file: 'kernel/src/ports/example.ts',
    forbidden: [
      "import { HubError } from '../../../service/src/core/errors.js';",
      "import { createHub } from '@notebook-hub/service/compose/hub.js';",
      "import { LocalSandboxDriver } from '@notebook-hub/sandbox-drivers/local';",
      "import Docker from 'dockerode';",
      "import { readFile } from 'node:fs/promises';",
    ],
    permitted: ["import { HubError } from '../errors.js';", "import type { Logger } from './logger.js';", "import { randomInt } from 'node:crypto';"],
  },
  ...['renderer/src/pages/admin/example.tsx', 'renderer/src/desktop/example.ts'].map((file): Case => ({
    layer: 'renderer',
    file,
    forbidden: [
      `import type { LoopHealth } from '${file.endsWith('.tsx') ? '../../../../' : '../../../'}service/src/loops/loop-state';`,
      `import type { DesktopBridge } from '${file.endsWith('.tsx') ? '../../../../' : '../../../'}electron/src/host/bridge-contract';`,
      `import { LOCAL_IMAGE } from '${file.endsWith('.tsx') ? '../../../../' : '../../../'}sandbox-drivers/runtime/pins';`,
      `import type { MaintenanceHealth } from '${file.endsWith('.tsx') ? '../../../../' : '../../../'}shared-types/maintenance-health';`,
      "import type { Hub } from '@notebook-hub/service/compose/hub.js';",
      "import { SandboxError } from '@notebook-hub/service/core/ports/sandbox-driver.js';",
    ],
    permitted: [
      "import type { components } from '../../api/schema';",
      "import type { MaintenanceHealth } from '@notebook-hub/shared-types/maintenance-health';",
      "import type { DesktopBridge } from '@notebook-hub/shared-types/desktop-bridge';",
      "import { Button } from '@mantine/core';",
      "import { DataTable } from '../../components/DataTable';",
    ],
  })),
];

describe('the dependency rule (eslint.config.js)', () => {
  for (const { layer, file, forbidden, permitted } of cases) {
    describe(`${layer} (${file})`, () => {
      it.each(forbidden)('reports %s', async (code) => {
        expect(await violations(file, code)).toHaveLength(1);
      });
      it.each(permitted)('permits %s', async (code) => {
        expect(await violations(file, code)).toEqual([]);
      });
    });
  }
});
