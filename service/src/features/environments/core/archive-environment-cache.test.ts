import { describe, expect, it } from 'vitest';
import { MemoryObjectStore } from '../../../adapters/store/memory-store.js';
import type { Logger } from '../../../core/ports/logger.js';
import type { ExecRequest, ExecResult, SandboxDriver } from '../../../core/ports/sandbox-driver.js';
import { ARCHIVE_FILE } from './archive-commands.js';
import { EnvironmentArchives } from './environment-archives.js';
import { ArchiveEnvironmentCache } from './archive-environment-cache.js';

const ID = `env-${'d'.repeat(40)}`;
const silent = { info: () => {}, warn: () => {}, error: () => {}, debug: () => {} } as unknown as Logger;

/**
 * A stand-in for pods (nothing here runs one; the Kubernetes e2e test does): it keeps the files
 * written to each sandbox and answers the unpack command as the pod's Python would, or fails it.
 */
class FakePods {
  readonly files = new Map<string, Buffer>();
  readonly commands: { sandbox: string; argv: string[] }[] = [];
  failUnpack = false;
  readonly driver = {
    writeFile: (sandbox: string, file: string, data: string | Buffer) => {
      this.files.set(`${sandbox}:${file}`, Buffer.from(data));
      return Promise.resolve();
    },
    exec: (sandbox: string, request: ExecRequest): Promise<ExecResult> => {
      this.commands.push({ sandbox, argv: request.argv });
      const target = request.argv[6]!.replace('~', '/home/sandbox');
      if (this.failUnpack) return Promise.resolve({ exitCode: 1, stdout: '', stderr: 'tarfile.OutsideDestinationError: refused', durationMs: 1 });
      return Promise.resolve({
        exitCode: 0,
        stdout: `${JSON.stringify({ path: target, files: 12, bytes: 3400, unpacked: true })}\n`,
        stderr: '',
        durationMs: 1,
      });
    },
  } as unknown as SandboxDriver;
}

function podCache() {
  const archives = new EnvironmentArchives(new MemoryObjectStore(), { claimMs: 60_000 });
  const pods = new FakePods();
  return { archives, pods, cache: new ArchiveEnvironmentCache({ archives, driver: pods.driver, logger: silent }) };
}

describe('environments in pods, from the object store', () => {
  it('give a pod the stored archive to unpack, and its kernel the unpacked folder', async () => {
    const { archives, pods, cache } = podCache();
    expect(await cache.use(ID, 'sbx-1')).toBeNull();
    expect(pods.commands).toEqual([]);
    expect(await cache.built(ID)).toBe(false);

    await archives.publish(ID, Buffer.from('the archive'), { bytes: 3400, files: 12 });
    expect(await cache.built(ID)).toBe(true);
    const environment = await cache.use(ID, 'sbx-1');
    expect(pods.files.get(`sbx-1:${ARCHIVE_FILE}`)?.toString()).toBe('the archive');
    expect(pods.commands[0]!.argv.slice(5)).toEqual([ARCHIVE_FILE, `~/.notebook-hub/environments/${ID}`, ID]);
    expect(environment).toMatchObject({
      id: ID,
      env: { PYTHONPATH: `/home/sandbox/.notebook-hub/environments/${ID}/packages` },
      bytes: 11,
      users: ['sbx-1'],
      detail: `environment ${ID.slice(0, 16)} unpacked from the object store (12 files)`,
    });
    // A pod that holds it already (a warm one, now claimed) is not sent it again.
    expect(await cache.use(ID, 'sbx-1')).toMatchObject({ env: { PYTHONPATH: `/home/sandbox/.notebook-hub/environments/${ID}/packages` } });
    expect(pods.commands).toHaveLength(1);
  });

  it('build only what the store does not have, and fail a start whose pod cannot unpack', async () => {
    const { archives, pods, cache } = podCache();
    const built: string[] = [];
    const outcome = await cache.build(ID, 'sbx-2', async (directory) => {
      built.push(directory);
      await archives.publish(ID, Buffer.from('built'), { bytes: 1, files: 1 });
    });
    expect(built).toEqual(['/tmp/notebook-hub-environment/packages']);
    expect(outcome).toMatchObject({ built: true, environment: { id: ID, users: ['sbx-2'] } });
    expect(await cache.build(ID, 'sbx-3', () => Promise.reject(new Error('never')))).toMatchObject({ built: false });

    pods.failUnpack = true;
    await expect(cache.use(ID, 'sbx-4')).rejects.toMatchObject({
      code: 'PYTHON_ENV_SETUP_FAILED',
      message: expect.stringContaining('OutsideDestinationError'),
    });
  });

  it('list the archives with the sandboxes still running in each, and evict archives beyond the budget', async () => {
    const { archives, cache } = podCache();
    await archives.publish(ID, Buffer.alloc(100), { bytes: 1, files: 1 });
    await cache.use(ID, 'sbx-5');
    await cache.use(ID, 'sbx-6');
    expect(await cache.list()).toMatchObject([{ id: ID, bytes: 100, users: ['sbx-5', 'sbx-6'] }]);
    expect(await cache.evict(1000, new Set(['sbx-6']))).toEqual({ removed: [], freedBytes: 0 });
    expect(await cache.list()).toMatchObject([{ id: ID, users: ['sbx-6'] }]);
    // A pod keeps its copy: the archive goes whoever runs.
    expect(await cache.evict(0, new Set(['sbx-6']))).toEqual({ removed: [ID], freedBytes: 100 });
    expect(await cache.built(ID)).toBe(false);
  });
});
