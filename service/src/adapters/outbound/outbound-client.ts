import { isIP } from 'node:net';
import type * as Undici from 'undici';
import type { Agent, Headers as UndiciHeaders, RequestInit as UndiciRequestInit } from 'undici';
import { addressAllowed, bareHost, type OutboundPolicy } from '../../core/outbound/outbound-policy.js';
import type { Logger } from '../../core/ports/logger.js';
import type { NameResolver } from '../../core/ports/name-resolver.js';
import { NO_TRACING, type Tracer } from '../../core/ports/tracing.js';
import { allowedAddresses, guardedLookup, NoAddressError, RefusedAddressError } from './checked-addresses.js';

export type OutboundFailure = 'refused-address' | 'unreachable' | 'timeout';

/**
 * A call that did not get an answer. The message is the same for every host and cause (what it
 * says is safe to show anyone); what went wrong in detail is in the hub's log only, so an answer
 * never tells a caller which internal ports are open (docs/outbound-requests.md).
 */
export class OutboundError extends Error {
  constructor(
    readonly reason: OutboundFailure,
    readonly feature: string,
  ) {
    // A timeout and a refused connection read the same: which one it was would tell a caller
    // whether a port is filtered or closed.
    super(
      reason === 'refused-address'
        ? 'the host is not one the hub may reach (it resolves to a loopback, private or reserved address)'
        : 'the host could not be reached',
    );
    this.name = 'OutboundError';
  }
}

export interface OutboundClientOptions {
  /** What calls out (`git`, `alerts`, `oidc`, `ai`, `change-requests`): named in log lines. */
  feature: string;
  policy: OutboundPolicy;
  resolve: NameResolver;
  logger: Logger;
  /** How long a call may take unless the caller says otherwise. */
  timeoutMs: number;
  /** Calls inside a trace are client spans, and send its `traceparent`. */
  tracer?: Tracer;
}

/** Where a connection to a URL goes: its host and port, pinned to an address that passed the policy. */
export interface PinnedAddress {
  host: string;
  port: number;
  address: string;
  family: number;
}

export type OutboundRequestInit = Omit<UndiciRequestInit, 'dispatcher' | 'redirect'> & {
  /** `manual` (default): a redirect is the answer; `error`: a redirect fails the call. Never followed. */
  redirect?: 'manual' | 'error';
  timeoutMs?: number;
};

/**
 * undici, loaded at a feature's first call rather than at the hub's start: it is among the largest
 * packages the hub uses, and a hub starts without calling out.
 */
let undiciModule: Promise<typeof Undici> | undefined;
const undici = () => (undiciModule ??= import('undici'));

const defaultPort = (url: URL) => (url.port !== '' ? Number(url.port) : url.protocol === 'https:' ? 443 : 80);

/**
 * The connection side of the outbound-request policy, one per feature: every connection it makes
 * resolves the host, checks every address and connects to a checked one (inside the socket's own
 * lookup, so a name cannot change its answer in between); redirects are never followed; every
 * call has a deadline; failures are logged in detail and reported to the caller without it.
 */
export class OutboundClient {
  readonly feature: string;
  private agent: Promise<Agent> | undefined;

  constructor(private readonly options: OutboundClientOptions) {
    this.feature = options.feature;
  }

  /** The feature's connection pool, made at its first call. */
  private connections(): Promise<Agent> {
    const { policy, resolve, timeoutMs } = this.options;
    return (this.agent ??= undici().then(({ Agent }) => new Agent({ connect: { lookup: guardedLookup(policy, resolve), timeout: timeoutMs } })));
  }

  /** `fetch`, under the policy. Throws {@link OutboundError} when no answer came. */
  async fetch(url: string | URL, init: OutboundRequestInit = {}): Promise<Response> {
    const target = new URL(url);
    if ((target.protocol !== 'https:' && target.protocol !== 'http:') || target.username !== '' || target.password !== '')
      throw this.failed(target, 'refused-address', 'not an http(s) URL without credentials');
    // Sockets look up names only: an address written in the URL is checked here.
    const literal = bareHost(target);
    if (isIP(literal) !== 0 && !addressAllowed(literal, this.options.policy)) throw this.failed(target, 'refused-address', `refused address ${literal}`);
    const { timeoutMs = this.options.timeoutMs, redirect = 'manual', signal, ...rest } = init;
    const deadline = AbortSignal.timeout(timeoutMs);
    const tracer = this.options.tracer ?? NO_TRACING;
    const method = (rest.method ?? 'GET').toUpperCase();
    // The host only: a URL's path and query may hold a secret (a chat webhook's, a token).
    const span = tracer.startSpan(`${method}`, {
      kind: 'client',
      onlyInTrace: true,
      attributes: {
        'http.request.method': method,
        'server.address': target.hostname,
        'url.scheme': target.protocol.slice(0, -1),
        'notebook_hub.feature': this.feature,
      },
    });
    try {
      const [{ fetch: undiciFetch, Headers }, dispatcher] = await Promise.all([undici(), this.connections()]);
      const response = await undiciFetch(target, {
        ...rest,
        headers: span.traceparent ? withTraceparent(Headers, rest.headers, span.traceparent) : rest.headers,
        redirect,
        dispatcher,
        signal: signal ? AbortSignal.any([signal, deadline]) : deadline,
      });
      span.setAttributes({ 'http.response.status_code': response.status });
      if (response.status >= 500) span.fail(String(response.status));
      return response as unknown as Response;
    } catch (error) {
      span.fail(signal?.aborted ? 'aborted' : reasonOf(error, deadline));
      if (signal?.aborted) throw error;
      throw this.failed(target, reasonOf(error, deadline), detailOf(error));
    } finally {
      span.end();
    }
  }

  /** A `fetch` function (the shape libraries take as their custom fetch). */
  readonly fetchFunction = (url: string | URL | Request, init?: RequestInit): Promise<Response> =>
    this.fetch(url instanceof Request ? url.url : url, { ...(init as OutboundRequestInit), redirect: 'manual' });

  /**
   * The address a program that does its own networking (the `git` program) must connect to for
   * this URL: resolved and checked now, to be pinned on the program's connection.
   */
  async pin(url: string): Promise<PinnedAddress> {
    const target = new URL(url);
    const host = bareHost(target);
    try {
      const [first] = await allowedAddresses(host, this.options.policy, this.options.resolve);
      return { host: isIP(host) === 6 ? `[${host}]` : target.hostname, port: defaultPort(target), address: first!.address, family: first!.family };
    } catch (error) {
      throw this.failed(target, error instanceof RefusedAddressError ? 'refused-address' : 'unreachable', detailOf(error));
    }
  }

  /** The W3C `traceparent` of the active span, for a program that makes its own connections (`git`); null outside a trace. */
  traceparent(): string | null {
    return (this.options.tracer ?? NO_TRACING).traceparent();
  }

  /** Logs why a call to `url` failed and returns the error its caller reports. */
  failed(url: URL | string | null, reason: OutboundFailure, detail: string): OutboundError {
    this.options.logger.warn(
      { event: 'outbound_request_failed', feature: this.feature, host: url === null ? null : new URL(url).host, reason, detail: detail.slice(0, 2000) },
      'outbound_request_failed',
    );
    return new OutboundError(reason, this.feature);
  }

  async close(): Promise<void> {
    await (await this.agent)?.close();
  }
}

/** The caller's headers with the W3C `traceparent` of the call's span. */
function withTraceparent(Headers: typeof UndiciHeaders, headers: OutboundRequestInit['headers'], traceparent: string): UndiciHeaders {
  const merged = new Headers(headers);
  merged.set('traceparent', traceparent);
  return merged;
}

/** The errors of a failed call, outermost first (fetch wraps the socket's error in `cause`). */
function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let current: unknown = error; current !== undefined && current !== null && chain.length < 8; current = (current as { cause?: unknown }).cause)
    chain.push(current);
  return chain;
}

function reasonOf(error: unknown, deadline: AbortSignal): OutboundFailure {
  const chain = causes(error);
  if (chain.some((entry) => entry instanceof RefusedAddressError)) return 'refused-address';
  if (deadline.aborted || chain.some((entry) => (entry as Error).name === 'TimeoutError' || (entry as { code?: string }).code === 'UND_ERR_CONNECT_TIMEOUT'))
    return 'timeout';
  return 'unreachable';
}

function detailOf(error: unknown): string {
  return causes(error)
    .map((entry) => {
      if (entry instanceof NoAddressError) return 'no address';
      const { code, message } = entry as { code?: string; message?: string };
      return [code, message].filter(Boolean).join(' ');
    })
    .join(' <- ');
}
