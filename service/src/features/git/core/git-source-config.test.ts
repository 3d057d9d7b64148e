import { describe, expect, it } from 'vitest';
import { gitConfigProblems, normalizeRootPath, resolveRepo, type GitRepoRules } from './git-source-config.js';

const rules: GitRepoRules = {
  providerUrls: { github: 'https://github.com', gitlab: 'https://gitlab.example.org' },
  allowHttp: false,
  allowPrivateNetworks: false,
};

describe('Git source settings', () => {
  it('names a repository on a recognised provider owner/repo, however it was written', () => {
    expect(resolveRepo('acme/reports', undefined, rules)).toEqual({ provider: 'github', repo: 'acme/reports', url: 'https://github.com/acme/reports.git' });
    expect(resolveRepo('https://github.com/acme/reports.git', null, rules)).toEqual({
      provider: 'github',
      repo: 'acme/reports',
      url: 'https://github.com/acme/reports.git',
    });
    expect(resolveRepo('data/team/reports', 'gitlab', rules)).toEqual({
      provider: 'gitlab',
      repo: 'data/team/reports',
      url: 'https://gitlab.example.org/data/team/reports.git',
    });
    expect(resolveRepo('https://gitlab.example.org/data/reports/', undefined, rules)).toMatchObject({ provider: 'gitlab', repo: 'data/reports' });
  });

  it('keeps the URL of any other host, without a provider', () => {
    expect(resolveRepo('https://git.example.com/scm/reports.git', undefined, rules)).toEqual({
      provider: null,
      repo: 'https://git.example.com/scm/reports.git',
      url: 'https://git.example.com/scm/reports.git',
    });
  });

  it('refuses what it must not fetch: credentials in the URL, plain http, this machine, metadata addresses', () => {
    expect(resolveRepo('https://user:secret@git.example.com/r.git', undefined, rules)).toContain('user name or password');
    expect(resolveRepo('http://git.example.com/r.git', undefined, rules)).toContain('https');
    expect(resolveRepo('https://127.0.0.1/r.git', undefined, rules)).toContain('loopback');
    expect(resolveRepo('https://169.254.169.254/r.git', undefined, rules)).toContain('link-local');
    expect(resolveRepo('https://10.1.2.3/r.git', undefined, rules)).toContain('private network');
    expect(resolveRepo('../etc/passwd', undefined, rules)).toContain('owner/repo');
    expect(resolveRepo('http://127.0.0.1:9418/r.git', undefined, { ...rules, allowHttp: true })).toMatchObject({ provider: null });
  });

  it('checks branch, folder and entry notebook', () => {
    expect(gitConfigProblems({ branch: 'feature/new-chart', root_path: 'reports/weekly', entry_notebook: 'main.py' }, null)).toEqual([]);
    const fields = (config: Parameters<typeof gitConfigProblems>[0]) => gitConfigProblems(config, null).map((problem) => problem.field);
    expect(fields({ branch: '-x' })).toEqual(['branch']);
    expect(fields({ branch: 'a..b' })).toEqual(['branch']);
    expect(fields({ branch: 'topic.lock' })).toEqual(['branch']);
    expect(fields({ root_path: 'a/../b' })).toEqual(['root_path']);
    expect(fields({ entry_notebook: 'notes.md' })).toEqual(['entry_notebook']);
    expect(normalizeRootPath('/reports/weekly/')).toBe('reports/weekly');
  });
});
