/**
 * Large test files kept between runs: a Parquet file of two million rows takes seconds to write
 * and is the same every time, so it is written once per recipe and read back after that. The key
 * is the recipe (the writing function's own source, plus whatever it is given) and the version
 * of each writer library it uses: a changed recipe or an upgraded writer makes a new file.
 */
import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { testCacheDir } from '../setup/cache-dir.js';

const NODE_MODULES = path.resolve(import.meta.dirname, '../../node_modules');

/** The installed version of a package of the workspace (its package.json need not be in its exports). */
function installedVersion(name: string): string {
  return (JSON.parse(readFileSync(path.join(NODE_MODULES, name, 'package.json'), 'utf8')) as { version: string }).version;
}

/**
 * The bytes `make` returns, from the cache when this recipe was made before. `recipe` names what
 * `make` depends on besides its own source (the SQL of a query, sizes); `writers` the packages
 * whose output it is.
 */
export async function cachedFixture(recipe: string, writers: readonly string[], make: () => Uint8Array | Promise<Uint8Array>): Promise<Uint8Array> {
  const key = createHash('sha256')
    .update(JSON.stringify([recipe, make.toString(), writers.map((name) => `${name}@${installedVersion(name)}`)]))
    .digest('hex');
  const dir = testCacheDir('test-fixtures');
  const file = path.join(dir, `${key}.bin`);
  try {
    const bytes = new Uint8Array(await readFile(file));
    const now = new Date();
    await utimes(file, now, now);
    return bytes;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await forgetUnused(dir);
  const bytes = await make();
  // Written under a name of its own and renamed: a run beside this one never reads half a file.
  const partial = `${file}.${randomUUID()}.partial`;
  try {
    await writeFile(partial, bytes);
    await rename(partial, file);
  } finally {
    await rm(partial, { force: true });
  }
  return bytes;
}

const UNUSED_FOR_MS = 30 * 24 * 3600 * 1000;

/** Drops the files no run has read for a month (recipes that changed since), so the cache does not only grow. */
async function forgetUnused(dir: string): Promise<void> {
  for (const name of await readdir(dir)) {
    const file = path.join(dir, name);
    const { mtimeMs } = await stat(file).catch(() => ({ mtimeMs: Date.now() }));
    if (Date.now() - mtimeMs > UNUSED_FOR_MS) await rm(file, { force: true });
  }
}
