import type { FieldProblem } from '../../../../core/errors.js';
import { ALL_SOURCES, BOTH_SCOPES, prefixed, text, type IntegrationKind } from './kind.js';

/** One entry of `repositories`: a repository path, a folder of them followed by `/*`, or `*` (the whole host). */
const REPOSITORY_PATTERN = /^(?:\*|[A-Za-z0-9_.-]+(?:\/[A-Za-z0-9_.-]+){0,7}(?:\/\*)?)$/;
const MAX_REPOSITORIES = 50;

/** The entries of a `repositories` value: separated by spaces, commas or new lines. */
export const repositoryPatternsOf = (value: string): string[] => value.split(/[\s,]+/).filter((entry) => entry !== '');

/**
 * Credentials for a Git repository over https (a token, as GitHub, GitLab and Gitea issue them).
 * Notebooks receive the user name and token (unless `in_notebooks` is off); the hub also uses them
 * for its Git-synced notebooks of the repository and of the `repositories` listed on its host
 * (docs/git.md, "Credentials"), and the `write_token` only for change requests.
 */
export const gitKind: IntegrationKind = {
  kind: 'git',
  name: 'Git credentials',
  description: 'A user name and token for a Git repository reached over https.',
  scopes: BOTH_SCOPES,
  fields: [
    {
      key: 'repository_url',
      name: 'Repository URL',
      type: 'url',
      required: true,
      secret: false,
      description: 'The https URL of the repository (what a test lists the branches of).',
    },
    {
      key: 'username',
      name: 'User name',
      type: 'string',
      required: true,
      secret: false,
      description: 'The user name the token goes with (x-access-token for GitHub app and fine-grained tokens, oauth2 for GitLab).',
      default: 'x-access-token',
    },
    {
      key: 'token',
      name: 'Token',
      type: 'string',
      // A public repository reads without one; the write token alone can still open change requests.
      required: false,
      secret: true,
      description: 'An access token (or password) that reads the repository, with the rights notebooks need. Empty: the repository is read as a public one.',
    },
    {
      key: 'repositories',
      name: 'More repositories for Git notebooks',
      type: 'string',
      required: false,
      secret: false,
      description:
        "Other repositories on the repository URL's host the hub may use these credentials for, when it syncs Git notebooks: paths such as team/analytics, team/* (everything under team) or * (the whole host), separated by spaces or commas.",
    },
    {
      key: 'write_token',
      name: 'Write token',
      type: 'string',
      required: false,
      secret: true,
      description:
        'A token that may push branches and open pull or merge requests, for change requests of the Git notebooks these credentials serve. Only the hub uses it; notebooks never receive it.',
    },
    {
      key: 'in_notebooks',
      name: 'Notebooks receive them',
      type: 'boolean',
      required: false,
      secret: false,
      description: "Off: only the hub uses these credentials (for Git notebooks); notebooks' sandboxes receive nothing of them.",
      default: true,
    },
  ],
  secretSources: ALL_SOURCES,
  testable: true,
  check(config) {
    const problems: FieldProblem[] = [];
    const patterns = repositoryPatternsOf(text(config, 'repositories'));
    const wrong = patterns.find((pattern) => !REPOSITORY_PATTERN.test(pattern) || pattern.split('/').some((part) => part === '.' || part === '..'));
    if (wrong !== undefined)
      problems.push({
        field: 'config.repositories',
        message: `${JSON.stringify(wrong)} must be a repository path on the repository URL's host (team/analytics), a folder of them followed by /* (team/*), or *`,
      });
    if (patterns.length > MAX_REPOSITORIES) problems.push({ field: 'config.repositories', message: `must list at most ${MAX_REPOSITORIES} entries` });
    return problems;
  },
  render(config, secrets, envPrefix) {
    if (config.in_notebooks === false) return { env: {}, files: {} };
    return {
      env: prefixed(envPrefix, { REPOSITORY_URL: text(config, 'repository_url'), USERNAME: text(config, 'username'), TOKEN: secrets.token }),
      files: {},
    };
  },
};
