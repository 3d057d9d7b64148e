import { HubError } from '../errors.js';
import { isSandboxError } from '../ports/sandbox-driver.js';

/**
 * What to report of work in a sandbox that failed (a session start, a job run): the hub's own
 * error as it is; no room for the sandbox as RESOURCE_EXHAUSTED; a sandbox backend that failed or
 * never became ready as SERVICE_UNAVAILABLE (transient from the caller's side); anything else
 * without its details.
 */
export function sandboxFailureOf(error: unknown, say: { noRoom: string; internal: string }): { code: string; message: string } {
  if (error instanceof HubError) return { code: error.code, message: error.message.slice(0, 2000) };
  if (isSandboxError(error, 'CAPACITY')) return { code: 'RESOURCE_EXHAUSTED', message: `${say.noRoom}: ${error.message}`.slice(0, 2000) };
  if (isSandboxError(error)) return { code: 'SERVICE_UNAVAILABLE', message: error.message.slice(0, 2000) };
  return { code: 'INTERNAL_ERROR', message: say.internal };
}
