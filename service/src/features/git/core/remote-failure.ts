import { HubError } from '../../../core/errors.js';
import { GitRemoteError } from '../../../core/ports/git-remote.js';

/** A repository that could not be read, as the API reports it (docs/git.md, "When a sync fails"). */
export function remoteFailure(error: unknown): never {
  if (!(error instanceof GitRemoteError)) throw error;
  switch (error.code) {
    case 'UNREACHABLE':
      throw new HubError('SERVICE_UNAVAILABLE', `the repository cannot be reached: ${error.message}`);
    case 'REFUSED':
      throw new HubError('VALIDATION_ERROR', `repo: ${error.message}`, [{ field: 'repo', message: error.message }]);
    case 'UNAUTHORIZED':
      throw new HubError(
        'SYNC_NOT_CONFIGURED',
        "the repository refused the project's Git credentials, or needs some: a project manager sets them in the project's settings, with this repository among those they serve",
      );
    case 'NOT_FOUND':
      throw new HubError('VALIDATION_ERROR', `repo or branch not found: ${error.message}`, [{ field: 'repo', message: error.message }]);
    case 'TOO_LARGE':
      throw new HubError('PAYLOAD_TOO_LARGE', error.message);
    case 'CONFLICT':
      throw new HubError('CONFLICT', error.message);
  }
}
