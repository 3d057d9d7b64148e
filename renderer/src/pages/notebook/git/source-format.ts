import type { GitSource } from '../../../api/git';
import type { ChangeRequest } from '../../../api/change-requests';

/** A commit as people read it (the first 7 hex digits, as GitHub and GitLab show it). */
export const shortCommit = (commit: string): string => commit.slice(0, 7);

export const PROVIDER_LABELS: Record<string, string> = { github: 'GitHub', gitlab: 'GitLab' };

/** A repository written as a URL rather than owner/repo (the provider then plays no part). */
export const isRepoUrl = (repo: string): boolean => /^[a-z][a-z0-9+.-]*:\/\//i.test(repo.trim());

/**
 * The repository's page on its provider (`webUrl`: where the deployment's provider is, from
 * GET /git-providers), or null for a repository given by URL or a provider not known yet.
 */
export function repoPageUrl(source: Pick<GitSource, 'provider' | 'repo'>, webUrl: string | undefined): string | null {
  return source.provider && webUrl && !isRepoUrl(source.repo) ? `${webUrl}/${source.repo}` : null;
}

/** A commit's page on the repository's provider, or null when the repository is not on one. */
export function commitPageUrl(source: Pick<GitSource, 'provider' | 'repo'>, webUrl: string | undefined, commit: string): string | null {
  const page = repoPageUrl(source, webUrl);
  if (!page) return null;
  return source.provider === 'gitlab' ? `${page}/-/commit/${commit}` : `${page}/commit/${commit}`;
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });

/** "3 minutes ago", "yesterday"; under a minute reads "just now". */
export function relativeTime(value: string, now: number = Date.now()): string {
  const seconds = Math.round((new Date(value).getTime() - now) / 1000);
  if (Number.isNaN(seconds)) return value;
  for (const [unit, size] of UNITS) if (Math.abs(seconds) >= size) return relative.format(Math.trunc(seconds / size), unit);
  return 'just now';
}

/** "pull request #12" on GitHub, "merge request !12" on GitLab: how each provider names its own. */
export const changeRequestName = (request: Pick<ChangeRequest, 'provider' | 'number'>): string =>
  request.provider === 'gitlab' ? `merge request !${request.number}` : `pull request #${request.number}`;
