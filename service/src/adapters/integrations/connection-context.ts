import { isIP } from 'node:net';
import type { NameResolver } from '../../core/ports/name-resolver.js';
import type { OutboundPolicy } from '../../core/outbound/outbound-policy.js';
import { allowedAddresses, NoAddressError, RefusedAddressError } from '../outbound/checked-addresses.js';
import type { OutboundClient, OutboundFailure } from '../outbound/outbound-client.js';

/**
 * What every connection to an integration's server works with ("test connection", the data
 * browser): the `integrations` outbound client and policy, and what the administrator allows.
 */
export interface ConnectionContext {
  /** The `integrations` outbound client: HTTP calls, pinning for `git`, and the log line of a failure. */
  outbound: OutboundClient;
  policy: OutboundPolicy;
  resolve: NameResolver;
  /** SERVICE_INTEGRATIONS_ALLOW_HTTP. */
  allowHttp: boolean;
  /** How long connecting (and, for a test, the whole test) may take, for clients that take a timeout rather than a signal. */
  timeoutMs: number;
}

/**
 * Why a connection could not be made or was refused, worded for a person (what to fix), never
 * with a secret or the other side's raw answer.
 * - `refused-address`: the outbound policy refuses the host's address;
 * - `unreachable`: no answer (refused, timed out, no route, unknown host);
 * - `denied`: the server refused the credentials or the access;
 * - `invalid`: the integration's settings do not fit the server (TLS, region, database name, scheme).
 */
export type ConnectionProblemReason = 'refused-address' | 'unreachable' | 'denied' | 'invalid';

export class ConnectionProblem extends Error {
  constructor(
    readonly reason: ConnectionProblemReason,
    message: string,
  ) {
    super(message);
    this.name = 'ConnectionProblem';
  }
}

const OPEN_IT = 'an administrator can open its network with SERVICE_OUTBOUND_ALLOWED_NETWORKS (or SERVICE_INTEGRATIONS_ALLOW_PRIVATE_NETWORKS)';

/** What a refused address reads as: actionable, without saying what answered where. */
export function refusedMessage(host: string): string {
  return `the host ${host} is not one the hub may reach (a loopback, private or reserved address); ${OPEN_IT}`;
}

export function unreachableMessage(what: string): string {
  return `${what} could not be reached (refused, timed out or no route): check the host and port, and that the hub's network may reach it`;
}

/** The URL a log line names for a host and port (for `outbound_request_failed`). */
export function targetUrl(scheme: string, host: string, port: number): string {
  return `${scheme}://${isIP(host) === 6 ? `[${host}]` : host}:${port}`;
}

/**
 * The address a client that opens its own socket (pg, mysql2) must connect to: the host resolved
 * by the hub and every address checked against the outbound policy (docs/outbound-requests.md).
 * Throws {@link ConnectionProblem} for a refused or unknown host (and logs it).
 */
export async function checkedAddress(context: ConnectionContext, host: string, port: number, scheme: string): Promise<string> {
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  try {
    const [first] = await allowedAddresses(bare, context.policy, context.resolve);
    return first!.address;
  } catch (error) {
    const reason: OutboundFailure = error instanceof RefusedAddressError ? 'refused-address' : 'unreachable';
    context.outbound.failed(targetUrl(scheme, bare, port), reason, error instanceof Error ? error.message : String(error));
    if (error instanceof RefusedAddressError) throw new ConnectionProblem('refused-address', refusedMessage(bare));
    if (error instanceof NoAddressError || (error as { code?: string }).code === 'ENOTFOUND')
      throw new ConnectionProblem('unreachable', `the host name ${bare} has no address: check its spelling`);
    throw new ConnectionProblem('unreachable', `the host name ${bare} could not be looked up`);
  }
}

/** Why an http(s) URL may not be called, before any lookup: plain http unless allowed. */
export function schemeProblem(context: Pick<ConnectionContext, 'allowHttp'>, url: URL): string | null {
  if (url.protocol === 'http:' && !context.allowHttp)
    return 'plain http is refused: use https, or an administrator allows plain http for tests with SERVICE_INTEGRATIONS_ALLOW_HTTP';
  return url.protocol === 'https:' || url.protocol === 'http:' ? null : 'the URL must be http(s)';
}

/** A detail for the hub's log with every secret value replaced: what the other side said, never what was sent. */
export function scrubbed(detail: string, secrets: Readonly<Record<string, string>>): string {
  let text = detail;
  for (const value of Object.values(secrets)) if (value.length >= 4) text = text.split(value).join('[secret]');
  return text;
}

/** The errors of a failure, outermost first. */
export function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let current: unknown = error; current !== undefined && current !== null && chain.length < 8; current = (current as { cause?: unknown }).cause)
    chain.push(current);
  return chain;
}

/** `code` of the first error in the chain that has one. */
export function errorCode(error: unknown): string | undefined {
  for (const entry of causes(error)) {
    const code = (entry as { code?: unknown }).code;
    if (typeof code === 'string' || typeof code === 'number') return String(code);
  }
  return undefined;
}

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE', 'EAI_AGAIN', 'ENOTFOUND']);
const TLS_VERIFY = /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ALTNAME|HOSTNAME|ERR_TLS/;

const aborted = (entry: unknown) => (entry as Error).name === 'AbortError' || (entry as Error).name === 'TimeoutError';

/** The problem every kind shares (the network, TLS, a refused address), or null for the kind to say. */
export function commonProblem(error: unknown, host: string, what: string): ConnectionProblem | null {
  const chain = causes(error);
  if (chain.some((entry) => entry instanceof ConnectionProblem)) return chain.find((entry) => entry instanceof ConnectionProblem) as ConnectionProblem;
  if (chain.some((entry) => entry instanceof RefusedAddressError)) return new ConnectionProblem('refused-address', refusedMessage(host));
  const code = errorCode(error);
  if (code && TLS_VERIFY.test(code))
    return new ConnectionProblem(
      'invalid',
      `the TLS certificate of ${host} could not be verified (${code}): use a certificate for this host name signed by a trusted authority`,
    );
  if ((code && NETWORK_CODES.has(code)) || chain.some(aborted)) return new ConnectionProblem('unreachable', unreachableMessage(what));
  return null;
}

/** Writes the failure's details (secrets scrubbed) to the hub's log as `outbound_request_failed`. */
export function logFailure(context: ConnectionContext, url: string, error: unknown, secrets: Readonly<Record<string, string>>): void {
  const chain = causes(error);
  const detail = chain.map((entry) => [errorCode(entry), (entry as Error).message].filter(Boolean).join(' ')).join(' <- ');
  const reason: OutboundFailure = chain.some((entry) => entry instanceof RefusedAddressError)
    ? 'refused-address'
    : chain.some((entry) => aborted(entry) || errorCode(entry) === 'ETIMEDOUT')
      ? 'timeout'
      : 'unreachable';
  context.outbound.failed(url, reason, scrubbed(detail, secrets));
}
