import { promises as dns } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { addressAllowed, type OutboundPolicy } from '../../core/outbound/outbound-policy.js';
import type { NameResolver, ResolvedAddress } from '../../core/ports/name-resolver.js';

/** The machine's own resolver (what `getaddrinfo` answers: /etc/hosts, DNS). */
export const systemResolver: NameResolver = (hostname) => dns.lookup(hostname, { all: true, verbatim: true });

/** A host whose address the outbound-request policy refuses; nothing was sent to it. */
export class RefusedAddressError extends Error {
  constructor() {
    super('the host resolves to an address the hub may not reach');
    this.name = 'RefusedAddressError';
  }
}

/** A host name that has no address. */
export class NoAddressError extends Error {
  readonly code = 'ENOTFOUND';
  constructor() {
    super('the host name has no address');
    this.name = 'NoAddressError';
  }
}

/**
 * Every address `host` (a name or an IP literal, without brackets) stands for, once each of them
 * passed the policy: one refused answer refuses the host, since a mixed answer is how DNS
 * rebinding tricks start. Throws {@link RefusedAddressError} or {@link NoAddressError}; a failed
 * lookup throws what the resolver threw.
 */
export async function allowedAddresses(host: string, policy: OutboundPolicy, resolve: NameResolver): Promise<ResolvedAddress[]> {
  const literal = isIP(host);
  const addresses = literal !== 0 ? [{ address: host, family: literal }] : await resolve(host);
  if (addresses.length === 0) throw new NoAddressError();
  if (!addresses.every((entry) => addressAllowed(entry.address, policy))) throw new RefusedAddressError();
  return addresses;
}

/**
 * A `lookup` for Node's sockets (net, tls, http, https, undici's connector) that answers only
 * addresses the policy allows. The address checked is the address connected to, so a name that
 * changes its answer between a check and the connection cannot slip through.
 */
export function guardedLookup(policy: OutboundPolicy, resolve: NameResolver): LookupFunction {
  return (hostname, options, callback) => {
    allowedAddresses(hostname.replace(/^\[(.*)\]$/, '$1'), policy, resolve).then(
      (addresses) => {
        const wanted = options.family === 4 || options.family === 6 ? addresses.filter((entry) => entry.family === options.family) : addresses;
        if (wanted.length === 0) {
          callback(new NoAddressError(), '', 0);
          return;
        }
        if (options.all) (callback as unknown as (error: null, found: ResolvedAddress[]) => void)(null, wanted);
        else callback(null, wanted[0]!.address, wanted[0]!.family);
      },
      (error: unknown) => callback(error as NodeJS.ErrnoException, '', 0),
    );
  };
}
