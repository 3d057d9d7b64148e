import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { SPAWN_FAILED_EXIT_CODE } from '../shared/spawn-failure.js';

/**
 * A local sandbox is one process group. Node can only put a child in a *new* group (and a new
 * session, with `detached`), and `setpgid` may only join a group of the same session, so the hub
 * spawns a small Python helper in its own session: as `leader` it makes a fresh group and sleeps
 * (the group's anchor, and what `list()` looks for after a restart); as `join` it moves into the
 * leader's group and execs the real command. Destroy then signals the whole group at once,
 * marimo's kernels and anything they started included. A joiner that cannot start its command
 * writes the reason to fd 3, which is closed on a successful exec: EOF without data there means
 * the command is running.
 */
const HELPER = `
import os, signal, sys
if sys.argv[1] == "leader":
    os.setpgid(0, 0)
    signal.signal(signal.SIGTERM, lambda *_: os._exit(0))
    sys.stdout.write("ready\\n"); sys.stdout.flush(); os.close(1)
    while True: signal.pause()
os.set_inheritable(3, False)
try:
    os.setpgid(0, int(sys.argv[2]))
    os.execvp(sys.argv[3], sys.argv[3:])
except OSError as error:
    os.write(3, ("%s: %s" % (sys.argv[3], error.strerror)).encode()); os._exit(${SPAWN_FAILED_EXIT_CODE})
`;

export interface GroupLeader {
  pgid: number;
  startTime: string | null;
}

/** Starts the group leader and waits until its group exists. */
export async function startLeader(python: string, options: { cwd: string; env: NodeJS.ProcessEnv }): Promise<GroupLeader> {
  const child = spawn(python, ['-S', '-c', HELPER, 'leader'], { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
  const pid = await new Promise<number>((resolve, reject) => {
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.stdout?.once('data', () => resolve(child.pid!));
    child.once('exit', (code) => reject(new Error(`the sandbox process exited at start (code ${code}): ${stderr.trim()}`)));
  });
  child.removeAllListeners('exit');
  child.stdout?.destroy();
  child.stderr?.destroy();
  // The hub must be able to exit (or crash) without taking sandboxes along; list() reaps them.
  child.unref();
  return { pgid: pid, startTime: await processStartTime(pid) };
}

/** Spawns `argv` inside the group `pgid`; stdio[3] is the start-failure channel. */
export function spawnInGroup(python: string, pgid: number, argv: string[], options: Omit<SpawnOptions, 'stdio'>): ChildProcess {
  return spawn(python, ['-S', '-c', HELPER, 'join', String(pgid), ...argv], {
    ...options,
    detached: false,
    stdio: ['pipe', 'pipe', 'pipe', 'pipe'],
  });
}

/** Resolves with the reason the command could not start, or null once it is running. */
export function startFailure(child: ChildProcess): Promise<string | null> {
  return new Promise((resolve) => {
    const channel = child.stdio[3] as NodeJS.ReadableStream | null;
    if (channel === null) return resolve(null);
    let text = '';
    channel.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    channel.on('error', () => resolve(text === '' ? null : text));
    channel.on('end', () => resolve(text === '' ? null : text));
    child.once('error', (error) => resolve(error.message));
  });
}

/** True while any process of the group is alive. */
export function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * True while a member of the group runs. Zombies do not count: a member that ended after its
 * parent (Python's multiprocessing resource tracker outlives marimo) waits for the machine's init
 * to reap it, which can take seconds, yet runs nothing and holds nothing. Nor does a member with a
 * SIGKILL pending: one caught in a disk wait when its group was killed lingers until the wait
 * ends, but it is dying and will never run again.
 */
export async function groupRuns(pgid: number): Promise<boolean> {
  if (!groupAlive(pgid)) return false;
  if (process.platform !== 'linux') return true;
  for (const entry of await readdir('/proc').catch(() => [] as string[])) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => null);
    if (stat === null) continue;
    // After the parenthesised command: state, parent, process group.
    const [state, , group] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(group) === pgid && state !== 'Z' && !(await killPending(entry))) return true;
  }
  return false;
}

/** SIGKILL (signal 9: bit 8 of the masks) pending for the process, or for its whole thread group. */
async function killPending(pid: string): Promise<boolean> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => null);
  // A process gone between the listing and this read runs nothing either.
  if (status === null) return true;
  return [...status.matchAll(/^(?:SigPnd|ShdPnd):\s*([0-9a-f]+)$/gm)].some((match) => (BigInt(`0x${match[1]}`) & 0x100n) !== 0n);
}

/**
 * SIGTERM to the whole group, then SIGKILL after `graceMs`. Returns once no member runs. A group
 * that is already gone is fine: destroy is idempotent.
 */
export async function killGroup(pgid: number, graceMs: number): Promise<void> {
  if (!signalGroup(pgid, 'SIGTERM')) return;
  const gone = groupGoneCheck(pgid);
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline) {
    await sleep(20);
    if (await gone()) return;
  }
  signalGroup(pgid, 'SIGKILL');
  const hardDeadline = Date.now() + 5_000;
  while (!(await gone()) && Date.now() < hardDeadline) await sleep(20);
}

/**
 * Whether the group has ended: the cheap signal check every time, the look through /proc for
 * zombies only once the members had a moment to exit, and then at most every 100 ms (a machine
 * runs many processes, and reading each one's state is not free).
 */
function groupGoneCheck(pgid: number): () => Promise<boolean> {
  const since = Date.now();
  let scannedAt = 0;
  return async () => {
    if (!groupAlive(pgid)) return true;
    const now = Date.now();
    if (now - since < 200 || now - scannedAt < 100) return false;
    scannedAt = now;
    return !(await groupRuns(pgid));
  };
}

function signalGroup(pgid: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
    throw error;
  }
}

/** Field 22 of /proc/<pid>/stat (boot-relative start time); null off Linux or when gone. */
export async function processStartTime(pid: number): Promise<string | null> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  if (stat === null) return null;
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields[19] ?? null;
}

/**
 * Whether the group `pgid` still belongs to the sandbox: the leader is the same process (same start
 * time), or some member carries the sandbox's id in its environment. Guards against signalling a
 * stranger's group after the pid was reused. Off Linux (no /proc) a live group is trusted.
 */
export async function groupBelongsTo(leader: GroupLeader, sandboxId: string): Promise<boolean> {
  if (!groupAlive(leader.pgid)) return false;
  if (leader.startTime === null) return true;
  if ((await processStartTime(leader.pgid)) === leader.startTime) return true;
  const entries = await readdir('/proc').catch(() => null);
  if (entries === null) return true;
  const marker = `NOTEBOOK_HUB_SANDBOX_ID=${sandboxId}\0`;
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => null);
    if (stat === null || stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2] !== String(leader.pgid)) continue;
    const environ = await readFile(`/proc/${entry}/environ`, 'utf8').catch(() => '');
    if (`${environ}\0`.includes(marker)) return true;
  }
  return false;
}
