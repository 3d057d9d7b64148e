import { GitRemoteError } from '../../core/ports/git-remote.js';
import type { ConnectionTestOutcome, ConnectionTestRequest } from '../../core/ports/connection-tester.js';
import { GitCliRemote } from '../git/git-cli-remote.js';
import { failed, passed, refusedMessage, schemeProblem, unreachableMessage, type TestContext } from './test-context.js';

/**
 * Lists the repository's branches with the credentials (`git ls-remote --heads`), through the same
 * `git` adapter as Git-synced notebooks: pinned to the address the outbound policy checked, no
 * redirects, no credential helpers, git's own output in the hub's log only.
 */
export async function testGit(context: TestContext, request: ConnectionTestRequest): Promise<ConnectionTestOutcome> {
  const url = new URL(String(request.config.repository_url));
  const problem = schemeProblem(context, url);
  if (problem) return failed(problem);
  const remote = new GitCliRemote(context.outbound, context.timeoutMs);
  try {
    const token = (await request.secrets()).token;
    const branches = await remote.branches(url.href, token ? { username: String(request.config.username ?? ''), password: token } : null);
    return passed(`the repository answered with ${branches.length} branch${branches.length === 1 ? '' : 'es'}`);
  } catch (error) {
    if (!(error instanceof GitRemoteError)) throw error;
    switch (error.code) {
      case 'REFUSED':
        return failed(refusedMessage(url.hostname));
      case 'UNAUTHORIZED':
        return failed('the Git host refused the user name and token (or the repository needs others)');
      case 'NOT_FOUND':
        return failed('the repository does not exist, or the token may not see it');
      default:
        return failed(unreachableMessage(`the Git host ${url.host}`));
    }
  }
}
