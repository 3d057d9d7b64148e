import { HubError } from '../../core/errors.js';
import { bareHost, classifyAddress, urlProblem, type OutboundPolicy } from '../../core/outbound/outbound-policy.js';
import type { Logger } from '../../core/ports/logger.js';
import type { NameResolver } from '../../core/ports/name-resolver.js';
import { allowedAddresses, RefusedAddressError } from '../outbound/checked-addresses.js';

/**
 * The outbound-request policy applied to the package indexes locked environments use (the
 * deployment's and a project's private ones; docs/environments.md, "The package index and the
 * outbound policy"), `named` in its refusals: the URL as text, then every
 * address its host resolves to. A refusal fails the resolution or build with a plain message; what
 * the lookup said goes to the log (`outbound_request_failed`, feature `environments`).
 *
 * Plain http is the policy's exception for loopback (`allowHttp`); an index's settings open it to
 * private networks too when they allow both (an index on the deployment's own network, or on the
 * network of a container engine), never to a public address.
 */
export function packageIndexCheck(policy: OutboundPolicy, resolve: NameResolver, logger: Logger): (indexUrl: string, named: string) => Promise<void> {
  return async (indexUrl, named) => {
    const url = new URL(indexUrl);
    const plainHttp = url.protocol === 'http:' && policy.allowHttp && policy.allowPrivateNetworks;
    // The scheme is judged below, by the addresses; everything else about the URL as the policy says.
    const problem = urlProblem(plainHttp ? indexUrl.replace(/^http:/, 'https:') : indexUrl, policy, 'the hub');
    if (problem) throw new HubError('PYTHON_ENV_SETUP_FAILED', `${named} ${problem}`);
    try {
      const addresses = await allowedAddresses(bareHost(url), policy, resolve);
      if (plainHttp && addresses.some((entry) => classifyAddress(entry.address) === 'public')) {
        throw new HubError('PYTHON_ENV_SETUP_FAILED', `${named} must be an https URL: it is on a public network`);
      }
    } catch (error) {
      if (error instanceof HubError) throw error;
      const refused = error instanceof RefusedAddressError;
      logger.warn(
        {
          event: 'outbound_request_failed',
          feature: 'environments',
          host: url.host,
          reason: refused ? 'refused' : 'unreachable',
          detail: String(error).slice(0, 2000),
        },
        'outbound_request_failed',
      );
      throw new HubError('PYTHON_ENV_SETUP_FAILED', refused ? `${named} is not one the hub may reach` : `${named} could not be reached`);
    }
  };
}
