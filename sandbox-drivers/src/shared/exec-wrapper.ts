import { Writable } from 'node:stream';
import type { ExecRequest } from '@notebook-hub/kernel/ports/sandbox-driver.js';
import { SPAWN_FAILED_EXIT_CODE, SPAWN_FAILED_MARKER } from './spawn-failure.js';
import type { TailBuffer } from './output-buffer.js';

/**
 * Commands in containers run under this `sh` wrapper. Container backends report a missing
 * executable or working directory only as text in the output stream; the wrapper checks both first
 * and says so with the shared marker, then announces its pid (so a timed-out command can be killed:
 * neither Docker's nor Kubernetes' exec API has a kill) on the first stderr line, which
 * {@link announcedPid} strips.
 */
const STARTED = 'notebook-hub-started';
const WRAPPER = [
  'dir=$1; shift',
  `cd "$dir" 2>/dev/null || { echo "${SPAWN_FAILED_MARKER} no directory $dir" >&2; exit ${SPAWN_FAILED_EXIT_CODE}; }`,
  `command -v "$1" >/dev/null 2>&1 || { echo "${SPAWN_FAILED_MARKER} $1: not found" >&2; exit ${SPAWN_FAILED_EXIT_CODE}; }`,
  `echo "${STARTED} $$" >&2`,
  'exec "$@"',
].join('\n');

/** The argv that runs `request.argv` under the wrapper, in `request.cwd` (relative to `workspaceDir`). */
export function wrappedArgv(request: Pick<ExecRequest, 'argv' | 'cwd'>, workspaceDir: string): string[] {
  const cwd = request.cwd === undefined ? workspaceDir : request.cwd.startsWith('/') ? request.cwd : `${workspaceDir}/${request.cwd}`;
  return ['sh', '-c', WRAPPER, 'sh', cwd, ...request.argv];
}

/**
 * The stderr sink of a wrapped command: the wrapper's first line resolves `started` with the pid
 * (or null when the command did not start); everything else goes to `stderr`. `finish()` at the end
 * of the stream flushes a first line that never ended.
 */
export function announcedPid(stderr: TailBuffer): { sink: Writable; started: Promise<number | null>; finish(): void } {
  let announce: (pid: number | null) => void = () => {};
  const started = new Promise<number | null>((resolve) => (announce = resolve));
  let firstLine: string | null = '';
  const sink = new Writable({
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
  return {
    sink,
    started,
    finish() {
      if (firstLine !== null && firstLine !== '') stderr.push(firstLine);
      firstLine = null;
      announce(null);
    },
  };
}
