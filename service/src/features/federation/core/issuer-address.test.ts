import { describe, expect, it } from 'vitest';
import { issuerAddressOf } from './issuer-address.js';

const listening = { publicUrl: null, basePath: '', listenAddress: 'http://127.0.0.1:8321', listenHost: '127.0.0.1' };

describe('the issuer address', () => {
  it('is the public URL with its base path, whatever the hub listens on', () => {
    expect(issuerAddressOf({ ...listening, publicUrl: 'https://example.org', basePath: '/notebooks', listenHost: '0.0.0.0' })).toEqual({
      issuer: 'https://example.org/notebooks/federation',
    });
    expect(issuerAddressOf({ ...listening, publicUrl: 'https://hub.example.com', listenAddress: null })).toEqual({
      issuer: 'https://hub.example.com/federation',
    });
  });

  it('is the listen address without a public URL, once the hub listens', () => {
    expect(issuerAddressOf(listening)).toEqual({ issuer: 'http://127.0.0.1:8321/federation' });
    expect(issuerAddressOf({ ...listening, listenAddress: null })).toEqual({ issuer: null, reason: expect.stringMatching(/not listening yet/) });
  });

  it('is none for a hub listening on all interfaces without a public URL: no single address names it', () => {
    for (const listenHost of ['0.0.0.0', '::', ''])
      expect(issuerAddressOf({ ...listening, listenHost })).toEqual({ issuer: null, reason: expect.stringMatching(/all interfaces.*SERVICE_PUBLIC_URL/) });
  });
});
