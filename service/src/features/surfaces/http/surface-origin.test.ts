import { describe, expect, it } from 'vitest';
import { surfaceOfHost, surfaceOrigin } from './surface-origin.js';

describe('surface hosts', () => {
  const sid = 'ses-0123456789abcdef';

  it('names a session and surface only for exactly `<surface>-<session id>.<domain>`', () => {
    expect(surfaceOfHost(`vscode-${sid}.localhost:8321`, 'localhost')).toEqual({ surface: 'vscode', sessionId: sid });
    expect(surfaceOfHost(`OpenCode-${sid}.Surfaces.Example.org`, 'surfaces.example.org')).toEqual({ surface: 'opencode', sessionId: sid });
    for (const host of [
      'localhost:8321',
      `vscode-${sid}x.localhost`,
      `vscode-${sid.slice(0, -1)}.localhost`,
      `marimo-${sid}.localhost`,
      `a.vscode-${sid}.localhost`,
      `vscode-${sid}.localhost.evil.example`,
      `vscode-${sid}.notlocalhost`,
      undefined,
    ])
      expect(surfaceOfHost(host, 'localhost'), String(host)).toBeNull();
  });

  it("gives surface origins the hub's scheme and port", () => {
    const local = { hubOrigin: 'http://127.0.0.1:8321', domain: 'localhost' };
    expect(surfaceOrigin(local, 'vscode', sid)).toBe(`http://vscode-${sid}.localhost:8321`);
    const deployed = { hubOrigin: 'https://hub.example.org', domain: 'surfaces.example.org' };
    expect(surfaceOrigin(deployed, 'opencode', sid)).toBe(`https://opencode-${sid}.surfaces.example.org`);
  });
});
