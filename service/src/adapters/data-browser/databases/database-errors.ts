import { DatabaseError } from '../../../core/ports/data-databases.js';
import { ConnectionProblem, logFailure, targetUrl, type ConnectionContext } from '../../integrations/connection-context.js';
import type { DatabaseEndpoint } from '../../integrations/database-connections.js';

/** A connection problem as the port's error (the integration's settings not fitting the server read as unreachable). */
export function fromProblem(problem: ConnectionProblem): DatabaseError {
  return new DatabaseError(problem.reason === 'invalid' ? 'unreachable' : problem.reason, problem.message);
}

/**
 * A failure to sign in, worded by the hub (`word`: the kind's wording of the driver's error) and
 * logged in detail with the secrets scrubbed; never the server's text, which may echo a password.
 */
export function connectionError(
  context: ConnectionContext,
  scheme: 'postgres' | 'mysql',
  endpoint: DatabaseEndpoint,
  error: unknown,
  secrets: Readonly<Record<string, string>>,
  word: (error: unknown, endpoint: DatabaseEndpoint) => ConnectionProblem | null,
): DatabaseError {
  logFailure(context, targetUrl(scheme, endpoint.host, endpoint.port), error, secrets);
  const problem = word(error, endpoint);
  return problem ? fromProblem(problem) : new DatabaseError('unreachable', 'the server refused the connection: see the hub log for details');
}

/** The endpoint, or the port's error for a host the policy refuses or that has no address. */
export async function reachable<T>(find: () => Promise<T>): Promise<T> {
  try {
    return await find();
  } catch (error) {
    if (error instanceof ConnectionProblem) throw fromProblem(error);
    throw error;
  }
}
