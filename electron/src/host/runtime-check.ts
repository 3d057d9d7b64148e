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

/**
 * The settings of notebook environments the app's own environment gives (docs/desktop.md,
 * "Offline"): `SERVICE_PACKAGE_INDEX_OFFLINE=true` builds them from the wheelhouse and the wheels
 * folder only, and the index, locking and cache settings are the hub's own (docs/configuration.md).
 */
export function environmentSettingsFrom(env: Readonly<Record<string, string | undefined>>): Record<string, string> {
  const picked: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    if (/^SERVICE_(PACKAGE_INDEX_|ENVIRONMENT_|LOCKED_ENVIRONMENTS$)/.test(name) && value !== undefined) picked[name] = value;
  }
  return picked;
}
