import { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import type Docker from 'dockerode';
import { SandboxError, type ExecRequest, type ExecResult, type SandboxProcess } from '@notebook-hub/kernel/ports/sandbox-driver.js';
import { announcedPid, wrappedArgv } from '../shared/exec-wrapper.js';
import { EXEC_OUTPUT_LIMIT, PROCESS_OUTPUT_LIMIT, TailBuffer } from '../shared/output-buffer.js';
import { completedExec, spawnedProcess, type WrappedCommand } from '../shared/wrapped-command.js';
import { backendError } from './docker-errors.js';

export interface ExecTarget {
  docker: Docker;
  container: Docker.Container;
  cwd: string;
  env: Record<string, string>;
}

export async function dockerExec(target: ExecTarget, request: ExecRequest): Promise<ExecResult> {
  const begun = performance.now();
  return completedExec(await start(target, request, EXEC_OUTPUT_LIMIT), request, begun);
}

export async function dockerSpawn(target: ExecTarget, request: Omit<ExecRequest, 'timeoutMs' | 'check'>): Promise<SandboxProcess> {
  return spawnedProcess(await start(target, request, PROCESS_OUTPUT_LIMIT), request.argv[0]!);
}

async function start(target: ExecTarget, request: Omit<ExecRequest, 'timeoutMs' | 'check'>, limit: number): Promise<WrappedCommand> {
  if (request.argv.length === 0) throw new SandboxError('SPAWN_FAILED', 'empty command');
  const env = { ...target.env, ...request.env };
  let exec: Docker.Exec;
  let stream: NodeJS.ReadWriteStream & { destroy(): void };
  try {
    exec = await target.container.exec({
      Cmd: wrappedArgv(request, target.cwd),
      Env: Object.entries(env).map(([key, value]) => `${key}=${value}`),
      AttachStdin: request.stdin !== undefined,
      AttachStdout: true,
      AttachStderr: true,
      Tty: false,
    });
    stream = (await exec.start({ hijack: true, stdin: request.stdin !== undefined })) as typeof stream;
  } catch (error) {
    throw backendError(error, `cannot run ${request.argv[0]}`);
  }
  const stdout = new TailBuffer(limit);
  const stderr = new TailBuffer(limit);
  const { sink: errSink, started, finish } = announcedPid(stderr);
  const outSink = new Writable({ write: (chunk: Buffer, _encoding, done) => (stdout.push(chunk), done()) });
  target.docker.modem.demuxStream(stream, outSink, errSink);
  const ended = new Promise<void>((resolve) => {
    stream.on('end', resolve);
    stream.on('close', resolve);
    stream.on('error', () => resolve());
  }).then(finish);
  if (request.stdin !== undefined) stream.end(request.stdin);
  return {
    stdout,
    stderr,
    started,
    ended,
    exitCode: () => exitCodeOf(exec),
    abandon: () => stream.destroy(),
    kill: (pid) => killInContainer(target, pid),
  };
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
