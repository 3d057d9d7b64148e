import { promises as dns } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { AlertAttemptOutcome, AlertRequest, AlertSender } from '../../core/ports/alert-sender.js';
import { addressAllowed, endpointProblem, type EndpointPolicy } from '../../core/outbound/endpoint-policy.js';

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Name resolution; replaceable so tests can make a name resolve anywhere. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

const systemResolver: Resolver = (hostname) => dns.lookup(hostname, { all: true, verbatim: true });

class RefusedAddressError extends Error {
  constructor() {
    super('the destination host resolves to an address alert deliveries may not reach');
    this.name = 'RefusedAddressError';
  }
}

function retryAfterMs(header: string | undefined): number | null {
  if (header === undefined) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

/**
 * Delivers alerts with Node's HTTP client. The endpoint policy is checked again before each
 * attempt (settings may have changed since the URL was saved) and on every address the host
 * resolves to, inside the connection's own lookup: the address checked is the address connected
 * to, so a name that changes its answer between check and connect (DNS rebinding) cannot slip
 * through. Redirects are never followed, and nothing from the URL appears in an outcome.
 */
export class HttpAlertSender implements AlertSender {
  constructor(
    private readonly policy: EndpointPolicy,
    private readonly resolve: Resolver = systemResolver,
  ) {}

  send(request: AlertRequest): Promise<AlertAttemptOutcome> {
    return new Promise((resolve) => {
      if (endpointProblem(request.url, this.policy) !== null) {
        resolve({ kind: 'failure', reason: 'refused-address', detail: 'the destination URL is no longer allowed' });
        return;
      }
      const url = new URL(request.url);
      const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
      if (isIP(host) !== 0 && !addressAllowed(host, this.policy)) {
        resolve({ kind: 'failure', reason: 'refused-address', detail: 'refused address' });
        return;
      }
      let settled = false;
      const finish = (outcome: AlertAttemptOutcome) => {
        if (settled) return;
        settled = true;
        resolve(outcome);
      };
      const client = url.protocol === 'https:' ? https : http;
      const req = client.request(url, {
        method: 'POST',
        headers: { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) },
        // A fresh connection per attempt: every connection goes through the guarded lookup.
        agent: false,
        lookup: this.guardedLookup(),
      });
      // The timer covers the whole exchange, including a receiver that answers but never ends.
      const timer = setTimeout(() => {
        finish({ kind: 'failure', reason: 'timeout', detail: `no answer within ${request.timeoutMs} ms` });
        req.destroy();
      }, request.timeoutMs);
      req.on('response', (response) => {
        const header = response.headers['retry-after'];
        finish({ kind: 'response', status: response.statusCode ?? 0, retryAfterMs: retryAfterMs(Array.isArray(header) ? header[0] : header) });
        response.on('error', () => {});
        response.on('close', () => clearTimeout(timer));
        response.resume();
      });
      req.on('error', (error: NodeJS.ErrnoException) => {
        clearTimeout(timer);
        if (error instanceof RefusedAddressError) finish({ kind: 'failure', reason: 'refused-address', detail: 'refused address' });
        else finish({ kind: 'failure', reason: 'network', detail: error.code ?? error.name });
      });
      req.end(request.body);
    });
  }

  private guardedLookup(): LookupFunction {
    return (hostname, options, callback) => {
      this.resolve(hostname).then(
        (addresses) => {
          const wanted = options.family === 4 || options.family === 6 ? addresses.filter((entry) => entry.family === options.family) : addresses;
          if (wanted.length === 0) {
            callback(Object.assign(new Error(`no address for the destination host`), { code: 'ENOTFOUND' }), '', 0);
            return;
          }
          // One forbidden answer refuses the host: a mixed answer is how rebinding tricks start.
          if (!addresses.every((entry) => addressAllowed(entry.address, this.policy))) {
            callback(new RefusedAddressError(), '', 0);
            return;
          }
          if (options.all) (callback as unknown as (error: null, addresses: ResolvedAddress[]) => void)(null, wanted);
          else callback(null, wanted[0]!.address, wanted[0]!.family);
        },
        (error: unknown) => callback(error as NodeJS.ErrnoException, '', 0),
      );
    };
  }
}
