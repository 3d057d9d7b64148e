import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How long a signed delivery stays acceptable (what docs/alerts.md recommends to receivers). */
const TOLERANCE_SECONDS = 300;

export interface ReceivedDelivery {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  json: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  /** Null when no secret is registered for the path (a Slack-style endpoint). */
  signatureValid: boolean | null;
}

export type ScriptedAnswer = number | { status: number; headers?: Record<string, string> };

export interface AlertReceiver {
  /** `http://127.0.0.1:<port><path>` */
  url(path: string): string;
  readonly deliveries: ReceivedDelivery[];
  at(path: string): ReceivedDelivery[];
  /** Signature checks for deliveries to `path` use this secret. */
  expectSecret(path: string, secret: string): void;
  /** The next answers for `path`, in order; afterwards 200. */
  script(path: string, ...answers: ScriptedAnswer[]): void;
  /** Deliveries to `path` are recorded at once but answered only after the returned release. */
  hold(path: string): () => void;
  /** Resolves with the deliveries to `path` once there are at least `count`. */
  waitFor(path: string, count: number, timeoutMs?: number): Promise<ReceivedDelivery[]>;
  close(): Promise<void>;
}

/**
 * Checks a webhook signature the way a receiver should (docs/alerts.md): HMAC-SHA256 of
 * "<timestamp>.<raw body>" compared in constant time, and a timestamp within the tolerance.
 */
export function verifySignature(secret: string, headers: IncomingHttpHeaders, rawBody: string, nowSeconds = Date.now() / 1000): boolean {
  const timestamp = headers['x-hub-timestamp'];
  const signature = headers['x-hub-signature'];
  if (typeof timestamp !== 'string' || typeof signature !== 'string' || !/^\d+$/.test(timestamp)) return false;
  if (Math.abs(nowSeconds - Number(timestamp)) > TOLERANCE_SECONDS) return false;
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex')}`);
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A real HTTP receiver on 127.0.0.1 that records deliveries and checks their signatures. */
export async function startAlertReceiver(): Promise<AlertReceiver> {
  const deliveries: ReceivedDelivery[] = [];
  const secrets = new Map<string, string>();
  const scripts = new Map<string, ScriptedAnswer[]>();
  const holds = new Map<string, Promise<void>>();
  const waiters = new Set<() => void>();

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = (request.url ?? '/').split('?')[0]!;
      const body = Buffer.concat(chunks).toString('utf8');
      let json: unknown;
      try {
        json = JSON.parse(body);
      } catch {
        json = undefined;
      }
      const secret = secrets.get(path);
      deliveries.push({
        path,
        headers: request.headers,
        body,
        json,
        signatureValid: secret === undefined ? null : verifySignature(secret, request.headers, body),
      });
      for (const wake of waiters) wake();
      const answer = scripts.get(path)?.shift() ?? 200;
      const { status, headers } = typeof answer === 'number' ? { status: answer, headers: {} } : { status: answer.status, headers: answer.headers ?? {} };
      void (holds.get(path) ?? Promise.resolve()).then(() => {
        response.writeHead(status, { 'content-type': 'text/plain', ...headers }).end(status < 300 ? 'ok' : 'no');
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const at = (path: string) => deliveries.filter((delivery) => delivery.path === path);

  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    deliveries,
    at,
    expectSecret: (path, secret) => void secrets.set(path, secret),
    script: (path, ...answers) => void scripts.set(path, [...(scripts.get(path) ?? []), ...answers]),
    hold(path) {
      let release!: () => void;
      holds.set(path, new Promise<void>((resolve) => (release = resolve)));
      return () => {
        holds.delete(path);
        release();
      };
    },
    waitFor(path, count, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (at(path).length < count) return;
          cleanup();
          resolve(at(path));
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`expected ${count} deliveries to ${path}, got ${at(path).length}`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
