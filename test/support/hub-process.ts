import { spawn, type ChildProcess } from 'node:child_process';
import { HUB_BIN, hubNodeFlags } from './hub-node-flags.js';

export interface HubProcessOptions {
  /** How long the hub may take to listen. */
  timeoutMs?: number;
  /**
   * Run as this user: the tests may run as root, whom file permissions do not stop, so a test
   * about a store the hub cannot write runs the hub as someone else.
   */
  user?: { uid: number; gid: number };
}

export interface HubProcess {
  url: string;
  child: ChildProcess;
  /** Parsed JSON log lines written so far. */
  logs: Record<string, unknown>[];
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Runs `notebook-hub serve` with the given environment on a free port; resolves once it listens. */
export async function startHubProcess(env: Record<string, string>, options: HubProcessOptions = {}): Promise<HubProcess> {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const child = spawn(process.execPath, [...hubNodeFlags(), HUB_BIN, 'serve'], {
    env: { ...process.env, SERVICE_HOST: '127.0.0.1', SERVICE_PORT: '0', SERVICE_LOG_LEVEL: 'debug', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    ...options.user,
  });
  const logs: Record<string, unknown>[] = [];
  let stderr = '';
  let buffered = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  // 'close', not 'exit': the last log lines may still be in the pipe when the process exits.
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`hub did not start within ${timeoutMs} ms: ${stderr}`));
    }, timeoutMs);
    child.stdout!.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        try {
          const entry = JSON.parse(line) as Record<string, unknown>;
          logs.push(entry);
          if (entry.event === 'server_started') {
            clearTimeout(timer);
            resolve(String(entry.address));
          }
        } catch {
          // not a log line
        }
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`hub exited with ${code} before listening: ${stderr}${buffered}`));
    });
  });
  return {
    url,
    child,
    logs,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** Runs `notebook-hub <args>` to completion. */
export async function runHubCommand(
  args: string[],
  env: Record<string, string>,
  options: Pick<HubProcessOptions, 'user'> = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [HUB_BIN, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], ...options.user });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  return { code, stdout, stderr };
}
