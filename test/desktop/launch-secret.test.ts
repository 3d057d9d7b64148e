import { describe, expect, it } from 'vitest';
import { isLoopbackOrigin, newLaunchSecret } from '../../electron/src/host/launch-secret.js';

describe('the per-launch secret', () => {
  it('is new at every launch: 256 random bits, URL-safe', () => {
    const secrets = new Set(Array.from({ length: 100 }, () => newLaunchSecret()));
    expect(secrets.size).toBe(100);
    for (const secret of secrets) expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('goes only to an http origin on loopback', () => {
    expect(isLoopbackOrigin('http://127.0.0.1:43121')).toBe(true);
    expect(isLoopbackOrigin('http://[::1]:43121')).toBe(true);
    expect(isLoopbackOrigin('http://0.0.0.0:43121')).toBe(false);
    expect(isLoopbackOrigin('http://192.168.1.4:43121')).toBe(false);
    expect(isLoopbackOrigin('https://127.0.0.1.example.com:443')).toBe(false);
    expect(isLoopbackOrigin('not a url')).toBe(false);
  });
});
