import { describe, expect, it } from 'vitest';
import { bindingOf, type CredentialBinding } from './credential-binding.js';
import type { GitRepoRules } from './git-source-config.js';
import { integrationBinding, integrationConfigOf, sameServed } from './integration-credentials.js';

const rules: GitRepoRules = {
  providerUrls: { github: 'https://github.com', gitlab: 'https://example.org/gitlab' },
  allowHttp: false,
  allowPrivateNetworks: false,
};

const bind = (entries: string[], provider?: 'github' | 'gitlab' | null) => bindingOf(entries, provider, rules) as CredentialBinding;

describe('Git credentials kept as a git integration', () => {
  it('names the repositories of a binding so that the integration serves exactly them', () => {
    const bindings = [
      bind(['acme/reports', 'acme/*', 'tools/cli']),
      bind(['*']),
      bind(['tools/*', 'acme/reports']),
      bind(['group/sub/repo', 'other/*'], 'gitlab'),
      bind(['*'], 'gitlab'),
      bind(['https://git.example.com/team/notebooks', 'https://git.example.com/shared/*']),
      bind(['https://git.example.com/notebooks.git']),
      bind(['https://github.com/standalone.git']),
    ];
    for (const binding of bindings)
      expect(integrationBinding({ ...integrationConfigOf(binding), username: 'bot' }, rules), JSON.stringify(binding)).toEqual(binding);
    expect(integrationConfigOf(bind(['acme/reports', 'acme/*']))).toEqual({ repository_url: 'https://github.com/acme/reports', repositories: 'acme/*' });
    // Paths on the provider's host, under its own path.
    expect(integrationConfigOf(bind(['group/repo', '*'], 'gitlab'))).toEqual({
      repository_url: 'https://example.org/gitlab/group/repo',
      repositories: 'gitlab/*',
    });
  });

  it('compares bindings by what they serve', () => {
    const binding = bind(['acme/reports', 'acme/*']);
    expect(sameServed(binding, { ...binding, provider: null })).toBe(true);
    expect(sameServed(binding, { ...binding, repositories: ['acme/reports'] })).toBe(false);
    expect(sameServed(binding, { ...binding, host_url: 'https://github.example.com' })).toBe(false);
    expect(sameServed(binding, null)).toBe(false);
  });
});
