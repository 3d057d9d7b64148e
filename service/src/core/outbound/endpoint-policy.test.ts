import { describe, expect, it } from 'vitest';
import { addressAllowed, classifyAddress, endpointHost, endpointProblem } from './endpoint-policy.js';

const strict = { allowHttp: false, allowPrivateNetworks: false };
const local = { allowHttp: true, allowPrivateNetworks: false };
const internal = { allowHttp: false, allowPrivateNetworks: true };

describe('alert endpoint policy', () => {
  it('classifies addresses, IPv4-mapped IPv6 as their IPv4 address', () => {
    expect(
      ['93.184.216.34', '2606:4700::1111', '127.0.0.1', '::1', '::ffff:127.0.0.1', '10.0.0.1', '172.20.1.1', '192.168.0.1', 'fd12::1', '100.64.0.1'].map(
        classifyAddress,
      ),
    ).toEqual(['public', 'public', 'loopback', 'loopback', 'loopback', 'private', 'private', 'private', 'private', 'private']);
    for (const address of [
      '169.254.169.254',
      '::ffff:169.254.169.254',
      'fe80::1',
      'fd00:ec2::254',
      '100.100.100.200',
      '0.0.0.0',
      '::',
      '224.0.0.1',
      'ff02::1',
      '255.255.255.255',
      '64:ff9b::a9fe:a9fe',
      'nonsense',
    ]) {
      expect([address, classifyAddress(address)]).toEqual([address, 'forbidden']);
    }
  });

  it('lets settings open loopback and private receivers, never forbidden ones', () => {
    expect([
      addressAllowed('127.0.0.1', strict),
      addressAllowed('127.0.0.1', local),
      addressAllowed('10.0.0.1', strict),
      addressAllowed('10.0.0.1', internal),
    ]).toEqual([false, true, false, true]);
    expect(addressAllowed('169.254.169.254', { allowHttp: true, allowPrivateNetworks: true })).toBe(false);
  });

  it('accepts https URLs to public hosts and refuses everything else with a reason', () => {
    expect(endpointProblem('https://hooks.slack.com/services/T0/B0/x', strict)).toBeNull();
    expect(endpointProblem('https://example.com:8443/hook?x=1', strict)).toBeNull();
    const refused = [
      'http://example.com/hook',
      'ftp://example.com/',
      'https://user:pw@example.com/',
      'https://169.254.169.254/latest/meta-data/',
      'https://[::ffff:a9fe:a9fe]/',
      'https://0x7f.1/',
      'https://127.0.0.1/',
      'https://localhost/',
      'https://LOCALHOST./',
      'https://api.localhost/',
      'https://10.0.0.1/',
      'https://[fd00::1]/',
      'relative/path',
      `https://example.com/${'a'.repeat(2100)}`,
    ];
    for (const url of refused) expect([url, endpointProblem(url, strict)]).toEqual([url, expect.any(String)]);
  });

  it('allows plain http only to loopback receivers, and only when enabled', () => {
    expect(endpointProblem('http://127.0.0.1:9000/hook', local)).toBeNull();
    expect(endpointProblem('http://localhost:9000/hook', local)).toBeNull();
    expect(endpointProblem('http://[::1]:9000/hook', local)).toBeNull();
    expect(endpointProblem('http://example.com/hook', local)).toBe('must be an https URL');
    expect(endpointProblem('http://10.0.0.1/hook', { allowHttp: true, allowPrivateNetworks: true })).toBe('must be an https URL');
    expect(endpointProblem('https://10.0.0.1/hook', internal)).toBeNull();
  });

  it('never repeats the URL in a problem, and reports only the host', () => {
    const secretUrl = 'https://user:s3cr3t@example.com/path-token';
    expect(endpointProblem(secretUrl, strict)).not.toContain('s3cr3t');
    expect(endpointHost('https://hooks.example.com:8443/services/T0/B0/token')).toBe('hooks.example.com:8443');
    expect(endpointHost('https://hooks.slack.com/services/T0/B0/token')).toBe('hooks.slack.com');
  });
});
