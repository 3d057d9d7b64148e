import { writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkDockerEngine, engineAddress } from '../../electron/src/host/docker-engine.js';
import { chooseSandboxDriver, driverForLaunch, sandboxDriverState } from '../../electron/src/host/sandbox-choice.js';
import { SettingsFile } from '../../electron/src/host/settings.js';
import { makeTempDir } from '../support/temp-dir.js';
import { prerequisite } from '../setup/prerequisites.js';

const docker = prerequisite('docker');

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function tempDir(): Promise<string> {
  const temp = await makeTempDir('desktop-sandbox');
  cleanups.push(temp.cleanup);
  return temp.dir;
}

async function settingsIn(dir: string): Promise<SettingsFile> {
  const settings = new SettingsFile(path.join(dir, 'settings.json'));
  await settings.load();
  return settings;
}

describe('the Docker engine check', () => {
  it.skipIf(docker === null)('finds the engine that answers on its socket', async () => {
    const check = await checkDockerEngine({ socketPath: docker!.socketPath });
    expect(check).toEqual({ answers: true, address: `unix://${docker!.socketPath}`, version: expect.stringMatching(/^\d+\.\d+/) });
  });

  it.skipIf(docker === null)('says so when the engine answers without the sandbox image', async () => {
    expect(await checkDockerEngine({ socketPath: docker!.socketPath, image: docker!.image })).toMatchObject({ answers: true });
    const missing = 'notebook-hub-sandbox:no-such-tag';
    expect(await checkDockerEngine({ socketPath: docker!.socketPath, image: missing })).toEqual({
      answers: false,
      address: `unix://${docker!.socketPath}`,
      message: expect.stringContaining(`does not have the sandbox image ${missing}`),
    });
  });

  it('says so when nothing listens at the socket', async () => {
    const socketPath = path.join(await tempDir(), 'docker.sock');
    expect(await checkDockerEngine({ socketPath })).toEqual({
      answers: false,
      address: `unix://${socketPath}`,
      message: `No Docker engine answers at unix://${socketPath}: there is no socket there. Start Docker, then try again.`,
    });
  });

  it('says so when the socket path is there but no engine listens on it', async () => {
    const socketPath = path.join(await tempDir(), 'stale.sock');
    // What a stopped engine can leave behind: the name, with nothing accepting connections.
    await writeFile(socketPath, '');
    expect(await checkDockerEngine({ socketPath })).toMatchObject({ answers: false, message: expect.stringContaining(': nothing listens there.') });
  });

  it('gives up on a socket that takes the connection and never answers', async () => {
    const socketPath = path.join(await tempDir(), 'hung.sock');
    const held: net.Socket[] = [];
    const server = net.createServer((socket) => void held.push(socket));
    await new Promise<void>((resolve) => server.listen(socketPath, resolve));
    cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    cleanups.push(async () => held.forEach((socket) => socket.destroy()));
    const check = await checkDockerEngine({ socketPath }, 300);
    expect(check).toMatchObject({ answers: false, message: expect.stringContaining('it did not answer within 0.3 s') });
  });

  it('names the address the Docker driver uses', () => {
    expect(engineAddress({}, { DOCKER_HOST: 'tcp://10.0.0.5:2375' }, 'linux')).toBe('tcp://10.0.0.5:2375');
    expect(engineAddress({}, {}, 'linux')).toBe('unix:///var/run/docker.sock');
    expect(engineAddress({}, {}, 'win32')).toBe('npipe:////./pipe/docker_engine');
  });
});

describe('choosing the sandbox driver', () => {
  const deadSocket = async () => {
    const socketPath = path.join(await tempDir(), 'nothing.sock');
    return () => checkDockerEngine({ socketPath });
  };

  it('falls back to local processes for a launch whose saved Docker does not answer, with a notice', async () => {
    expect(await driverForLaunch('local', () => Promise.reject(new Error('not asked')))).toEqual({ driver: 'local', notice: null });
    const fallback = await driverForLaunch('docker', await deadSocket());
    expect(fallback.driver).toBe('local');
    expect(fallback.notice).toMatch(/^No Docker engine answers at unix:\/\/.*nothing\.sock: there is no socket there\. .*Notebooks run as local processes/);
  });

  it.skipIf(docker === null)('keeps Docker for a launch whose engine answers', async () => {
    expect(await driverForLaunch('docker', () => checkDockerEngine({ socketPath: docker!.socketPath }))).toEqual({ driver: 'docker', notice: null });
  });

  it('refuses Docker when no engine answers, and saves nothing', async () => {
    const dir = await tempDir();
    const settings = await settingsIn(dir);
    const launch = { driver: 'local' as const, notice: null };
    const answer = await chooseSandboxDriver(settings, launch, 'docker', await deadSocket());
    expect(answer).toEqual({
      saved: false,
      message: expect.stringContaining('there is no socket there'),
      state: { saved: 'local', inUse: 'local', notice: null },
    });
    expect((await settingsIn(dir)).settings.sandboxDriver).toBe('local');
    await expect(chooseSandboxDriver(settings, launch, 'kubernetes', await deadSocket())).rejects.toThrow('must be "local" or "docker"');
  });

  it.skipIf(docker === null)('saves Docker once its engine answers; it takes effect at the next start', async () => {
    const dir = await tempDir();
    const settings = await settingsIn(dir);
    const launch = { driver: 'local' as const, notice: null };
    const answer = await chooseSandboxDriver(settings, launch, 'docker', () => checkDockerEngine({ socketPath: docker!.socketPath }));
    expect(answer).toEqual({
      saved: true,
      message: expect.stringMatching(new RegExp(`^Docker \\d+\\.\\S+ answers at unix://${docker!.socketPath.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.$`)),
      state: { saved: 'docker', inUse: 'local', notice: null },
    });
    expect((await settingsIn(dir)).settings.sandboxDriver).toBe('docker');

    const back = await chooseSandboxDriver(settings, { driver: 'docker', notice: null }, 'local', () => Promise.reject(new Error('not asked')));
    expect(back).toEqual({ saved: true, message: null, state: { saved: 'local', inUse: 'docker', notice: null } });
    expect(sandboxDriverState(await settingsIn(dir), { driver: 'docker', notice: null })).toEqual({ saved: 'local', inUse: 'docker', notice: null });
  });
});
