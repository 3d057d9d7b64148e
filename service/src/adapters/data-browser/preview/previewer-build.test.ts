// The compiled previewer (the test set-up builds service/dist) in a plain Node process, as the
// hub runs it: its worker entry (worker.js beside previewer.js) loads without any TypeScript loader.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, it } from 'vitest';
import { runHubCommand, startHubProcess } from '../../../../../test/support/hub-process.js';
import { makeTempDir } from '../../../../../test/support/temp-dir.js';

const compiled = path.resolve(import.meta.dirname, '../../../../dist/adapters/data-browser/preview');

it('previews from the build, its worker entry emitted beside the previewer', async () => {
  expect(existsSync(path.join(compiled, 'worker.js'))).toBe(true);
  const script = [
    `const { WorkerPreviewer } = await import(${JSON.stringify(pathToFileURL(path.join(compiled, 'previewer.js')).href)});`,
    `const previewer = new WorkerPreviewer({ workers: 1, memoryMb: 64 });`,
    `const bytes = new TextEncoder().encode('a,b\\n1,x\\n2,y\\n');`,
    `const result = await previewer.preview({ name: 'data.csv', size: bytes.length, contentType: null, rows: 10,`,
    `  budgets: { maxBytes: 1 << 20, maxRows: 100, timeoutMs: 30000, memoryMb: 64 },`,
    `  read: async (offset, length) => bytes.subarray(offset, offset + length), signal: new AbortController().signal });`,
    `process.stdout.write(JSON.stringify(result));`,
    `await previewer.close();`,
  ].join('\n');
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  expect(await new Promise((resolve) => child.once('close', resolve))).toBe(0);
  expect(JSON.parse(stdout)).toMatchObject({
    kind: 'table',
    rows: [
      [1, 'x'],
      [2, 'y'],
    ],
    bytesRead: 12,
  });
});

it('previews through the `notebook-hub` command, whose bundle starts the worker from its own folder', async () => {
  // The command runs the bundled service (scripts/bundle-service.mjs): the worker's URL is resolved
  // next to the chunk that starts it, so a preview over the API proves the bundle's worker loads.
  const temp = await makeTempDir('previewer-bundle');
  try {
    const env = { SERVICE_DATA_DIR: temp.dir };
    const issued = await runHubCommand(['token', 'create', '--email', 'ada@example.com', '--super-admin'], env);
    expect(issued.code, issued.stderr).toBe(0);
    const hub = await startHubProcess(env);
    try {
      const call = async (route: string, init: { method?: string; body?: unknown; raw?: Uint8Array } = {}) => {
        const response = await fetch(`${hub.url}${route}`, {
          method: init.method ?? 'GET',
          headers: { authorization: `Bearer ${issued.stdout.trim()}`, ...(init.body ? { 'content-type': 'application/json' } : {}) },
          body: init.raw ?? (init.body ? JSON.stringify(init.body) : undefined),
        });
        const text = await response.text();
        expect(response.status, text).toBeLessThan(300);
        return text ? JSON.parse(text) : null;
      };
      const pid = (await call('/api/v1/projects', { method: 'POST', body: { name: 'Bundle' } })).data.id as string;
      const nid = (await call(`/api/v1/projects/${pid}/notebooks`, { method: 'POST', body: { title: 'Sales' } })).data.meta.id as string;
      await call(`/api/v1/projects/${pid}/notebooks/${nid}/workspace/files?path=orders.csv`, {
        method: 'PUT',
        raw: new TextEncoder().encode('id,city\n1,Lyon\n2,Oslo\n'),
      });
      const preview = await call(`/api/v1/projects/${pid}/data/sources/${nid}/object/preview?key=orders.csv&rows=5`);
      expect(preview.data).toMatchObject({
        kind: 'table',
        rows: [
          [1, 'Lyon'],
          [2, 'Oslo'],
        ],
      });
    } finally {
      await hub.stop();
    }
  } finally {
    await temp.cleanup();
  }
});
