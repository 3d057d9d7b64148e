import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeUnconditionalStore } from '../../../test/support/fake-unconditional-store.js';
import { makeTempDir } from '../../../test/support/temp-dir.js';
import { readSettings } from '../config/settings.js';
import { layout } from '../core/storage-layout.js';
import { BootError, createHub } from './hub.js';
import { openObjectStoreOffline } from './adapters.js';
import { FsObjectStore } from '../adapters/store/fs-store.js';
import { Ajv } from 'ajv';
import { compileAllSchemas, validatorSchemasOf } from '../http/app.js';

describe('createHub', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  it('refuses to start on a store that ignores conditional writes, and writes nothing to it', async () => {
    const { dir, cleanup } = await makeTempDir('hub');
    cleanups.push(cleanup);
    const store = new FsObjectStore(dir);
    const settings = readSettings({ SERVICE_DATA_DIR: dir, SERVICE_LOG_LEVEL: 'silent' });
    await expect(createHub({ settings, store: fakeUnconditionalStore(store) })).rejects.toThrow(BootError);
    await expect(createHub({ settings, store: fakeUnconditionalStore(store) })).rejects.toThrow(/conditional writes/);
    expect((await store.list('')).items).toEqual([]);
  });

  it('initializes a new store on boot', async () => {
    const { dir, cleanup } = await makeTempDir('hub');
    cleanups.push(cleanup);
    const hub = await createHub({ settings: readSettings({ SERVICE_DATA_DIR: dir, SERVICE_LOG_LEVEL: 'silent' }) });
    cleanups.push(async () => {
      await hub.close();
    });
    expect(await hub.store.get(layout.catalogPointer)).not.toBeNull();
    const response = await hub.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('keeps the store in memory with SERVICE_STORAGE=memory: nothing of it on disk, and offline commands refuse it', async () => {
    const { dir, cleanup } = await makeTempDir('hub');
    cleanups.push(cleanup);
    const settings = readSettings({ SERVICE_DATA_DIR: dir, SERVICE_LOG_LEVEL: 'silent', SERVICE_STORAGE: 'memory' });
    const hub = await createHub({ settings });
    cleanups.push(async () => {
      await hub.close();
    });
    expect(hub.store.kind).toBe('memory');
    expect(await hub.store.get(layout.catalogPointer)).not.toBeNull();
    expect((await hub.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok' });
    expect(existsSync(path.join(dir, 'store'))).toBe(false);
    await expect(openObjectStoreOffline(settings.storage)).rejects.toMatchObject({ variable: 'SERVICE_STORAGE' });
  });

  it('compiles the schemas of every route, which it otherwise does on first use', async () => {
    const { dir, cleanup } = await makeTempDir('hub');
    cleanups.push(cleanup);
    const hub = await createHub({ settings: readSettings({ SERVICE_DATA_DIR: dir, SERVICE_LOG_LEVEL: 'silent' }) });
    cleanups.push(async () => {
      await hub.close();
    });
    await hub.app.ready();
    expect(compileAllSchemas(hub.app)).toBeGreaterThan(100);
    expect(compileAllSchemas(hub.app)).toBe(0);
    // The request schemas are valid JSON Schema (the hub's compilers skip that check).
    const meta = new Ajv({ strict: false });
    const invalid = validatorSchemasOf(hub.app).filter((schema) => !meta.validateSchema(schema));
    expect(invalid).toEqual([]);
    expect(validatorSchemasOf(hub.app).length).toBeGreaterThan(50);
  });
});
