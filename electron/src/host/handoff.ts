import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { constantTimeEquals } from './launch-secret.js';

/** What a later launch passes to the running app: its command line and where it was started. */
export interface LaunchArguments {
  argv: string[];
  cwd: string;
}

export interface HandoffServer {
  port: number;
  close(): Promise<void>;
}

const PATH = '/launch';
const MAX_BODY_BYTES = 64 * 1024;

/**
 * The running app's end of the instance lock protocol (docs/desktop.md): a loopback listener
 * that takes the arguments of later launches, from callers that present the lock file's token.
 */
export async function startHandoffServer(token: string, onLaunch: (launch: LaunchArguments) => void): Promise<HandoffServer> {
  const server = http.createServer((request, response) => {
    const answer = (status: number) => response.writeHead(status, { connection: 'close' }).end();
    if (request.method !== 'POST' || request.url !== PATH) return answer(404);
    if (!constantTimeEquals(request.headers.authorization ?? '', `Bearer ${token}`)) return answer(403);
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) return void request.destroy();
      chunks.push(chunk);
    });
    request.on('end', () => {
      const launch = launchArgumentsOf(Buffer.concat(chunks).toString('utf8'));
      if (!launch) return answer(400);
      answer(204);
      onLaunch(launch);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host: '127.0.0.1', port: 0 }, resolve);
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A later launch's end: gives the holder its arguments; resolves once the holder has them. */
export async function handOff(holder: { port: number; token: string }, launch: LaunchArguments, timeoutMs = 5_000): Promise<void> {
  const response = await fetch(`http://127.0.0.1:${holder.port}${PATH}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${holder.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(launch),
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (response.status !== 204) throw new Error(`the running Notebook Hub refused this launch's arguments (HTTP ${response.status})`);
}

function launchArgumentsOf(text: string): LaunchArguments | null {
  try {
    const value = JSON.parse(text) as Partial<LaunchArguments>;
    if (Array.isArray(value.argv) && value.argv.every((item) => typeof item === 'string') && typeof value.cwd === 'string') {
      return { argv: value.argv, cwd: value.cwd };
    }
  } catch {
    // Answered 400 below.
  }
  return null;
}
