/** One HTTP POST of an alert delivery. */
export interface AlertRequest {
  url: string;
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
}

/**
 * What became of one attempt. `refused-address` means the host resolved to an address the
 * outbound-request policy forbids: nothing was sent, and retrying cannot help.
 */
export type AlertAttemptOutcome =
  { kind: 'response'; status: number; retryAfterMs: number | null } | { kind: 'failure'; reason: 'timeout' | 'network' | 'refused-address'; detail: string };

/**
 * Sends alert deliveries. Implementations never follow redirects, enforce the outbound-request policy on
 * every connection, and never throw: every problem is an outcome. A `detail` must not contain
 * the URL, which can itself be a credential.
 */
export interface AlertSender {
  send(request: AlertRequest): Promise<AlertAttemptOutcome>;
}
