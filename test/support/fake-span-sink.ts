import { createServer } from 'node:http';

export interface FakeSpanSink {
  /** The OTLP/HTTP traces endpoint (`OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`). */
  url: string;
  close(): Promise<void>;
}

/**
 * Where a hub's spans go in tests that need tracing on but read no spans: it takes every OTLP/HTTP
 * export and keeps nothing (fake: the browser tier runs no trace backend; the telemetry tier checks
 * traces against Jaeger).
 */
export async function startFakeSpanSink(): Promise<FakeSpanSink> {
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => response.writeHead(200, { 'content-type': 'application/x-protobuf' }).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/v1/traces`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
