/**
 * Bundles the compiled service (with the kernel, the sandbox drivers, TypeBox and the packages
 * every start loads) into a few files under `service/dist/bundle/`, which the `notebook-hub`
 * command runs. A start loads some 70 files instead of about 1,300 modules (TypeBox alone ships
 * some 370; fastify, pino and the rest every start needs some 460 more): resolving, reading and
 * linking each was most of a start's CPU. The other packages stay outside, loaded from node_modules as usual,
 * and the code the hub loads only when needed (MCP, exporters, drivers) stays in chunks of its
 * own, still loaded only then. Whitespace is left out (names are kept, for stack traces): a start
 * parses less.
 *
 * Called by scripts/build.mjs after `tsc -b`; reads the compiled JavaScript, whose source maps it
 * follows, so that NODE_OPTIONS=--enable-source-maps still names the TypeScript sources.
 */
import { readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
export const BUNDLE_DIR = 'service/dist/bundle';

/**
 * Packages every start loads (test/api/lazy-adapters.test.ts checks that none of them comes from
 * node_modules), with their own dependencies. None of them reads files beside its code at run time
 * as the hub uses them (pino's transports would: the hub has none).
 */
const LOADED_BY_EVERY_START = new Set([
  'fastify',
  '@fastify/cookie',
  'commander',
  'env-paths',
  'fs-extra',
  'proper-lockfile',
  'ipaddr.js',
  'pino',
  'ajv',
  'ajv-formats',
]);

/** Packages bundled with the service's own code: its workspace packages, TypeBox and those above. */
const BUNDLED = (name) => name.startsWith('@notebook-hub/') || name === 'typebox' || LOADED_BY_EVERY_START.has(name);

/** Every other dependency of the packages the bundle includes: loaded from node_modules at run time. */
function externalPackages() {
  const names = new Set();
  for (const manifest of ['service/package.json', 'sandbox-drivers/package.json', 'kernel/package.json']) {
    const { dependencies = {}, optionalDependencies = {} } = JSON.parse(readFileSync(path.join(ROOT, manifest), 'utf8'));
    for (const name of [...Object.keys(dependencies), ...Object.keys(optionalDependencies)]) if (!BUNDLED(name)) names.add(name);
  }
  return [...names].flatMap((name) => [name, `${name}/*`]);
}

/** Writes the bundle; throws with esbuild's messages when it fails. */
export function bundleService() {
  const { buildSync } = createRequire(import.meta.url)('esbuild');
  const outdir = path.join(ROOT, BUNDLE_DIR);
  rmSync(outdir, { recursive: true, force: true });
  buildSync({
    absWorkingDir: ROOT,
    entryPoints: {
      main: 'service/dist/cli/main.js',
      // Started as a worker thread by a URL next to the code that starts it (preview/worker-entry.ts).
      worker: 'service/dist/adapters/data-browser/preview/worker.js',
    },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // All in one folder, so that a URL relative to any chunk finds the worker.
    chunkNames: '[name]-[hash]',
    conditions: ['default'],
    external: externalPackages(),
    sourcemap: 'linked',
    minifyWhitespace: true,
    minifySyntax: true,
    // The bundled CommonJS packages require Node's own modules, which an ES module has no `require` for.
    banner: { js: "import { createRequire as __hubCreateRequire } from 'node:module'; const require = __hubCreateRequire(import.meta.url);" },
    logLevel: 'warning',
  });
}
