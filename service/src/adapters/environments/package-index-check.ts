import { HubError } from '../../core/errors.js';
import { bareHost, urlProblem, type OutboundPolicy } from '../../core/outbound/outbound-policy.js';
import type { Logger } from '../../core/ports/logger.js';
import type { NameResolver } from '../../core/ports/name-resolver.js';
import { allowedAddresses, RefusedAddressError } from '../outbound/checked-addresses.js';

/**
 * The outbound-request policy applied to the package index locked environments use
 * (docs/environments.md, "The package index and the outbound policy"): the URL as text, then every
 * address its host resolves to. A refusal fails the resolution or build with a plain message; what
 * the lookup said goes to the log (`outbound_request_failed`, feature `environments`).
 */
export function packageIndexCheck(indexUrl: string, policy: OutboundPolicy, resolve: NameResolver, logger: Logger): () => Promise<void> {
  return async () => {
    const problem = urlProblem(indexUrl, policy, 'the hub');
    if (problem) throw new HubError('PYTHON_ENV_SETUP_FAILED', `the package index (SERVICE_PACKAGE_INDEX_URL) ${problem}`);
    const url = new URL(indexUrl);
    try {
      await allowedAddresses(bareHost(url), policy, resolve);
    } catch (error) {
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
      throw new HubError('PYTHON_ENV_SETUP_FAILED', refused ? 'the package index is not one the hub may reach' : 'the package index could not be reached');
    }
  };
}
