import type { ChildProcess } from 'node:child_process';
import { SandboxError, type ExecRequest, type ExecResult, type SandboxProcess } from '@notebook-hub/kernel/ports/sandbox-driver.js';
import { EXEC_OUTPUT_LIMIT, PROCESS_OUTPUT_LIMIT, TailBuffer } from '../shared/output-buffer.js';
import { resolveCwd } from '../shared/paths.js';
import { spawnInGroup, startFailure } from './process-group.js';

export interface GroupContext {
  workspaceDir: string;
  env: NodeJS.ProcessEnv;
}

const DEFAULT_TIMEOUT_MS = 60_000;

/** Runs a command in the sandbox's process group and waits for it. */
export async function execInGroup(python: string, pgid: number, request: ExecRequest, context: GroupContext): Promise<ExecResult> {
  const started = performance.now();
  const child = start(python, pgid, request, context);
  const stdout = new TailBuffer(EXEC_OUTPUT_LIMIT);
  const stderr = new TailBuffer(EXEC_OUTPUT_LIMIT);
  child.stdout?.on('data', (chunk: Buffer) => stdout.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk));
  const failure = startFailure(child);
  const timeoutMs = request.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    child.kill('SIGKILL');
  }, timeoutMs);
  const exitCode = await new Promise<number | null>((resolve) => {
    child.once('error', () => resolve(null));
    child.once('close', (code) => resolve(code));
  }).finally(() => clearTimeout(timer));
  const reason = await failure;
  const result: ExecResult = { exitCode: exitCode ?? -1, stdout: stdout.text(), stderr: stderr.text(), durationMs: performance.now() - started };
  if (reason !== null) throw new SandboxError('SPAWN_FAILED', `cannot start ${request.argv[0]}: ${reason}`, { result });
  if (timedOut) {
    throw new SandboxError('COMMAND_FAILED', `${request.argv[0]} did not finish within ${timeoutMs} ms`, { result, timedOut: true });
  }
  if (request.check === true && result.exitCode !== 0) {
    throw new SandboxError('COMMAND_FAILED', `${request.argv.join(' ')} exited with ${result.exitCode}: ${result.stderr.trim().slice(-2_000)}`, { result });
  }
  return result;
}

/** How long a process that exited has for its last output to arrive before its exit is reported. */
const EXIT_DRAIN_MS = 100;

/** Starts a long-running process in the group; resolves once it runs (or fails to start). */
export async function spawnProcessInGroup(
  python: string,
  pgid: number,
  request: Omit<ExecRequest, 'timeoutMs' | 'check'>,
  context: GroupContext,
): Promise<SandboxProcess> {
  const child = start(python, pgid, request, context);
  const stdout = new TailBuffer(PROCESS_OUTPUT_LIMIT);
  const stderr = new TailBuffer(PROCESS_OUTPUT_LIMIT);
  child.stdout?.on('data', (chunk: Buffer) => stdout.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk));
  const exited = new Promise<{ exitCode: number | null }>((resolve) => {
    child.once('error', () => resolve({ exitCode: null }));
    child.once('close', (code) => resolve({ exitCode: code }));
    // 'close' waits for the output pipes, which children the process left behind (a kernel it
    // forked) may hold open long after it died: its exit is what the hub's supervision needs
    // (docs/sessions.md). The output gets a moment to drain, for error reports.
    child.once('exit', (code) => void setTimeout(() => resolve({ exitCode: code }), EXIT_DRAIN_MS).unref());
  });
  const reason = await startFailure(child);
  if (reason !== null) throw new SandboxError('SPAWN_FAILED', `cannot start ${request.argv[0]}: ${reason}`);
  // A long-running process must not keep the hub alive, nor die with it.
  child.unref();
  for (const stream of [child.stdout, child.stderr, child.stdin]) (stream as { unref?: () => void } | null)?.unref?.();
  return { exited, outputTail: () => ({ stdout: stdout.text(), stderr: stderr.text() }) };
}

function start(python: string, pgid: number, request: Omit<ExecRequest, 'timeoutMs' | 'check'>, context: GroupContext): ChildProcess {
  if (request.argv.length === 0) throw new SandboxError('SPAWN_FAILED', 'empty command');
  const child = spawnInGroup(python, pgid, request.argv, { cwd: resolveCwd(context.workspaceDir, request.cwd), env: context.env });
  child.stdin?.on('error', () => {}); // a command that exits without reading its input is fine
  if (request.stdin !== undefined) child.stdin?.end(request.stdin);
  else child.stdin?.end();
  return child;
}
