import type { PortEndpoint } from './sandbox-driver.js';

/** Where a session's notebook server answers, and the secret it expects. */
export interface KernelAddress {
  endpoint: PortEndpoint;
  /** The path the server is mounted under, e.g. `/s/<session id>`. */
  baseUrl: string;
  secret: string;
}

/**
 * Whether the notebook server of a session still answers its health check. A reclaim asks before
 * saving: the server writes the notebook file itself, so a wedged one may leave it half-written.
 */
export interface KernelHealth {
  /** False when the server does not answer healthy within `timeoutMs`; never throws. */
  answers(address: KernelAddress, timeoutMs: number): Promise<boolean>;
}
