import { BlockList, isIP } from 'node:net';

/**
 * The one outbound-request policy (docs/outbound-requests.md): which addresses the hub may connect
 * to when it calls a URL a person or an administrator gave it (Git repositories, alert
 * destinations, the OIDC provider, the managed-AI provider, integrations). The hub calls from
 * inside the deployment's network, so without these rules a URL could reach cloud metadata
 * services, the hub's own host or internal services (server-side request forgery). The rules
 * apply to a URL when it is saved and to every address its host resolves to when a connection is
 * made (the adapters in `adapters/outbound` do that part).
 */
export interface OutboundPolicy {
  /** Loopback addresses, and plain http to them only: local development and tests (an explicit setting). */
  allowHttp: boolean;
  /** Private, shared (CGNAT) and benchmark networks. */
  allowPrivateNetworks: boolean;
  /** Addresses a deployment opened although the deny list covers them (SERVICE_OUTBOUND_ALLOWED_NETWORKS). */
  allowedNetworks?: AllowedNetworks;
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

// Never reached, whatever the settings: "this host" and unspecified, link-local (where cloud
// metadata services live), known metadata addresses outside link-local, multicast, reserved,
// broadcast and documentation ranges, the IETF protocol block, and the IPv6 forms that embed an
// IPv4 address (IPv4-compatible, IPv4-translated, NAT64, 6to4, Teredo) which could smuggle one of
// the above past a check. (IPv4-mapped IPv6 addresses are checked as the IPv4 address they carry.)
const FORBIDDEN = blockList(
  [
    ['0.0.0.0', 8],
    ['169.254.0.0', 16],
    ['192.0.0.0', 24],
    ['192.0.2.0', 24],
    ['198.51.100.0', 24],
    ['203.0.113.0', 24],
    ['224.0.0.0', 4],
    ['240.0.0.0', 4],
    ['100.100.100.200', 32],
  ],
  [
    ['::', 96],
    ['::ffff:0:0:0', 96],
    ['100::', 64],
    ['2001::', 32],
    ['2001:db8::', 32],
    ['2002::', 16],
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
  [
    ['fc00::', 7],
    ['fec0::', 10],
  ],
);

/**
 * Networks an administrator opened (SERVICE_OUTBOUND_ALLOWED_NETWORKS): an internal Git server, a
 * company identity provider, a model server on this machine. They open loopback and private
 * addresses only; a forbidden address stays refused even inside a listed network.
 */
export class AllowedNetworks {
  private readonly list = new BlockList();

  /** `entries`: addresses or CIDR networks, already checked by {@link networkProblem}. */
  constructor(readonly entries: readonly string[]) {
    for (const entry of entries) {
      const [address, prefix] = entry.split('/') as [string, string | undefined];
      const type = isIP(address) === 4 ? 'ipv4' : 'ipv6';
      if (prefix === undefined) this.list.addAddress(address, type);
      else this.list.addSubnet(address, Number(prefix), type);
    }
  }

  has(address: string): boolean {
    const version = isIP(address);
    return version !== 0 && this.list.check(address, version === 4 ? 'ipv4' : 'ipv6');
  }
}

/** Why an allow-list entry is not an address or a CIDR network, or null when it is one. */
export function networkProblem(entry: string): string | null {
  const [address = '', prefix, extra] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || extra !== undefined) return `${JSON.stringify(entry)} is not an IP address or a CIDR network (such as 10.20.0.0/16)`;
  if (prefix === undefined) return null;
  const bits = Number(prefix);
  if (!/^\d{1,3}$/.test(prefix) || bits > (version === 4 ? 32 : 128)) return `${JSON.stringify(entry)} has a prefix length out of range`;
  return null;
}

/** Classifies an IP address (IPv4-mapped IPv6 addresses count as their IPv4 address); not an address: forbidden. */
export function classifyAddress(address: string): AddressClass {
  const version = isIP(address);
  if (version === 0) return 'forbidden';
  const type = version === 4 ? 'ipv4' : 'ipv6';
  // Loopback first: `::1` lies inside the forbidden `::/96`.
  if (LOOPBACK.check(address, type)) return 'loopback';
  if (FORBIDDEN.check(address, type)) return 'forbidden';
  if (PRIVATE.check(address, type)) return 'private';
  return 'public';
}

/** Whether the hub may connect to this address under the policy. */
export function addressAllowed(address: string, policy: OutboundPolicy): boolean {
  const found = classifyAddress(address);
  if (found === 'public') return true;
  if (found === 'forbidden') return false;
  if (policy.allowedNetworks?.has(address)) return true;
  if (found === 'loopback') return policy.allowHttp;
  return policy.allowPrivateNetworks;
}

/** The host of a URL without IPv6 brackets or a trailing dot, lower-cased. */
export function bareHost(url: URL): string {
  return url.hostname
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '')
    .toLowerCase();
}

/** What a host names before any lookup: the address it is (classified), loopback by name, or a name to resolve. */
function classifyHost(host: string): AddressClass | 'name' {
  if (isIP(host) !== 0) return classifyAddress(host);
  if (host === 'localhost' || host.endsWith('.localhost')) return 'loopback';
  return 'name';
}

/**
 * Why a URL is refused before any lookup, or null when it may be saved and called. Never repeats
 * the URL. `reacher` names what would send requests there (alert deliveries, Git fetches) in the
 * reasons. A host name passes here; its addresses are checked when a connection is made.
 */
export function urlProblem(raw: string, policy: OutboundPolicy, reacher: string): string | null {
  if (raw.length > MAX_URL_LENGTH) return `must be at most ${MAX_URL_LENGTH} characters`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'must be an absolute https URL';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must be an https URL';
  if (url.username !== '' || url.password !== '') return 'must not carry a user name or password';
  const host = bareHost(url);
  const kind = classifyHost(host);
  const opened = isIP(host) !== 0 && policy.allowedNetworks?.has(host) === true && kind !== 'forbidden';
  if (kind === 'forbidden') return `points at an address ${reacher} may not reach (link-local, metadata, multicast or reserved)`;
  if (kind === 'loopback' && !policy.allowHttp && !opened) return `points at this machine (loopback), which ${reacher} may not reach`;
  if (kind === 'private' && !policy.allowPrivateNetworks && !opened) return `points at a private network address, which ${reacher} may not reach`;
  if (url.protocol === 'http:' && !(policy.allowHttp && kind === 'loopback')) return 'must be an https URL';
  return null;
}

/** The host (and port, when not the default) of a URL, as answers report it (`endpoint_host`). */
export function endpointHost(raw: string): string {
  return new URL(raw).host;
}
