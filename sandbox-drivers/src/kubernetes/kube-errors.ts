import { ApiException } from '@kubernetes/client-node';
import { SandboxError } from '@notebook-hub/kernel/ports/sandbox-driver.js';

/** The API server's HTTP status of a failed call, or undefined when it was never reached. */
export function statusOf(error: unknown): number | undefined {
  return error instanceof ApiException ? error.code : undefined;
}

/** The API server's own message (its Status object), else the error's. */
export function apiMessage(error: unknown): string {
  if (error instanceof ApiException) {
    const body: unknown = error.body;
    try {
      const status = (typeof body === 'string' ? JSON.parse(body) : body) as { message?: string } | null;
      if (status?.message) return status.message;
    } catch {
      // not a Status: the raw body says more than nothing
    }
    return typeof body === 'string' && body !== '' ? body.slice(0, 500) : error.message;
  }
  return error instanceof Error ? error.message : String(error);
}

/** A failure of the API server or the connection to it, as BACKEND_ERROR. */
export function backendError(error: unknown, what: string): SandboxError {
  if (error instanceof SandboxError) return error;
  return new SandboxError('BACKEND_ERROR', `${what}: ${apiMessage(error)}`, { cause: error });
}
