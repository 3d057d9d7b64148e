/** Who the hub is at a Git host: a user name and a password or access token (basic auth over HTTPS). */
export interface GitCredentials {
  username: string;
  password: string;
}

export interface GitBranch {
  name: string;
  commit: string;
}

/** One commit of a branch's history, newest first in a list. */
export interface GitCommitSummary {
  commit: string;
  /** The first line of its message. */
  title: string;
  author: string;
  committed_at: string;
}

/** The files of one directory of a repository at one commit. */
export interface GitTreeSnapshot {
  commit: string;
  /** Paths relative to the directory asked for, `/`-separated. */
  files: { path: string; content: Buffer }[];
}

export interface SnapshotLimits {
  maxFiles: number;
  maxBytes: number;
}

/** `REFUSED`: the outbound-request policy refused the repository's host; nothing was sent to it. */
export type GitRemoteErrorCode = 'UNREACHABLE' | 'REFUSED' | 'UNAUTHORIZED' | 'NOT_FOUND' | 'TOO_LARGE' | 'CONFLICT';

/** A commit to make on top of `base` and push as the new branch `branch`. */
export interface PublishRequest {
  base: string;
  branch: string;
  /** Repository paths and their new content; other files stay as they are at `base`. */
  files: { path: string; content: Buffer }[];
  message: string;
  author: { name: string; email: string };
}

/** Why a repository could not be read; the message is safe to show (it never holds credentials). */
export class GitRemoteError extends Error {
  constructor(
    readonly code: GitRemoteErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'GitRemoteError';
  }
}

/**
 * Reading repositories over Git's smart HTTP (docs/git.md): what branches there are, and the files
 * of a directory at a branch or commit. Credentials never appear in a command line or a log.
 */
export interface GitRemote {
  branches(url: string, credentials: GitCredentials | null): Promise<GitBranch[]>;
  /** The commit a full ref name (`refs/heads/main`, `refs/pull/7/head`) points at; null when the repository has no such ref. */
  resolveRef(url: string, ref: string, credentials: GitCredentials | null): Promise<string | null>;
  /** `ref`: a branch name, a full ref name (`refs/...`) or a full commit id; `directory`: '' for the whole repository. */
  snapshot(url: string, ref: string, directory: string, credentials: GitCredentials | null, limits: SnapshotLimits): Promise<GitTreeSnapshot>;
  /** The newest `count` commits of `branch`, newest first. */
  recentCommits(url: string, branch: string, credentials: GitCredentials | null, count: number): Promise<GitCommitSummary[]>;
  /** Commits `files` on top of `base` and pushes it as a new branch (CONFLICT when the branch exists); the new commit's id. */
  publish(url: string, credentials: GitCredentials, request: PublishRequest): Promise<{ commit: string }>;
}
