import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { callerAs, startDesktopHub, type DesktopHub } from '../../electron/src/host/desktop-hub.js';
import { prepareRuntimeOnFirstRun } from '../../electron/src/host/runtime-first-run.js';
import { useCachedRuntimeBuilds } from '../support/runtime-builds.js';
import { makeTempDir } from '../support/temp-dir.js';
import { prerequisite } from '../setup/prerequisites.js';

const runtime = prerequisite('sandboxRuntime');

/** The desktop hub on a fresh data folder, and a caller signed in as its window is. */
async function desktopOn(dataDir: string, options: { sandboxDriver?: 'local' | 'docker'; env?: Record<string, string> } = {}) {
  const desktop = await startDesktopHub({ dataDir, uiDir: null, logLevel: 'silent', ...options });
  return { desktop, call: callerAs(desktop.url, await desktop.windowCookies()) };
}

describe.skipIf(runtime === null)("the desktop app's first run builds the runtime in the background", () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  let builds: Awaited<ReturnType<typeof useCachedRuntimeBuilds>>;
  let desktop: DesktopHub | undefined;
  beforeAll(async () => {
    temp = await makeTempDir('desktop-first-run');
    builds = await useCachedRuntimeBuilds(runtime!);
  });
  afterEach(async () => {
    await desktop?.close();
    desktop = undefined;
  });
  afterAll(async () => {
    await builds?.restore();
    await temp?.cleanup();
  });

  it('asks the hub for a build on a first run, and for nothing once the runtime is there', async () => {
    const opened = await desktopOn(path.join(temp.dir, 'first'));
    desktop = opened.desktop;
    expect(await prepareRuntimeOnFirstRun(opened.call)).toEqual({ before: 'missing', started: true });
    // The window sees the build under way, then done.
    expect(((await opened.call('/api/v1/runtime-setup')).json as { data: { state: string } }).data.state).toBe('preparing');
    await expect
      .poll(async () => ((await opened.call('/api/v1/runtime-setup')).json as { data: { state: string } }).data.state, { timeout: 240_000, interval: 500 })
      .toBe('ready');
    expect(await prepareRuntimeOnFirstRun(opened.call)).toEqual({ before: 'ready', started: false });
    // Asked as the window's user: the audit log names the local administrator.
    const events = await opened.call('/api/v1/events?event=runtime.setup_requested');
    expect((events.json as { data: { items: { metadata: unknown }[] } }).data.items).toMatchObject([{ metadata: { rebuild: false, state_before: 'missing' } }]);
  }, 300_000);

  it('leaves a runtime that needs a repair to the window, and has nothing to build with Docker', async () => {
    const halfBuilt = path.join(temp.dir, 'half-built');
    await mkdir(path.join(halfBuilt, 'runtime', 'venv'), { recursive: true });
    const local = await desktopOn(halfBuilt);
    desktop = local.desktop;
    expect(await prepareRuntimeOnFirstRun(local.call)).toEqual({ before: 'needs_repair', started: false });
    await desktop.close();

    const docker = await desktopOn(path.join(temp.dir, 'docker'), {
      sandboxDriver: 'docker',
      // Never called: a socket nobody listens on is enough.
      env: { SERVICE_DOCKER_HOST: `unix://${path.join(temp.dir, 'docker.sock')}` },
    });
    desktop = docker.desktop;
    expect(await prepareRuntimeOnFirstRun(docker.call)).toEqual({ before: 'not_applicable', started: false });
  }, 120_000);
});
