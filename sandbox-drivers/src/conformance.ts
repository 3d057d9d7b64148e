import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { isSandboxError, type Sandbox, type SandboxDriver, type SandboxSpec } from '@notebook-hub/kernel/ports/sandbox-driver.js';
import { describeMarimoConformance } from './conformance-marimo.js';
import { describeSecretsConformance } from './conformance-secrets.js';
import { driverFrom, type DriverConfig } from './testing/driver-config.js';

const run = promisify(execFile);

export interface ConformanceTarget {
  /** The driver configuration for an owner id; every call of `driverFrom` is a fresh instance. */
  config(ownerId: string): DriverConfig;
  /** Kills every process of the sandbox behind the driver's back, as a crash would. */
  crash(driver: SandboxDriver, sandbox: Sandbox): Promise<void>;
  /** Where exposed ports are: loopback (the default), or each sandbox's own cluster address. */
  endpoints?: 'loopback' | 'cluster';
}

const codeOf = (error: unknown): string | undefined => (isSandboxError(error) ? error.code : undefined);

/** The one suite every SandboxDriver adapter passes. `target` null skips it (prerequisite missing). */
export function describeSandboxDriverConformance(name: string, target: ConformanceTarget | null): void {
  describe.skipIf(target === null)(`SandboxDriver conformance: ${name}`, () => {
    const ownerId = `test-${randomBytes(4).toString('hex')}`;
    const driver = (owner = ownerId) => driverFrom(target!.config(owner));
    const main = target === null ? null : driver();
    const created: string[] = [];
    const createWith = async (d: SandboxDriver, spec: Omit<SandboxSpec, 'compute'>) => {
      const sandbox = await d.create({ compute: { cpu: 1, memory_bytes: 1024 ** 3 }, env: { FROM_SPEC: 'spec' }, labels: { test: name }, ...spec });
      created.push(sandbox.id);
      return sandbox;
    };
    const create = (d: SandboxDriver, ports: string[] = []) => createWith(d, { ports });
    afterAll(async () => {
      await Promise.all(created.map((id) => main?.destroy(id).catch(() => {})));
      await main?.close();
    });

    it('creates a sandbox, runs commands, moves files, exposes a port and destroys it', async () => {
      const d = main!;
      const sandbox = await create(d, ['web']);
      await d.waitReady(sandbox.id, { timeoutMs: 30_000 });
      expect(sandbox.ports.web).toBeGreaterThan(0);

      const result = await d.exec(sandbox.id, {
        argv: ['sh', '-c', 'echo out; echo err >&2; echo "$FROM_SPEC $FROM_REQUEST"; pwd; exit 3'],
        env: { FROM_REQUEST: 'request' },
      });
      expect(result.exitCode).toBe(3);
      expect(result.stdout).toBe(`out\nspec request\n${sandbox.workspaceDir}\n`);
      expect(result.stderr).toBe('err\n');
      expect((await d.exec(sandbox.id, { argv: ['cat'], stdin: 'through stdin' })).stdout).toBe('through stdin');
      for (const tool of ['python', 'marimo', 'uv']) expect((await d.exec(sandbox.id, { argv: [tool, '--version'], check: true })).exitCode).toBe(0);

      const failure = await d.exec(sandbox.id, { argv: ['sh', '-c', 'echo bad >&2; exit 2'], check: true }).catch((error: unknown) => error);
      expect(codeOf(failure)).toBe('COMMAND_FAILED');
      expect(isSandboxError(failure) && failure.result?.stderr).toBe('bad\n');
      const missing = await d.exec(sandbox.id, { argv: ['no-such-command-here'] }).catch((error: unknown) => error);
      expect(codeOf(missing)).toBe('SPAWN_FAILED');
      const badCwd = await d.exec(sandbox.id, { argv: ['true'], cwd: 'no/such/dir' }).catch((error: unknown) => error);
      expect(codeOf(badCwd)).toBe('SPAWN_FAILED');
      const began = Date.now();
      const slow = await d.exec(sandbox.id, { argv: ['sleep', '30'], timeoutMs: 500 }).catch((error: unknown) => error);
      expect(codeOf(slow)).toBe('COMMAND_FAILED');
      expect(isSandboxError(slow) && slow.timedOut).toBe(true);
      expect(Date.now() - began).toBeLessThan(20_000);

      const binary = randomBytes(300_000);
      await d.writeFile(sandbox.id, 'data/nested/blob.bin', binary);
      await d.writeFile(sandbox.id, 'hello.txt', 'hello from the hub');
      expect((await d.readFile(sandbox.id, 'data/nested/blob.bin')).equals(binary)).toBe(true);
      expect((await d.exec(sandbox.id, { argv: ['cat', 'hello.txt'] })).stdout).toBe('hello from the hub');
      await d.exec(sandbox.id, { argv: ['sh', '-c', 'echo made inside > inside.txt'], check: true });
      expect((await d.readFile(sandbox.id, 'inside.txt')).toString()).toBe('made inside\n');
      expect(codeOf(await d.readFile(sandbox.id, 'absent.txt').catch((error: unknown) => error))).toBe('NOT_FOUND');
      await expect(d.writeFile(sandbox.id, '../escape.txt', 'x')).rejects.toThrow(/relative to the workspace/);

      await d.spawn(sandbox.id, { argv: ['python3', '-m', 'http.server', '--bind', sandbox.bindHost, String(sandbox.ports.web)] });
      await d.waitReady(sandbox.id, { probe: { kind: 'http', port: 'web', path: '/hello.txt' }, timeoutMs: 30_000 });
      const endpoint = await d.exposePort(sandbox.id, 'web');
      if (target!.endpoints === 'cluster') expect(isIP(endpoint.host)).not.toBe(0);
      else expect(endpoint.host).toBe('127.0.0.1');
      expect(await (await fetch(`http://${endpoint.host}:${endpoint.port}/hello.txt`)).text()).toBe('hello from the hub');

      expect((await d.list()).map((summary) => summary.id)).toContain(sandbox.id);
      await d.destroy(sandbox.id);
      expect((await d.list()).map((summary) => summary.id)).not.toContain(sandbox.id);
      await expect(fetch(`http://${endpoint.host}:${endpoint.port}/hello.txt`)).rejects.toThrow();
      expect(codeOf(await d.exec(sandbox.id, { argv: ['true'] }).catch((error: unknown) => error))).toBe('NOT_FOUND');
      await d.destroy(sandbox.id);
    });

    it('destroys a sandbox whose processes already died', async () => {
      const d = main!;
      const sandbox = await create(d);
      await d.waitReady(sandbox.id, { timeoutMs: 30_000 });
      await target!.crash(d, sandbox);
      await expect.poll(async () => (await d.list()).find((summary) => summary.id === sandbox.id)?.state, { timeout: 10_000 }).toBe('exited');
      // The backend cannot run anything in it any more: that is the backend's failure, not the command's.
      const dead = await d.exec(sandbox.id, { argv: ['true'] }).catch((caught: unknown) => caught);
      expect(codeOf(dead)).toBe('BACKEND_ERROR');
      await d.destroy(sandbox.id);
      await d.destroy(sandbox.id);
      expect((await d.list()).map((summary) => summary.id)).not.toContain(sandbox.id);
    });

    it('times out a sandbox that never becomes ready; it stays until its caller destroys it, then nothing of it is left', async () => {
      const d = main!;
      const sandbox = await create(d, ['web', 'never']);
      // Up but never healthy: http.server answers 404 for /health.
      const server = await d.spawn(sandbox.id, { argv: ['python3', '-m', 'http.server', '--bind', sandbox.bindHost, String(sandbox.ports.web)] });
      const unhealthy = await d
        .waitReady(sandbox.id, { probe: { kind: 'http', port: 'web', path: '/health' }, timeoutMs: 3_000 })
        .catch((caught: unknown) => caught);
      expect(codeOf(unhealthy)).toBe('NOT_READY');
      expect((unhealthy as Error).message).toMatch(/\((\d{2,}|[2-9]) probes; last: HTTP 404\)/);
      const unbound = await d
        .waitReady(sandbox.id, { probe: { kind: 'http', port: 'never', path: '/health' }, timeoutMs: 1_000 })
        .catch((caught: unknown) => caught);
      expect(codeOf(unbound)).toBe('NOT_READY');
      const failing = await d.waitReady(sandbox.id, { probe: { kind: 'exec', argv: ['false'] }, timeoutMs: 500 }).catch((caught: unknown) => caught);
      expect(codeOf(failing)).toBe('NOT_READY');
      expect((failing as Error).message).toMatch(/last: exit code 1/);
      const abandoned = await d
        .waitReady(sandbox.id, { probe: { kind: 'exec', argv: ['false'] }, timeoutMs: 600_000, signal: AbortSignal.abort('the caller gave up') })
        .catch((caught: unknown) => caught);
      expect(codeOf(abandoned)).toBe('NOT_READY');
      expect((abandoned as Error).message).toMatch(/the caller gave up/);

      // The port's waitReady only reports NOT_READY: the sandbox is still there, for its caller to destroy.
      expect((await d.list()).find((summary) => summary.id === sandbox.id)?.state).toBe('running');
      const endpoint = await d.exposePort(sandbox.id, 'web');
      expect((await fetch(`http://${endpoint.host}:${endpoint.port}/health`)).status).toBe(404);
      await d.destroy(sandbox.id);
      expect((await d.list()).map((summary) => summary.id)).not.toContain(sandbox.id);
      expect(await Promise.race([server.exited.then(() => 'exited'), sleep(15_000).then(() => 'still running')])).toBe('exited');
      await expect(fetch(`http://${endpoint.host}:${endpoint.port}/health`)).rejects.toThrow();
      expect(codeOf(await d.exec(sandbox.id, { argv: ['true'] }).catch((caught: unknown) => caught))).toBe('NOT_FOUND');
    });

    it('lists sandboxes a previous hub process left behind, for its owner only, and attaches to them when it can', async () => {
      const script = path.join(import.meta.dirname, 'testing', 'create-and-exit.ts');
      const { stdout } = await run(process.execPath, ['--conditions=source', '--import', 'tsx', script, JSON.stringify(target!.config(ownerId))], {
        timeout: 120_000,
      });
      const orphan = stdout.trim();
      created.push(orphan);
      const restarted = driver();
      const found = (await restarted.list()).find((summary) => summary.id === orphan);
      expect(found).toMatchObject({ id: orphan, ownerId, state: 'running', labels: { role: 'orphan' } });
      expect((await driver(`${ownerId}-other`).list()).map((summary) => summary.id)).not.toContain(orphan);
      // A driver that says it can attach works with the orphan as with its own (docs/sessions.md: a
      // retired session is saved from its sandbox by whichever replica reclaims it).
      expect(typeof restarted.canAttach).toBe('boolean');
      if (restarted.canAttach) {
        expect((await restarted.readFile(orphan, 'left-behind.txt')).toString()).toBe('written by the previous process');
        expect((await restarted.exec(orphan, { argv: ['cat', 'left-behind.txt'], check: true })).stdout).toBe('written by the previous process');
      }
      await restarted.destroy(orphan);
      expect((await restarted.list()).map((summary) => summary.id)).not.toContain(orphan);
      await restarted.close();
    });

    it('runs 4 sandboxes at once', async () => {
      const d = main!;
      const sandboxes = await Promise.all([0, 1, 2, 3].map(() => create(d, ['web'])));
      await Promise.all(sandboxes.map((sandbox) => d.waitReady(sandbox.id, { timeoutMs: 60_000 })));
      await Promise.all(sandboxes.map((sandbox, index) => d.writeFile(sandbox.id, 'me.txt', `sandbox ${index}`)));
      const seen = await Promise.all(sandboxes.map(async (sandbox) => (await d.exec(sandbox.id, { argv: ['cat', 'me.txt'], check: true })).stdout));
      expect(seen).toEqual(['sandbox 0', 'sandbox 1', 'sandbox 2', 'sandbox 3']);
      const endpoints = await Promise.all(sandboxes.map((sandbox) => d.exposePort(sandbox.id, 'web')));
      expect(new Set(endpoints.map((endpoint) => `${endpoint.host}:${endpoint.port}`)).size).toBe(4);
      const listed = (await d.list()).map((summary) => summary.id);
      for (const sandbox of sandboxes) expect(listed).toContain(sandbox.id);
      await Promise.all(sandboxes.map((sandbox) => d.destroy(sandbox.id)));
      const after = (await d.list()).map((summary) => summary.id);
      for (const sandbox of sandboxes) expect(after).not.toContain(sandbox.id);
    });

    describeMarimoConformance(() => main!, create);
    describeSecretsConformance(() => main!, createWith);
  });
}
