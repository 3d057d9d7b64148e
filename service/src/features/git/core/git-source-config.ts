import { urlProblem, type OutboundPolicy } from '../../../core/outbound/outbound-policy.js';
import { HubError, type FieldProblem } from '../../../core/errors.js';
import type { GitSourceConfig } from '../../../core/notebooks/notebook-model.js';
import { isEntryFilePath } from '../../../core/notebooks/notebook-service.js';

export type GitProvider = 'github' | 'gitlab';
export const GIT_PROVIDERS: readonly GitProvider[] = ['github', 'gitlab'];

export interface GitRepoRules extends OutboundPolicy {
  /** Base URL of each recognised provider: `owner/repo` is fetched from `<base>/owner/repo.git`. */
  providerUrls: Record<GitProvider, string>;
}

/** A repository as the hub names it (`provider`, `repo`) and fetches it (`url`). */
export interface ResolvedRepo {
  provider: GitProvider | null;
  repo: string;
  url: string;
}

/** A stored provider as the hub knows it (anything else, including null, is a repository given by URL). */
export const storedProvider = (stored: string | null): GitProvider | null => (stored === 'github' || stored === 'gitlab' ? stored : null);

/**
 * A notebook's stored repository as it is fetched now, checked again against the deployment's
 * rules (they may have changed since it was saved): VALIDATION_ERROR when they refuse it.
 */
export function storedRepository(source: { provider: string | null; repo: string }, rules: GitRepoRules): ResolvedRepo {
  const resolved = resolveRepo(source.repo, storedProvider(source.provider), rules);
  if (typeof resolved === 'string') throw new HubError('VALIDATION_ERROR', `repo ${resolved}`, [{ field: 'repo', message: resolved }]);
  return resolved;
}

const REPO_PATH = /^[A-Za-z0-9_.-]+(?:\/[A-Za-z0-9_.-]+){1,5}$/;
const BRANCH = /^(?!-)(?!.*\.\.)(?!.*\/\/)(?!.*@\{)(?!\/)[A-Za-z0-9._/+-]{1,200}(?<!\/)(?<!\.lock)(?<!\.)$/;
const FOLDER_PART = /^[A-Za-z0-9_][A-Za-z0-9._ -]{0,99}$/;

/**
 * `repo` as written by a person: `owner/repo` on a provider (GitHub unless `provider` says GitLab),
 * or a URL. A URL on a recognised provider's host is named `owner/repo` like the short form; any
 * other host keeps its URL and has no provider.
 */
export function resolveRepo(raw: string, providerHint: GitProvider | null | undefined, rules: GitRepoRules): ResolvedRepo | string {
  const repo = raw.trim();
  if (REPO_PATH.test(repo) && !repo.split('/').some((part) => part === '.' || part === '..')) {
    const provider = providerHint ?? 'github';
    const path = repo.replace(/\.git$/, '');
    return { provider, repo: path, url: `${rules.providerUrls[provider]}/${path}.git` };
  }
  const problem = urlProblem(repo, rules, 'Git fetches');
  if (problem) return `must be owner/repo or an https URL of a repository; the URL ${problem}`;
  const url = new URL(repo);
  if (url.search !== '' || url.hash !== '') return 'must not carry a query or a fragment';
  for (const provider of GIT_PROVIDERS) {
    const base = new URL(rules.providerUrls[provider]);
    const path = url.pathname.replace(/^\/+|\/+$/g, '').replace(/\.git$/, '');
    if (url.origin === base.origin && REPO_PATH.test(path)) return { provider, repo: path, url: `${base.origin}/${path}.git` };
  }
  return { provider: null, repo: url.href.replace(/\/+$/, ''), url: url.href.replace(/\/+$/, '') };
}

/** A repository directory as stored: no leading or trailing slash, '' for the whole repository. */
export function normalizeRootPath(raw: string): string {
  return raw.trim().replace(/^\/+|\/+$/g, '');
}

export function rootPathProblem(rootPath: string): string | null {
  if (rootPath === '') return null;
  const parts = rootPath.split('/');
  if (parts.length > 8 || parts.some((part) => !FOLDER_PART.test(part) || part === '..' || part === '.'))
    return 'must be a folder of the repository (letters, digits, ._- and spaces; no . or .. parts), or empty for the whole repository';
  return null;
}

/** Field problems of the fields of a config that are given (`repo`: as resolved, null when not given). */
export function gitConfigProblems(config: Partial<GitSourceConfig>, repo: ResolvedRepo | string | null): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (typeof repo === 'string') problems.push({ field: 'repo', message: repo });
  if (config.branch !== undefined && !BRANCH.test(config.branch))
    problems.push({ field: 'branch', message: 'must be a branch name (letters, digits and ._/+-, no "..", not starting with - or /)' });
  if (config.root_path !== undefined) {
    const problem = rootPathProblem(normalizeRootPath(config.root_path));
    if (problem) problems.push({ field: 'root_path', message: problem });
  }
  if (config.entry_notebook !== undefined && !isEntryFilePath(config.entry_notebook))
    problems.push({ field: 'entry_notebook', message: 'must be the path of a .py file inside root_path (letters, digits, ._- and spaces)' });
  return problems;
}

/** The repository path of a file of the synced folder. */
export function repositoryPath(rootPath: string, path: string): string {
  return rootPath === '' ? path : `${rootPath}/${path}`;
}
