import { DeleteObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ObjectStore } from '../../service/src/core/ports/object-store.js';
import { createS3Client } from '../../service/src/adapters/store/s3-store.js';

/**
 * Wraps a real store so that it ignores every write condition, like S3-compatible servers without
 * conditional-write support (none can be run here to test against).
 */
export function fakeUnconditionalStore(inner: ObjectStore): ObjectStore {
  return new Proxy(inner, {
    get(target, property, receiver) {
      if (property === 'put') return (key: string, body: Buffer | string) => target.put(key, body);
      if (property === 'delete') return (key: string) => target.delete(key);
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
}

export interface FakeUnconditionalS3 {
  /** Give this to a hub process as SERVICE_S3_ENDPOINT (path-style, the target's credentials). */
  endpoint: string;
  /** Conditional writes that were carried out without their condition. */
  readonly ignoredConditions: number;
  close(): Promise<void>;
}

/**
 * An S3 endpoint in front of a real S3 server that drops the conditions of writes, for what
 * `fakeUnconditionalStore` cannot reach: a hub in another process, configured only through its
 * settings. Plain requests are relayed untouched (their signatures name this endpoint's host, which
 * the relay keeps); a conditional PUT or DELETE is carried out by its own client without the
 * condition, since removing a signed header would break the caller's signature.
 */
export async function startFakeUnconditionalS3(target: { endpoint: string; accessKeyId: string; secretAccessKey: string }): Promise<FakeUnconditionalS3> {
  const client = createS3Client({
    endpoint: target.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: target.accessKeyId, secretAccessKey: target.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const upstream = new URL(target.endpoint);
  let ignoredConditions = 0;

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const conditional = request.headers['if-match'] !== undefined || request.headers['if-none-match'] !== undefined;
      const handled =
        conditional && (request.method === 'PUT' || request.method === 'DELETE')
          ? writeWithoutCondition(request.method, request.url ?? '/', body).then((etag) => {
              ignoredConditions++;
              response.writeHead(request.method === 'PUT' ? 200 : 204, etag ? { etag } : {}).end();
            })
          : relay(request, body, response);
      handled.catch((error: unknown) => {
        if (!response.headersSent) response.writeHead(502);
        response.end(String(error));
      });
    });
  });

  async function writeWithoutCondition(method: 'PUT' | 'DELETE', url: string, body: Buffer): Promise<string | undefined> {
    const [bucket, ...key] = new URL(url, 'http://relay').pathname.slice(1).split('/').map(decodeURIComponent);
    if (method === 'DELETE') {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key.join('/') }));
      return undefined;
    }
    return (await client.send(new PutObjectCommand({ Bucket: bucket, Key: key.join('/'), Body: body }))).ETag;
  }

  function relay(request: http.IncomingMessage, body: Buffer, response: http.ServerResponse): Promise<void> {
    return new Promise((resolve, reject) => {
      const forwarded = http.request(
        { host: upstream.hostname, port: upstream.port, method: request.method, path: request.url, headers: request.headers },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
          answer.on('end', resolve);
          answer.on('error', reject);
        },
      );
      forwarded.on('error', reject);
      forwarded.end(body);
    });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get ignoredConditions() {
      return ignoredConditions;
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      client.destroy();
    },
  };
}
