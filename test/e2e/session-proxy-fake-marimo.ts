import { createHash } from 'node:crypto';
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';

/** What reached the fake: one entry per HTTP request or WebSocket upgrade. */
export interface Reached {
  kind: 'http' | 'upgrade';
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
}

/**
 * A stand-in for marimo where marimo cannot help: it reflects no request headers and has no
 * endpoint that pauses mid-body. A real HTTP and WebSocket server on 127.0.0.1 that records every
 * request and upgrade reaching it; a test points a session's endpoint at it. Paths (after the
 * session's base URL):
 * - `/echo`: answers with a cookie of its own, which must never reach the browser;
 * - `/stream`: sends one chunk, then the rest (`streamBytes`) only once `releaseStream()` is called;
 * - `/upload`: announces its first body chunk (`firstUploadChunk`), then answers the byte count and sha256.
 */
export interface FakeMarimo {
  host: string;
  port: number;
  reached: Reached[];
  /** The size of `/stream`'s second part. */
  streamBytes: number;
  releaseStream(): void;
  firstUploadChunk: Promise<void>;
  close(): Promise<void>;
}

export const FIRST_CHUNK = Buffer.alloc(64 * 1024, 'a');

export async function startFakeMarimo(streamBytes: number): Promise<FakeMarimo> {
  const reached: Reached[] = [];
  let releaseStream!: () => void;
  const released = new Promise<void>((resolve) => (releaseStream = resolve));
  let announceChunk!: () => void;
  const firstUploadChunk = new Promise<void>((resolve) => (announceChunk = resolve));

  const server: Server = createServer((request, response) => {
    reached.push({ kind: 'http', method: request.method ?? '', url: request.url ?? '', headers: request.headers });
    const path = (request.url ?? '').split('?')[0]!;
    if (path.endsWith('/echo')) {
      response.writeHead(200, { 'content-type': 'application/json', 'set-cookie': 'marimo_own=1; Path=/' });
      return response.end(JSON.stringify({ ok: true }));
    }
    if (path.endsWith('/stream')) {
      response.writeHead(200, { 'content-type': 'application/octet-stream' });
      response.write(FIRST_CHUNK);
      void released.then(async () => {
        const block = Buffer.alloc(1024 * 1024, 'b');
        for (let sent = 0; sent < streamBytes; sent += block.length) {
          if (!response.write(block.subarray(0, Math.min(block.length, streamBytes - sent)))) await new Promise((resolve) => response.once('drain', resolve));
        }
        response.end();
      });
      return;
    }
    if (path.endsWith('/upload')) {
      const hash = createHash('sha256');
      let bytes = 0;
      request.on('data', (chunk: Buffer) => {
        if (bytes === 0) announceChunk();
        bytes += chunk.length;
        hash.update(chunk);
      });
      request.on('end', () => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ bytes, sha256: hash.digest('hex') }));
      });
      return;
    }
    response.writeHead(404).end();
  });
  const sockets = new WebSocketServer({ noServer: true });
  sockets.on('headers', (headers) => headers.push('Set-Cookie: marimo_ws=1; Path=/'));
  server.on('upgrade', (request, socket, head) => {
    reached.push({ kind: 'upgrade', method: request.method ?? '', url: request.url ?? '', headers: request.headers });
    sockets.handleUpgrade(request, socket, head, (ws) => ws.on('message', (data) => ws.send(`echo:${data.toString()}`)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    host: '127.0.0.1',
    port,
    reached,
    streamBytes,
    releaseStream,
    firstUploadChunk,
    async close() {
      for (const client of sockets.clients) client.terminate();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * A GET or upgrade with the path sent exactly as written: fetch and the `ws` client resolve `..`
 * before sending, which would hide what the hub does with it.
 */
export function rawRequest(base: string, path: string, headers: Record<string, string>, upgrade = false): Promise<{ status: number; upgraded: boolean }> {
  const { hostname, port } = new URL(base);
  const upgradeHeaders = upgrade
    ? { connection: 'Upgrade', upgrade: 'websocket', 'sec-websocket-version': '13', 'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==' }
    : {};
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: hostname, port: Number(port), path, method: 'GET', headers: { ...headers, ...upgradeHeaders } });
    request.on('upgrade', (_response, socket) => {
      socket.destroy();
      resolve({ status: 101, upgraded: true });
    });
    request.on('response', (response) => {
      response.resume();
      resolve({ status: response.statusCode ?? 0, upgraded: false });
    });
    request.on('error', reject);
    request.end();
  });
}
