import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Docker from 'dockerode';
import lockfile from 'proper-lockfile';
import { testCacheDir } from './cache-dir.js';
import { removeOtherTestImages } from './docker.js';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const TAG_PREFIX = 'notebook-hub:test-';
/** The version the test image reports; the suite and the benchmark share one image. */
export const TEST_HUB_IMAGE_VERSION = '3.1.4-image-test';

/** Everything the offline build of the hub image reads from the checkout, besides the built folders. */
const inputFiles = [
  'build/hub.Dockerfile',
  'build/hub-image/build-offline.sh',
  'build/hub-image/stage-app.sh',
  'build/hub-image/pins.sh',
  'build/hub-image/healthcheck.mjs',
  'build/lib/debian-rootfs.sh',
  'package.json',
  'package-lock.json',
  '.npmrc',
  'bin/notebook-hub.mjs',
  'scripts/build.mjs',
  'service/package.json',
  'sandbox-drivers/package.json',
  'renderer/package.json',
  'electron/package.json',
];
/** What stage-app.sh copies of the build (the build is brought up to date by the global setup). */
const builtDirs = ['service/dist', 'sandbox-drivers/dist', 'renderer/dist'];

/**
 * The hub's container image built offline (build/hub-image/build-offline.sh) in the test engine,
 * tagged by a hash of its inputs (build scripts, lockfile, the built service and UI, this Node and
 * the version it reports) and kept in the engine's cached data-root, so only the first run after a
 * change builds it. A lock keeps concurrent runs from building it twice.
 */
export async function ensureHubImage(options: { socketPath: string; version: string }): Promise<string> {
  const docker = new Docker({ socketPath: options.socketPath });
  const tag = `${TAG_PREFIX}${inputHash(options.version)}`;
  const present = () =>
    docker
      .getImage(tag)
      .inspect()
      .then(
        () => true,
        () => false,
      );
  if (await present()) return tag;
  const dir = testCacheDir('hub-image');
  const release = await lockfile.lock(dir, {
    lockfilePath: path.join(dir, 'build.lock'),
    stale: 30_000,
    retries: { retries: 600, minTimeout: 1_000, maxTimeout: 1_000 },
  });
  try {
    if (await present()) return tag;
    process.stderr.write(`[setup] building the hub image ${tag} offline (first run or changed inputs)...\n`);
    const started = Date.now();
    await new Promise<void>((resolve, reject) => {
      const build = spawn('bash', [path.join(repoRoot, 'build/hub-image/build-offline.sh'), '--tag', tag, '--version', options.version, '--work-dir', dir], {
        env: { ...process.env, DOCKER_HOST: `unix://${options.socketPath}` },
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      build.once('error', reject);
      build.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`build/hub-image/build-offline.sh failed with exit ${code}`))));
    });
    process.stderr.write(`[setup] hub image built in ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
    await removeOtherTestImages(docker, TAG_PREFIX, tag);
    return tag;
  } finally {
    await release();
  }
}

function inputHash(version: string): string {
  const hash = createHash('sha256').update(`node ${process.version}\nversion ${version}\n`);
  for (const file of inputFiles) hash.update(`${file}\n`).update(readFileSync(path.join(repoRoot, file)));
  for (const dir of builtDirs) {
    for (const file of filesUnder(path.join(repoRoot, dir))) {
      if (file.endsWith('.tsbuildinfo') || path.basename(file) === '.build-stamp') continue;
      hash.update(`${path.relative(repoRoot, file)}\n`).update(readFileSync(file));
    }
  }
  return hash.digest('hex').slice(0, 12);
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}
