import path from 'node:path';

/** The name of the app's folder under the OS application-data folder. */
export const APP_FOLDER_NAME = 'Notebook Hub';

export interface DataFolderLayout {
  /** The app's folder (Electron's `userData`): everything below is the app's own. */
  root: string;
  /** The hub's data directory (SERVICE_DATA_DIR): its fs store, sandboxes and runtime venv. */
  hubDataDir: string;
  /** The desktop settings (docs/desktop.md). */
  settingsFile: string;
  /** The instance lock: which running app owns this folder. */
  lockFile: string;
  /** The hub's log files. */
  logsDir: string;
  /** The deployment key that seals the hub's stored secrets, encrypted by the OS keychain (secrets-key.ts). */
  secretsKeyFile: string;
}

export interface PlatformContext {
  platform: NodeJS.Platform;
  env: Readonly<Record<string, string | undefined>>;
  homeDir: string;
}

/**
 * The OS application-data folder, as Electron's `app.getPath('appData')` has it, so the app's
 * folder is the `userData` Chromium keeps its own state in: `%APPDATA%` on Windows,
 * `~/Library/Application Support` on macOS, `$XDG_CONFIG_HOME` (default `~/.config`) elsewhere.
 */
export function applicationDataFolder({ platform, env, homeDir }: PlatformContext): string {
  const paths = platform === 'win32' ? path.win32 : path.posix;
  const absolute = (value: string | undefined) => (value && paths.isAbsolute(value) ? value : null);
  switch (platform) {
    case 'win32':
      return absolute(env.APPDATA) ?? paths.join(homeDir, 'AppData', 'Roaming');
    case 'darwin':
      return paths.join(homeDir, 'Library', 'Application Support');
    default:
      // The XDG spec says a relative value is invalid and must be ignored.
      return absolute(env.XDG_CONFIG_HOME) ?? paths.join(homeDir, '.config');
  }
}

/** Where the desktop app keeps what it owns (docs/desktop.md). `NOTEBOOK_HUB_DESKTOP_DATA` overrides the folder. */
export function dataFolderLayout(context: PlatformContext, appName: string = APP_FOLDER_NAME): DataFolderLayout {
  const paths = context.platform === 'win32' ? path.win32 : path.posix;
  const override = context.env.NOTEBOOK_HUB_DESKTOP_DATA;
  const root = override && paths.isAbsolute(override) ? override : paths.join(applicationDataFolder(context), appName);
  return {
    root,
    hubDataDir: paths.join(root, 'hub'),
    settingsFile: paths.join(root, 'settings.json'),
    lockFile: paths.join(root, 'instance.lock'),
    logsDir: paths.join(root, 'logs'),
    secretsKeyFile: paths.join(root, 'secrets-key.keychain'),
  };
}
