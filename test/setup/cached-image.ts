import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type Docker from 'dockerode';
import { withCacheLock } from './cache-lock.js';
import { testCacheDir } from './cache-dir.js';

const repoRoot = path.resolve(import.meta.dirname, '../..');

/** A test image built offline into the test engine, named by a hash of what its build reads. */
export interface CachedImage {
  /** What the progress lines call it ("sandbox image"). */
  name: string;
  /** `<prefix><hash of the inputs>` (see `tagOfInputs`). */
  tag: string;
  /** Shared by every build of this image: the tags of earlier builds are removed once this one is built. */
  prefix: string;
  /** The folder of the test cache that holds the build lock and is the build's work dir (downloads kept between builds). */
  cacheName: string;
  /** Builds the image as `tag`, keeping its downloads in `workDir`. */
  build: (workDir: string) => Promise<void>;
}

/**
 * The image tagged `image.tag`, built when the engine does not have it yet. The engine's data-root
 * is cached between runs, so only the first run after a change of the inputs builds. Several runs
 * on one machine share the engine: a lock keeps them from building the same image twice, and
 * whoever waited on it finds the image built.
 */
export async function ensureCachedImage(docker: Docker, image: CachedImage): Promise<string> {
  const present = () =>
    docker
      .getImage(image.tag)
      .inspect()
      .then(
        () => true,
        () => false,
      );
  if (await present()) return image.tag;
  const workDir = testCacheDir(image.cacheName);
  return withCacheLock(workDir, 'build.lock', async () => {
    if (await present()) return image.tag;
    process.stderr.write(`[setup] building the ${image.name} ${image.tag} offline (first run or changed inputs)...\n`);
    const started = Date.now();
    await image.build(workDir);
    process.stderr.write(`[setup] ${image.name} built in ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
    await removeOtherTestImages(docker, image.prefix, image.tag);
    return image.tag;
  });
}

/**
 * `prefix` and the first 12 hex digits of a SHA-256 over `salt` and each of `files` (paths in the
 * checkout): its path, then its content, so a renamed input changes the tag too.
 */
export function tagOfInputs(prefix: string, files: readonly string[], salt = ''): string {
  const hash = createHash('sha256').update(salt);
  for (const file of files) hash.update(`${file}\n`).update(readFileSync(path.join(repoRoot, file)));
  return `${prefix}${hash.digest('hex').slice(0, 12)}`;
}

/**
 * Runs one of the offline image builds (the scripts that source build/lib/debian-rootfs.sh) with
 * `args` against the engine at `socketPath`, its output going to the test run's.
 */
export function runOfflineBuild(socketPath: string, script: string, args: readonly string[]): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const build = spawn('bash', [path.join(repoRoot, script), ...args], {
      env: { ...process.env, DOCKER_HOST: `unix://${socketPath}` },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    build.once('error', reject);
    build.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${script} failed with exit ${code}`))));
  });
}

/**
 * Images an earlier build of the same kind tagged `<prefix>…`, other than `keep`: they would
 * otherwise pile up in the cached data-root. The newest other one stays: checkouts with different
 * image inputs share one engine, and removing each other's image would make them rebuild in turn.
 */
export async function removeOtherTestImages(docker: Docker, prefix: string, keep: string): Promise<void> {
  const images = await docker.listImages({ filters: { reference: [`${prefix}*`] } }).catch(() => []);
  const others = images
    .filter((image) => !(image.RepoTags ?? []).includes(keep))
    .sort((a, b) => b.Created - a.Created)
    .slice(KEPT_OTHER_IMAGES);
  for (const image of others)
    for (const tag of image.RepoTags ?? [])
      await docker
        .getImage(tag)
        .remove()
        .catch(() => {});
}

const KEPT_OTHER_IMAGES = 1;
