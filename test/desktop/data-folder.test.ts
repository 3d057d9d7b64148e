import { describe, expect, it } from 'vitest';
import { applicationDataFolder, dataFolderLayout } from '../../electron/src/host/data-folder.js';

describe('the desktop data folder', () => {
  it('lives in the OS application-data folder of each platform, as Electron has it', () => {
    expect(applicationDataFolder({ platform: 'linux', env: {}, homeDir: '/home/ada' })).toBe('/home/ada/.config');
    expect(applicationDataFolder({ platform: 'linux', env: { XDG_CONFIG_HOME: '/data/config' }, homeDir: '/home/ada' })).toBe('/data/config');
    expect(applicationDataFolder({ platform: 'darwin', env: { XDG_CONFIG_HOME: '/data/config' }, homeDir: '/Users/ada' })).toBe(
      '/Users/ada/Library/Application Support',
    );
    expect(applicationDataFolder({ platform: 'win32', env: { APPDATA: 'D:\\Profiles\\ada\\AppData\\Roaming' }, homeDir: 'C:\\Users\\ada' })).toBe(
      'D:\\Profiles\\ada\\AppData\\Roaming',
    );
    expect(applicationDataFolder({ platform: 'win32', env: {}, homeDir: 'C:\\Users\\ada' })).toBe('C:\\Users\\ada\\AppData\\Roaming');
  });

  it('ignores a relative XDG_CONFIG_HOME or APPDATA, as the XDG spec says', () => {
    expect(applicationDataFolder({ platform: 'linux', env: { XDG_CONFIG_HOME: 'config' }, homeDir: '/home/ada' })).toBe('/home/ada/.config');
    expect(applicationDataFolder({ platform: 'win32', env: { APPDATA: 'Roaming' }, homeDir: 'C:\\Users\\ada' })).toBe('C:\\Users\\ada\\AppData\\Roaming');
  });

  it('keeps the hub data, settings, lock and logs apart inside the app folder', () => {
    expect(dataFolderLayout({ platform: 'linux', env: {}, homeDir: '/home/ada' })).toEqual({
      root: '/home/ada/.config/Notebook Hub',
      hubDataDir: '/home/ada/.config/Notebook Hub/hub',
      settingsFile: '/home/ada/.config/Notebook Hub/settings.json',
      lockFile: '/home/ada/.config/Notebook Hub/instance.lock',
      logsDir: '/home/ada/.config/Notebook Hub/logs',
      secretsKeyFile: '/home/ada/.config/Notebook Hub/secrets-key.keychain',
    });
    const windows = dataFolderLayout({ platform: 'win32', env: { APPDATA: 'C:\\Users\\ada\\AppData\\Roaming' }, homeDir: 'C:\\Users\\ada' });
    expect(windows.hubDataDir).toBe('C:\\Users\\ada\\AppData\\Roaming\\Notebook Hub\\hub');
    expect(windows.lockFile).toBe('C:\\Users\\ada\\AppData\\Roaming\\Notebook Hub\\instance.lock');
    const mac = dataFolderLayout({ platform: 'darwin', env: {}, homeDir: '/Users/ada' }, 'Notebook Hub Dev');
    expect(mac.settingsFile).toBe('/Users/ada/Library/Application Support/Notebook Hub Dev/settings.json');
  });

  it('moves to an absolute NOTEBOOK_HUB_DESKTOP_DATA, and ignores a relative one', () => {
    const moved = dataFolderLayout({ platform: 'linux', env: { NOTEBOOK_HUB_DESKTOP_DATA: '/mnt/demo' }, homeDir: '/home/ada' });
    expect(moved.root).toBe('/mnt/demo');
    expect(moved.hubDataDir).toBe('/mnt/demo/hub');
    expect(dataFolderLayout({ platform: 'linux', env: { NOTEBOOK_HUB_DESKTOP_DATA: 'demo' }, homeDir: '/home/ada' }).root).toBe(
      '/home/ada/.config/Notebook Hub',
    );
  });
});
