import path from 'node:path';
import { SandboxError } from '@notebook-hub/kernel/ports/sandbox-driver.js';

/**
 * Resolves a file path of the port (relative to the workspace) against the workspace directory.
 * Absolute paths and `..` segments are refused so a caller cannot reach outside the workspace by
 * accident; code inside the sandbox can of course still do what it likes.
 */
export function workspacePath(workspaceDir: string, relative: string): string {
  const normalized = path.posix.normalize(relative.replaceAll('\\', '/'));
  if (relative === '' || path.posix.isAbsolute(normalized) || normalized === '..' || normalized.startsWith('../')) {
    throw new SandboxError('COMMAND_FAILED', `file path must be relative to the workspace: ${JSON.stringify(relative)}`);
  }
  return path.posix.join(workspaceDir, normalized);
}

/** A working directory of an exec request: relative to the workspace, or absolute in the sandbox. */
export function resolveCwd(workspaceDir: string, cwd: string | undefined): string {
  if (cwd === undefined) return workspaceDir;
  return path.posix.isAbsolute(cwd) ? cwd : path.posix.join(workspaceDir, cwd);
}
