import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OutboundPolicy } from '../../service/src/core/outbound/outbound-policy.js';
import type { NameResolver } from '../../service/src/core/ports/name-resolver.js';
import { fakeDns, recordingLogger } from './outbound.js';

/** How one adapter calls out, under the policy, resolver and deadline a case sets up. */
export interface OutboundConnector {
  /**
   * Calls `base` (`scheme://host:port`, the adapter adds its own path) and says what its caller
   * would see: `ok` when an answer came back (whatever it was), else the message the caller gets.
   */
  call(
    base: string,
    setup: { policy: OutboundPolicy; resolve: NameResolver; timeoutMs: number; logger: ReturnType<typeof recordingLogger> },
  ): Promise<{ ok: true } | { ok: false; message: string }>;
  /**
   * Plain http reaches a name only where the adapter has no rule of its own against it (alert
   * URLs take plain http only to `localhost` and loopback literals): the name its allowed case uses.
   */
  allowedName?: string;
  /** Whether the adapter writes the detail of a failure to the log it is given. */
  logs: boolean;
}

/** A listener on 127.0.0.1 that counts every connection made to it and records each request. */
interface Listener {
  port: number;
  connections: number;
  requests: IncomingMessage[];
  /** What it answers: `redirect` sends every request to `to`, `silent` never answers. */
  mode: { kind: 'answer' } | { kind: 'redirect'; to: string } | { kind: 'silent' };
  close(): Promise<void>;
}

async function listen(): Promise<Listener> {
  const listener = { connections: 0, requests: [] as IncomingMessage[], mode: { kind: 'answer' } as Listener['mode'] } as Listener;
  const server: Server = createServer((request, response) => {
    listener.requests.push(request);
    request.resume();
    const { mode } = listener;
    if (mode.kind === 'silent') return;
    if (mode.kind === 'redirect') response.writeHead(302, { location: `${mode.to}${request.url ?? '/'}` }).end();
    else response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  server.on('connection', () => listener.connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  listener.port = (server.address() as AddressInfo).port;
  listener.close = async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
  return listener;
}

/** What a caller's message must never carry: connection errors, addresses, ports, a program's own output. */
const DETAIL = /ECONN|ENOTFOUND|EHOSTUNREACH|socket|127\.0\.0\.1|169\.254|:\d{2,5}\b|curl|fatal:|Failed to connect|Could not resolve|timed out after/i;

/**
 * The outbound-request policy's conformance suite (docs/outbound-requests.md): every adapter that
 * connects to a URL a person or an administrator gave passes the same cases against real
 * listeners on 127.0.0.1, with names resolved by fake-dns (no real DNS).
 */
export function describeOutboundConformance(name: string, connector: OutboundConnector): void {
  describe(`outbound-request policy: ${name}`, () => {
    let target: Listener;
    let elsewhere: Listener;
    beforeAll(async () => {
      target = await listen();
      elsewhere = await listen();
    });
    afterAll(async () => {
      await target?.close();
      await elsewhere?.close();
    });
    beforeEach(() => {
      for (const listener of [target, elsewhere]) {
        listener.connections = 0;
        listener.requests.length = 0;
        listener.mode = { kind: 'answer' };
      }
    });

    const strict: OutboundPolicy = { allowHttp: false, allowPrivateNetworks: false };
    const loopback: OutboundPolicy = { allowHttp: true, allowPrivateNetworks: false };
    const allowedName = connector.allowedName ?? 'allowed.test';
    const dns = fakeDns({
      [allowedName]: ['127.0.0.1'],
      'internal.test': ['127.0.0.1'],
      'mixed.test': ['127.0.0.1', '169.254.169.254'],
      'metadata.test': ['::ffff:169.254.169.254'],
    });
    const call = (base: string, policy: OutboundPolicy, timeoutMs = 10_000) => {
      const logger = recordingLogger();
      return connector.call(base, { policy, resolve: dns, timeoutMs, logger }).then((outcome) => ({ outcome, logger }));
    };
    const expectGenericRefusal = (outcome: { ok: boolean; message?: string }) => {
      expect(outcome.ok).toBe(false);
      expect(outcome.message).not.toMatch(DETAIL);
    };

    it('reaches an allowed host through the address the hub resolved (the name is never resolved elsewhere)', async () => {
      await call(`http://${allowedName}:${target.port}`, loopback);
      expect(target.requests.length).toBeGreaterThan(0);
    });

    it('refuses a host name that resolves to loopback before any connection, and says nothing of why beyond that', async () => {
      const { outcome, logger } = await call(`https://internal.test:${target.port}`, strict);
      expect(target.connections).toBe(0);
      expectGenericRefusal(outcome);
      if (connector.logs) expect(logger.lines).toContainEqual(expect.objectContaining({ event: 'outbound_request_failed', reason: 'refused-address' }));
    });

    it('refuses a name with one refused address among its answers (a rebinding answer), connecting to none', async () => {
      const { outcome } = await call(`https://mixed.test:${target.port}`, loopback);
      expect(target.connections).toBe(0);
      expectGenericRefusal(outcome);
      expect((await call(`https://metadata.test:${target.port}`, { allowHttp: true, allowPrivateNetworks: true })).outcome.ok).toBe(false);
    });

    it('refuses a loopback address written as an IP literal unless loopback is allowed', async () => {
      const { outcome } = await call(`https://127.0.0.1:${target.port}`, strict);
      expect(target.connections).toBe(0);
      expectGenericRefusal(outcome);
    });

    it('follows no redirect, so a redirect cannot lead to another address', async () => {
      target.mode = { kind: 'redirect', to: `http://127.0.0.1:${elsewhere.port}` };
      await call(`http://${allowedName}:${target.port}`, loopback);
      expect(target.requests.length).toBeGreaterThan(0);
      expect(elsewhere.connections).toBe(0);
    });

    it('gives up on a host that never answers, and on one that refuses the connection, with a plain message', async () => {
      target.mode = { kind: 'silent' };
      const silent = await call(`http://${allowedName}:${target.port}`, loopback, 1000);
      expectGenericRefusal(silent.outcome);
      if (connector.logs) expect(silent.logger.lines).toContainEqual(expect.objectContaining({ event: 'outbound_request_failed' }));
      const port = elsewhere.port;
      await elsewhere.close();
      const closed = await call(`http://${allowedName}:${port}`, loopback);
      expectGenericRefusal(closed.outcome);
      elsewhere = await listen();
    });
  });
}
