import { ALL_SOURCES, BOTH_SCOPES, prefixed, text, type IntegrationKind } from './kind.js';

/** Credentials for a Git repository over https (a token, as GitHub, GitLab and Gitea issue them). */
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
    { key: 'token', name: 'Token', type: 'string', required: true, secret: true, description: 'An access token (or password) with the rights notebooks need.' },
  ],
  secretSources: ALL_SOURCES,
  testable: true,
  render(config, secrets, envPrefix) {
    return {
      env: prefixed(envPrefix, { REPOSITORY_URL: text(config, 'repository_url'), USERNAME: text(config, 'username'), TOKEN: secrets.token }),
      files: {},
    };
  },
};
