import { aptInstall, findExecutable } from './apt.js';

/** What the browser suites get through `prerequisite('chromium')`. */
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
  aptInstall(['chromium'], 'chromium not installed (install Debian\'s "chromium", set CHROMIUM_PATH, or run the tests as root on Debian)');
  const installed = findChromium();
  if (!installed) throw new Error('apt-get installed chromium, but no chromium executable was found');
  return { executablePath: installed };
}

const findChromium = () => findExecutable('CHROMIUM_PATH', CANDIDATES);
