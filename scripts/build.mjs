#!/usr/bin/env node
/**
 * Compiles the kernel, the sandbox drivers and the service to JavaScript (`tsc -b tsconfig.build.json`,
 * into each package's `dist/`), bundles the service for the `notebook-hub` command
 * (scripts/bundle-service.mjs, into `service/dist/bundle/`), builds the web UI (`npm run build -w @notebook-hub/renderer`, into
 * `renderer/dist/`, served by the hub at `/`) and keeps that build in step with the sources.
 * The UI step is skipped while the renderer package has no `build` script.
 *
 * - `node scripts/build.mjs` (`npm run build`): build now (incremental), then record the stamp;
 *   with `--if-stale`, only when the build is missing or stale.
 * - `ensureBuilt()` (the `notebook-hub` command, the test setup): build only when the build is
 *   missing or stale. Staleness is cheap to tell: a fingerprint of the path, size and mtime of every
 *   build input (no file is read) is compared with the one stored in `service/dist/.build-stamp`
 *   by the last successful build. Concurrent callers build once: the others wait on a lock.
 *
 * Only this module needs the TypeScript compiler (a dev dependency); the hub itself runs the
 * compiled JavaScript with plain `node`.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { BUNDLE_DIR, bundleService } from './bundle-service.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');

/** Everything the build reads: source folders (test files excluded) and the configuration files. */
const INPUT_DIRS = ['kernel/src', 'shared-types', 'service/src', 'sandbox-drivers/src', 'sandbox-drivers/runtime', 'renderer/src', 'renderer/public'];
const INPUT_FILES = [
  'tsconfig.base.json',
  'tsconfig.build.json',
  'kernel/package.json',
  'kernel/tsconfig.build.json',
  'service/package.json',
  'service/tsconfig.build.json',
  'sandbox-drivers/package.json',
  'sandbox-drivers/tsconfig.build.json',
  'renderer/package.json',
  'renderer/index.html',
  'renderer/vite.config.ts',
  'renderer/vite.config.js',
  'renderer/vite.config.mjs',
  'renderer/tsconfig.json',
  'docs/openapi.yaml',
];
/** What the hub runs; a build without them is no build. */
const SERVICE_OUTPUTS = ['kernel/dist/errors.js', 'service/dist/cli/main.js', 'sandbox-drivers/dist/src/index.js', `${BUNDLE_DIR}/main.js`];
const RENDERER_PACKAGE = '@notebook-hub/renderer';
const RENDERER_OUTPUT = 'renderer/dist/index.html';

/** Whether the renderer package builds a UI yet (it has a `build` script). */
export function rendererHasBuild() {
  try {
    return typeof JSON.parse(readFileSync(path.join(ROOT, 'renderer/package.json'), 'utf8')).scripts?.build === 'string';
  } catch {
    return false;
  }
}

const outputs = () => (rendererHasBuild() ? [...SERVICE_OUTPUTS, RENDERER_OUTPUT] : SERVICE_OUTPUTS);
const STAMP = path.join(ROOT, 'service/dist/.build-stamp');
const LOCK = path.join(ROOT, 'service/.build-lock');
/** A lock older than this was left by a build that died; it is taken over. */
const STALE_LOCK_MS = 10 * 60_000;

/** A digest of the build inputs' paths, sizes and modification times. */
export function sourceFingerprint() {
  const lines = [];
  const visit = (relative) => {
    let entries;
    try {
      entries = readdirSync(path.join(ROOT, relative), { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const child = `${relative}/${entry.name}`;
      if (entry.isDirectory()) visit(child);
      else if (entry.isFile() && !/\.test\.tsx?$/.test(entry.name)) lines.push(describe(child));
    }
  };
  const describe = (relative) => {
    try {
      const stat = statSync(path.join(ROOT, relative));
      return `${relative}\t${stat.size}\t${stat.mtimeMs}`;
    } catch {
      return `${relative}\tmissing`;
    }
  };
  for (const dir of INPUT_DIRS) visit(dir);
  for (const file of INPUT_FILES) lines.push(describe(file));
  return createHash('sha256').update(lines.sort().join('\n')).digest('hex');
}

function readStamp() {
  try {
    return readFileSync(STAMP, 'utf8').trim();
  } catch {
    return null;
  }
}

/** True when the compiled output exists and was built from the current sources. */
export function isBuildFresh(fingerprint = sourceFingerprint()) {
  return readStamp() === fingerprint && outputs().every((output) => existsSync(path.join(ROOT, output)));
}

function typescriptCompiler() {
  try {
    return createRequire(import.meta.url).resolve('typescript/bin/tsc');
  } catch {
    return null;
  }
}

/** Runs `tsc -b` and records the stamp on success; throws on a failed build. */
function compile(fingerprint) {
  const tsc = typescriptCompiler();
  if (!tsc) throw new Error('The TypeScript compiler is not installed: run `npm ci` (with dev dependencies), then `npm run build`.');
  // stdout belongs to the command being run (log lines, `openapi` output): report on stderr.
  const result = spawnSync(process.execPath, [tsc, '-b', 'tsconfig.build.json'], { cwd: ROOT, stdio: ['ignore', 2, 2] });
  if (result.status !== 0) throw new Error(`The build failed (tsc -b exited with ${result.status ?? result.signal}).`);
  try {
    bundleService();
  } catch (error) {
    throw new Error(`The service bundle failed: ${error.message}`, { cause: error });
  }
  buildRenderer();
  mkdirSync(path.dirname(STAMP), { recursive: true });
  writeFileSync(STAMP, `${fingerprint}\n`);
}

/** Builds the web UI with the renderer's own `build` script; skipped while it has none. */
function buildRenderer() {
  if (!rendererHasBuild()) {
    process.stderr.write(`Notebook Hub: ${RENDERER_PACKAGE} has no build script yet; the web UI is not built.\n`);
    return;
  }
  const npm = process.env.npm_execpath;
  const [command, args] = npm && npm.endsWith('.js') ? [process.execPath, [npm]] : [process.platform === 'win32' ? 'npm.cmd' : 'npm', []];
  // A production build whoever calls: under a test runner NODE_ENV is `test`, and Vite would bundle React's development build.
  const env = { ...process.env, NODE_ENV: 'production' };
  const result = spawnSync(command, [...args, 'run', 'build', '-w', RENDERER_PACKAGE], { cwd: ROOT, env, stdio: ['ignore', 2, 2] });
  if (result.status !== 0) throw new Error(`The web UI build failed (npm run build -w ${RENDERER_PACKAGE} exited with ${result.status ?? result.signal}).`);
}

async function withLock(action) {
  for (;;) {
    try {
      mkdirSync(LOCK);
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      try {
        if (Date.now() - statSync(LOCK).mtimeMs > STALE_LOCK_MS) rmSync(LOCK, { recursive: true, force: true });
      } catch {
        // released meanwhile
      }
      await sleep(200);
    }
  }
  try {
    return await action();
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}

/**
 * Builds when the compiled output is missing or older than the sources. Without a TypeScript
 * compiler (a production install without dev dependencies) an existing build is used as it is.
 */
export async function ensureBuilt({ log = (line) => process.stderr.write(`${line}\n`) } = {}) {
  if (isBuildFresh()) return;
  if (!typescriptCompiler() && outputs().every((output) => existsSync(path.join(ROOT, output)))) return;
  await withLock(async () => {
    const fingerprint = sourceFingerprint();
    if (isBuildFresh(fingerprint)) return; // another process built it while we waited
    log('Notebook Hub: building the service and the web UI (the build is missing or older than the sources)...');
    compile(fingerprint);
  });
}

/** `npm run build`: always runs the (incremental) compiler. */
export async function build() {
  await withLock(async () => compile(sourceFingerprint()));
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  try {
    await (process.argv.includes('--if-stale') ? ensureBuilt() : build());
  } catch (error) {
    process.stderr.write(`${error.message}\n`);
    process.exitCode = 1;
  }
}
