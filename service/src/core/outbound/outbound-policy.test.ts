import { describe, expect, it } from 'vitest';
import { addressAllowed, AllowedNetworks, classifyAddress, endpointHost, networkProblem, urlProblem, type OutboundPolicy } from './outbound-policy.js';

const strict: OutboundPolicy = { allowHttp: false, allowPrivateNetworks: false };
const local: OutboundPolicy = { allowHttp: true, allowPrivateNetworks: false };
const internal: OutboundPolicy = { allowHttp: false, allowPrivateNetworks: true };
const problem = (url: string, policy: OutboundPolicy) => urlProblem(url, policy, 'alert deliveries');

describe('the outbound-request policy', () => {
  it('classifies addresses, IPv4-mapped IPv6 as their IPv4 address', () => {
    expect(
      [
        '93.184.216.34',
        '2606:4700::1111',
        '127.0.0.1',
        '127.8.9.10',
        '::1',
        '::ffff:127.0.0.1',
        '::ffff:7f00:1',
        '10.0.0.1',
        '172.20.1.1',
        '192.168.0.1',
        'fd12::1',
        'fec0::1',
        '100.64.0.1',
        '198.18.0.1',
      ].map(classifyAddress),
    ).toEqual([
      'public',
      'public',
      'loopback',
      'loopback',
      'loopback',
      'loopback',
      'loopback',
      'private',
      'private',
      'private',
      'private',
      'private',
      'private',
      'private',
    ]);
    for (const address of [
      '169.254.169.254',
      '::ffff:169.254.169.254',
      '::ffff:a9fe:a9fe',
      'fe80::1',
      'fd00:ec2::254',
      '100.100.100.200',
      '192.0.0.192',
      '0.0.0.0',
      '0.1.2.3',
      '::',
      '::127.0.0.1',
      '::ffff:0:7f00:1',
      '224.0.0.1',
      'ff02::1',
      '255.255.255.255',
      '240.0.0.1',
      '192.0.2.1',
      '64:ff9b::a9fe:a9fe',
      '64:ff9b:1::1',
      '2002:7f00:1::',
      '2001:0:4136:e378:8000:63bf:3fff:fdd2',
      '2001:db8::1',
      '100::1',
      'nonsense',
      '',
    ]) {
      expect([address, classifyAddress(address)]).toEqual([address, 'forbidden']);
    }
  });

  it('lets settings open loopback and private addresses, never forbidden ones', () => {
    expect([
      addressAllowed('127.0.0.1', strict),
      addressAllowed('127.0.0.1', local),
      addressAllowed('10.0.0.1', strict),
      addressAllowed('10.0.0.1', internal),
      addressAllowed('93.184.216.34', strict),
    ]).toEqual([false, true, false, true, true]);
    expect(addressAllowed('169.254.169.254', { allowHttp: true, allowPrivateNetworks: true })).toBe(false);
  });

  it('opens exactly the listed networks, and never a forbidden address inside one', () => {
    const listed: OutboundPolicy = { ...strict, allowedNetworks: new AllowedNetworks(['10.20.0.0/16', '127.0.0.1', 'fd00:1::/64']) };
    expect(['10.20.3.4', '10.21.0.1', '127.0.0.1', '127.0.0.2', 'fd00:1::5', 'fd00:2::5', '::ffff:10.20.0.9'].map((a) => addressAllowed(a, listed))).toEqual([
      true,
      false,
      true,
      false,
      true,
      false,
      true,
    ]);
    // Everything listed, and still no metadata, multicast or "this host".
    const everything: OutboundPolicy = { ...strict, allowedNetworks: new AllowedNetworks(['0.0.0.0/0', '::/0']) };
    expect(addressAllowed('10.21.0.1', everything)).toBe(true);
    for (const address of ['169.254.169.254', '0.0.0.0', '224.0.0.1', '100.100.100.200', 'fe80::1', '::ffff:169.254.169.254'])
      expect([address, addressAllowed(address, everything)]).toEqual([address, false]);
    expect(problem('https://10.20.3.4/hook', listed)).toBeNull();
    expect(problem('https://10.21.0.1/hook', listed)).toMatch(/private network/);
    expect(problem('https://127.0.0.1/hook', listed)).toBeNull();
    // An opened loopback address is still https only: plain http stays a development setting.
    expect(problem('http://127.0.0.1/hook', listed)).toBe('must be an https URL');
  });

  it('checks allow-list entries', () => {
    expect(['10.0.0.0/8', '127.0.0.1', 'fd00::/8', '::1/128'].map(networkProblem)).toEqual([null, null, null, null]);
    for (const bad of ['10.0.0.0/33', 'fd00::/129', 'example.com', '10.0.0.0/8/1', '10.0.0.0/', '10.0.0.0/x', ''])
      expect([bad, networkProblem(bad)]).toEqual([bad, expect.any(String)]);
  });

  it('accepts https URLs to public hosts and refuses everything else with a reason', () => {
    expect(problem('https://hooks.slack.com/services/T0/B0/x', strict)).toBeNull();
    expect(problem('https://example.com:8443/hook?x=1', strict)).toBeNull();
    const refused = [
      'http://example.com/hook',
      'ftp://example.com/',
      'file:///etc/passwd',
      'https://user:pw@example.com/',
      'https://169.254.169.254/latest/meta-data/',
      'https://[::ffff:a9fe:a9fe]/',
      'https://0x7f.1/',
      'https://2130706433/',
      'https://127.0.0.1/',
      'https://localhost/',
      'https://LOCALHOST./',
      'https://api.localhost/',
      'https://10.0.0.1/',
      'https://[fd00::1]/',
      'https://[::]/',
      'relative/path',
      `https://example.com/${'a'.repeat(2100)}`,
    ];
    for (const url of refused) expect([url, problem(url, strict)]).toEqual([url, expect.any(String)]);
  });

  it('allows plain http only to loopback hosts, and only when enabled', () => {
    expect(problem('http://127.0.0.1:9000/hook', local)).toBeNull();
    expect(problem('http://localhost:9000/hook', local)).toBeNull();
    expect(problem('http://[::1]:9000/hook', local)).toBeNull();
    expect(problem('http://example.com/hook', local)).toBe('must be an https URL');
    expect(problem('http://10.0.0.1/hook', { allowHttp: true, allowPrivateNetworks: true })).toBe('must be an https URL');
    expect(problem('https://10.0.0.1/hook', internal)).toBeNull();
  });

  it('names what would reach the URL, never repeats the URL, and reports only the host', () => {
    expect(urlProblem('https://127.0.0.1/r.git', strict, 'Git fetches')).toMatch(/which Git fetches may not reach/);
    const secretUrl = 'https://user:s3cr3t@example.com/path-token';
    expect(problem(secretUrl, strict)).not.toContain('s3cr3t');
    expect(endpointHost('https://hooks.example.com:8443/services/T0/B0/token')).toBe('hooks.example.com:8443');
    expect(endpointHost('https://hooks.slack.com/services/T0/B0/token')).toBe('hooks.slack.com');
  });
});
