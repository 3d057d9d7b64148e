import { describe, expect, it } from 'vitest';
import { OAuthError } from './oauth-error.js';
import { assertRegistrableRedirectUri, redirectUriMatches } from './redirect-uris.js';

describe('redirect URIs', () => {
  it('takes https, loopback http and private-use schemes', () => {
    for (const uri of [
      'https://claude.ai/api/mcp/auth_callback',
      'http://127.0.0.1/callback',
      'http://127.0.0.1:33418/',
      'http://[::1]:8080/cb',
      'http://localhost:6274/oauth/callback',
      'vscode://vscode.github-authentication/did-authenticate',
      'com.example.app:/oauth2redirect',
    ])
      expect(assertRegistrableRedirectUri(uri)).toBe(uri);
  });

  it('refuses plain http elsewhere, fragments, credentials, script schemes and non-URLs', () => {
    for (const uri of [
      'http://example.com/callback',
      'http://10.0.0.5/cb',
      'https://example.com/cb#frag',
      'https://user:pw@example.com/cb',
      'javascript:alert(1)',
      'data:text/html,hi',
      'file:///etc/passwd',
      '/relative/callback',
      '',
      42,
      `https://example.com/${'x'.repeat(2000)}`,
    ]) {
      expect(() => assertRegistrableRedirectUri(uri), String(uri)).toThrow(OAuthError);
    }
  });

  it('matches exactly, except that a loopback redirect may come on any port', () => {
    const registered = ['https://app.example/cb', 'http://127.0.0.1/callback', 'http://localhost:8000/cb?x=1'];
    expect(redirectUriMatches(registered, 'https://app.example/cb')).toBe(true);
    expect(redirectUriMatches(registered, 'https://app.example/cb/')).toBe(false);
    expect(redirectUriMatches(registered, 'https://app.example/cb?next=1')).toBe(false);
    expect(redirectUriMatches(registered, 'https://app.example:8443/cb')).toBe(false);
    expect(redirectUriMatches(registered, 'http://127.0.0.1:51234/callback')).toBe(true);
    expect(redirectUriMatches(registered, 'http://127.0.0.1:51234/other')).toBe(false);
    expect(redirectUriMatches(registered, 'http://[::1]:51234/callback')).toBe(false);
    expect(redirectUriMatches(registered, 'http://localhost:9/cb?x=1')).toBe(true);
    expect(redirectUriMatches(registered, 'http://localhost:9/cb?x=2')).toBe(false);
    expect(redirectUriMatches(registered, 'https://127.0.0.1:51234/callback')).toBe(false);
  });
});
