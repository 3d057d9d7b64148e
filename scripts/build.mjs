#!/usr/bin/env node
/**
 * Compiles the service and the sandbox drivers to JavaScript (`tsc -b tsconfig.build.json`, into
 * each package's `dist/`) and keeps that build in step with the sources.
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

const ROOT = path.resolve(import.meta.dirname, '..');

/** Everything the build reads: source folders (test files excluded) and the configuration files. */
const INPUT_DIRS = ['service/src', 'sandbox-drivers/src', 'sandbox-drivers/runtime'];
const INPUT_FILES = [
  'tsconfig.base.json',
  'tsconfig.build.json',
  'service/package.json',
  'service/tsconfig.core.json',
  'service/tsconfig.build.json',
  'sandbox-drivers/package.json',
  'sandbox-drivers/tsconfig.build.json',
];
/** What the hub runs; a build without them is no build. */
const OUTPUTS = ['service/dist/cli/main.js', 'sandbox-drivers/dist/src/index.js'];
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
      else if (entry.isFile() && !entry.name.endsWith('.test.ts')) lines.push(describe(child));
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
  return readStamp() === fingerprint && OUTPUTS.every((output) => existsSync(path.join(ROOT, output)));
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
  mkdirSync(path.dirname(STAMP), { recursive: true });
  writeFileSync(STAMP, `${fingerprint}\n`);
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
  if (!typescriptCompiler() && OUTPUTS.every((output) => existsSync(path.join(ROOT, output)))) return;
  await withLock(async () => {
    const fingerprint = sourceFingerprint();
    if (isBuildFresh(fingerprint)) return; // another process built it while we waited
    log('Notebook Hub: compiling the service (the build is missing or older than the sources)...');
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
