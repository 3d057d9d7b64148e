import { spawnSync } from 'node:child_process';
import { aptInstall, findExecutable } from './apt.js';

/** What the reverse-proxy suite gets through `prerequisite('nginx')`. */
export interface NginxInfo {
  executablePath: string;
  version: string;
}

/** Where nginx may already be installed; NGINX_PATH names another. */
const CANDIDATES = ['/usr/sbin/nginx', '/usr/bin/nginx', '/usr/local/sbin/nginx'];

/**
 * nginx for the reverse-proxy suite (test/proxy/): NGINX_PATH, or the system one, or Debian's
 * `nginx` installed with apt-get when this is root on Debian. The suite runs its own instance on
 * an unprivileged port with a generated configuration; the package's own service is never started
 * (Debian starts none while an image's policy-rc.d refuses it, and the suite does not need one).
 */
export async function provisionNginx(): Promise<NginxInfo> {
  let found = findNginx();
  if (!found) {
    aptInstall(['nginx'], 'nginx not installed (install Debian\'s "nginx", set NGINX_PATH, or run the tests as root on Debian)', { recommends: false });
    found = findNginx();
    if (!found) throw new Error('apt-get installed nginx, but no nginx executable was found');
  }
  // `nginx -v` prints to stderr: "nginx version: nginx/1.22.1".
  const probe = spawnSync(found, ['-v'], { encoding: 'utf8' });
  const version = /nginx\/(\S+)/.exec(`${probe.stderr}${probe.stdout}`)?.[1];
  if (probe.status !== 0 || !version) throw new Error(`${found} -v failed: ${probe.stderr || probe.error?.message}`);
  return { executablePath: found, version };
}

const findNginx = () => findExecutable('NGINX_PATH', CANDIDATES);
