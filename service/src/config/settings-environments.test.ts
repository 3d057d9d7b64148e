import { describe, expect, it } from 'vitest';
import { lockedEnvironmentsDriver, readEnvironmentSettings } from './settings-environments.js';

describe('locked environment settings', () => {
  it('are on by default, on PyPI, with the cache in the data directory', () => {
    expect(readEnvironmentSettings({}, '/data')).toEqual({
      enabled: true,
      explicit: false,
      indexUrl: 'https://pypi.org/simple',
      allowHttp: false,
      allowPrivateNetworks: false,
      offline: false,
      wheelsDir: '/data/environments/wheels',
      cacheDir: '/data/environments',
      cacheMaxBytes: 20 * 1024 ** 3,
      archives: false,
      archiveMaxBytes: 20 * 1024 ** 3,
      resolveTimeoutSeconds: 300,
      buildTimeoutSeconds: 1200,
    });
  });

  it('refuse an index with credentials, a query, or something that is not a URL, naming the variable', () => {
    expect(() => readEnvironmentSettings({ SERVICE_PACKAGE_INDEX_URL: 'https://deploy:token@packages.example.com/simple' }, '/data')).toThrow(
      /SERVICE_PACKAGE_INDEX_URL must not carry a user name or password/,
    );
    expect(() => readEnvironmentSettings({ SERVICE_PACKAGE_INDEX_URL: 'https://packages.example.com/simple?x=1' }, '/data')).toThrow(
      /SERVICE_PACKAGE_INDEX_URL/,
    );
    expect(() => readEnvironmentSettings({ SERVICE_PACKAGE_INDEX_URL: 'packages' }, '/data')).toThrow(/SERVICE_PACKAGE_INDEX_URL/);
    expect(() => readEnvironmentSettings({ SERVICE_LOCKED_ENVIRONMENTS: 'true' }, '/data')).toThrow(/SERVICE_LOCKED_ENVIRONMENTS must be one of on, off/);
  });

  it('take a trailing slash off the index and a cache budget of nothing', () => {
    const settings = readEnvironmentSettings(
      { SERVICE_LOCKED_ENVIRONMENTS: 'on', SERVICE_PACKAGE_INDEX_URL: 'http://127.0.0.1:3141/simple/', SERVICE_ENVIRONMENT_CACHE_MAX_BYTES: '0' },
      '/data',
    );
    expect(settings).toMatchObject({ enabled: true, explicit: true, indexUrl: 'http://127.0.0.1:3141/simple', cacheMaxBytes: 0 });
    expect(readEnvironmentSettings({ SERVICE_LOCKED_ENVIRONMENTS: 'off' }, '/data')).toMatchObject({ enabled: false, explicit: true });
  });

  it('go offline only when asked, with the wheels folder beside the cache unless set', () => {
    expect(readEnvironmentSettings({ SERVICE_PACKAGE_INDEX_OFFLINE: 'true', SERVICE_ENVIRONMENT_CACHE_DIR: '/cache' }, '/data')).toMatchObject({
      offline: true,
      wheelsDir: '/cache/wheels',
    });
    expect(readEnvironmentSettings({ SERVICE_ENVIRONMENT_WHEELS_DIR: '/srv/wheels' }, '/data')).toMatchObject({ offline: false, wheelsDir: '/srv/wheels' });
    expect(() => readEnvironmentSettings({ SERVICE_PACKAGE_INDEX_OFFLINE: 'yes' }, '/data')).toThrow(/SERVICE_PACKAGE_INDEX_OFFLINE/);
  });
});

describe('the drivers locked environments serve', () => {
  it('are the local driver by default, and a Docker engine when asked for: on this machine through a mount, over TCP through archives', () => {
    const on = readEnvironmentSettings({}, '/data');
    const asked = readEnvironmentSettings({ SERVICE_LOCKED_ENVIRONMENTS: 'on' }, '/data');
    const off = readEnvironmentSettings({ SERVICE_LOCKED_ENVIRONMENTS: 'off' }, '/data');
    expect(lockedEnvironmentsDriver(on, 'local', null)).toBe('local');
    expect(lockedEnvironmentsDriver(off, 'local', null)).toBeNull();
    // A hub in a container sees the cache at another path than the engine: Docker only when asked.
    expect(lockedEnvironmentsDriver(on, 'docker', null)).toBeNull();
    expect(lockedEnvironmentsDriver(asked, 'docker', null)).toBe('docker');
    expect(lockedEnvironmentsDriver(asked, 'docker', { socketPath: '/run/docker.sock' })).toBe('docker');
    // An engine reached over TCP: its containers unpack the archives from the store, as pods do; not offline.
    expect(lockedEnvironmentsDriver(asked, 'docker', { host: '10.0.0.5' })).toBe('docker-remote');
    expect(lockedEnvironmentsDriver(on, 'docker', { host: '10.0.0.5' })).toBeNull();
    expect(lockedEnvironmentsDriver({ ...asked, offline: true }, 'docker', { host: '10.0.0.5' })).toBeNull();
    expect(lockedEnvironmentsDriver({ ...asked, offline: true }, 'docker', null)).toBe('docker');
  });

  it('are Kubernetes when asked for and online: pods cannot see the wheel folders of the hub', () => {
    const asked = readEnvironmentSettings({ SERVICE_LOCKED_ENVIRONMENTS: 'on' }, '/data');
    expect(lockedEnvironmentsDriver(readEnvironmentSettings({}, '/data'), 'kubernetes', null)).toBeNull();
    expect(lockedEnvironmentsDriver(asked, 'kubernetes', null)).toBe('kubernetes');
    expect(lockedEnvironmentsDriver({ ...asked, offline: true }, 'kubernetes', null)).toBeNull();
  });

  it('keep archives in the object store only when asked for, within their own budget', () => {
    expect(readEnvironmentSettings({ SERVICE_ENVIRONMENT_ARCHIVES: 'on', SERVICE_ENVIRONMENT_ARCHIVE_MAX_BYTES: '1000' }, '/data')).toMatchObject({
      archives: true,
      archiveMaxBytes: 1000,
    });
    expect(() => readEnvironmentSettings({ SERVICE_ENVIRONMENT_ARCHIVES: 'yes' }, '/data')).toThrow(/SERVICE_ENVIRONMENT_ARCHIVES must be one of on, off/);
  });
});
