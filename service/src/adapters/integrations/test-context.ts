import type { ConnectionTestOutcome } from '../../core/ports/connection-tester.js';
import { commonProblem, logFailure, type ConnectionContext } from './connection-context.js';

/** The wording every kind shares, from the connection context all integration connections use. */
export { refusedMessage, schemeProblem, scrubbed, unreachableMessage } from './connection-context.js';

/** What every kind's tester works with: the integrations outbound client and policy, and what the administrator allows. */
export type TestContext = ConnectionContext;

export const failed = (message: string): ConnectionTestOutcome => ({ ok: false, message });
export const passed = (message: string): ConnectionTestOutcome => ({ ok: true, message });

/** The outcome of a failure every kind shares (the network, TLS, a refused address), or null for the kind to say. */
export function commonFailure(error: unknown, host: string, what: string): ConnectionTestOutcome | null {
  const problem = commonProblem(error, host, what);
  return problem ? failed(problem.message) : null;
}

/** A failure the hub's log gets in detail (secrets scrubbed), and the caller as the outcome's message. */
export function logged(
  context: TestContext,
  url: string,
  error: unknown,
  secrets: Readonly<Record<string, string>>,
  outcome: ConnectionTestOutcome,
): ConnectionTestOutcome {
  logFailure(context, url, error, secrets);
  return outcome;
}
