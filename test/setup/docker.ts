import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { closeSync, existsSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import Docker from 'dockerode';
import lockfile from 'proper-lockfile';
import { LABEL } from '../../sandbox-drivers/src/docker/labels.js';
import { testCacheDir } from './cache-dir.js';
import { aptInstall } from './apt.js';

/** What the docker-driver suites get through `inject('docker')`. */
export interface DockerInfo {
  socketPath: string;
  /** The offline-built sandbox image, tagged by a hash of the pins and the build scripts. */
  image: string;
}

const repoRoot = path.resolve(import.meta.dirname, '../..');
const imageInputs = ['sandbox-drivers/runtime/pins.ts', 'build/sandbox-image/build-offline.sh', 'build/sandbox-image/pins.sh', 'build/lib/debian-rootfs.sh'];

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
  const userFile = path.join(testCacheDir('docker', 'users'), String(process.pid));
  const stop = () =>
    withLock(dir, async () => {
      rmSync(userFile, { force: true });
      if (otherUsers(dir).length > 0) return;
      await removeTestContainers(docker);
      await stopDockerd(dir);
    });
  return withLock(dir, async () => {
    writeFileSync(userFile, '');
    try {
      if (!(await pings(docker))) await startDockerd(dir, socketPath, docker);
      return { socketPath, image: await ensureImage(docker, socketPath), stop };
    } catch (error) {
      rmSync(userFile, { force: true });
      if (otherUsers(dir).length === 0) await stopDockerd(dir);
      throw error;
    }
  });
}

async function withLock<T>(dir: string, work: () => Promise<T>): Promise<T> {
  // The image build can take minutes; the lock file is refreshed while held, so it is never stale.
  const release = await lockfile.lock(dir, {
    lockfilePath: path.join(dir, 'setup.lock'),
    stale: 30_000,
    retries: { retries: 600, minTimeout: 1_000, maxTimeout: 1_000 },
  });
  try {
    return await work();
  } finally {
    await release();
  }
}

function otherUsers(dir: string): string[] {
  return readdirSync(path.join(dir, 'users')).filter((pid) => {
    if (!/^\d+$/.test(pid) || Number(pid) === process.pid) return false;
    try {
      process.kill(Number(pid), 0);
      return true;
    } catch {
      rmSync(path.join(dir, 'users', pid), { force: true });
      return false;
    }
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

async function ensureImage(docker: Docker, socketPath: string): Promise<string> {
  const hash = createHash('sha256');
  for (const input of imageInputs) hash.update(readFileSync(path.join(repoRoot, input)));
  const tag = `notebook-hub-sandbox:test-${hash.digest('hex').slice(0, 12)}`;
  const present = await docker
    .getImage(tag)
    .inspect()
    .then(
      () => true,
      () => false,
    );
  if (present) return tag;
  ensureTools(['debootstrap']);
  process.stderr.write(`[setup] building the sandbox image ${tag} offline (first run or changed pins)...\n`);
  const started = Date.now();
  await new Promise<void>((resolve, reject) => {
    const build = spawn('bash', [path.join(repoRoot, 'build/sandbox-image/build-offline.sh'), '--tag', tag, '--work-dir', testCacheDir('sandbox-image')], {
      env: { ...process.env, DOCKER_HOST: `unix://${socketPath}` },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    build.once('error', reject);
    build.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`build-offline.sh failed with exit ${code}`))));
  });
  process.stderr.write(`[setup] sandbox image built in ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
  await removeOtherTestImages(docker, 'notebook-hub-sandbox:test-', tag);
  return tag;
}

/** Images an earlier build of the same kind tagged `<prefix>…`, other than `keep`: they would otherwise pile up in the cached data-root. */
export async function removeOtherTestImages(docker: Docker, prefix: string, keep: string): Promise<void> {
  const images = await docker.listImages({ filters: { reference: [`${prefix}*`] } }).catch(() => []);
  for (const image of images) {
    for (const tag of image.RepoTags ?? [])
      if (tag !== keep)
        await docker
          .getImage(tag)
          .remove()
          .catch(() => {});
  }
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
