import { execFile } from 'node:child_process';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useCachedRuntimeBuilds } from '../../../test/support/runtime-builds.js';
import { makeTempDir } from '../../../test/support/temp-dir.js';
import { MARIMO_VERSION } from '../../runtime/pins.js';
import type { RuntimeSetupStatus } from '@notebook-hub/kernel/ports/sandbox-driver.js';
import type { ProgressEvent } from '../shared/progress.js';
import { LocalSandboxDriver } from './local-driver.js';
import { LocalRuntimeSetup } from './runtime-setup.js';
import { runtimePaths } from './runtime-venv.js';
import { prerequisite } from '../../../test/setup/prerequisites.js';

const run = promisify(execFile);
const shared = prerequisite('sandboxRuntime');

describe.skipIf(shared === null)("the local runtime's set-up: status, single-flight builds, repair", () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  let builds: Awaited<ReturnType<typeof useCachedRuntimeBuilds>>;
  beforeAll(async () => {
    temp = await makeTempDir('runtime-setup');
    builds = await useCachedRuntimeBuilds(shared!);
  });
  afterAll(async () => {
    await builds?.restore();
    await temp?.cleanup();
  });

  it('builds once for every caller at the same time, a sandbox start included, showing progress and the log', async () => {
    const dataDir = path.join(temp.dir, 'hub');
    const events: ProgressEvent[] = [];
    // What the status said at each step of the build, read as the step was reported.
    const statuses: Promise<RuntimeSetupStatus>[] = [];
    const driver: LocalSandboxDriver = new LocalSandboxDriver({
      ownerId: 'runtime-setup-test',
      dataDir,
      onRuntimeProgress: (event) => {
        events.push(event);
        statuses.push(driver.runtimeSetup.status());
      },
    });
    const setup = driver.runtimeSetup;
    expect(await setup.status()).toEqual({ state: 'missing', percent: null, step: null, detail: expect.any(String), logTail: '' });

    const first = setup.prepare();
    // Asked for: preparing at once, before the build's first step.
    expect(await setup.status()).toMatchObject({ state: 'preparing', percent: 0, step: 'starting' });
    const second = setup.prepare({ rebuild: true });
    const sandbox = driver.create({ compute: {} });
    await Promise.all([first, second]);
    const created = await sandbox;
    await driver.destroy(created.id);

    const during = await Promise.all(statuses);
    expect(during.length).toBe(events.length);
    during.forEach((status, index) =>
      expect(status).toMatchObject({ state: 'preparing', percent: Math.round(events[index]!.percent), step: events[index]!.step }),
    );
    expect(during.some((status) => /^installing marimo==/.test(status.step ?? ''))).toBe(true);
    const percents = during.map((status) => status.percent!);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    // One build: one venv creation, one completion.
    expect(events.filter((event) => event.step.startsWith('creating the runtime venv'))).toHaveLength(1);
    expect(events.filter((event) => event.done)).toHaveLength(1);
    const after = await setup.status();
    expect(after).toMatchObject({ state: 'ready', percent: null, step: null });
    expect(after.logTail).toContain('building the notebook runtime');
    expect(after.logTail).toMatch(/\$ \S*uv pip install/);
    expect(after.logTail).toContain('[100%] runtime ready');
  }, 300_000);

  it('tells a runtime that needs a repair, and repairs it with a rebuild', async () => {
    const dir = path.join(temp.dir, 'repaired');
    const setup = new LocalRuntimeSetup({ dir, inspectionTtlMs: 0 });
    // An install that stopped half-way: the venv folder and nothing else.
    await mkdir(runtimePaths(dir).venvDir, { recursive: true });
    expect(await setup.status()).toMatchObject({ state: 'needs_repair', detail: expect.stringMatching(/did not finish/) });
    await setup.prepare();
    expect((await setup.status()).state).toBe('ready');

    // A marimo that no longer runs: current by its stamp, so only a rebuild repairs it.
    const marimo = path.join(runtimePaths(dir).binDir, 'marimo');
    await writeFile(marimo, '#!/bin/sh\necho "bad interpreter: /gone/python3" >&2\nexit 127\n');
    await chmod(marimo, 0o755);
    expect(await setup.status()).toMatchObject({ state: 'needs_repair', detail: expect.stringContaining('bad interpreter') });
    await setup.prepare();
    expect((await setup.status()).state).toBe('needs_repair');
    await setup.prepare({ rebuild: true });
    expect(await setup.status()).toMatchObject({ state: 'ready' });
    expect((await run(marimo, ['--version'])).stdout.trim()).toBe(MARIMO_VERSION);
  }, 300_000);

  it('reports a failed build with its cause and log, and a Python to build from that is missing', async () => {
    const dir = path.join(temp.dir, 'failing');
    const setup = new LocalRuntimeSetup({ dir, inspectionTtlMs: 0, requirements: ['notebook-hub-no-such-package==1.0.0'] });
    await expect(setup.prepare()).rejects.toThrow(/failed/);
    const failed = await setup.status();
    expect(failed).toMatchObject({ state: 'failed', detail: expect.stringMatching(/^The last set-up of the notebook runtime failed: .*uv pip install/) });
    expect(failed.logTail).toContain('notebook-hub-no-such-package');

    const noPython = new LocalRuntimeSetup({ dir: path.join(temp.dir, 'no-python'), python: path.join(temp.dir, 'no-such-python') });
    expect(await noPython.status()).toMatchObject({ state: 'no_python', detail: expect.stringContaining('no-such-python') });
  }, 300_000);
});
