import { spawn, type ChildProcess } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import type { SurfaceCommand } from '../surfaces/surface-commands.js';

/**
 * A surface started straight from its command on this machine, for the surface tests and for
 * measuring one (docs/surfaces.md "Footprint"): in a process group of its own, so stopping it
 * reaches every helper it forked.
 */
export class RunningSurface {
  private output = '';
  private readonly exited: Promise<void>;

  private constructor(
    private readonly child: ChildProcess,
    /** A value only this start's processes carry in their environment, to find them all. */
    private readonly marker: string,
  ) {
    child.stdout?.on('data', (chunk: Buffer) => this.keep(chunk));
    child.stderr?.on('data', (chunk: Buffer) => this.keep(chunk));
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
  }

  static start(command: SurfaceCommand, marker: string): RunningSurface {
    const [executable, ...args] = command.argv;
    const child = spawn(executable!, args, {
      cwd: command.cwd,
      env: { ...process.env, ...command.env, NOTEBOOK_HUB_SURFACE_MARKER: marker },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    return new RunningSurface(child, marker);
  }

  /** The end of what it printed, for a failure message. */
  get log(): string {
    return this.output;
  }

  private keep(chunk: Buffer): void {
    this.output = (this.output + chunk.toString('utf8')).slice(-8_000);
  }

  /** Polls `url` until it answers 200; the time that took. */
  async waitForOk(url: string, headers: Record<string, string>, timeoutMs: number): Promise<number> {
    const started = performance.now();
    while (performance.now() - started < timeoutMs) {
      if (this.child.exitCode !== null) throw new Error(`the surface exited (${this.child.exitCode}) before answering:\n${this.output}`);
      // A request can hang while the surface starts up: each try gets a few seconds only.
      const status = await fetch(url, { headers, redirect: 'manual', signal: AbortSignal.timeout(5_000) }).then(
        (response) => response.body?.cancel().then(() => response.status) ?? response.status,
        () => 0,
      );
      if (status === 200) return performance.now() - started;
      await sleep(100);
    }
    throw new Error(`${url} did not answer 200 within ${timeoutMs} ms:\n${this.output}`);
  }

  /** The processes of this start still alive (the surface and everything it forked). */
  async processes(): Promise<number[]> {
    const found: number[] = [];
    for (const entry of await readdir('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      const environ = await readFile(`/proc/${entry}/environ`, 'latin1').catch(() => '');
      if (environ.split('\0').includes(`NOTEBOOK_HUB_SURFACE_MARKER=${this.marker}`)) found.push(Number(entry));
    }
    return found;
  }

  /** Resident memory of all its processes, in bytes. */
  async residentBytes(): Promise<number> {
    let total = 0;
    for (const pid of await this.processes()) {
      const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
      total += Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0) * 1024;
    }
    return total;
  }

  /** SIGTERM to the whole group, SIGKILL after `graceMs`; resolves once the launcher has exited. */
  async stop(graceMs = 10_000): Promise<void> {
    const group = -this.child.pid!;
    const signal = (name: NodeJS.Signals): void => {
      try {
        process.kill(group, name);
      } catch {
        // the group is already gone
      }
    };
    signal('SIGTERM');
    const timer = setTimeout(() => signal('SIGKILL'), graceMs);
    await this.exited;
    clearTimeout(timer);
    // Helpers may outlive the launcher by a moment: give them the same grace, then kill them.
    const deadline = performance.now() + graceMs;
    while ((await this.processes()).length > 0 && performance.now() < deadline) await sleep(100);
    signal('SIGKILL');
  }
}
