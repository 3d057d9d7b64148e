import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import path from 'node:path';

/** The full path of an executable on PATH, or null. */
export async function findExecutable(name: string, searchPath: string = process.env.PATH ?? ''): Promise<string | null> {
  for (const dir of searchPath.split(path.delimiter)) {
    if (dir === '') continue;
    const candidate = path.join(dir, name);
    try {
      await access(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not in this directory
    }
  }
  return null;
}
