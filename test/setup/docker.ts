import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import Docker from 'dockerode';
import { LABEL } from '../../sandbox-drivers/src/docker/labels.js';
import { testCacheDir } from './cache-dir.js';
import { aptInstall } from './apt.js';
import { ensureCachedImage, removeOtherTestImages, runOfflineBuild, tagOfInputs } from './cached-image.js';
import { joinSharedService } from './shared-service.js';
import { provisionSurfaceRuntime } from './surface-runtime.js';

/** Also offered here, beside the engine, to the set-up modules that clean up images of their own. */
export { removeOtherTestImages };

/** What the docker-driver suites get through `prerequisite('docker')`. */
export interface DockerInfo {
  socketPath: string;
  /** The offline-built sandbox image, tagged by a hash of the pins and the build scripts. */
  image: string;
}

const SANDBOX_TAG_PREFIX = 'notebook-hub-sandbox:test-';
const sandboxImageInputs = [
  'sandbox-drivers/runtime/pins.ts',
  'build/sandbox-image/build-offline.sh',
  'build/sandbox-image/install-surfaces.sh',
  'build/sandbox-image/pins.sh',
  'build/lib/debian-rootfs.sh',
];

/**
 * A private Docker engine for the tests: its own socket, pidfile, exec-root and a data-root in the
 * test cache (so the sandbox image survives between runs). Installs docker.io and debootstrap
 * first when they are missing and this is root on Debian. Builds the sandbox image offline once
 * per change of the pins or the build script.
 *
 * Several test runs on one machine share the engine: each registers itself under `users/`, and
 * the last one to finish stops it. A lock serializes start, image build and stop.
 */
export async function provisionDocker(): Promise<DockerInfo & { stop: () => Promise<void> }> {
  ensureTools(['dockerd']);
  const dir = testCacheDir('docker');
  const socketPath = path.join(dir, 'run', 'docker.sock');
  const docker = new Docker({ socketPath });
  return joinSharedService(dir, {
    async start() {
      if (!(await pings(docker))) await startDockerd(dir, socketPath, docker);
      return { socketPath, image: await ensureSandboxImage(docker, socketPath) };
    },
    async stop() {
      await removeTestContainers(docker).catch(() => {});
      await stopDockerd(dir);
    },
  });
}

function ensureTools(tools: string[]): void {
  const missing = tools.filter((tool) => spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0);
  if (missing.length === 0) return;
  aptInstall(['docker.io', 'debootstrap'], `${missing.join(' and ')} not installed (install docker.io and debootstrap, or run the tests as root on Debian)`);
}

async function pings(docker: Docker): Promise<boolean> {
  try {
    await docker.ping();
    return true;
  } catch {
    return false;
  }
}

async function startDockerd(dir: string, socketPath: string, docker: Docker): Promise<void> {
  testCacheDir('docker', 'run');
  // A previous run that was killed leaves these behind, and dockerd refuses to start over a pidfile.
  await stopDockerd(dir);
  rmSync(socketPath, { force: true });
  const logPath = path.join(dir, 'dockerd.log');
  const log = openSync(logPath, 'w');
  const daemon = spawn(
    'dockerd',
    [
      '--host',
      `unix://${socketPath}`,
      '--pidfile',
      pidFileOf(dir),
      '--exec-root',
      testCacheDir('docker', 'exec'),
      '--data-root',
      testCacheDir('docker', 'data'),
    ],
    { stdio: ['ignore', log, log], detached: true },
  );
  closeSync(log);
  daemon.unref();
  const exited = new Promise<number | null>((resolve) => daemon.once('exit', resolve));
  const deadline = Date.now() + 60_000;
  while (!(await pings(docker))) {
    const code = await Promise.race([exited, sleep(200).then(() => undefined)]);
    if (code !== undefined || Date.now() > deadline) {
      daemon.kill('SIGKILL');
      throw new Error(`dockerd did not start (${code !== undefined ? `exit ${code}` : 'timeout'}); log:\n${readFileSync(logPath, 'utf8').slice(-3000)}`);
    }
  }
}

const pidFileOf = (dir: string): string => path.join(dir, 'run', 'dockerd.pid');

/** Stops the engine named by the pidfile (whichever run started it): SIGTERM, then SIGKILL. */
async function stopDockerd(dir: string): Promise<void> {
  const pidFile = pidFileOf(dir);
  const pid = Number(existsSync(pidFile) ? readFileSync(pidFile, 'utf8').trim() : NaN);
  const alive = (): boolean => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  if (Number.isInteger(pid) && pid > 0 && alive() && readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'dockerd') {
    process.kill(pid, 'SIGTERM');
    const deadline = Date.now() + 20_000;
    while (alive() && Date.now() < deadline) await sleep(100);
    if (alive()) process.kill(pid, 'SIGKILL');
  }
  rmSync(pidFile, { force: true });
}

/** The sandbox image, tagged by a hash of the pins and the build scripts (build/sandbox-image/build-offline.sh). */
function ensureSandboxImage(docker: Docker, socketPath: string): Promise<string> {
  const tag = tagOfInputs(SANDBOX_TAG_PREFIX, sandboxImageInputs);
  return ensureCachedImage(docker, {
    name: 'sandbox image',
    tag,
    prefix: SANDBOX_TAG_PREFIX,
    cacheName: 'sandbox-image',
    build: async (workDir) => {
      ensureTools(['debootstrap']);
      // The surfaces the local driver's suites install on this machine go into the image as they
      // are: code-server's native modules are not built twice (the script checks they suit it).
      const surfaces = await provisionSurfaceRuntime().catch((error: unknown) => {
        process.stderr.write(`[setup] the image builds its own surfaces: ${error instanceof Error ? error.message : String(error)}\n`);
        return null;
      });
      const reuse = surfaces ? ['--surfaces-from', surfaces.dir] : [];
      await runOfflineBuild(socketPath, 'build/sandbox-image/build-offline.sh', ['--tag', tag, '--work-dir', workDir, ...reuse]);
    },
  });
}

/** Sandboxes a failed test left behind would otherwise pile up in the cached data-root. */
async function removeTestContainers(docker: Docker): Promise<void> {
  const containers = await docker.listContainers({ all: true, filters: { label: [LABEL.owner] } }).catch(() => []);
  await Promise.all(
    containers.map((container) =>
      docker
        .getContainer(container.Id)
        .remove({ force: true })
        .catch(() => {}),
    ),
  );
}
