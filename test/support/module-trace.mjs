// Preloaded with `node --import` by tests: records every module the process loads, to the file
// named by MODULE_TRACE_FILE, one URL or path a line. ES modules are recorded as they resolve (by a
// resolve hook, on the loader's thread); CommonJS modules, which Node 20 loads without consulting
// the hooks, are added from the require cache when the process exits.
import { appendFileSync } from 'node:fs';
import { createRequire, register } from 'node:module';

const out = process.env.MODULE_TRACE_FILE;
if (out) {
  register('./module-trace-hooks.mjs', import.meta.url, { data: { out } });
  const cache = createRequire(import.meta.url).cache;
  process.once('exit', () =>
    appendFileSync(
      out,
      Object.keys(cache)
        .map((file) => `${file}\n`)
        .join(''),
    ),
  );
}
