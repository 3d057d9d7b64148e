/**
 * The background provisioning of `npm test` (test/run.ts): installs every Debian package the run's
 * tiers need in one apt-get, then builds and starts the heavy prerequisites side by side — the
 * Docker engine and sandbox image, then the test cluster; the telemetry receivers, then the
 * cluster's binaries, then helm (Go builds, one at a time); the
 * surface runtime and the Python venvs — while the quick tiers run in the foreground. It joins the
 * shared services (the engine, the cluster) like any test run, so they stay up until it is told to
 * stop (its stdin closes) after the last tier. A tier's own set-up finds each prerequisite ready, or
 * waits on the lock of the step that is still building it.
 *
 *   node --conditions=source --import tsx test/setup/provision.ts docker kubernetes helm ...
 */
import { spawnSync } from 'node:child_process';
import { PREREQUISITES } from '../tiers.js';
import { aptInstall } from './apt.js';
import { buildKubernetesBinaries, KUBERNETES_PACKAGES } from './kubernetes.js';
import type { ProvidedName } from './prerequisites.js';
import { STEPS, type Teardown } from './steps.js';
import { provisionSuite } from './suites.js';

/** The Debian packages each prerequisite's set-up would otherwise install on its own, one apt-get each. */
const DEBIAN_PACKAGES: Partial<Record<ProvidedName, readonly string[]>> = {
  // The sandbox image takes the surfaces built on this machine (test/setup/docker.ts): their build tools too.
  docker: ['docker.io', 'debootstrap', 'libkrb5-dev', 'g++', 'make'],
  kubernetes: KUBERNETES_PACKAGES,
  chromium: ['chromium'],
  nginx: ['nginx'],
  surfaceRuntime: ['libkrb5-dev', 'g++', 'make'],
  postgres: ['postgresql'],
  mariadb: ['mariadb-server'],
};

// A step that fails throws here (and `attempt` says so once) rather than announcing a skipped suite.
process.env.REQUIRE_ALL_SUITES = '1';
process.env.NOTEBOOK_HUB_TEST_STAGE = 'background';

const wanted = new Set(process.argv.slice(2) as ProvidedName[]);
for (const name of wanted) {
  if (!(PREREQUISITES as readonly string[]).includes(name) || name === ('build' as ProvidedName)) throw new Error(`not a prerequisite: ${name}`);
}

const provided = new Map<ProvidedName, unknown>();
const teardowns: Teardown[] = [];

async function step(name: ProvidedName): Promise<void> {
  if (wanted.has(name))
    await attempt(STEPS[name].suite, async () => {
      const result = await STEPS[name].provision(provided);
      provided.set(name, result.info);
      if (result.stop) teardowns.push(result.stop);
    });
}

/** A failure here fails nothing: the tier's own set-up tries again and reports it where it counts. */
async function attempt(suite: string, work: () => Promise<void>): Promise<void> {
  try {
    await provisionSuite(suite, work);
  } catch (error) {
    process.stderr.write(`[provision] ${suite} failed; its tiers will try again: ${error instanceof Error ? error.message : String(error)}\n`);
  }
}

async function chain(...links: (() => Promise<void>)[]): Promise<void> {
  for (const link of links) await link();
}

installDebianPackages();
await Promise.all([
  chain(
    () => step('docker'),
    () => step('kubernetes'),
  ),
  // In the order the tiers need them: the telemetry tier runs before the Kubernetes and deploy tiers.
  chain(
    () => step('telemetryReceivers'),
    () => (wanted.has('kubernetes') ? attempt('kubernetes binaries (Go build)', buildKubernetesBinaries) : Promise.resolve()),
    () => step('helm'),
  ),
  chain(
    () => step('sandboxRuntime'),
    () => step('surfaceRuntime'),
    () => step('schemathesis'),
    () => step('chromium'),
    () => step('nginx'),
  ),
]);
process.stderr.write('[provision] done; holding the shared services until the run ends\n');

// Hold the engine and the cluster for the tiers still to come; leave them when the run ends.
process.stdin.resume();
await new Promise((resolve) => process.stdin.once('end', resolve));
for (const teardown of teardowns.reverse()) await teardown().catch((error: unknown) => console.error(error));

/** One apt-get for everything missing, instead of one per step (each would also refresh the lists). */
function installDebianPackages(): void {
  const packages = [...wanted].flatMap((name) => DEBIAN_PACKAGES[name] ?? []);
  const missing = packages.filter((name) => spawnSync('dpkg-query', ['-W', '-f=${db:Status-Status}', name], { encoding: 'utf8' }).stdout !== 'installed');
  if (missing.length === 0) return;
  const started = Date.now();
  try {
    aptInstall(missing, 'not root on Debian: each step installs what it can, or skips');
    process.stderr.write(`[provision] Debian packages installed in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  } catch (error) {
    // Each step's own check then says precisely what is missing.
    process.stderr.write(`[provision] ${error instanceof Error ? error.message : String(error)}\n`);
  }
}
