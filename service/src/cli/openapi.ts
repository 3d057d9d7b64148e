import { openLogger } from '../compose/adapters.js';
import { writeFile } from 'node:fs/promises';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { readSettings } from '../config/settings.js';
import { renderOpenApiYaml } from '../http/openapi.js';
import { createHub } from '../compose/hub.js';

/**
 * The OpenAPI document of the hub with its embedded defaults, built from the route schemas
 * without listening or touching any real data.
 */
export async function generateOpenApiYaml(): Promise<string> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'notebook-hub-openapi-'));
  try {
    const hub = await createHub({ settings: readSettings({ SERVICE_DATA_DIR: dataDir }), logger: openLogger('silent') });
    try {
      await hub.app.ready();
      return await renderOpenApiYaml(hub.app);
    } finally {
      await hub.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** `notebook-hub openapi [--output FILE]` */
export async function runOpenApi(options: { output?: string }): Promise<number> {
  const yaml = await generateOpenApiYaml();
  if (options.output) await writeFile(options.output, yaml);
  else process.stdout.write(yaml);
  return 0;
}
