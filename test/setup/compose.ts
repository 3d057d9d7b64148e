import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Docker from 'dockerode';
import lockfile from 'proper-lockfile';
import { aptInstall } from './apt.js';
import { testCacheDir } from './cache-dir.js';
import { removeOtherTestImages } from './docker.js';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const NGINX_TAG_PREFIX = 'notebook-hub-nginx:test-';
const nginxImageInputs = ['build/compose/nginx-image-offline.sh', 'build/lib/debian-rootfs.sh'];

/**
 * The Compose command: the `docker compose` plugin when the docker CLI has it, else the standalone
 * `docker-compose`, installed from Debian (1.29.2) with apt-get when missing and this is root on
 * Debian. Both read build/compose/compose.yaml the same way.
 */
export function composeCommand(): string[] {
  if (spawnSync('docker', ['compose', 'version'], { stdio: 'ignore' }).status === 0) return ['docker', 'compose'];
  const standalone = () => spawnSync('docker-compose', ['version'], { stdio: 'ignore' }).status === 0;
  if (!standalone()) {
    aptInstall(
      ['docker-compose'],
      'neither `docker compose` nor docker-compose is installed (install Debian\'s "docker-compose", or run the tests as root on Debian)',
      {
        recommends: false,
      },
    );
    if (!standalone()) throw new Error('apt-get installed docker-compose, but `docker-compose version` fails');
  }
  return ['docker-compose'];
}

/**
 * The nginx image the compose suite runs instead of the official one (no registry here), built
 * offline by build/compose/nginx-image-offline.sh into the test engine, tagged by a hash of the
 * build scripts, so only the first run after a change builds it. A lock keeps concurrent runs from
 * building it twice.
 */
export async function ensureNginxImage(socketPath: string): Promise<string> {
  const docker = new Docker({ socketPath });
  const hash = createHash('sha256');
  for (const input of nginxImageInputs) hash.update(`${input}\n`).update(readFileSync(path.join(repoRoot, input)));
  const tag = `${NGINX_TAG_PREFIX}${hash.digest('hex').slice(0, 12)}`;
  const present = () =>
    docker
      .getImage(tag)
      .inspect()
      .then(
        () => true,
        () => false,
      );
  if (await present()) return tag;
  const dir = testCacheDir('nginx-image');
  const release = await lockfile.lock(dir, {
    lockfilePath: path.join(dir, 'build.lock'),
    stale: 30_000,
    retries: { retries: 600, minTimeout: 1_000, maxTimeout: 1_000 },
  });
  try {
    if (await present()) return tag;
    process.stderr.write(`[setup] building the nginx image ${tag} offline (first run or changed scripts)...\n`);
    await new Promise<void>((resolve, reject) => {
      const build = spawn('bash', [path.join(repoRoot, 'build/compose/nginx-image-offline.sh'), '--tag', tag, '--work-dir', dir], {
        env: { ...process.env, DOCKER_HOST: `unix://${socketPath}` },
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      build.once('error', reject);
      build.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`build/compose/nginx-image-offline.sh failed with exit ${code}`))));
    });
    await removeOtherTestImages(docker, NGINX_TAG_PREFIX, tag);
    return tag;
  } finally {
    await release();
  }
}
