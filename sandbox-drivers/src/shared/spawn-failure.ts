/**
 * Both drivers start commands through a tiny wrapper (a Python helper locally, `sh` in
 * containers). When the wrapper cannot start the command it prints this marker on stderr and exits
 * 127, which is how an exit code 127 from a missing executable is told apart from a command that
 * ran and itself returned 127.
 */
export const SPAWN_FAILED_MARKER = 'notebook-hub-spawn-failed:';
export const SPAWN_FAILED_EXIT_CODE = 127;

export function spawnFailureReason(exitCode: number | null, stderr: string): string | null {
  if (exitCode !== SPAWN_FAILED_EXIT_CODE) return null;
  const line = stderr.split('\n').find((candidate) => candidate.startsWith(SPAWN_FAILED_MARKER));
  return line === undefined ? null : line.slice(SPAWN_FAILED_MARKER.length).trim();
}
