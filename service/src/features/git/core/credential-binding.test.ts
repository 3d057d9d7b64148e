import { describe, expect, it } from 'vitest';
import { bindingOf, bindingServes, type CredentialBinding } from './credential-binding.js';
import type { GitRepoRules } from './git-source-config.js';

const rules: GitRepoRules = {
  providerUrls: { github: 'https://github.com', gitlab: 'https://example.org/gitlab' },
  allowHttp: false,
  allowPrivateNetworks: false,
};

const bind = (entries: string[], provider?: 'github' | 'gitlab' | null) => bindingOf(entries, provider, rules) as CredentialBinding;

describe('where Git credentials may be sent', () => {
  it('binds short forms to the provider they are on, and URLs to their host', () => {
    expect(bind(['acme/reports', 'acme/*'])).toEqual({ provider: 'github', host_url: 'https://github.com', repositories: ['acme/reports', 'acme/*'] });
    expect(bind(['group/sub/repo'], 'gitlab')).toEqual({ provider: 'gitlab', host_url: 'https://example.org/gitlab', repositories: ['group/sub/repo'] });
    // A URL on a provider's host is that provider's short form.
    expect(bind(['https://github.com/acme/reports.git', 'https://github.com/tools/*'])).toEqual({
      provider: 'github',
      host_url: 'https://github.com',
      repositories: ['acme/reports', 'tools/*'],
    });
    expect(bind(['https://example.org/gitlab/group/*'])).toMatchObject({ provider: 'gitlab', repositories: ['group/*'] });
    // A URL on another host is no provider's, whatever provider the request names for short forms.
    expect(bind(['https://git.example.com/team/*'], 'github')).toMatchObject({ provider: null, host_url: 'https://git.example.com' });
    // A path that is no owner/repo keeps its URL, as a notebook's repository does.
    expect(bind(['https://github.com/standalone.git'])).toEqual({ provider: null, host_url: 'https://github.com', repositories: ['standalone'] });
    expect(bind(['https://git.example.com/team/notebooks', 'https://git.example.com/shared/*'])).toEqual({
      provider: null,
      host_url: 'https://git.example.com',
      repositories: ['team/notebooks', 'shared/*'],
    });
    expect(bind(['https://git.example.com/*'])).toMatchObject({ repositories: ['*'] });
    // Another server may keep repositories at its root.
    expect(bind(['https://git.example.com/notebooks.git'])).toMatchObject({ repositories: ['notebooks'] });
    expect(bind(['*'])).toMatchObject({ host_url: 'https://github.com', repositories: ['*'] });
    expect(bind(['https://github.com/*'])).toEqual({ provider: 'github', host_url: 'https://github.com', repositories: ['*'] });
  });

  it('refuses entries on two hosts, and entries that name no repository', () => {
    for (const entries of [
      ['acme/reports', 'https://git.example.com/acme/reports'],
      ['https://github.com/acme/reports', 'https://example.org/gitlab/acme/reports'],
      ['acme'],
      ['acme/../secret'],
      ['acme/re ports'],
      ['*/reports'],
      ['acme/*/x'],
      ['http://git.example.com/acme/reports'],
      ['https://user:pw@git.example.com/acme/reports'],
      ['https://169.254.169.254/acme/reports'],
      ['https://git.example.com/acme/reports?x=1'],
      Array.from({ length: 51 }, (_, index) => `acme/repo-${index}`),
    ])
      expect([entries, bindingOf(entries, undefined, rules)]).toEqual([entries, { field: 'repositories', message: expect.any(String) }]);
  });

  it('serves exactly the listed repositories of the bound host', () => {
    const binding = bind(['acme/reports', 'tools/*']);
    const served = (url: string) => bindingServes(binding, url);
    expect(served('https://github.com/acme/reports.git')).toBe(true);
    expect(served('https://github.com/acme/reports')).toBe(true);
    expect(served('https://github.com/tools/etl.git')).toBe(true);
    expect(served('https://github.com/tools/nested/deep.git')).toBe(true);
    for (const url of [
      'https://github.com/acme/other.git',
      'https://github.com/acme/reports-fork.git',
      'https://github.com/toolsmith/etl.git',
      'https://github.com/ACME/reports.git',
      'http://github.com/acme/reports.git',
      'https://github.com:8443/acme/reports.git',
      'https://github.com.evil.example/acme/reports.git',
      'https://evil.example/acme/reports.git',
      'https://evil.example/https://github.com/acme/reports.git',
      'https://github.com/tools/%2e%2e/secret.git',
      'https://github.com/tools/a%2Fb.git',
      'https://github.com/acme/reports.git?x=1',
      'not a url',
    ])
      expect([url, served(url)]).toEqual([url, false]);
  });

  it('serves every repository of the host for *, and those below the provider URL only', () => {
    expect(bindingServes(bind(['*'], 'gitlab'), 'https://example.org/gitlab/any/repo.git')).toBe(true);
    expect(bindingServes(bind(['*'], 'gitlab'), 'https://example.org/other/any/repo.git')).toBe(false);
    expect(bindingServes(bind(['https://git.example.com/*']), 'https://git.example.com/a/b.git')).toBe(true);
  });

  it('sends credentials saved before they were bound nowhere', () => {
    expect(bindingServes(null, 'https://github.com/acme/reports.git')).toBe(false);
    expect(bindingServes({ provider: null, host_url: 'https://github.com', repositories: [] }, 'https://github.com/acme/reports.git')).toBe(false);
  });
});
