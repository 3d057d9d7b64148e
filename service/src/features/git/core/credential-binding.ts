import type { FieldProblem } from '../../../core/errors.js';
import { urlProblem } from '../../../core/outbound/outbound-policy.js';
import type { GitProvider, GitRepoRules } from './git-source-config.js';

/**
 * Where a project's Git credentials may be sent (docs/git.md, "Credentials"): one Git host, and
 * the repositories there a manager listed. The hub attaches the credentials to a call only when
 * its URL is on that host and names one of those repositories, so an editor who points a notebook
 * at another host, or at another repository of the same host, gets no credentials for it (the
 * repository is read as a public one, or not at all). Credentials saved before they were bound
 * have no binding and are sent nowhere.
 */
export interface CredentialBinding {
  /** The recognised provider the repositories are on, or null for another Git server. */
  provider: GitProvider | null;
  /** The URL the repositories are named relative to: the provider's URL, or the server's origin. */
  host_url: string;
  /** `owner/repo` (exactly that one), `owner/*` (everything under owner or group), `*` (the whole host). */
  repositories: string[];
}

export const MAX_BOUND_REPOSITORIES = 50;
const SEGMENT = '[A-Za-z0-9_.-]+';
/** A repository path (up to six segments), a folder followed by `/*`, or `*`. */
const PATTERN = new RegExp(`^(?:\\*|${SEGMENT}(?:/${SEGMENT}){0,5}/\\*|${SEGMENT}(?:/${SEGMENT}){0,5})$`);
/** What a repository path in a URL may hold for credentials to go with it: no encoded or odd characters. */
const PLAIN_PATH = /^[A-Za-z0-9_.-]+(?:\/[A-Za-z0-9_.-]+)*$/;

const trimmed = (url: string) => url.replace(/\/+$/, '');

function patternProblem(pattern: string): string | null {
  if (!PATTERN.test(pattern) || pattern.split('/').some((part) => part === '.' || part === '..'))
    return 'must be owner/repo, owner/* (everything under an owner or group), * (every repository of the host), or the https URL of one of those';
  return null;
}

/**
 * The binding `repositories` (as a manager writes them) stand for: short forms on `provider`
 * (GitHub unless it says GitLab), URLs on any host (a URL on a recognised provider's host counts as
 * that provider's short form). All of them must be on one host, since a token belongs to one.
 */
export function bindingOf(entries: string[], provider: GitProvider | null | undefined, rules: GitRepoRules): CredentialBinding | FieldProblem {
  const problem = (message: string): FieldProblem => ({ field: 'repositories', message });
  if (entries.length > MAX_BOUND_REPOSITORIES) return problem(`must list at most ${MAX_BOUND_REPOSITORIES} entries`);
  const named: { provider: GitProvider | null; host_url: string; pattern: string }[] = [];
  for (const raw of entries) {
    const entry = raw
      .trim()
      .replace(/\/+$/, '')
      .replace(/\.git$/, '');
    if (!/^https?:\/\//i.test(entry)) {
      const onProvider = provider ?? 'github';
      // On a provider a repository is always owner/repo.
      const why = patternProblem(entry) ?? (entry.includes('/') || entry === '*' ? null : 'must be owner/repo, owner/* or *');
      if (why) return problem(`${JSON.stringify(entry)} ${why}`);
      named.push({ provider: onProvider, host_url: trimmed(rules.providerUrls[onProvider]), pattern: entry });
      continue;
    }
    const urlWhy = urlProblem(entry.replace(/\/\*$/, ''), rules, 'Git fetches');
    if (urlWhy) return problem(`${JSON.stringify(entry)} ${urlWhy}`);
    const url = new URL(entry);
    if (url.search !== '' || url.hash !== '') return problem(`${JSON.stringify(entry)} must not carry a query or a fragment`);
    // On a provider's host, owner/repo (or a folder of them) is that provider's short form, as a
    // notebook's repository URL is (resolveRepo); any other path keeps its URL.
    const onProvider = (['github', 'gitlab'] as const).find((candidate) => {
      const base = new URL(rules.providerUrls[candidate]);
      const basePath = trimmed(base.pathname);
      if (base.origin !== url.origin || (basePath !== '' && !url.pathname.startsWith(`${basePath}/`))) return false;
      const rest = url.pathname.slice(basePath.length).replace(/^\/+/, '');
      return rest === '' || rest === '*' || rest.includes('/');
    });
    const basePath = onProvider ? trimmed(new URL(rules.providerUrls[onProvider]).pathname) : '';
    const pattern = url.pathname.slice(basePath.length).replace(/^\/+/, '') || '*';
    const why = patternProblem(pattern);
    if (why) return problem(`${JSON.stringify(entry)} ${why}`);
    named.push({ provider: onProvider ?? null, host_url: onProvider ? trimmed(rules.providerUrls[onProvider]) : url.origin, pattern });
  }
  const hosts = new Set(named.map((entry) => entry.host_url));
  if (hosts.size > 1) return problem('must all be on one Git host: a token belongs to one host, so credentials are bound to one');
  const first = named[0];
  return {
    provider: first ? first.provider : (provider ?? null),
    host_url: first?.host_url ?? '',
    repositories: [...new Set(named.map((entry) => entry.pattern))],
  };
}

/**
 * Whether credentials bound by `binding` may go with a call to `url` (a repository URL as the hub
 * fetches it): the same origin (scheme, host and port), below the host URL, naming a listed
 * repository with a plain path.
 */
export function bindingServes(binding: CredentialBinding | null, url: string): boolean {
  if (!binding || binding.host_url === '' || binding.repositories.length === 0) return false;
  let target: URL;
  let base: URL;
  try {
    target = new URL(url);
    base = new URL(binding.host_url);
  } catch {
    return false;
  }
  if (target.origin !== base.origin || target.username !== '' || target.password !== '' || target.search !== '' || target.hash !== '') return false;
  const basePath = trimmed(base.pathname);
  if (basePath !== '' && !target.pathname.startsWith(`${basePath}/`)) return false;
  const path = trimmed(target.pathname.slice(basePath.length))
    .replace(/^\/+/, '')
    .replace(/\.git$/, '');
  if (!PLAIN_PATH.test(path) || path.split('/').some((part) => part === '.' || part === '..')) return false;
  return binding.repositories.some((pattern) => pattern === '*' || (pattern.endsWith('/*') ? path.startsWith(pattern.slice(0, -1)) : path === pattern));
}
