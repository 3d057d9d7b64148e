import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type Docker from 'dockerode';
import { IMAGE_USER } from '../../sandbox-drivers/runtime/pins.js';
import { tarOfFile } from '../../sandbox-drivers/src/docker/archive.js';
import { startPackageIndex } from './package-index.js';
import { makeTempDir } from './temp-dir.js';

/**
 * A package index for containers: the wheels the test builds (as test/support/package-index.ts
 * does), laid out as a static PEP 503 index and served by Python's http.server in a container of
 * the test engine. Containers reach it at its address on the engine's own bridge network (a
 * network the test setup's engine made); nothing on this machine's loopback, which containers do
 * not share, is involved.
 */
export interface ContainerPackageIndex {
  /** `http://<the container's address>:8000/simple`. */
  url: string;
  close(): Promise<void>;
}

const PORT = 8000;
const ROOT = 'package-index';
const normalized = (name: string) => name.toLowerCase().replace(/[-_.]+/g, '-');

export async function startContainerPackageIndex(
  engine: Docker,
  image: string,
  packages: { name: string; version: string; requires?: string[] }[],
): Promise<ContainerPackageIndex> {
  const temp = await makeTempDir('container-index');
  const container = await engine.createContainer({
    Image: image,
    Cmd: ['python3', '-m', 'http.server', String(PORT), '--bind', '0.0.0.0', '--directory', `/tmp/${ROOT}`],
    Labels: { 'notebook-hub.test': 'package-index' },
    HostConfig: { CapDrop: ['ALL'], SecurityOpt: ['no-new-privileges'] },
  });
  const close = async () => {
    await container.remove({ force: true }).catch(() => {});
    await temp.cleanup();
  };
  try {
    const writer = await startPackageIndex(temp.dir);
    for (const { name, version, requires } of packages) await writer.add(name, version, requires ? { requires } : {});
    await writer.close();
    const files: Record<string, Buffer> = {};
    const links = new Map<string, string[]>();
    for (const wheel of (await readdir(temp.dir)).filter((file) => file.endsWith('.whl'))) {
      const body = await readFile(path.join(temp.dir, wheel));
      files[`files/${wheel}`] = body;
      const project = normalized(wheel.split('-')[0]!);
      const digest = createHash('sha256').update(body).digest('hex');
      links.set(project, [...(links.get(project) ?? []), `<a href="../../files/${wheel}#sha256=${digest}">${wheel}</a>`]);
    }
    for (const [project, anchors] of links)
      files[`simple/${project}/index.html`] = Buffer.from(`<!DOCTYPE html><html><body>${anchors.join('\n')}</body></html>`);
    for (const [file, body] of Object.entries(files)) await container.putArchive(tarOfFile(`${ROOT}/${file}`, body, IMAGE_USER), { path: '/tmp' });
    await container.start();
    const networks = (await container.inspect()).NetworkSettings.Networks;
    const address = (networks.bridge ?? Object.values(networks)[0])?.IPAddress;
    if (!address) throw new Error('the package index container has no address on the bridge network');
    // Answering once its server listens: asked from inside the container itself.
    const deadline = Date.now() + 30_000;
    for (;;) {
      const probe = await container.exec({ Cmd: ['python3', '-c', `import urllib.request; urllib.request.urlopen("http://127.0.0.1:${PORT}/simple/")`] });
      await new Promise<void>((resolve, reject) =>
        probe.start({}, (error, stream) => (error ? reject(error) : (stream?.on('end', resolve).resume(), undefined))),
      );
      if ((await probe.inspect()).ExitCode === 0) break;
      if (Date.now() > deadline) throw new Error('the package index container did not answer within 30 s');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return { url: `http://${address}:${PORT}/simple`, close };
  } catch (error) {
    await close();
    throw error;
  }
}
