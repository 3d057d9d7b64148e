import { SandboxError, type ExecRequest, type ExecResult, type SandboxProcess } from '@notebook-hub/kernel/ports/sandbox-driver.js';
import type { TailBuffer } from './output-buffer.js';
import { spawnFailureReason } from './spawn-failure.js';

/** A command a container backend started under the exec wrapper (exec-wrapper.ts). */
export interface WrappedCommand {
  stdout: TailBuffer;
  stderr: TailBuffer;
  /** The in-sandbox pid once the wrapper announced it; null when the command did not start. */
  started: Promise<number | null>;
  /** Settles when the output streams end. */
  ended: Promise<void>;
  /** The exit code, once ended. */
  exitCode(): Promise<number>;
  /** Stops reading the command's output. */
  abandon(): void;
  /** Kills the process with that in-sandbox pid, best effort. */
  kill(pid: number): Promise<void>;
}

const DEFAULT_TIMEOUT_MS = 60_000;

/** Waits for a command `exec` started: its result, or COMMAND_FAILED / SPAWN_FAILED as the port says. */
export async function completedExec(command: WrappedCommand, request: ExecRequest, begun: number): Promise<ExecResult> {
  const timeoutMs = request.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let timer: NodeJS.Timeout | undefined;
  const timedOut = await Promise.race([
    command.ended.then(() => false),
    new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), timeoutMs))),
  ]).finally(() => clearTimeout(timer));
  if (timedOut) {
    const pid = await Promise.race([command.started, Promise.resolve(null)]);
    command.abandon();
    if (pid !== null) await command.kill(pid);
    const result: ExecResult = { exitCode: -1, stdout: command.stdout.text(), stderr: command.stderr.text(), durationMs: performance.now() - begun };
    throw new SandboxError('COMMAND_FAILED', `${request.argv[0]} did not finish within ${timeoutMs} ms`, { result, timedOut: true });
  }
  const exitCode = await command.exitCode();
  const result: ExecResult = { exitCode, stdout: command.stdout.text(), stderr: command.stderr.text(), durationMs: performance.now() - begun };
  const reason = spawnFailureReason(exitCode, result.stderr);
  if (reason !== null) throw new SandboxError('SPAWN_FAILED', `cannot start ${request.argv[0]}: ${reason}`, { result });
  if (request.check === true && exitCode !== 0) {
    throw new SandboxError('COMMAND_FAILED', `${request.argv.join(' ')} exited with ${exitCode}: ${result.stderr.trim().slice(-2_000)}`, { result });
  }
  return result;
}

/** A command `spawn` started, once the wrapper says it runs; SPAWN_FAILED when it did not start. */
export async function spawnedProcess(command: WrappedCommand, argv0: string): Promise<SandboxProcess> {
  const exited = command.ended.then(async () => ({ exitCode: await command.exitCode().catch(() => null) }));
  const pid = await command.started;
  if (pid === null) {
    const { exitCode } = await exited;
    const reason = spawnFailureReason(exitCode, command.stderr.text()) ?? `exited with ${exitCode}: ${command.stderr.text().trim()}`;
    throw new SandboxError('SPAWN_FAILED', `cannot start ${argv0}: ${reason}`);
  }
  return { exited, outputTail: () => ({ stdout: command.stdout.text(), stderr: command.stderr.text() }) };
}
