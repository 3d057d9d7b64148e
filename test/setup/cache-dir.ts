import { accessSync, constants, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Where test prerequisites (venvs, images, binaries) are cached between runs:
 * `NOTEBOOK_HUB_CACHE_DIR`, else /var/cache/notebook-hub when writable (root on CI), else
 * ~/.cache/notebook-hub.
 */
export function testCacheDir(...parts: string[]): string {
  const root = process.env.NOTEBOOK_HUB_CACHE_DIR ?? (canWrite('/var/cache') ? '/var/cache/notebook-hub' : path.join(os.homedir(), '.cache', 'notebook-hub'));
  const dir = path.join(root, ...parts);
  mkdirSync(dir, { recursive: true });
  return dir;
}

function canWrite(dir: string): boolean {
  try {
    accessSync(dir, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}
