import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import type { AlertAttemptOutcome, AlertRequest, AlertSender } from '../../core/ports/alert-sender.js';
import type { NameResolver } from '../../core/ports/name-resolver.js';
import { addressAllowed, bareHost, urlProblem, type OutboundPolicy } from '../../core/outbound/outbound-policy.js';
import { guardedLookup, RefusedAddressError, systemResolver } from '../outbound/checked-addresses.js';

function retryAfterMs(header: string | undefined): number | null {
  if (header === undefined) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

/**
 * Delivers alerts with Node's HTTP client. The outbound-request policy (docs/outbound-requests.md)
 * is checked again before each attempt (settings may have changed since the URL was saved) and on
 * every address the host resolves to, inside the connection's own lookup (`adapters/outbound`):
 * the address checked is the address connected to, so a name that changes its answer between
 * check and connect (DNS rebinding) cannot slip through. Redirects are never followed, and
 * nothing from the URL appears in an outcome.
 */
export class HttpAlertSender implements AlertSender {
  constructor(
    private readonly policy: OutboundPolicy,
    private readonly resolve: NameResolver = systemResolver,
  ) {}

  send(request: AlertRequest): Promise<AlertAttemptOutcome> {
    return new Promise((resolve) => {
      if (urlProblem(request.url, this.policy, 'alert deliveries') !== null) {
        resolve({ kind: 'failure', reason: 'refused-address', detail: 'the destination URL is no longer allowed' });
        return;
      }
      const url = new URL(request.url);
      const host = bareHost(url);
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
        lookup: guardedLookup(this.policy, this.resolve),
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
}
