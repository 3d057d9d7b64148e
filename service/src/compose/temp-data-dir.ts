import os from 'node:os';
import path from 'node:path';

/**
 * Whether local sandboxes would keep their workspaces inside the system's temporary directory.
 * marimo takes a notebook there for a scratch file and its editor will not save it, so every edit
 * session of such a hub would fail to save from marimo (docs/configuration.md, `SERVICE_DATA_DIR`).
 */
export function sandboxesInTempDir(driver: string, dataDir: string, tempDirs: readonly string[] = [os.tmpdir(), '/tmp']): boolean {
  if (driver !== 'local') return false;
  const data = path.resolve(dataDir);
  return tempDirs.some((temp) => {
    const relative = path.relative(path.resolve(temp), data);
    return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
  });
}
