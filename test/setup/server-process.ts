import { spawn, spawnSync } from 'node:child_process';
import { chownSync, closeSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * The throw-away database servers of the data tier (postgres.ts, mariadb.ts): each runs in a
 * process group of its own, from a fresh temporary directory that it owns, as an unprivileged
 * system user when the tests run as root (neither server runs as root).
 */

/** The uid and gid of the system account `name`, or null when this is not root (the server then runs as the current user). */
export function serviceAccount(name: string): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const ids = ['-u', '-g'].map((flag) => spawnSync('id', [flag, name], { encoding: 'utf8' }));
  if (ids.some((id) => id.status !== 0)) throw new Error(`the tests run as root, and there is no system user "${name}" to run the server as`);
  return { uid: Number(ids[0]!.stdout.trim()), gid: Number(ids[1]!.stdout.trim()) };
}

/** A fresh 0700 directory under the system temp dir, owned by `account` when given. */
export async function serverDir(label: string, account: { uid: number; gid: number } | null): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), `notebook-hub-${label}-`));
  if (account) chownSync(dir, account.uid, account.gid);
  return dir;
}

/** A 127.0.0.1 port free right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Runs a short set-up command (initdb, mariadb-install-db) as `account`; throws with its output when it fails. */
export function runAs(account: { uid: number; gid: number } | null, command: string, args: readonly string[], options: { cwd: string }): void {
  const result = spawnSync(command, args, { ...options, ...account, encoding: 'utf8', timeout: 120_000, maxBuffer: 16 * 1024 * 1024 });
  if (result.status !== 0) {
    const output = `${result.stdout ?? ''}${result.stderr ?? ''}`.trim().split('\n').slice(-20).join('\n');
    throw new Error(`${path.basename(command)} failed (${result.error?.message ?? `exit ${result.status}`}):\n${output}`);
  }
}

export interface ServerProcess {
  /** The server's pid, which is also its process group. */
  pid: number;
  /** Resolves with a sentence when the server exits before it is stopped. */
  exited: Promise<string>;
  /** The last lines of the server's log, for errors. */
  logTail(): string;
  /**
   * Asks the server to shut down (its `shutdownSignal`), kills it after `graceMs`, kills whatever
   * of it is left then, waits until none of its processes is left, and removes its directory.
   */
  stop(): Promise<void>;
}

export interface ServerSpawn {
  command: string;
  args: readonly string[];
  /** The server's directory: its data, socket and log live here, and it is removed on stop. */
  dir: string;
  account: { uid: number; gid: number } | null;
  /** How the server is asked to shut down cleanly (postgres: SIGINT, a fast shutdown; mariadbd: SIGTERM). */
  shutdownSignal: NodeJS.Signals;
  graceMs?: number;
}

/** Starts a server in a process group of its own, its output in `dir/server.log`. */
export function spawnServer(options: ServerSpawn): ServerProcess {
  const logFile = path.join(options.dir, 'server.log');
  const log = openSync(logFile, 'a');
  if (options.account) chownSync(logFile, options.account.uid, options.account.gid);
  const child = spawn(options.command, options.args, { cwd: options.dir, stdio: ['ignore', log, log], detached: true, ...options.account });
  closeSync(log);
  const exited = new Promise<string>((resolve) => {
    child.once('error', (error) => resolve(`could not start ${options.command}: ${error.message}`));
    child.once('exit', (code, signal) => resolve(`${path.basename(options.command)} exited early (${signal ?? `code ${code}`})`));
  });
  const pid = child.pid ?? -1;
  // Teardown never runs when a later prerequisite fails or the run is interrupted: the server must
  // not outlive the run, nor keep it from exiting.
  const killOnExit = () => {
    for (const member of pid > 0 ? serverProcesses(pid) : []) signal(member, 'SIGKILL');
    signal(pid, 'SIGKILL', { group: true });
    rmSync(options.dir, { recursive: true, force: true });
  };
  process.once('exit', killOnExit);
  child.unref();

  let stopping: Promise<void> | null = null;
  const stop = async () => {
    process.off('exit', killOnExit);
    const processes = pid > 0 ? serverProcesses(pid) : [];
    if (child.exitCode === null && child.signalCode === null && pid > 0) {
      child.ref();
      const gone = new Promise((resolve) => child.once('exit', resolve));
      signal(pid, options.shutdownSignal);
      const timer = setTimeout(() => signal(pid, 'SIGKILL', { group: true }), options.graceMs ?? 15_000);
      await gone;
      clearTimeout(timer);
    }
    // Whatever the server left behind goes too, before the directory it may still write to.
    signal(pid, 'SIGKILL', { group: true });
    for (const survivor of processes.filter(isAlive)) signal(survivor, 'SIGKILL');
    await waitUntilGone(processes);
    rmSync(options.dir, { recursive: true, force: true, maxRetries: 3 });
  };
  return {
    pid,
    exited,
    logTail: () => readTail(logFile),
    stop: () => (stopping ??= stop()),
  };
}

/** Sends `name` to process `pid`, or with `group` to the process group it leads; one already gone is fine. */
function signal(pid: number, name: NodeJS.Signals, { group = false } = {}): void {
  // Never 0, -1 or init: those would reach this process's group, everything, or the machine.
  if (!Number.isInteger(pid) || pid <= 1) return;
  try {
    process.kill(group ? -pid : pid, name);
  } catch {
    // Already gone.
  }
}

interface ProcStat {
  pid: number;
  state: string;
  ppid: number;
  pgid: number;
}

function readProcesses(): ProcStat[] {
  const processes: ProcStat[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // After the parenthesised command: state, parent, process group.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const [state, ppid, pgid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      processes.push({ pid: Number(entry), state: state!, ppid: Number(ppid), pgid: Number(pgid) });
    } catch {
      // The process ended meanwhile.
    }
  }
  return processes;
}

/**
 * The live processes a server started as `pid` consists of: itself, its descendants, and the
 * members of its process group (Linux /proc). Postgres puts each child in a session of its own,
 * so its group alone would miss them.
 */
export function serverProcesses(pid: number): number[] {
  const live = readProcesses().filter((candidate) => candidate.state !== 'Z');
  const found = new Set(live.filter((candidate) => candidate.pid === pid || candidate.pgid === pid).map((candidate) => candidate.pid));
  for (let grew = true; grew;) {
    grew = false;
    for (const candidate of live) {
      if (!found.has(candidate.pid) && found.has(candidate.ppid)) {
        found.add(candidate.pid);
        grew = true;
      }
    }
  }
  return [...found];
}

/** Whether `pid` is a live process (not a zombie awaiting its parent). */
export function isAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

async function waitUntilGone(pids: readonly number[], timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (pids.some(isAlive)) {
    if (Date.now() > deadline) throw new Error(`processes ${pids.filter(isAlive).join(', ')} survived SIGKILL`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function readTail(file: string, lines = 30): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}
