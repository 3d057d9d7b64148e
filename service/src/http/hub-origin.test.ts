import { describe, expect, it } from 'vitest';
import { hubOriginOf } from './hub-origin.js';

const on = (host: string | undefined, localAddress?: string, localPort = 8321) => ({
  headers: host === undefined ? {} : { host },
  socket: { localAddress, localPort },
});
const loopback = { publicUrl: null, host: '127.0.0.1', port: 8321 };
const everywhere = { publicUrl: null, host: '0.0.0.0', port: 8321 };

describe("the hub's own origin", () => {
  it('is SERVICE_PUBLIC_URL whatever the request says', () => {
    expect(hubOriginOf(on('evil.example'), { ...loopback, publicUrl: 'https://hub.example.org' })).toBe('https://hub.example.org');
  });

  it('is the listen address when the Host header names anything else', () => {
    for (const host of [
      'evil.example:8321',
      'evil.example',
      '127.0.0.1:9999',
      'localhost.evil.example:8321',
      'user@127.0.0.1:8321',
      '127.0.0.1:8321/x',
      '',
      undefined,
    ])
      expect([host, hubOriginOf(on(host, '127.0.0.1'), loopback)]).toEqual([host, 'http://127.0.0.1:8321']);
  });

  it('keeps a Host header that names the address the connection came to, or localhost on loopback', () => {
    expect(hubOriginOf(on('127.0.0.1:8321', '127.0.0.1'), loopback)).toBe('http://127.0.0.1:8321');
    expect(hubOriginOf(on('LOCALHOST:8321', '127.0.0.1'), loopback)).toBe('http://localhost:8321');
    expect(hubOriginOf(on('localhost:8321', '10.0.0.5'), everywhere)).toBe('http://10.0.0.5:8321');
    expect(hubOriginOf(on('10.0.0.5:8321', '::ffff:10.0.0.5'), everywhere)).toBe('http://10.0.0.5:8321');
    expect(hubOriginOf(on('[::1]:8321', '::1'), { ...loopback, host: '::1' })).toBe('http://[::1]:8321');
    expect(hubOriginOf(on('hub.lan:8321', '10.0.0.5'), everywhere)).toBe('http://10.0.0.5:8321');
  });

  it('uses the settings when the connection tells nothing (an injected request)', () => {
    expect(hubOriginOf({ headers: { host: 'evil.example' } }, loopback)).toBe('http://127.0.0.1:8321');
  });
});
