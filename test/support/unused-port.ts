import { createServer, type AddressInfo } from 'node:net';

/** A 127.0.0.1 port nothing listens on (it was free a moment ago): connections to it are refused. */
export function unusedPort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
