import { randomBytes } from 'node:crypto';
import { PassThrough, Writable } from 'node:stream';
import { Exec, type KubeConfig, type V1Status } from '@kubernetes/client-node';
import { SandboxError, type ExecRequest, type ExecResult, type SandboxProcess } from '@notebook-hub/kernel/ports/sandbox-driver.js';
import { announcedPid, wrappedArgv } from '../shared/exec-wrapper.js';
import { SPAWN_FAILED_EXIT_CODE, SPAWN_FAILED_MARKER } from '../shared/spawn-failure.js';
import { EXEC_OUTPUT_LIMIT, PROCESS_OUTPUT_LIMIT, TailBuffer } from '../shared/output-buffer.js';
import { completedExec, spawnedProcess, type WrappedCommand } from '../shared/wrapped-command.js';
import { backendError } from './kube-errors.js';
import { CONTAINER } from './pod-manifest.js';

/** A sandbox pod's container, reached through the exec subresource. */
export interface PodTarget {
  kubeConfig: KubeConfig;
  namespace: string;
  pod: string;
  cwd: string;
}

export async function podExec(target: PodTarget, request: ExecRequest): Promise<ExecResult> {
  const begun = performance.now();
  return completedExec(await start(target, request, EXEC_OUTPUT_LIMIT), request, begun);
}

/** `name` is what a failure to start it is reported as (the command, when `request` runs it through a helper). */
export async function podSpawn(target: PodTarget, request: Omit<ExecRequest, 'timeoutMs' | 'check'>, name = request.argv[0]!): Promise<SandboxProcess> {
  return spawnedProcess(await start(target, request, PROCESS_OUTPUT_LIMIT), name);
}

/**
 * Runs a command and hands its whole stdin over, for files: nothing of what the wrapper adds is
 * needed, and the exit status is the answer.
 */
export async function podRun(target: PodTarget, argv: string[], stdin?: Buffer): Promise<{ exitCode: number; stdout: Buffer; stderr: string }> {
  const stdout: Buffer[] = [];
  const stderr = new TailBuffer(EXEC_OUTPUT_LIMIT);
  const command = await open(
    target,
    argv,
    stdin,
    new Writable({ write: (chunk: Buffer, _encoding, done) => (stdout.push(chunk), done()) }),
    new Writable({ write: (chunk: Buffer, _encoding, done) => (stderr.push(chunk), done()) }),
  );
  await command.closed;
  return { exitCode: command.exitCode(), stdout: Buffer.concat(stdout), stderr: stderr.text() };
}

/**
 * Reads the environment from stdin: `export NAME='value'` lines (single-quoted, so nothing in a
 * value is interpreted) up to a line that is the random end marker given as `$1`, evaluates them
 * and runs the command, which gets the rest of stdin. `read` takes a pipe one byte at a time, so
 * nothing of the command's own input is consumed; only shell builtins run before the command.
 */
const ENVIRONMENT_READER = [
  'end=$1; shift; script=',
  'while IFS= read -r line; do',
  '  if [ "$line" = "$end" ]; then eval "$script"; exec "$@"; fi',
  '  script="$script$line',
  '"',
  'done',
  `echo "${SPAWN_FAILED_MARKER} the environment did not arrive on stdin" >&2`,
  `exit ${SPAWN_FAILED_EXIT_CODE}`,
].join('\n');

const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * The argv and stdin of an exec for `request`. The exec API takes no environment, and its command
 * travels in the request's URL, which the API server's audit log records (from the `Metadata`
 * level up) and proxies may log: so the environment, which holds secrets (a surface's password,
 * an AI key), goes ahead of the command's input on stdin, never on the command line.
 */
export function podCommand(request: Omit<ExecRequest, 'timeoutMs' | 'check'>, cwd: string): { argv: string[]; stdin: Buffer | undefined } {
  const ownInput = request.stdin === undefined ? undefined : Buffer.from(request.stdin);
  const environment = Object.entries(request.env ?? {});
  if (environment.length === 0) return { argv: wrappedArgv(request, cwd), stdin: ownInput };
  const invalid = environment.find(([name]) => !VARIABLE_NAME.test(name));
  if (invalid) throw new SandboxError('SPAWN_FAILED', `not an environment variable name: ${JSON.stringify(invalid[0])}`);
  // Random, so that no line of a value can end the environment early.
  const end = `end-of-environment-${randomBytes(16).toString('hex')}`;
  const script = environment.map(([name, value]) => `export ${name}='${value.replaceAll("'", "'\\''")}'\n`).join('');
  return {
    argv: ['sh', '-c', ENVIRONMENT_READER, 'sh', end, ...wrappedArgv(request, cwd)],
    stdin: Buffer.concat([Buffer.from(`${script}${end}\n`), ownInput ?? Buffer.alloc(0)]),
  };
}

async function start(target: PodTarget, request: Omit<ExecRequest, 'timeoutMs' | 'check'>, limit: number): Promise<WrappedCommand> {
  if (request.argv.length === 0) throw new SandboxError('SPAWN_FAILED', 'empty command');
  const { argv, stdin } = podCommand(request, target.cwd);
  const stdout = new TailBuffer(limit);
  const stderr = new TailBuffer(limit);
  const { sink, started, finish } = announcedPid(stderr);
  const command = await open(target, argv, stdin, new Writable({ write: (chunk: Buffer, _encoding, done) => (stdout.push(chunk), done()) }), sink);
  return {
    stdout,
    stderr,
    started,
    ended: command.closed.then(finish),
    exitCode: async () => command.exitCode(),
    abandon: () => command.abandon(),
    kill: async (pid) => {
      await podRun(target, ['kill', '-KILL', String(pid)]).catch(() => {});
    },
  };
}

interface OpenCommand {
  /** Settles when the connection closes. */
  closed: Promise<void>;
  /** The exit code the API server reported; BACKEND_ERROR when the connection ended without one. */
  exitCode(): number;
  abandon(): void;
}

async function open(target: PodTarget, argv: string[], stdin: Buffer | undefined, stdout: Writable, stderr: Writable): Promise<OpenCommand> {
  let status: V1Status | null = null;
  const input = stdin === undefined ? null : new PassThrough();
  let socket: Awaited<ReturnType<Exec['exec']>>;
  try {
    socket = await new Exec(target.kubeConfig).exec(target.namespace, target.pod, CONTAINER, argv, stdout, stderr, input, false, (received) => {
      status = received;
    });
  } catch (error) {
    throw backendError(error, `cannot run ${argv[0]} in ${target.pod}`);
  }
  const closed = new Promise<void>((resolve) => {
    socket.on('close', () => resolve());
    socket.on('error', () => resolve());
  });
  // Sent once the socket is open; the end of stdin reaches the command as end of file (v5 protocol).
  if (input !== null) {
    sendInSlices(input, stdin!);
    input.end();
  }
  return {
    closed,
    exitCode() {
      const reported = status as V1Status | null;
      if (reported === null) throw new SandboxError('BACKEND_ERROR', `the connection to ${target.pod} ended before the command did`);
      if (reported.status === 'Success') return 0;
      const code = reported.details?.causes?.find((cause) => cause.reason === 'ExitCode')?.message;
      if (code !== undefined) return Number(code);
      throw new SandboxError('BACKEND_ERROR', `cannot run the command in ${target.pod}: ${reported.message ?? reported.reason ?? 'unknown failure'}`);
    },
    abandon: () => socket.close(),
  };
}

/** The most bytes one WebSocket message of an exec's stdin carries (see {@link sendInSlices}). */
const STDIN_SLICE_BYTES = 1024 * 1024;

/**
 * Writes `data` to an exec's stdin in slices: each write becomes one WebSocket message through the
 * API server and the kubelet, and a message of a few tens of MiB ends the connection (32 MiB did on
 * the test cluster), so a large file (an environment's archive) must go as many.
 */
export function sendInSlices(input: Writable, data: Buffer): void {
  for (let offset = 0; offset < data.length; offset += STDIN_SLICE_BYTES) input.write(data.subarray(offset, offset + STDIN_SLICE_BYTES));
}
