import { readdirSync } from 'node:fs';
import path from 'node:path';
import Docker from 'dockerode';
import { ensureCachedImage, runOfflineBuild, tagOfInputs } from './cached-image.js';

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
  'scripts/bundle-service.mjs',
  'service/package.json',
  'sandbox-drivers/package.json',
  'renderer/package.json',
  'electron/package.json',
  'shared-types/package.json',
];
/** What stage-app.sh copies of the build (the build is brought up to date by the global setup). */
const builtDirs = ['service/dist', 'sandbox-drivers/dist', 'renderer/dist'];

/**
 * The hub's container image built offline (build/hub-image/build-offline.sh) in the test engine,
 * tagged by a hash of its inputs (build scripts, lockfile, the built service and UI, this Node and
 * the version it reports).
 */
export function ensureHubImage(options: { socketPath: string; version: string }): Promise<string> {
  const tag = tagOfInputs(TAG_PREFIX, [...inputFiles, ...builtFiles()], `node ${process.version}\nversion ${options.version}\n`);
  return ensureCachedImage(new Docker({ socketPath: options.socketPath }), {
    name: 'hub image',
    tag,
    prefix: TAG_PREFIX,
    cacheName: 'hub-image',
    build: (workDir) =>
      runOfflineBuild(options.socketPath, 'build/hub-image/build-offline.sh', ['--tag', tag, '--version', options.version, '--work-dir', workDir]),
  });
}

/** The files of the built folders, as paths in the checkout (build stamps left out: they change with every build). */
function builtFiles(): string[] {
  return builtDirs
    .flatMap((dir) => filesUnder(path.join(repoRoot, dir)))
    .filter((file) => !file.endsWith('.tsbuildinfo') && path.basename(file) !== '.build-stamp')
    .map((file) => path.relative(repoRoot, file));
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}
