import { BlockList, isIP } from 'node:net';

/**
 * Where alert deliveries may go. A destination URL is chosen by a project manager, and the hub
 * sends requests to it from inside the deployment's network, so without these rules a URL could
 * reach cloud metadata services, the hub's own host or internal services (server-side request
 * forgery). The rules apply to the URL when it is saved and to every address its host resolves to
 * when a delivery connects.
 */
export interface EndpointPolicy {
  /** Plain http, and loopback receivers, for local development and tests. */
  allowHttp: boolean;
  allowPrivateNetworks: boolean;
}

export type AddressClass = 'public' | 'loopback' | 'private' | 'forbidden';

const MAX_URL_LENGTH = 2048;

function blockList(ipv4: [string, number][], ipv6: [string, number][]): BlockList {
  const list = new BlockList();
  for (const [network, prefix] of ipv4) list.addSubnet(network, prefix, 'ipv4');
  for (const [network, prefix] of ipv6) list.addSubnet(network, prefix, 'ipv6');
  return list;
}

const LOOPBACK = blockList([['127.0.0.0', 8]], [['::1', 128]]);

// Never a receiver: "this host", link-local (where cloud metadata services live), multicast,
// reserved and broadcast, known metadata addresses outside link-local, and IPv6 forms that embed
// an IPv4 address (NAT64, IPv4-compatible) which could smuggle one of the above.
const FORBIDDEN = blockList(
  [
    ['0.0.0.0', 8],
    ['169.254.0.0', 16],
    ['224.0.0.0', 4],
    ['240.0.0.0', 4],
    ['100.100.100.200', 32],
  ],
  [
    ['::', 96],
    ['fe80::', 10],
    ['ff00::', 8],
    ['fd00:ec2::254', 128],
    ['64:ff9b::', 96],
    ['64:ff9b:1::', 48],
  ],
);

const PRIVATE = blockList(
  [
    ['10.0.0.0', 8],
    ['172.16.0.0', 12],
    ['192.168.0.0', 16],
    ['100.64.0.0', 10],
    ['198.18.0.0', 15],
  ],
  [['fc00::', 7]],
);

/** Classifies an IP address (IPv4-mapped IPv6 addresses count as their IPv4 address). */
export function classifyAddress(address: string): AddressClass {
  const version = isIP(address);
  if (version === 0) return 'forbidden';
  const type = version === 4 ? 'ipv4' : 'ipv6';
  if (LOOPBACK.check(address, type)) return 'loopback';
  if (FORBIDDEN.check(address, type)) return 'forbidden';
  if (PRIVATE.check(address, type)) return 'private';
  return 'public';
}

export function addressAllowed(address: string, policy: EndpointPolicy): boolean {
  const found = classifyAddress(address);
  if (found === 'public') return true;
  if (found === 'loopback') return policy.allowHttp;
  if (found === 'private') return policy.allowPrivateNetworks;
  return false;
}

/** The host of a URL without IPv6 brackets or a trailing dot. */
function bareHost(url: URL): string {
  return url.hostname
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '')
    .toLowerCase();
}

/** What a host names before any lookup: an address it is, or loopback by name, else a name to resolve. */
function classifyHost(host: string): AddressClass | 'name' {
  if (isIP(host) !== 0) return classifyAddress(host);
  if (host === 'localhost' || host.endsWith('.localhost')) return 'loopback';
  return 'name';
}

/**
 * Why a destination URL is refused, or null when it may be saved. Never repeats the URL. `reacher`
 * names what would send requests there (alert deliveries, Git fetches) in the reasons.
 */
export function endpointProblem(raw: string, policy: EndpointPolicy, reacher = 'alert deliveries'): string | null {
  if (raw.length > MAX_URL_LENGTH) return `must be at most ${MAX_URL_LENGTH} characters`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'must be an absolute https URL';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must be an https URL';
  if (url.username !== '' || url.password !== '') return 'must not carry a user name or password';
  const host = classifyHost(bareHost(url));
  if (host === 'forbidden') return `points at an address ${reacher} may not reach (link-local, metadata, multicast or reserved)`;
  if (host === 'loopback' && !policy.allowHttp) return `points at this machine (loopback), which ${reacher} may not reach`;
  if (host === 'private' && !policy.allowPrivateNetworks) return `points at a private network address, which ${reacher} may not reach`;
  if (url.protocol === 'http:' && !(policy.allowHttp && host === 'loopback')) return 'must be an https URL';
  return null;
}

/** The host (and port, when not the default) a destination reports as `endpoint_host`. */
export function endpointHost(raw: string): string {
  return new URL(raw).host;
}
