/**
 * Container image benchmark (docs/deploy.md, "The container image"). Prints:
 *  - the size of the hub image built offline (goal: under 300 MB);
 *  - the median time from `docker run` to the hub in the container answering `GET /api/health`
 *    (what its HEALTHCHECK asks; the engine's own `healthy` follows at its next check), beside the
 *    same hub started as a plain process (`notebook-hub serve`) in the same run, each on a fresh
 *    data folder or volume, and the ratio (goal: at most 1.5).
 * Uses the test setup's private Docker engine and builds the image when its inputs changed (as the
 * docker suite does); skips with a note without an engine. BENCH_RUNS sets the runs per side
 * (default 5; BENCH_QUICK=1 makes it 1).
 */
import './support/machine-load.js';
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { provisionDocker } from '../setup/docker.js';
import { ensureHubImage, TEST_HUB_IMAGE_VERSION } from '../setup/hub-image.js';
import { dockerCli, hubUrl, removeHubContainers, runHubContainer, waitForHealth, type DockerCli } from '../support/hub-container.js';
import { makeTempDir } from '../support/temp-dir.js';
import { unusedPort } from '../support/unused-port.js';
import { median } from './support/marimo-alone.js';

const GOALS = { imageMb: 300, startRatio: 1.5 };
const quick = process.env.BENCH_QUICK === '1';
const RUNS = Number(process.env.BENCH_RUNS ?? (quick ? 1 : 5));
const ROOT = path.resolve(import.meta.dirname, '../..');
const MB = 1000 ** 2;

const ms = (value: number): string => `${value.toFixed(0).padStart(6)} ms`;
const verdict = (met: boolean): string => (met ? 'met' : 'NOT met');

// The image is made from the build: bring it up to date first, as the test setup does.
const built = spawnSync(process.execPath, [path.join(ROOT, 'scripts/build.mjs'), '--if-stale'], { stdio: 'inherit' });
if (built.status !== 0) throw new Error('the build failed');

const docker = await provisionDocker().catch((error: unknown) => {
  console.log(`# image benchmark: skipped (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`);
  return null;
});
if (docker !== null) {
  try {
    const cli = dockerCli(docker.socketPath);
    const image = await ensureHubImage({ socketPath: docker.socketPath, version: TEST_HUB_IMAGE_VERSION });
    console.log(`# image benchmark (node ${process.version}), median of ${RUNS} runs per side`);
    const sizeMb = Number(await cli(['image', 'inspect', '--format', '{{.Size}}', image])) / MB;
    console.log(
      `image size:                               ${sizeMb.toFixed(0).padStart(6)} MB  (goal < ${GOALS.imageMb} MB: ${verdict(sizeMb < GOALS.imageMb)})`,
    );
    const plain: number[] = [];
    const container: number[] = [];
    // Alternating, so a busier moment of the machine falls on both sides alike.
    for (let run = 0; run < RUNS; run++) {
      plain.push(await plainProcessStart());
      container.push(await containerStart(cli, image));
    }
    const ratio = median(container) / median(plain);
    console.log(`plain process (notebook-hub serve), start to /api/health: ${ms(median(plain))}`);
    console.log(
      `container (docker run), start to /api/health:              ${ms(median(container))}  ratio ${ratio.toFixed(2)} (goal <= ${GOALS.startRatio}: ${verdict(ratio <= GOALS.startRatio)})`,
    );
  } finally {
    await docker.stop();
  }
}

async function plainProcessStart(): Promise<number> {
  const data = await makeTempDir('image-bench');
  const port = await unusedPort();
  try {
    const began = performance.now();
    const hub = spawn(process.execPath, [path.join(ROOT, 'bin/notebook-hub.mjs'), 'serve'], {
      env: { ...process.env, SERVICE_HOST: '127.0.0.1', SERVICE_PORT: String(port), SERVICE_DATA_DIR: data.dir },
      stdio: 'ignore',
    });
    const exited = new Promise((resolve) => hub.once('exit', resolve));
    try {
      await waitForHealth(`http://127.0.0.1:${port}`);
      return performance.now() - began;
    } finally {
      hub.kill('SIGTERM');
      await exited;
    }
  } finally {
    await data.cleanup();
  }
}

async function containerStart(cli: DockerCli, image: string): Promise<number> {
  const name = `notebook-hub-bench-${randomBytes(4).toString('hex')}`;
  await cli(['volume', 'create', name]);
  try {
    const began = performance.now();
    await runHubContainer(cli, { image, name, volume: name });
    await waitForHealth(await hubUrl(cli, name));
    return performance.now() - began;
  } finally {
    await removeHubContainers(cli, { containers: [name], volumes: [name] });
  }
}
