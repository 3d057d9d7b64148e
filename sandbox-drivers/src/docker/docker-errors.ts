import { SandboxError } from '@notebook-hub/kernel/ports/sandbox-driver.js';

/** dockerode errors carry the engine's HTTP status and its JSON message. */
export function statusOf(error: unknown): number | undefined {
  return (error as { statusCode?: number } | null)?.statusCode;
}

export function engineMessage(error: unknown): string {
  const json = (error as { json?: { message?: string } } | null)?.json;
  if (json?.message) return json.message;
  return error instanceof Error ? error.message : String(error);
}

/** A failure of the engine itself (unreachable, refused the request) as BACKEND_ERROR. */
export function backendError(error: unknown, what: string): SandboxError {
  if (error instanceof SandboxError) return error;
  return new SandboxError('BACKEND_ERROR', `${what}: ${engineMessage(error)}`, { cause: error });
}
