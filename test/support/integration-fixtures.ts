import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CallOptions, CallResult, TestHub } from './test-hub.js';

/** Every file under `dir` that holds one of `needles` in its bytes, with the needles found. */
export async function filesHolding(dir: string, needles: readonly string[]): Promise<{ file: string; found: string[] }[]> {
  const hits: { file: string; found: string[] }[] = [];
  const walk = async (current: string): Promise<void> => {
    for (const entry of await readdir(current, { withFileTypes: true })) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile()) {
        const text = (await readFile(full)).toString('latin1');
        const found = needles.filter((needle) => text.includes(needle));
        if (found.length > 0) hits.push({ file: path.relative(dir, full), found });
      }
    }
  };
  await walk(dir);
  return hits;
}

/** A hub's calls that keep every answer's text, to prove later that none held a secret. */
export function recordingCalls(hub: () => TestHub): { seen: string[]; call(path: string, options?: CallOptions): Promise<CallResult> } {
  const seen: string[] = [];
  return {
    seen,
    async call(path, options = {}) {
      const result = await hub().call(path, options);
      seen.push(`${[...result.headers.entries()].map(([name, value]) => `${name}: ${value}`).join('\n')}\n\n${result.text}`);
      return result;
    },
  };
}

export interface ApiServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** The Authorization headers received, in order. */
  authorizations: (string | null)[];
  close(): Promise<void>;
}

/**
 * A loopback HTTP API for "test connection": `GET /api/status` answers 200 to `Bearer <token>` or
 * basic `<user>:<password>` and 401 otherwise; `GET /v1/models` lists `models` (OpenAI's shape) to
 * `Bearer <token>`; `/moved` redirects. Anything else is 404.
 */
export async function startApiServer(credentials: { token: string; user: string; password: string; models: string[] }): Promise<ApiServer> {
  const authorizations: (string | null)[] = [];
  const allowed = (headers: IncomingHttpHeaders) =>
    headers.authorization === `Bearer ${credentials.token}` ||
    headers.authorization === `Basic ${Buffer.from(`${credentials.user}:${credentials.password}`).toString('base64')}`;
  const server = createServer((request, response) => {
    authorizations.push(request.headers.authorization ?? null);
    const json = (status: number, body: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (request.url === '/moved') return void response.writeHead(302, { location: 'https://example.com/' }).end();
    if (request.url !== '/api/status' && request.url !== '/v1/models') return void json(404, { error: 'not found' });
    if (!allowed(request.headers)) return void json(401, { error: 'unauthorized' });
    if (request.url === '/api/status') return void json(200, { status: 'ok' });
    json(200, { object: 'list', data: credentials.models.map((id) => ({ id, object: 'model' })) });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    authorizations,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
