import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARIMO_VERSION } from '../../sandbox-drivers/runtime/pins.js';
import { prerequisite } from '../setup/prerequisites.js';
import { testCacheDir } from '../setup/cache-dir.js';
import { startDataBrowserWorld, stored, type DataBrowserWorld } from '../support/data-browser-world.js';
import { makeTempDir } from '../support/temp-dir.js';

const postgres = prerequisite('postgres');
const runtime = prerequisite('sandboxRuntime');

/**
 * "Open in notebook" from a table preview (docs/data-browser.md, "Into the notebook"): the new
 * notebook, run by marimo with the packages its header declares and the variables a sandbox
 * receives, yields the rows the preview showed — and holds no secret.
 */
describe.skipIf(postgres === null || runtime === null)('cells from the data browser, run by marimo', () => {
  let w: DataBrowserWorld;
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  let source: string;

  beforeAll(async () => {
    temp = await makeTempDir('data-cells');
    const client = new pg.Client({ connectionString: postgres!.url });
    await client.connect();
    await client.query('CREATE TABLE IF NOT EXISTS cell_orders (id integer PRIMARY KEY, city text)');
    await client.query("INSERT INTO cell_orders VALUES (1, 'north'), (2, 'south'), (3, 'east') ON CONFLICT DO NOTHING");
    await client.end();
    w = await startDataBrowserWorld();
    source = await w.integration({
      kind: 'postgres',
      name: 'Warehouse',
      config: { host: postgres!.host, port: postgres!.port, database: postgres!.database, user: postgres!.user, sslmode: 'disable' },
      secrets: { password: stored(postgres!.password) },
    });
  });
  afterAll(async () => {
    await w?.close();
    await temp?.cleanup();
  });

  it('makes a notebook whose SQL cell loads the previewed rows', async () => {
    const preview = await w.call(`${w.data}/sources/${source}/tables/public/cell_orders/preview?rows=2`, { token: w.p.tokens.editor });
    expect(preview.json.data.rows).toEqual([
      [1, 'north'],
      [2, 'south'],
    ]);
    const made = await w.call(`${w.data}/cells`, {
      method: 'POST',
      token: w.p.tokens.editor,
      body: { source_id: source, table: { schema: 'public', name: 'cell_orders', rows: 2 }, target: { new_notebook: { title: 'Orders' } } },
    });
    expect(made.status, made.text).toBe(201);
    const code = await w.call(`/api/v1/projects/${w.p.id}/notebooks/${made.json.data.notebook_id}/code`, { token: w.p.tokens.editor });
    expect(code.text).not.toContain(postgres!.password);
    expect(code.text).toContain('os.environ["WAREHOUSE_URL"]');

    // What a sandbox of the notebook receives: the integration's variables, rendered by the hub.
    const rendered = await w.t.hub.services.integrationsForSandboxes.renderFor({
      projectId: w.p.id,
      notebookId: made.json.data.notebook_id,
      userId: 'test',
      mode: 'edit',
      use: 'all',
    });
    const env = Object.assign({}, ...rendered.map((integration) => integration.env)) as Record<string, string>;
    await writeFile(path.join(temp.dir, 'orders_notebook.py'), code.text);
    await writeFile(
      path.join(temp.dir, 'run.py'),
      [
        'import json, sys',
        'sys.path.insert(0, sys.argv[1])',
        'import orders_notebook',
        'outputs, defs = orders_notebook.app.run()',
        `print(json.dumps(defs[${JSON.stringify(made.json.data.variable)}].rows()))`,
      ].join('\n'),
    );
    const uv = path.join(runtime!.runtimeDir, 'venv', 'bin', 'uv');
    const withs = [`marimo==${MARIMO_VERSION}`, ...made.json.data.dependencies].flatMap((name: string) => ['--with', name]);
    const { stdout } = await promisify(execFile)(
      uv,
      ['run', '--no-project', '--python', path.join(runtime!.runtimeDir, 'venv', 'bin', 'python'), ...withs, 'python', 'run.py', temp.dir],
      {
        cwd: temp.dir,
        env: { ...process.env, ...env, UV_CACHE_DIR: testCacheDir('uv-cache'), MARIMO_SKIP_UPDATE_CHECK: '1' },
        timeout: 300_000,
      },
    );
    expect(JSON.parse(stdout.trim().split('\n').at(-1)!)).toEqual([
      [1, 'north'],
      [2, 'south'],
    ]);
  }, 400_000);
});
