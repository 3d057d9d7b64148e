import { spawnSync } from 'node:child_process';
import Docker from 'dockerode';
import { aptInstall } from './apt.js';
import { ensureCachedImage, runOfflineBuild, tagOfInputs } from './cached-image.js';

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
 * offline by build/compose/nginx-image-offline.sh into the test engine and tagged by a hash of the
 * build scripts.
 */
export function ensureNginxImage(socketPath: string): Promise<string> {
  const tag = tagOfInputs(NGINX_TAG_PREFIX, nginxImageInputs);
  return ensureCachedImage(new Docker({ socketPath }), {
    name: 'nginx image',
    tag,
    prefix: NGINX_TAG_PREFIX,
    cacheName: 'nginx-image',
    build: (workDir) => runOfflineBuild(socketPath, 'build/compose/nginx-image-offline.sh', ['--tag', tag, '--work-dir', workDir]),
  });
}
