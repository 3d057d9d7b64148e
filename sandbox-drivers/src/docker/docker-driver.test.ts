import Docker from 'dockerode';
import { describe, expect, it } from 'vitest';
import { describeSandboxDriverConformance } from '../conformance.js';
import { DockerSandboxDriver } from './docker-driver.js';
import { LABEL } from './labels.js';
import { prerequisite } from '../../../test/setup/prerequisites.js';

const docker = prerequisite('docker');
const engine = docker === null ? null : new Docker({ socketPath: docker.socketPath });

describeSandboxDriverConformance(
  'docker',
  docker === null
    ? null
    : {
        config: (ownerId) => ({ kind: 'docker', ownerId, socketPath: docker.socketPath, image: docker.image }),
        crash: async (_driver, sandbox) => {
          await engine!.getContainer(`notebook-hub-${sandbox.id}`).kill();
        },
      },
);

describe.skipIf(docker === null)('docker driver specifics', () => {
  it('applies the compute profile, labels ownership and publishes ports on 127.0.0.1 only', async () => {
    const driver = new DockerSandboxDriver({ ownerId: 'docker-specifics', image: docker!.image, docker: { socketPath: docker!.socketPath } });
    const sandbox = await driver.create({ compute: { cpu: 1.5, memory_bytes: 768 * 1024 ** 2 }, ports: ['marimo'], labels: { session: 'sess-1' } });
    try {
      const info = await engine!.getContainer(`notebook-hub-${sandbox.id}`).inspect();
      expect(info.HostConfig.NanoCpus).toBe(1_500_000_000);
      expect(info.HostConfig.Memory).toBe(768 * 1024 ** 2);
      expect(info.Config.Labels).toMatchObject({ [LABEL.owner]: 'docker-specifics', [LABEL.id]: sandbox.id, [`${LABEL.userPrefix}session`]: 'sess-1' });
      expect(info.Config.User).toBe('1000:1000');
      const bindings = Object.values(info.NetworkSettings.Ports ?? {}).flat();
      expect(bindings.length).toBeGreaterThan(0);
      for (const binding of bindings) expect(binding?.HostIp).toBe('127.0.0.1');
      expect(await driver.exposePort(sandbox.id, 'marimo')).toEqual({ host: '127.0.0.1', port: Number(bindings[0]!.HostPort) });
    } finally {
      await driver.destroy(sandbox.id);
    }
  });

  it('reports a missing image as a backend error', async () => {
    const driver = new DockerSandboxDriver({
      ownerId: 'docker-specifics',
      image: 'notebook-hub-sandbox:does-not-exist',
      docker: { socketPath: docker!.socketPath },
    });
    await expect(driver.create({ compute: {} })).rejects.toMatchObject({ code: 'BACKEND_ERROR', message: expect.stringMatching(/build-offline/) });
  });

  it('reports an unreachable engine as a backend error', async () => {
    const driver = new DockerSandboxDriver({ ownerId: 'x', image: docker!.image, docker: { socketPath: '/nonexistent/docker.sock' } });
    await expect(driver.list()).rejects.toMatchObject({ code: 'BACKEND_ERROR' });
    await expect(driver.create({ compute: {} })).rejects.toMatchObject({ code: 'BACKEND_ERROR' });
  });
});
