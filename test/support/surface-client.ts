import { readdir, readFile } from 'node:fs/promises';
import http from 'node:http';

/**
 * Requests to a surface's own host (`<surface>-<session>.localhost:<port>`) the way a browser makes
 * them: to this machine, with that host in the `Host` header (Node does not resolve `*.localhost`).
 */
export interface SurfaceAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

export function surfaceRequest(
  url: string,
  options: { cookie?: string; method?: string; headers?: Record<string, string>; json?: unknown } = {},
): Promise<SurfaceAnswer> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port: target.port,
        method: options.method ?? 'GET',
        path: `${target.pathname}${target.search}`,
        headers: {
          host: target.host,
          ...(options.cookie ? { cookie: options.cookie } : {}),
          ...(options.json !== undefined ? { 'content-type': 'application/json' } : {}),
          ...options.headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    request.on('error', reject);
    request.end(options.json !== undefined ? JSON.stringify(options.json) : undefined);
  });
}

/** The status a WebSocket handshake to a surface's host gets (101 when the surface took it). */
export function surfaceUpgrade(url: string, options: { origin: string; cookie?: string }): Promise<number> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const request = http.request({
      host: '127.0.0.1',
      port: target.port,
      path: `${target.pathname}${target.search}`,
      headers: {
        host: target.host,
        origin: options.origin,
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-version': '13',
        'sec-websocket-key': Buffer.from('surface-test-key').toString('base64'),
        ...(options.cookie ? { cookie: options.cookie } : {}),
      },
    });
    request.on('upgrade', (response, socket) => {
      socket.destroy();
      resolve(response.statusCode ?? 0);
    });
    request.on('response', (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', reject);
    request.end();
  });
}

/** `name=value` of the grant cookie a surface's entry set. */
export function grantCookieOf(answer: SurfaceAnswer): string {
  const cookie = [answer.headers['set-cookie'] ?? []].flat().find((line) => line.startsWith('notebook_hub_surface='));
  if (!cookie) throw new Error(`no grant cookie in ${JSON.stringify(answer.headers)}`);
  return cookie.split(';', 1)[0]!;
}

/** Processes of this machine started for a sandbox's surface (the local driver runs them here). */
export async function surfaceProcesses(sandboxId: string, surface: string): Promise<{ pid: string; environ: string }[]> {
  const found: { pid: string; environ: string }[] = [];
  for (const pid of (await readdir('/proc')).filter((name) => /^\d+$/.test(name))) {
    const environ = await readFile(`/proc/${pid}/environ`, 'utf8').catch(() => '');
    if (environ.split('\0').includes(`NOTEBOOK_HUB_SURFACE=${sandboxId}/${surface}`)) found.push({ pid, environ });
  }
  return found;
}
