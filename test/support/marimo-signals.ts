import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { SandboxDriver } from '../../service/src/core/ports/sandbox-driver.js';
import { readState } from '../../sandbox-drivers/src/local/state-file.js';

/**
 * Kills (SIGKILL) the marimo server inside a live local sandbox and nothing else: the sandbox's
 * process group lives on, as after an out-of-memory kill or a crash in a native extension.
 * Returns how many processes were killed.
 */
export function killMarimoIn(dataDir: string, sandboxId: string): Promise<number> {
  return signalMarimoIn(dataDir, sandboxId, 'SIGKILL');
}

/**
 * Sends `signal` to marimo's processes inside a live local sandbox (SIGSTOP: a server that hangs
 * rather than dies; SIGCONT lets it go on). Returns how many processes got it.
 */
export async function signalMarimoIn(dataDir: string, sandboxId: string, signal: NodeJS.Signals): Promise<number> {
  const state = await readState(path.join(dataDir, 'sandboxes'), sandboxId);
  if (!state) throw new Error(`no local sandbox ${sandboxId} under ${dataDir}`);
  let signalled = 0;
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The process group is the fifth field of /proc/<pid>/stat, after the parenthesised command.
      const stat = await readFile(`/proc/${entry}/stat`, 'utf8');
      const group = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
      const command = (await readFile(`/proc/${entry}/cmdline`, 'utf8')).split('\0').join(' ');
      if (group === state.pgid && /\bmarimo\b/.test(command) && Number(entry) !== state.pgid) {
        process.kill(Number(entry), signal);
        signalled++;
      }
    } catch {
      // The process ended meanwhile.
    }
  }
  return signalled;
}

/**
 * Sends the signal named by its argument to marimo's processes inside a container and nothing else
 * (the container lives on); prints how many got it. Its own command line mentions marimo only
 * inside the script, never as a program.
 */
const SIGNAL_MARIMO = `
import os, signal, sys
killed = 0
for pid in filter(str.isdigit, os.listdir('/proc')):
    if int(pid) == os.getpid():
        continue
    try:
        argv = open(f'/proc/{pid}/cmdline', 'rb').read().split(b'\\0')
    except OSError:
        continue
    if any(arg == b'marimo' or arg.endswith(b'/marimo') for arg in argv):
        os.kill(int(pid), getattr(signal, sys.argv[1]))
        killed += 1
print(killed)
`;

/** Kills marimo inside a live container of the docker or kubernetes driver (run there as any command is). Returns how many processes were killed. */
export function killMarimoInContainer(driver: SandboxDriver, sandboxId: string): Promise<number> {
  return signalMarimoInContainer(driver, sandboxId, 'SIGKILL');
}

/** Sends `signal` to marimo's processes inside a live container of the docker driver. Returns how many got it. */
export async function signalMarimoInContainer(driver: SandboxDriver, sandboxId: string, signal: NodeJS.Signals): Promise<number> {
  const result = await driver.exec(sandboxId, { argv: ['python3', '-c', SIGNAL_MARIMO, signal], check: true });
  return Number(result.stdout.trim());
}
