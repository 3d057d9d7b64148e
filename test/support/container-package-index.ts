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
    // Answering once its server listens: asked from inside the container itself (a busy machine
    // may take a while to start two Pythons).
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (await answers(container)) break;
      if (Date.now() > deadline) {
        const logs = await container.logs({ stdout: true, stderr: true, tail: 20 });
        throw new Error(`the package index container did not answer within 120 s: ${logs.toString('utf8').slice(-2000)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    return { url: `http://${address}:${PORT}/simple`, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Whether the index answers inside its container: a request from there, and its exit status once it ended. */
async function answers(container: Docker.Container): Promise<boolean> {
  const probe = await container.exec({
    Cmd: ['python3', '-c', `import urllib.request; urllib.request.urlopen("http://127.0.0.1:${PORT}/simple/", timeout=5)`],
  });
  const stream = await probe.start({});
  await new Promise<void>((resolve) =>
    stream
      .on('end', resolve)
      .on('close', resolve)
      .on('error', () => resolve())
      .resume(),
  );
  for (let tries = 0; tries < 100; tries++) {
    const state = await probe.inspect();
    if (!state.Running) return state.ExitCode === 0;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}
