import { spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { handOff, startHandoffServer, type HandoffServer, type LaunchArguments } from '../../electron/src/host/handoff.js';
import { claimInstance, holderIsGone, type LockHolder } from '../../electron/src/host/instance-lock.js';
import { newLaunchSecret } from '../../electron/src/host/launch-secret.js';
import { makeTempDir } from '../support/temp-dir.js';

let temp: { dir: string; cleanup: () => Promise<void> };
let lockFile: string;
const servers: HandoffServer[] = [];
beforeEach(async () => {
  temp = await makeTempDir('desktop-lock');
  lockFile = path.join(temp.dir, 'instance.lock');
});
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
  await temp.cleanup();
});

/** A launch as the main process makes one: its handoff listener first, then the lock naming it. */
async function launch(received: LaunchArguments[] = []): Promise<LockHolder> {
  const token = newLaunchSecret();
  const server = await startHandoffServer(token, (args) => received.push(args));
  servers.push(server);
  return { pid: process.pid, port: server.port, token, startedAt: new Date().toISOString() };
}

/** The pid of a process that has exited, and a port nothing listens on. */
async function deadHolder(): Promise<LockHolder> {
  const child = spawn(process.execPath, ['-e', '']);
  const pid = child.pid!;
  await new Promise((resolve) => child.once('exit', resolve));
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as { port: number }).port;
  await new Promise((resolve) => probe.close(resolve));
  return { pid, port, token: 'old-token', startedAt: '2026-01-01T00:00:00.000Z' };
}

describe('the instance lock', () => {
  it('makes the first launch the primary one and writes pid, port and token', async () => {
    const self = await launch();
    const claim = await claimInstance(lockFile, self);
    expect(claim.kind).toBe('primary');
    expect(JSON.parse(await readFile(lockFile, 'utf8'))).toEqual(self);
  });

  it('sends a second launch to the first with its arguments instead of starting another hub', async () => {
    const received: LaunchArguments[] = [];
    const first = await claimInstance(lockFile, await launch(received));
    const second = await claimInstance(lockFile, await launch());
    expect(first.kind).toBe('primary');
    expect(second.kind).toBe('secondary');
    if (second.kind !== 'secondary') return;
    expect(second.holder).toEqual(first.holder);
    await handOff(second.holder, { argv: ['notebook-hub', '/home/ada/notebooks'], cwd: '/home/ada' });
    expect(received).toEqual([{ argv: ['notebook-hub', '/home/ada/notebooks'], cwd: '/home/ada' }]);
  });

  it('refuses a handoff without the lock file token', async () => {
    const received: LaunchArguments[] = [];
    const holder = await launch(received);
    await expect(handOff({ port: holder.port, token: 'guessed' }, { argv: ['x'], cwd: '/' })).rejects.toThrow(/HTTP 403/);
    expect(received).toEqual([]);
  });

  it('takes over the lock of an app that is gone', async () => {
    const stale = await deadHolder();
    expect(await holderIsGone(stale)).toBe(true);
    await writeFile(lockFile, JSON.stringify(stale));
    const self = await launch();
    const claim = await claimInstance(lockFile, self);
    expect(claim.kind).toBe('primary');
    expect(JSON.parse(await readFile(lockFile, 'utf8')).token).toBe(self.token);
  });

  it('takes over the lock of a live process that no longer answers on its port (its pid was reused)', async () => {
    const stale = { ...(await deadHolder()), pid: process.pid };
    expect(await holderIsGone(stale)).toBe(true);
    await writeFile(lockFile, JSON.stringify(stale));
    expect((await claimInstance(lockFile, await launch())).kind).toBe('primary');
  });

  it('takes over a lock file this protocol did not write', async () => {
    await writeFile(lockFile, 'garbage');
    expect((await claimInstance(lockFile, await launch())).kind).toBe('primary');
  });

  it('makes exactly one of several simultaneous launches primary, also when they take over a stale lock together', async () => {
    await writeFile(lockFile, JSON.stringify(await deadHolder()));
    const launches = await Promise.all(Array.from({ length: 6 }, () => launch()));
    const claims = await Promise.all(launches.map((self) => claimInstance(lockFile, self)));
    const primaries = claims.filter((claim) => claim.kind === 'primary');
    expect(primaries).toHaveLength(1);
    const owner = JSON.parse(await readFile(lockFile, 'utf8'));
    expect(owner.token).toBe(primaries[0]!.holder.token);
    for (const claim of claims) if (claim.kind === 'secondary') expect(claim.holder.token).toBe(owner.token);
  });

  it('releases only its own lock', async () => {
    const first = await claimInstance(lockFile, await launch());
    if (first.kind !== 'primary') throw new Error('expected the first claim to be primary');
    // Another launch took the folder over meanwhile (say this one was frozen long enough to look gone).
    const other = await launch();
    await writeFile(lockFile, JSON.stringify(other));
    await first.release();
    expect(JSON.parse(await readFile(lockFile, 'utf8')).token).toBe(other.token);
    const mine = await claimInstance(path.join(temp.dir, 'other.lock'), await launch());
    if (mine.kind !== 'primary') throw new Error('expected a primary claim');
    await mine.release();
    await expect(readFile(path.join(temp.dir, 'other.lock'))).rejects.toThrow(/ENOENT/);
  });
});
