import { ApiError } from '../../api/errors';

/** What went wrong with a team hub, in words: a title, the hub's own message, and what to do. */
export interface RemoteProblem {
  title: string;
  message: string;
  /** The remote must be signed in again before anything reaches the team hub. */
  signInAgain: boolean;
}

/**
 * Words for a refusal of a remotes route or an operation's error (docs/remotes.md, "Errors"): the
 * hub's message says which team hub and why; the title says what it means for the person.
 */
export function remoteProblem(code: string, message: string): RemoteProblem {
  const problem = (title: string, signInAgain = false) => ({ title, message, signInAgain });
  if (code === 'CONFLICT' && /revoked/i.test(message)) return problem('The team hub ended this connection: sign in again', true);
  if (code === 'SERVICE_UNAVAILABLE') {
    if (/unreachable/i.test(message)) return problem('The team hub cannot be reached');
    if (/does not understand/i.test(message)) return problem('The team hub answered something this hub does not understand');
    return problem('Team hubs cannot be reached from this hub');
  }
  if (code === 'FORBIDDEN') return problem(/team hub/i.test(message) ? 'The team hub refused' : 'Not allowed');
  if (code === 'NOT_FOUND') return problem(/team hub/i.test(message) ? 'Not found on the team hub' : 'Not found');
  if (code === 'CONFLICT') return problem('Not now');
  if (code === 'HUB_UNREACHABLE') return problem('This hub cannot be reached');
  return problem('Something went wrong');
}

/** The problem of a failed request. */
export function problemOf(error: Error): RemoteProblem {
  return error instanceof ApiError ? remoteProblem(error.code, error.message) : remoteProblem('INTERNAL_ERROR', error.message);
}
