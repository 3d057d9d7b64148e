import { createServer } from 'node:net';

/**
 * A port that is free on 127.0.0.1 right now. The kernel hands out ephemeral ports round-robin, so
 * the short window before the sandbox binds it is not in practice raced by another sandbox.
 */
export function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}
