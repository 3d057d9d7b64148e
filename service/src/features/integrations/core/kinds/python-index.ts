import type { FieldProblem } from '../../../../core/errors.js';
import { ALL_SOURCES, BOTH_SCOPES, prefixed, text, type IntegrationKind } from './kind.js';

/**
 * A private Python package index (a PEP 503 simple index: Artifactory, Nexus, devpi, GitLab,
 * CodeArtifact...), with basic authentication or none. The hub resolves and builds the locked
 * environments of the project's notebooks against it, before the deployment's index, with its
 * credentials given to uv alone: never in a lock, an environment or its archive
 * (docs/environments.md, "Private package indexes"). Notebooks receive its URL and credentials too,
 * unless `in_notebooks` is off.
 */
export const pythonIndexKind: IntegrationKind = {
  kind: 'python_index',
  name: 'Python package index',
  description: 'A private package index (PEP 503 simple API) that notebooks’ dependencies are installed from.',
  scopes: BOTH_SCOPES,
  fields: [
    {
      key: 'url',
      name: 'Index URL',
      type: 'url',
      required: true,
      secret: false,
      description: 'The simple API of the index, e.g. https://pypi.example.com/simple. A package it has is taken from it, not from the public index.',
    },
    { key: 'username', name: 'User name', type: 'string', required: false, secret: false, description: 'Empty: the index is read without credentials.' },
    {
      key: 'password',
      name: 'Password or token',
      type: 'string',
      required: false,
      secret: true,
      description: 'Sent with the user name (basic authentication); for a token, the user name the index expects with it (__token__, aws, oauth2...).',
    },
    {
      key: 'in_notebooks',
      name: 'Notebooks receive them',
      type: 'boolean',
      required: false,
      secret: false,
      description: "Off: only the hub's environment builds use the index; notebooks' sandboxes receive nothing of it.",
      default: true,
    },
  ],
  secretSources: ALL_SOURCES,
  testable: true,
  check(config, secretsSet) {
    const problems: FieldProblem[] = [];
    if (secretsSet.has('password') && text(config, 'username') === '')
      problems.push({ field: 'config.username', message: 'is required with a password or token' });
    return problems;
  },
  render(config, secrets, envPrefix) {
    if (config.in_notebooks === false) return { env: {}, files: {} };
    return { env: prefixed(envPrefix, { URL: text(config, 'url'), USERNAME: text(config, 'username'), PASSWORD: secrets.password }), files: {} };
  },
};
