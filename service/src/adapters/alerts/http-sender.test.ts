import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NameResolver } from '../../core/ports/name-resolver.js';
import { HttpAlertSender } from './http-sender.js';

describe('HTTP alert sender', () => {
  let server: Server;
  let port: number;
  const hits: string[] = [];
  beforeAll(async () => {
    server = createServer((request, response) => {
      hits.push(request.url ?? '');
      if (request.url === '/redirect') response.writeHead(302, { location: '/elsewhere' }).end();
      else if (request.url === '/busy') response.writeHead(503, { 'retry-after': '7' }).end();
      else if (request.url === '/silent') return;
      else response.writeHead(204).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const local = { allowHttp: true, allowPrivateNetworks: false };
  const request = (url: string, timeoutMs = 2000) => ({ url, body: '{}', headers: { 'content-type': 'application/json' }, timeoutMs });
  const resolvingTo =
    (address: string, family = 4): NameResolver =>
    async () => [{ address, family }];

  it('posts to an allowed receiver and reports its status and Retry-After', async () => {
    const sender = new HttpAlertSender(local);
    expect(await sender.send(request(`http://127.0.0.1:${port}/ok`))).toEqual({ kind: 'response', status: 204, retryAfterMs: null });
    expect(await sender.send(request(`http://127.0.0.1:${port}/busy`))).toEqual({ kind: 'response', status: 503, retryAfterMs: 7000 });
  });

  it('does not follow redirects', async () => {
    const sender = new HttpAlertSender(local);
    expect(await sender.send(request(`http://127.0.0.1:${port}/redirect`))).toMatchObject({ kind: 'response', status: 302 });
    expect(hits).not.toContain('/elsewhere');
  });

  it('checks every resolved address at connect time: a name resolving to metadata is refused unsent', async () => {
    const before = hits.length;
    const rebinding = new HttpAlertSender(local, resolvingTo('169.254.169.254'));
    expect(await rebinding.send(request(`http://localhost:${port}/ok`))).toEqual({ kind: 'failure', reason: 'refused-address', detail: 'refused address' });
    const mixed = new HttpAlertSender(local, async () => [
      { address: '127.0.0.1', family: 4 },
      { address: '169.254.169.254', family: 4 },
    ]);
    expect(await mixed.send(request(`http://localhost:${port}/ok`))).toMatchObject({ reason: 'refused-address' });
    const viaName = new HttpAlertSender(local, resolvingTo('127.0.0.1'));
    expect(await viaName.send(request(`http://localhost:${port}/ok`))).toMatchObject({ kind: 'response', status: 204 });
    expect(hits.length).toBe(before + 1);
  });

  it('refuses loopback once plain http is no longer allowed, and private addresses by default', async () => {
    const strict = new HttpAlertSender({ allowHttp: false, allowPrivateNetworks: false }, resolvingTo('10.0.0.5'));
    expect(await strict.send(request(`http://127.0.0.1:${port}/ok`))).toMatchObject({ reason: 'refused-address' });
    expect(await strict.send(request('https://receiver.example/hook'))).toMatchObject({ reason: 'refused-address' });
  });

  it('gives up on a receiver that does not answer in time, and reports refused connections without the URL', async () => {
    const sender = new HttpAlertSender(local);
    expect(await sender.send(request(`http://127.0.0.1:${port}/silent`, 200))).toEqual({
      kind: 'failure',
      reason: 'timeout',
      detail: 'no answer within 200 ms',
    });
    const closed = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as AddressInfo;
        probe.close(() => resolve(free));
      });
    });
    expect(await sender.send(request(`http://127.0.0.1:${closed}/token-in-path`))).toEqual({ kind: 'failure', reason: 'network', detail: 'ECONNREFUSED' });
  });
});
