import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** What the browser suites get through `inject('chromium')`. */
export interface ChromiumInfo {
  executablePath: string;
}

/** Where a Chromium may already be installed; CHROMIUM_PATH names another. */
const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/**
 * A Chromium for the browser suites (driven by playwright-core, which downloads no browser):
 * CHROMIUM_PATH, or the system one, or Debian's `chromium` installed with apt-get when this is
 * root on Debian. Nothing is downloaded into the repository.
 */
export async function provisionChromium(): Promise<ChromiumInfo> {
  const found = findChromium();
  if (found) return { executablePath: found };
  if (process.getuid?.() !== 0 || !existsSync('/etc/debian_version')) {
    throw new Error('chromium not installed (install Debian\'s "chromium", set CHROMIUM_PATH, or run the tests as root on Debian)');
  }
  process.stderr.write('[setup] installing chromium with apt-get...\n');
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', 'chromium'],
  ]) {
    const result = spawnSync('apt-get', args, { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    if (result.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed: ${result.stderr.slice(-2000)}`);
  }
  const installed = findChromium();
  if (!installed) throw new Error('apt-get installed chromium, but no chromium executable was found');
  return { executablePath: installed };
}

function findChromium(): string | null {
  const explicit = process.env.CHROMIUM_PATH;
  if (explicit) {
    if (!existsSync(explicit)) throw new Error(`CHROMIUM_PATH=${explicit} does not exist`);
    return explicit;
  }
  return CANDIDATES.find((candidate) => existsSync(candidate)) ?? null;
}
