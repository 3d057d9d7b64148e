import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * Where the built web UI is by default: the `dist/` folder of the installed
 * `@notebook-hub/renderer` package, or of the repository's `renderer/` when the package cannot be
 * resolved (this file is `service/{src,dist}/compose/ui-dir.*`, three levels below the root).
 */
export function defaultUiDir(): string {
  try {
    const manifest = createRequire(import.meta.url).resolve('@notebook-hub/renderer/package.json');
    return path.join(path.dirname(manifest), 'dist');
  } catch {
    return path.resolve(import.meta.dirname, '../../../renderer/dist');
  }
}
