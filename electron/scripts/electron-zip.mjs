// Finding the Electron distribution that `npm run dist` packages (docs/desktop.md, "Packaging"):
// electron-builder would download `electron-v<version>-<platform>-<arch>.zip` from GitHub, which a
// machine without that access cannot do, so the zips are looked for on disk first and handed to
// electron-builder as its `electronDist`.
import { existsSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** `electron-v41.7.1-linux-x64.zip`: the file name of one Electron release zip. */
export const electronZipName = (version, platform, arch) => `electron-v${version}-${platform}-${arch}.zip`;

/**
 * The folder where Electron's own installer (`node node_modules/electron/install.js`, through
 * @electron/get) keeps its downloads: `electron_config_cache` when set, else the OS cache folder.
 * Each download sits in a sub-folder named after a hash of its URL.
 */
export function electronDownloadCache(env = process.env, platform = process.platform, homeDir = os.homedir()) {
  if (env.electron_config_cache) return env.electron_config_cache;
  if (platform === 'darwin') return path.join(homeDir, 'Library', 'Caches', 'electron');
  if (platform === 'win32') return path.join(env.LOCALAPPDATA || path.join(homeDir, 'AppData', 'Local'), 'electron', 'Cache');
  return path.join(env.XDG_CACHE_HOME || path.join(homeDir, '.cache'), 'electron');
}

/** Folders that may hold the zips, in order: `$ELECTRON_CACHE` (the zips directly inside), then each folder of Electron's download cache. */
export function candidateFolders(env = process.env, platform = process.platform, homeDir = os.homedir()) {
  const folders = [];
  if (env.ELECTRON_CACHE) folders.push(path.resolve(env.ELECTRON_CACHE));
  const cache = electronDownloadCache(env, platform, homeDir);
  try {
    for (const entry of readdirSync(cache, { withFileTypes: true })) if (entry.isDirectory()) folders.push(path.join(cache, entry.name));
  } catch {
    // no cache yet
  }
  return folders;
}

/** The first folder that holds every one of `zipNames`, or null. */
export function folderWithZips(zipNames, folders) {
  return folders.find((folder) => zipNames.every((name) => existsSync(path.join(folder, name)))) ?? null;
}

/** What to tell someone whose machine has none of the zips: which files, where to get them, where to put them. */
export function missingZipMessage(version, zipNames, env = process.env, platform = process.platform, homeDir = os.homedir()) {
  return [
    `The Electron ${version} distribution to package is not on this machine: ${zipNames.join(', ')}.`,
    'electron-builder would download it from GitHub; provide it instead, one of these ways, then run npm run dist again:',
    '',
    '  - On a machine with internet access, for the platform you are on: node node_modules/electron/install.js',
    `    (it downloads the zip into Electron's cache, ${electronDownloadCache(env, platform, homeDir)}, where npm run dist finds it).`,
    `  - Download ${zipNames.join(' and ')} from https://github.com/electron/electron/releases/tag/v${version}`,
    '    into a folder and set ELECTRON_CACHE to that folder.',
    '  - Point electron-builder at an Electron zip or an unpacked Electron folder yourself:',
    '    npm run dist -- -c.electronDist=/path/to/electron',
    '',
  ].join('\n');
}
