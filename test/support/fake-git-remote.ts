import { createHash } from 'node:crypto';
import {
  GitRemoteError,
  type GitBranch,
  type GitCommitSummary,
  type GitCredentials,
  type GitRemote,
  type GitTreeSnapshot,
  type PublishRequest,
  type SnapshotLimits,
} from '../../service/src/core/ports/git-remote.js';

interface FakeCommit {
  id: string;
  parent: string | null;
  title: string;
  files: Map<string, Buffer>;
  at: string;
}

interface FakeRepository {
  commits: Map<string, FakeCommit>;
  /** Full ref names (`refs/heads/main`, `refs/pull/7/head`) and the commits they point at. */
  refs: Map<string, string>;
}

const COMMIT_ID = /^[0-9a-f]{40}$/;

/**
 * Git repositories held in memory behind the `GitRemote` port, for unit tests of Git sync and
 * previews: the test commits to a branch and moves refs by hand, and makes the host fail at will.
 * The real adapter (`git` over smart HTTP) is tested against a real Git server elsewhere; this
 * stands in where a unit test needs no process and no network. Credentials are recorded, not
 * checked: how they are attached is the adapter's business, which ones are handed over the core's.
 */
export class FakeGitRemote implements GitRemote {
  private readonly repositories = new Map<string, FakeRepository>();
  private made = 0;
  /** Every call: the method, the repository URL and the ref it named. */
  readonly calls: { method: string; url: string; ref?: string }[] = [];
  /** Every call's repository URL and the user name of the credentials it was given (null: none). */
  readonly credentialsGiven: { url: string; username: string | null }[] = [];
  /** While set, every call fails with it (a host that is down, or refuses the credentials). */
  failure: GitRemoteError | null = null;

  /** A new repository at `url` whose `branch` holds `files`; answers the first commit. */
  createRepository(url: string, files: Record<string, string>, branch = 'main'): string {
    this.repositories.set(url, { commits: new Map(), refs: new Map() });
    return this.commit(url, branch, files, 'Initial commit');
  }

  /**
   * Commits on top of `branch` (a new branch starts from `main`): a path given a string gets that
   * content, a path given null goes. Answers the new commit.
   */
  commit(url: string, branch: string, files: Record<string, string | null>, title = 'Change'): string {
    const repository = this.repository(url);
    const parentId = repository.refs.get(`refs/heads/${branch}`) ?? repository.refs.get('refs/heads/main') ?? null;
    const tree = new Map(parentId ? repository.commits.get(parentId)!.files : []);
    for (const [path, content] of Object.entries(files)) {
      if (content === null) tree.delete(path);
      else tree.set(path, Buffer.from(content, 'utf8'));
    }
    const id = createHash('sha1').update(`${url} ${branch} ${++this.made}`).digest('hex');
    repository.commits.set(id, { id, parent: parentId, title, files: tree, at: new Date(Date.UTC(2026, 0, 1, 0, this.made)).toISOString() });
    repository.refs.set(`refs/heads/${branch}`, id);
    return id;
  }

  /** Points a full ref name at a commit (a pull request's `refs/pull/7/head`, a force push). */
  setRef(url: string, ref: string, commit: string): void {
    this.repository(url).refs.set(ref, commit);
  }

  deleteBranch(url: string, branch: string): void {
    this.repository(url).refs.delete(`refs/heads/${branch}`);
  }

  async branches(url: string, credentials: GitCredentials | null): Promise<GitBranch[]> {
    const repository = this.reach('branches', url, undefined, credentials);
    return [...repository.refs].filter(([ref]) => ref.startsWith('refs/heads/')).map(([ref, commit]) => ({ name: ref.slice('refs/heads/'.length), commit }));
  }

  async resolveRef(url: string, ref: string, credentials: GitCredentials | null): Promise<string | null> {
    return this.reach('resolveRef', url, ref, credentials).refs.get(ref) ?? null;
  }

  async snapshot(url: string, ref: string, directory: string, credentials: GitCredentials | null, limits: SnapshotLimits): Promise<GitTreeSnapshot> {
    const repository = this.reach('snapshot', url, ref, credentials);
    const commitId = COMMIT_ID.test(ref) && repository.commits.has(ref) ? ref : (repository.refs.get(ref) ?? repository.refs.get(`refs/heads/${ref}`));
    const commit = commitId === undefined ? undefined : repository.commits.get(commitId);
    if (!commit) throw new GitRemoteError('NOT_FOUND', `${ref} is not in the repository`);
    const prefix = directory === '' ? '' : `${directory}/`;
    const files = [...commit.files]
      .filter(([path]) => path.startsWith(prefix))
      .map(([path, content]) => ({ path: path.slice(prefix.length), content: Buffer.from(content) }));
    if (files.length > limits.maxFiles) throw new GitRemoteError('TOO_LARGE', `the folder has more than ${limits.maxFiles} files`);
    if (files.reduce((sum, file) => sum + file.content.length, 0) > limits.maxBytes) {
      throw new GitRemoteError('TOO_LARGE', `the folder holds more than ${limits.maxBytes} bytes`);
    }
    return { commit: commit.id, files };
  }

  async recentCommits(url: string, branch: string, credentials: GitCredentials | null, count: number): Promise<GitCommitSummary[]> {
    const repository = this.reach('recentCommits', url, branch, credentials);
    const commits: GitCommitSummary[] = [];
    let next = repository.refs.get(`refs/heads/${branch}`) ?? null;
    if (next === null) throw new GitRemoteError('NOT_FOUND', `branch ${branch} is not in the repository`);
    while (next !== null && commits.length < count) {
      const commit: FakeCommit = repository.commits.get(next)!;
      commits.push({ commit: commit.id, title: commit.title, author: 'Fake Author', committed_at: commit.at });
      next = commit.parent;
    }
    return commits;
  }

  async publish(url: string, credentials: GitCredentials, request: PublishRequest): Promise<{ commit: string }> {
    const repository = this.reach('publish', url, request.branch, credentials);
    if (repository.refs.has(`refs/heads/${request.branch}`)) throw new GitRemoteError('CONFLICT', `branch ${request.branch} exists already`);
    if (!repository.commits.has(request.base)) throw new GitRemoteError('NOT_FOUND', `${request.base} is not in the repository`);
    repository.refs.set(`refs/heads/${request.branch}`, request.base);
    const files = Object.fromEntries(request.files.map((file) => [file.path, file.content.toString('utf8')]));
    return { commit: this.commit(url, request.branch, files, request.message) };
  }

  private reach(method: string, url: string, ref?: string, credentials?: GitCredentials | null): FakeRepository {
    this.calls.push({ method, url, ...(ref === undefined ? {} : { ref }) });
    this.credentialsGiven.push({ url, username: credentials?.username ?? null });
    if (this.failure) throw this.failure;
    const repository = this.repositories.get(url);
    if (!repository) throw new GitRemoteError('NOT_FOUND', `no repository at ${url}`);
    return repository;
  }

  private repository(url: string): FakeRepository {
    const repository = this.repositories.get(url);
    if (!repository) throw new Error(`FakeGitRemote: no repository at ${url}; create it first`);
    return repository;
  }
}
