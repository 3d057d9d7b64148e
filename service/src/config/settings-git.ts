import { httpUrl, integer, oneOf, strictBoolean, type Env, type SettingDefinition } from './parse.js';

/** Git-synced notebooks (docs/git.md). */
export interface GitSettings {
  /** `SERVICE_GIT=on`: notebooks may be created from repositories and synced. */
  enabled: boolean;
  /** Where `owner/repo` of each recognised provider is cloned from (an enterprise server may stand in). */
  providerUrls: { github: string; gitlab: string };
  /** Each provider's REST API, where change requests are opened. */
  apiUrls: { github: string; gitlab: string };
  /** Plain-http repositories and repositories on this machine (development and tests only). */
  allowHttp: boolean;
  allowPrivateNetworks: boolean;
  maxFiles: number;
  maxBytes: number;
}

export const gitSettingDefinitions: SettingDefinition[] = [
  { key: 'SERVICE_GIT', group: 'git', name: 'Git-synced notebooks (on or off)', secret: false },
  { key: 'SERVICE_GIT_GITHUB_URL', group: 'git', name: 'Git: where GitHub repositories (owner/repo) are fetched from', secret: false },
  { key: 'SERVICE_GIT_GITLAB_URL', group: 'git', name: 'Git: where GitLab repositories (group/repo) are fetched from', secret: false },
  { key: 'SERVICE_GIT_GITHUB_API_URL', group: 'git', name: "Git: GitHub's REST API, for change requests", secret: false },
  { key: 'SERVICE_GIT_GITLAB_API_URL', group: 'git', name: "Git: GitLab's REST API, for change requests", secret: false },
  { key: 'SERVICE_GIT_ALLOW_HTTP', group: 'git', name: 'Git: allow plain-http repositories on this machine', secret: false },
  { key: 'SERVICE_GIT_ALLOW_PRIVATE_NETWORKS', group: 'git', name: 'Git: allow repositories on private networks', secret: false },
  { key: 'SERVICE_GIT_MAX_FILES', group: 'git', name: "Git: most files a notebook's synced folder may hold", secret: false },
  { key: 'SERVICE_GIT_MAX_BYTES', group: 'git', name: "Git: most bytes a notebook's synced folder may hold", secret: false },
];

const trimmed = (url: string) => url.replace(/\/+$/, '');

export function readGitSettings(env: Env): GitSettings {
  const gitlab = trimmed(httpUrl(env, 'SERVICE_GIT_GITLAB_URL') ?? 'https://gitlab.com');
  return {
    enabled: oneOf(env, 'SERVICE_GIT', ['on', 'off'], 'on') === 'on',
    providerUrls: { github: trimmed(httpUrl(env, 'SERVICE_GIT_GITHUB_URL') ?? 'https://github.com'), gitlab },
    apiUrls: {
      github: trimmed(httpUrl(env, 'SERVICE_GIT_GITHUB_API_URL') ?? 'https://api.github.com'),
      gitlab: trimmed(httpUrl(env, 'SERVICE_GIT_GITLAB_API_URL') ?? `${gitlab}/api/v4`),
    },
    allowHttp: strictBoolean(env, 'SERVICE_GIT_ALLOW_HTTP', false),
    allowPrivateNetworks: strictBoolean(env, 'SERVICE_GIT_ALLOW_PRIVATE_NETWORKS', false),
    maxFiles: integer(env, 'SERVICE_GIT_MAX_FILES', 2000, { min: 1, max: 100_000 }),
    maxBytes: integer(env, 'SERVICE_GIT_MAX_BYTES', 100 * 1024 * 1024, { min: 1024, max: 10 * 1024 ** 3 }),
  };
}
