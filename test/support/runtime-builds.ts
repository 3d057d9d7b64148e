import { mkdir, symlink } from 'node:fs/promises';
import path from 'node:path';
import { testCacheDir } from '../setup/cache-dir.js';
import type { SandboxRuntimeInfo } from '../setup/sandbox-runtime.js';
import { makeTempDir } from './temp-dir.js';

/**
 * Real builds of the local runtime in this process, made cheap: uv (the shared test runtime's own)
 * on PATH, so builds use uv, with a uv cache kept between runs, so only the first run downloads
 * marimo's wheels. Every later build is a real venv creation and install, from that cache.
 */
export async function useCachedRuntimeBuilds(shared: SandboxRuntimeInfo): Promise<{ restore: () => Promise<void> }> {
  const temp = await makeTempDir('runtime-builds');
  const bin = path.join(temp.dir, 'bin');
  await mkdir(bin);
  await symlink(path.join(shared.runtimeDir, 'venv', 'bin', 'uv'), path.join(bin, 'uv'));
  const saved = { PATH: process.env.PATH, UV_CACHE_DIR: process.env.UV_CACHE_DIR };
  process.env.PATH = `${bin}${path.delimiter}${saved.PATH ?? ''}`;
  process.env.UV_CACHE_DIR = testCacheDir('uv-cache', 'runtime-venv-test');
  return {
    async restore() {
      process.env.PATH = saved.PATH;
      if (saved.UV_CACHE_DIR === undefined) delete process.env.UV_CACHE_DIR;
      else process.env.UV_CACHE_DIR = saved.UV_CACHE_DIR;
      await temp.cleanup();
    },
  };
}
