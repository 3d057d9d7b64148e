import { describe, expect, it } from 'vitest';
import { AllowedNetworks, type OutboundPolicy } from '../../core/outbound/outbound-policy.js';
import type { Logger } from '../../core/ports/logger.js';
import type { NameResolver } from '../../core/ports/name-resolver.js';
import { packageIndexCheck } from './package-index-check.js';

/** Names resolve where the table says, without DNS. */
const resolver =
  (table: Record<string, string[]>): NameResolver =>
  async (hostname) => {
    const addresses = table[hostname];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

function capturing(): { logger: Logger; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const logger: Logger = {
    fatal() {},
    error() {},
    warn: (fields: object) => void lines.push(fields as Record<string, unknown>),
    info() {},
    debug() {},
    child: () => logger,
  };
  return { logger, lines };
}

const STRICT: OutboundPolicy = { allowHttp: false, allowPrivateNetworks: false };
const names = resolver({
  'pypi.org': ['151.101.0.223'],
  'mirror.internal': ['10.1.2.3'],
  'rebind.example.com': ['151.101.0.223', '169.254.169.254'],
});

describe('the package index under the outbound policy', () => {
  it('passes a public https index', async () => {
    await expect(packageIndexCheck(STRICT, names, capturing().logger)('https://pypi.org/simple', 'the package index')).resolves.toBeUndefined();
  });

  it('refuses what the policy refuses, before any lookup or after it, with a plain message and the detail in the log', async () => {
    const { logger, lines } = capturing();
    const check = (url: string, policy = STRICT) => packageIndexCheck(policy, names, logger)(url, 'the package index');
    await expect(check('http://127.0.0.1:8080/simple')).rejects.toMatchObject({ code: 'PYTHON_ENV_SETUP_FAILED', message: expect.stringMatching(/loopback/) });
    await expect(check('https://169.254.169.254/simple')).rejects.toMatchObject({ message: expect.stringMatching(/may not reach/) });
    await expect(check('https://mirror.internal/simple')).rejects.toMatchObject({ message: 'the package index is not one the hub may reach' });
    // One refused address refuses the host.
    await expect(check('https://rebind.example.com/simple')).rejects.toMatchObject({ message: 'the package index is not one the hub may reach' });
    await expect(check('https://gone.example.com/simple')).rejects.toMatchObject({ message: 'the package index could not be reached' });
    expect(lines.map((line) => [line.event, line.feature, line.host, line.reason])).toEqual([
      ['outbound_request_failed', 'environments', 'mirror.internal', 'refused'],
      ['outbound_request_failed', 'environments', 'rebind.example.com', 'refused'],
      ['outbound_request_failed', 'environments', 'gone.example.com', 'unreachable'],
    ]);
  });

  it("opens loopback and private networks only through the index's settings or the allow-list", async () => {
    const { logger } = capturing();
    await expect(
      packageIndexCheck({ ...STRICT, allowHttp: true }, names, logger)('http://127.0.0.1:8080/simple', 'the package index'),
    ).resolves.toBeUndefined();
    await expect(
      packageIndexCheck({ ...STRICT, allowPrivateNetworks: true }, names, logger)('https://mirror.internal/simple', 'the package index'),
    ).resolves.toBeUndefined();
    const listed = { ...STRICT, allowedNetworks: new AllowedNetworks(['10.1.0.0/16']) };
    await expect(packageIndexCheck(listed, names, logger)('https://mirror.internal/simple', 'the package index')).resolves.toBeUndefined();
    // Plain http stays refused off loopback.
    await expect(packageIndexCheck(listed, names, logger)('http://mirror.internal/simple', 'the package index')).rejects.toMatchObject({
      message: expect.stringMatching(/https/),
    });
  });

  it('allows plain http on a private network only where the settings allow both, and never to a public address', async () => {
    const { logger } = capturing();
    const both = { ...STRICT, allowHttp: true, allowPrivateNetworks: true };
    await expect(packageIndexCheck(both, names, logger)('http://mirror.internal/simple', 'the package index')).resolves.toBeUndefined();
    await expect(packageIndexCheck(both, names, logger)('http://172.17.0.2:8000/simple', 'the package index')).resolves.toBeUndefined();
    await expect(packageIndexCheck({ ...STRICT, allowHttp: true }, names, logger)('http://172.17.0.2:8000/simple', 'the package index')).rejects.toMatchObject({
      message: expect.stringMatching(/private network/),
    });
    await expect(
      packageIndexCheck({ ...STRICT, allowPrivateNetworks: true }, names, logger)('http://172.17.0.2:8000/simple', 'the package index'),
    ).rejects.toMatchObject({
      message: expect.stringMatching(/https/),
    });
    await expect(packageIndexCheck(both, names, logger)('http://pypi.org/simple', 'the package index (SERVICE_PACKAGE_INDEX_URL)')).rejects.toMatchObject({
      message: 'the package index (SERVICE_PACKAGE_INDEX_URL) must be an https URL: it is on a public network',
    });
    await expect(packageIndexCheck(both, names, logger)('http://151.101.0.223/simple', 'the package index')).rejects.toMatchObject({
      message: expect.stringMatching(/https/),
    });
    await expect(packageIndexCheck(both, names, logger)('http://169.254.169.254/simple', 'the package index')).rejects.toMatchObject({
      message: expect.stringMatching(/may not reach/),
    });
  });
});
