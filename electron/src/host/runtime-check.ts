import { existsSync } from 'node:fs';
import path from 'node:path';

/** Electron's resources folder (`process.resourcesPath`); undefined under plain Node. */
const electronResources = (process as { resourcesPath?: string }).resourcesPath;

/**
 * The bundled wheelhouse, when the app ships one: the hub builds the runtime from it, without the
 * network (docs/desktop.md, "Offline"). A `wheelhouse/` folder with its `wheelhouse.json`, in the
 * packaged app's resources folder (where `npm run dist` puts it, outside the asar archive, since
 * pip reads plain files), else next to the app's code (`electron/wheelhouse` in a checkout).
 */
export function bundledWheelhouse(appDir: string, resourcesDir: string | undefined = electronResources): string | null {
  for (const base of resourcesDir ? [resourcesDir, appDir] : [appDir]) {
    const dir = path.join(base, 'wheelhouse');
    if (existsSync(path.join(dir, 'wheelhouse.json'))) return dir;
  }
  return null;
}
