/** A pull request (GitHub) or merge request (GitLab) to open from a pushed branch. */
export interface ChangeRequestToOpen {
  /** `owner/repo` (GitLab: the project's full path). */
  repo: string;
  base: string;
  head: string;
  title: string;
  body: string;
  /** The project's write token, which the host's API takes. */
  token: string;
}

export interface OpenedChangeRequest {
  /** The number people know it by (GitHub's pull number, GitLab's iid). */
  number: number;
  url: string;
}

export type ChangeRequestHostErrorCode = 'UNAUTHORIZED' | 'NOT_FOUND' | 'REFUSED' | 'UNREACHABLE';

/** Why the host did not open the change request; the message is safe to show (never the token). */
export class ChangeRequestHostError extends Error {
  constructor(
    readonly code: ChangeRequestHostErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ChangeRequestHostError';
  }
}

/** A Git host's API for change requests (docs/git.md, "Change requests"). */
export interface ChangeRequestHost {
  open(request: ChangeRequestToOpen): Promise<OpenedChangeRequest>;
}
