import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface CallbackServer {
  /** `http://127.0.0.1:<port>/callback`: a native client's loopback redirect URI (RFC 8252). */
  redirectUri: string;
  /** The query of the next request that reaches the callback. */
  next(): Promise<{ query: URLSearchParams }>;
  close(): Promise<void>;
}

/** Where an OAuth client's browser comes back: a loopback listener, as a desktop MCP client runs one. */
export async function startCallbackServer(): Promise<CallbackServer> {
  const waiting: ((value: { query: URLSearchParams }) => void)[] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/callback') waiting.shift()?.({ query: url.searchParams });
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><title>Signed in</title><p>You can close this window.</p>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    redirectUri: `http://127.0.0.1:${port}/callback`,
    next: () => new Promise((resolve) => waiting.push(resolve)),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
