import { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import type Docker from 'dockerode';
import { SandboxError, type ExecRequest, type ExecResult, type SandboxProcess } from '@notebook-hub/service/core/ports/sandbox-driver.js';
import { EXEC_OUTPUT_LIMIT, PROCESS_OUTPUT_LIMIT, TailBuffer } from '../shared/output-buffer.js';
import { SPAWN_FAILED_EXIT_CODE, SPAWN_FAILED_MARKER, spawnFailureReason } from '../shared/spawn-failure.js';
import { backendError } from './docker-errors.js';

/**
 * Every command runs under this `sh` wrapper. Docker reports a missing executable or working
 * directory only as text in the output stream; the wrapper checks both first and says so with the
 * shared marker, then announces its pid (so a timed-out command can be killed: the exec API has no
 * kill) on the first stderr line, which the reader strips.
 */
const STARTED = 'notebook-hub-started';
const WRAPPER = [
  'dir=$1; shift',
  `cd "$dir" 2>/dev/null || { echo "${SPAWN_FAILED_MARKER} no directory $dir" >&2; exit ${SPAWN_FAILED_EXIT_CODE}; }`,
  `command -v "$1" >/dev/null 2>&1 || { echo "${SPAWN_FAILED_MARKER} $1: not found" >&2; exit ${SPAWN_FAILED_EXIT_CODE}; }`,
  `echo "${STARTED} $$" >&2`,
  'exec "$@"',
].join('\n');

interface Running {
  exec: Docker.Exec;
  stream: NodeJS.ReadWriteStream & { destroy(): void };
  stdout: TailBuffer;
  stderr: TailBuffer;
  /** The in-container pid once the wrapper announced it; null when the command did not start. */
  started: Promise<number | null>;
  ended: Promise<void>;
}

export interface ExecTarget {
  docker: Docker;
  container: Docker.Container;
  cwd: string;
  env: Record<string, string>;
}

const DEFAULT_TIMEOUT_MS = 60_000;

export async function dockerExec(target: ExecTarget, request: ExecRequest): Promise<ExecResult> {
  const begun = performance.now();
  const running = await start(target, request, EXEC_OUTPUT_LIMIT);
  const timeoutMs = request.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let timer: NodeJS.Timeout | undefined;
  const timedOut = await Promise.race([
    running.ended.then(() => false),
    new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), timeoutMs))),
  ]).finally(() => clearTimeout(timer));
  if (timedOut) {
    const pid = await Promise.race([running.started, Promise.resolve(null)]);
    running.stream.destroy();
    if (pid !== null) await killInContainer(target, pid);
    const result: ExecResult = { exitCode: -1, stdout: running.stdout.text(), stderr: running.stderr.text(), durationMs: performance.now() - begun };
    throw new SandboxError('COMMAND_FAILED', `${request.argv[0]} did not finish within ${timeoutMs} ms`, { result, timedOut: true });
  }
  const exitCode = await exitCodeOf(running.exec);
  const result: ExecResult = { exitCode, stdout: running.stdout.text(), stderr: running.stderr.text(), durationMs: performance.now() - begun };
  const reason = spawnFailureReason(exitCode, result.stderr);
  if (reason !== null) throw new SandboxError('SPAWN_FAILED', `cannot start ${request.argv[0]}: ${reason}`, { result });
  if (request.check === true && exitCode !== 0) {
    throw new SandboxError('COMMAND_FAILED', `${request.argv.join(' ')} exited with ${exitCode}: ${result.stderr.trim().slice(-2_000)}`, { result });
  }
  return result;
}

export async function dockerSpawn(target: ExecTarget, request: Omit<ExecRequest, 'timeoutMs' | 'check'>): Promise<SandboxProcess> {
  const running = await start(target, request, PROCESS_OUTPUT_LIMIT);
  const exited = running.ended.then(async () => ({ exitCode: await exitCodeOf(running.exec).catch(() => null) }));
  const pid = await running.started;
  if (pid === null) {
    const { exitCode } = await exited;
    const reason = spawnFailureReason(exitCode, running.stderr.text()) ?? `exited with ${exitCode}: ${running.stderr.text().trim()}`;
    throw new SandboxError('SPAWN_FAILED', `cannot start ${request.argv[0]}: ${reason}`);
  }
  return { exited, outputTail: () => ({ stdout: running.stdout.text(), stderr: running.stderr.text() }) };
}

async function start(target: ExecTarget, request: Omit<ExecRequest, 'timeoutMs' | 'check'>, limit: number): Promise<Running> {
  if (request.argv.length === 0) throw new SandboxError('SPAWN_FAILED', 'empty command');
  const cwd = request.cwd === undefined ? target.cwd : request.cwd.startsWith('/') ? request.cwd : `${target.cwd}/${request.cwd}`;
  const env = { ...target.env, ...request.env };
  let exec: Docker.Exec;
  let stream: Running['stream'];
  try {
    exec = await target.container.exec({
      Cmd: ['sh', '-c', WRAPPER, 'sh', cwd, ...request.argv],
      Env: Object.entries(env).map(([key, value]) => `${key}=${value}`),
      AttachStdin: request.stdin !== undefined,
      AttachStdout: true,
      AttachStderr: true,
      Tty: false,
    });
    stream = (await exec.start({ hijack: true, stdin: request.stdin !== undefined })) as Running['stream'];
  } catch (error) {
    throw backendError(error, `cannot run ${request.argv[0]}`);
  }
  const stdout = new TailBuffer(limit);
  const stderr = new TailBuffer(limit);
  let announce: (pid: number | null) => void = () => {};
  const started = new Promise<number | null>((resolve) => (announce = resolve));
  let firstLine: string | null = '';
  const errSink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      if (firstLine === null) {
        stderr.push(chunk);
        return done();
      }
      firstLine += chunk.toString('utf8');
      const newline = firstLine.indexOf('\n');
      if (newline === -1) return done();
      const line = firstLine.slice(0, newline);
      const rest = firstLine.slice(newline + 1);
      firstLine = null;
      if (line.startsWith(`${STARTED} `)) announce(Number(line.slice(STARTED.length + 1)));
      else {
        stderr.push(`${line}\n`);
        announce(null);
      }
      if (rest !== '') stderr.push(rest);
      done();
    },
  });
  const outSink = new Writable({ write: (chunk: Buffer, _encoding, done) => (stdout.push(chunk), done()) });
  target.docker.modem.demuxStream(stream, outSink, errSink);
  const ended = new Promise<void>((resolve) => {
    stream.on('end', resolve);
    stream.on('close', resolve);
    stream.on('error', () => resolve());
  }).then(() => {
    if (firstLine !== null && firstLine !== '') stderr.push(firstLine);
    announce(null);
  });
  if (request.stdin !== undefined) stream.end(request.stdin);
  return { exec, stream, stdout, stderr, started, ended };
}

/** The exit code once the daemon has recorded it (it can lag the end of the stream briefly). */
async function exitCodeOf(exec: Docker.Exec): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    let info: Docker.ExecInspectInfo;
    try {
      info = await exec.inspect();
    } catch (error) {
      throw backendError(error, 'cannot read the exit code');
    }
    if (!info.Running && info.ExitCode !== null) return info.ExitCode;
    if (attempt >= 100) throw new SandboxError('BACKEND_ERROR', 'the Docker engine did not report an exit code');
    await sleep(10);
  }
}

async function killInContainer(target: ExecTarget, pid: number): Promise<void> {
  try {
    const exec = await target.container.exec({ Cmd: ['kill', '-KILL', String(pid)], AttachStdout: false, AttachStderr: false });
    await exec.start({ Detach: true });
  } catch {
    // best effort: the process also ends when the sandbox is destroyed
  }
}
