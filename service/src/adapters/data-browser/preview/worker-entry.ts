/**
 * Where the preview worker's code is. The built hub (service/dist, the container image, the
 * desktop app's archive) runs the compiled `worker.js` beside this module; from source (tests,
 * `--conditions=source` runs) this module is TypeScript and so is the worker, which plain Node
 * cannot load in a worker thread: it is started through tsx's loader instead (a dev dependency,
 * present wherever sources run).
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { WorkerOptions } from 'node:worker_threads';

export function workerEntry(): { entry: URL | string; options: WorkerOptions } {
  const fromSource = import.meta.url.endsWith('.ts');
  const entry = new URL(fromSource ? './worker.ts' : './worker.js', import.meta.url);
  // Not the hub's own Node options: they are the hub's (an `--input-type`, an inspector port) and some stop a worker from starting.
  if (!fromSource) return { entry, options: { execArgv: [] } };
  const tsx = path.dirname(createRequire(import.meta.url).resolve('tsx/package.json'));
  const api = pathToFileURL(path.join(tsx, 'dist/esm/api/index.mjs')).href;
  const code = `import(${JSON.stringify(api)}).then(({ tsImport }) => tsImport(${JSON.stringify(entry.href)}, ${JSON.stringify(import.meta.url)}))`;
  return { entry: code, options: { eval: true, execArgv: [] } };
}
