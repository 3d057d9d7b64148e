// The compiled previewer (the test set-up builds service/dist) in a plain Node process, as the
// hub runs it: its worker entry (worker.js beside previewer.js) loads without any TypeScript loader.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, it } from 'vitest';

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
