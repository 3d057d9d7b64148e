import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import Docker from 'dockerode';
import tar from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxDriver } from '../../service/src/core/ports/sandbox-driver.js';
import { DockerSandboxDriver } from '../../sandbox-drivers/src/docker/docker-driver.js';
import { LABEL } from '../../sandbox-drivers/src/docker/labels.js';
import { startTestHub, type TestHub } from '../support/test-hub.js';
import { prerequisite } from '../setup/prerequisites.js';

const docker = prerequisite('docker');
const PATH = '/api/v1/admin/debug/sandbox-startup';
const MiB = 1024 ** 2;
const PROFILES = [
  { name: 'default', cpu: 1, memory_bytes: 1024 * MiB },
  { name: 'small', cpu: 0.5, memory_bytes: 512 * MiB },
];

/**
 * Sandbox images that break in the ways a real one can. Each puts a script named `echo` first on
 * the runtime's PATH, which is what the diagnostic's fixed echo runs.
 */
const BROKEN_ECHO = '#!/bin/sh\nprintf "echo: broken runtime\\n" >&2\nexit 70\n';
const BREAKS_AFTER_FIRST_USE = [
  '#!/bin/sh',
  'if [ -e /tmp/.used ]; then printf "echo: the runtime broke after its first command\\n" >&2; exit 70; fi',
  ': > /tmp/.used',
  'exec /bin/echo "$@"',
  '',
].join('\n');
/** The image with `script` as the first `echo` on PATH; COPY keeps the mode the tar gives it. */
const withEcho = (base: string, script: string): BuildContext => ({
  Dockerfile: `FROM ${base}\nCOPY echo /opt/notebook-runtime/bin/echo\n`,
  echo: script,
});

describe.skipIf(docker === null)('sandbox start-up diagnostic (docker driver)', () => {
  const engine = new Docker({ socketPath: docker?.socketPath });
  const suffix = randomBytes(4).toString('hex');
  const images = {
    brokenEcho: `notebook-hub-test-broken-echo:${suffix}`,
    breaksAfterFirstUse: `notebook-hub-test-breaks-after-first-use:${suffix}`,
    exitsAtOnce: `notebook-hub-test-exits-at-once:${suffix}`,
    missing: `notebook-hub-sandbox:does-not-exist-${suffix}`,
  };
  const ownerId = `diagnostic-${suffix}`;
  /** The engine's view of every container the hub created, taken before the diagnostic goes on. */
  const inspected = new Map<string, Docker.ContainerInspectInfo>();
  let t: TestHub;
  let admin: string;
  const run = (body: Record<string, unknown> = {}) => t.call(PATH, { method: 'POST', cookie: admin, headers: { origin: t.url }, body });
  const containersOfHub = async () => engine.listContainers({ all: true, filters: { label: [`${LABEL.owner}=${ownerId}`] } });

  beforeAll(async () => {
    await buildImage(engine, images.brokenEcho, withEcho(docker!.image, BROKEN_ECHO));
    await buildImage(engine, images.breaksAfterFirstUse, withEcho(docker!.image, BREAKS_AFTER_FIRST_USE));
    await buildImage(engine, images.exitsAtOnce, { Dockerfile: `FROM ${docker!.image}\nCMD ["true"]\n` });
    t = await startTestHub({
      captureLogs: true,
      env: {
        SERVICE_SANDBOX_DRIVER: 'docker',
        SERVICE_DOCKER_HOST: `unix://${docker!.socketPath}`,
        SERVICE_SANDBOX_IMAGE: docker!.image,
        SERVICE_SANDBOX_IMAGES: Object.values(images).join(','),
        SERVICE_COMPUTE_PROFILES: JSON.stringify(PROFILES),
        SERVICE_SANDBOX_STARTUP_TIMEOUT_SECONDS: '5',
      },
      hub: () => ({
        sandboxes: inspectingCreate(new DockerSandboxDriver({ ownerId, image: docker!.image, docker: { socketPath: docker!.socketPath } }), engine, inspected),
      }),
    });
    admin = await t.localLogin();
  }, 300_000);
  afterAll(async () => {
    await t?.close();
    for (const image of Object.values(images))
      await engine
        .getImage(image)
        .remove({ force: true })
        .catch(() => {});
  });

  const logOf = async (sandboxId: string | null) => {
    await expect.poll(() => t.logs.some((line) => line.event === 'sandbox_startup_diagnostic' && line.sandbox_id === sandboxId)).toBe(true);
    return t.logs.filter((line) => line.event === 'sandbox_startup_diagnostic' && line.sandbox_id === sandboxId).at(-1)!;
  };
  /** The lease of the admin's run is released whatever happened: the next run is not 429. */
  const nextRunGoesThrough = async () => {
    const next = await run();
    expect(next.status).toBe(200);
    expect(next.json.data.ok).toBe(true);
  };

  it('starts a container with the profile limits, times it, logs the timings and removes it', async () => {
    const response = await run({ compute_profile: 'small' });
    expect(response.status).toBe(200);
    const report = response.json.data;
    expect(report).toMatchObject({
      ok: true,
      image: docker!.image,
      compute_profile: 'small',
      compute_resources: { cpu: 0.5, memory_bytes: 512 * MiB },
      handle: { status: 'ok' },
      readiness: { status: 'ok' },
      exec: { status: 'ok' },
      cleanup: { status: 'ok' },
    });
    const container = inspected.get(report.sandbox_id)!;
    expect(container.HostConfig).toMatchObject({ NanoCpus: 500_000_000, Memory: 512 * MiB, MemorySwap: 512 * MiB });
    expect(container.Config.Labels).toMatchObject({ [`${LABEL.userPrefix}purpose`]: 'startup-diagnostic' });
    expect((await containersOfHub()).map((info) => info.Labels[LABEL.id])).not.toContain(report.sandbox_id);

    const line = await logOf(report.sandbox_id);
    expect(line).toMatchObject({
      ok: true,
      backend: 'docker',
      image: docker!.image,
      compute_profile: 'small',
      total_ms: Math.round(report.total_ms),
      counters: report.counters,
    });
    expect(line.startup_timings_ms).toEqual(report.startup_timings_ms);
    expect(Object.keys(report.startup_timings_ms)).toEqual(expect.arrayContaining(['total_ms', 'create_ms', 'readiness_ms', 'exec_ms', 'cleanup_ms']));

    const defaults = (await run()).json.data;
    expect(defaults).toMatchObject({ ok: true, compute_profile: 'default', compute_resources: { cpu: 1, memory_bytes: 1024 * MiB } });
    expect(inspected.get(defaults.sandbox_id)!.HostConfig).toMatchObject({ NanoCpus: 1_000_000_000, Memory: 1024 * MiB });
    const health = await t.call('/api/health?deep=true', { cookie: admin });
    expect(health.json.checks.find((check: { name: string }) => check.name === 'compute')).toMatchObject({
      status: 'ok',
      detail: expect.stringMatching(/^docker driver/),
    });
  });

  it('destroys the container and frees the lease when the readiness echo keeps failing', async () => {
    const report = (await run({ image: images.brokenEcho })).json.data;
    expect(report).toMatchObject({
      ok: false,
      image: images.brokenEcho,
      handle: { status: 'ok' },
      readiness: { status: 'failed', failure_code: 'COMMAND_FAILED', stderr: expect.stringContaining('broken runtime') },
      exec: { status: 'skipped' },
      cleanup: { status: 'ok' },
    });
    expect(report.counters.readiness_attempts).toBeGreaterThan(1);
    expect(inspected.has(report.sandbox_id)).toBe(true);
    expect((await containersOfHub()).map((info) => info.Labels[LABEL.id])).not.toContain(report.sandbox_id);
    expect(await logOf(report.sandbox_id)).toMatchObject({ ok: false });
    await nextRunGoesThrough();
  });

  it('stops waiting at once for a container that exited, and removes it', async () => {
    const report = (await run({ image: images.exitsAtOnce })).json.data;
    expect(report).toMatchObject({ ok: false, handle: { status: 'ok' }, cleanup: { status: 'ok' } });
    // Normally the first echo finds the container stopped. Under load an echo can slip in while it
    // is still stopping (and fail, or even succeed); the refusal that follows still ends the wait,
    // where retrying until the 5 s timeout would take dozens of attempts.
    if (report.readiness.status === 'failed') {
      expect(report.readiness.failure_code).toBe('BACKEND_ERROR');
      expect(report.counters.readiness_attempts).toBeLessThan(5);
    } else {
      expect(report.exec.status).toBe('failed');
    }
    expect((await containersOfHub()).map((info) => info.Labels[LABEL.id])).not.toContain(report.sandbox_id);
    await nextRunGoesThrough();
  });

  it('destroys the container and frees the lease when the timed exec fails', async () => {
    const report = (await run({ image: images.breaksAfterFirstUse })).json.data;
    expect(report).toMatchObject({
      ok: false,
      handle: { status: 'ok' },
      readiness: { status: 'ok', stdout: 'notebook-hub-ready\n' },
      exec: { status: 'failed', failure_code: 'COMMAND_FAILED', stderr: expect.stringContaining('broke after its first command') },
      cleanup: { status: 'ok' },
    });
    expect((await containersOfHub()).map((info) => info.Labels[LABEL.id])).not.toContain(report.sandbox_id);
    expect(await logOf(report.sandbox_id)).toMatchObject({ ok: false, startup_timings_ms: report.startup_timings_ms });
    await nextRunGoesThrough();
  });

  it('reports an image the engine does not have, leaves nothing behind and frees the lease', async () => {
    const before = (await containersOfHub()).length;
    const report = (await run({ image: images.missing })).json.data;
    expect(report).toMatchObject({
      ok: false,
      sandbox_id: null,
      image: images.missing,
      handle: { status: 'failed', error: { code: 'BACKEND_ERROR', message: expect.stringContaining(images.missing) } },
      readiness: { status: 'skipped' },
      exec: { status: 'skipped' },
      cleanup: { status: 'skipped' },
    });
    expect((await containersOfHub()).length).toBe(before);
    expect(await logOf(null)).toMatchObject({ ok: false, image: images.missing });
    await nextRunGoesThrough();
  });
});

/** The real driver, but each new container is inspected before `create` returns (it is gone after the run). */
function inspectingCreate(driver: DockerSandboxDriver, engine: Docker, seen: Map<string, Docker.ContainerInspectInfo>): SandboxDriver {
  return new Proxy(driver, {
    get(target, property, receiver) {
      if (property !== 'create') {
        const value: unknown = Reflect.get(target, property, receiver);
        return typeof value === 'function' ? value.bind(target) : value;
      }
      return async (...args: Parameters<SandboxDriver['create']>) => {
        const sandbox = await target.create(...args);
        seen.set(sandbox.id, await engine.getContainer(`notebook-hub-${sandbox.id}`).inspect());
        return sandbox;
      };
    },
  });
}

/** File name to content; every file is executable. */
type BuildContext = Record<string, string>;

/** Builds `tag` with the engine's builder; the base image is local, so no registry is needed. */
async function buildImage(engine: Docker, tag: string, context: BuildContext): Promise<void> {
  const pack = tar.pack();
  for (const [name, content] of Object.entries(context)) pack.entry({ name, mode: 0o755 }, content);
  pack.finalize();
  const stream = await engine.buildImage(Readable.from(pack), { t: tag, rm: true, forcerm: true });
  const output = await new Promise<{ error?: string; errorDetail?: { message?: string } }[]>((resolve, reject) => {
    engine.modem.followProgress(stream, (error: Error | null, result: { error?: string }[]) => (error ? reject(error) : resolve(result)));
  });
  const failure = output.find((item) => item.error !== undefined);
  if (failure !== undefined) throw new Error(`building ${tag} failed: ${failure.error}`);
}
