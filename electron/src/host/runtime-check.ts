import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The bundled wheelhouse, when the app ships one (`wheelhouse/wheelhouse.json` next to the app's
 * code): the hub builds the runtime from it, without the network (docs/desktop.md, "Offline").
 */
export function bundledWheelhouse(appDir: string): string | null {
  const dir = path.join(appDir, 'wheelhouse');
  return existsSync(path.join(dir, 'wheelhouse.json')) ? dir : null;
}
