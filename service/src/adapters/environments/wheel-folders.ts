import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { LocalWheels, WheelFile } from '../../core/ports/local-wheels.js';

/**
 * The wheels in folders of this machine (the sandbox wheelhouse, SERVICE_ENVIRONMENT_WHEELS_DIR),
 * for offline builds (docs/environments.md, "Offline"). A folder that does not exist holds none.
 * Each file is hashed once while its size and modification time stay the same.
 */
export class WheelFolders implements LocalWheels {
  private readonly hashed = new Map<string, { size: number; mtimeMs: number; sha256: string }>();

  constructor(private readonly folders: readonly string[]) {}

  /** The folders that are there now (uv refuses a `--find-links` folder that is not). */
  async existing(): Promise<string[]> {
    const found: string[] = [];
    for (const folder of this.folders) if ((await stat(folder).catch(() => null))?.isDirectory()) found.push(folder);
    return found;
  }

  async list(): Promise<WheelFile[]> {
    const wheels: WheelFile[] = [];
    for (const folder of this.folders) {
      const names = await readdir(folder).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return [];
        throw error;
      });
      for (const name of names.filter((entry) => entry.endsWith('.whl')).sort()) {
        const file = path.join(folder, name);
        const info = await stat(file).catch(() => null);
        if (!info?.isFile()) continue;
        let known = this.hashed.get(file);
        if (known?.size !== info.size || known.mtimeMs !== info.mtimeMs) {
          known = { size: info.size, mtimeMs: info.mtimeMs, sha256: await sha256Of(file) };
          this.hashed.set(file, known);
        }
        wheels.push({ filename: name, sha256: known.sha256 });
      }
    }
    return wheels;
  }
}

function sha256Of(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });
}
