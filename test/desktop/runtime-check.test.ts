import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bundledWheelhouse, environmentSettingsFrom } from '../../electron/src/host/runtime-check.js';
import { makeTempDir } from '../support/temp-dir.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

describe('the bundled wheelhouse', () => {
  it('is found by its manifest', async () => {
    const temp = await makeTempDir('desktop-runtime');
    cleanups.push(temp.cleanup);
    expect(bundledWheelhouse(temp.dir)).toBeNull();
    await mkdir(path.join(temp.dir, 'wheelhouse'));
    expect(bundledWheelhouse(temp.dir)).toBeNull();
    await writeFile(path.join(temp.dir, 'wheelhouse', 'wheelhouse.json'), '{}');
    expect(bundledWheelhouse(temp.dir)).toBe(path.join(temp.dir, 'wheelhouse'));
  });

  it("finds a packaged app's wheelhouse in its resources folder first, else the one next to its code", async () => {
    const temp = await makeTempDir('desktop-runtime');
    cleanups.push(temp.cleanup);
    // A packaged app: the code in resources/app.asar, the wheelhouse beside it in resources/.
    const resources = path.join(temp.dir, 'resources');
    const appDir = path.join(resources, 'app.asar');
    await mkdir(appDir, { recursive: true });
    expect(bundledWheelhouse(appDir, resources)).toBeNull();
    await mkdir(path.join(appDir, 'wheelhouse'));
    await writeFile(path.join(appDir, 'wheelhouse', 'wheelhouse.json'), '{}');
    expect(bundledWheelhouse(appDir, resources)).toBe(path.join(appDir, 'wheelhouse'));
    await mkdir(path.join(resources, 'wheelhouse'));
    await writeFile(path.join(resources, 'wheelhouse', 'wheelhouse.json'), '{}');
    expect(bundledWheelhouse(appDir, resources)).toBe(path.join(resources, 'wheelhouse'));
  });
});

describe("the environment settings the app's own environment gives the hub", () => {
  it('are those of the package index, the environments and their locking, and nothing else', () => {
    expect(
      environmentSettingsFrom({
        SERVICE_PACKAGE_INDEX_OFFLINE: 'true',
        SERVICE_PACKAGE_INDEX_URL: 'https://packages.example.com/simple',
        SERVICE_ENVIRONMENT_WHEELS_DIR: '/srv/wheels',
        SERVICE_LOCKED_ENVIRONMENTS: 'on',
        SERVICE_LOCKED_ENVIRONMENTS_EXTRA: 'x',
        SERVICE_AUTH: 'oidc',
        SERVICE_DATA_DIR: '/elsewhere',
        HOME: '/home/someone',
        SERVICE_ENVIRONMENT_CACHE_DIR: undefined,
      }),
    ).toEqual({
      SERVICE_PACKAGE_INDEX_OFFLINE: 'true',
      SERVICE_PACKAGE_INDEX_URL: 'https://packages.example.com/simple',
      SERVICE_ENVIRONMENT_WHEELS_DIR: '/srv/wheels',
      SERVICE_LOCKED_ENVIRONMENTS: 'on',
    });
  });
});
