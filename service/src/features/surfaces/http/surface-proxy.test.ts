import { describe, expect, it } from 'vitest';
import { GRANT_COOKIE } from './surface-origin.js';
import { upstreamHeaders, upstreamPath } from './surface-proxy.js';

describe("what the surface proxy passes on of a browser's request", () => {
  // What the launcher gives for code-server and OpenCode (sandbox-drivers' surface commands).
  const vscode = { headers: { cookie: 'code-server-session=hub-secret-hash' }, credentialParameters: [] };
  const opencode = { headers: { authorization: `Basic ${Buffer.from('opencode:hub-secret').toString('base64')}` }, credentialParameters: ['auth_token'] };

  it("sends code-server the hub's session cookie only, whatever cookie of that name the browser holds", () => {
    const browser = `theme=dark; code-server-session=stray; ${GRANT_COOKIE}=grant;  code-server-session =another; lang=en`;
    const sent = upstreamHeaders({ host: 'vscode-x.localhost', cookie: browser }, vscode);
    expect(sent.cookie).toBe(`theme=dark; lang=en; ${vscode.headers.cookie}`);
    expect(sent.host).toBe('vscode-x.localhost');
  });

  it("replaces a browser's authorization with OpenCode's, and drops its auth_token parameter", () => {
    const sent = upstreamHeaders({ authorization: 'Basic c3RyYXk6c3RyYXk=', cookie: `${GRANT_COOKIE}=grant` }, opencode);
    expect(sent.authorization).toBe(opencode.headers.authorization);
    expect(sent.cookie).toBeUndefined();
    expect(upstreamPath('/session?auth_token=c3RyYXk6c3RyYXk%3D&directory=%2Fw%20x&auth%5Ftoken=y', opencode)).toBe('/session?directory=%2Fw%20x');
    expect(upstreamPath('/session?auth_token', opencode)).toBe('/session');
    expect(upstreamPath('/?folder=%2Fworkspace&auth_token=x', vscode)).toBe('/?folder=%2Fworkspace&auth_token=x');
    expect(upstreamPath('/plain', opencode)).toBe('/plain');
  });
});
