import { spawn, type ChildProcess } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { makeTempDir } from './temp-dir.js';
import { unusedPort } from './unused-port.js';

/** One span as Jaeger's query API returns it. */
export interface JaegerSpan {
  traceID: string;
  spanID: string;
  operationName: string;
  references: { refType: string; traceID: string; spanID: string }[];
  tags: { key: string; type: string; value: unknown }[];
  processID: string;
}

export interface Jaeger {
  /** OTLP over HTTP, base URL (`…/v1/traces` is where spans go). */
  otlpHttp: string;
  /** OTLP over gRPC. */
  otlpGrpc: string;
  /** The spans of one trace; [] when Jaeger has none. */
  trace(traceId: string): Promise<JaegerSpan[]>;
  /** The traces of a service (newest first), optionally of one root operation. */
  traces(service: string, operation?: string): Promise<JaegerSpan[][]>;
  /** The services Jaeger has spans of. */
  services(): Promise<string[]>;
  /** Everything Jaeger answered about a service's traces, as text (for the redaction checks). */
  everything(service: string): Promise<string>;
  stop(): Promise<void>;
}

export interface VictoriaLogs {
  /** Where log records go over OTLP/HTTP (a full URL: VictoriaLogs has its own path). */
  otlpLogsUrl: string;
  /** The records matching a LogsQL query, one object per record. */
  query(logsql: string): Promise<Record<string, string>[]>;
  stop(): Promise<void>;
}

/*
 * Receivers a test (or a benchmark) starts for itself, from the executables of
 * `prerequisite('telemetryReceivers')` (test/setup/telemetry-receivers.ts).
 */

/** A child process and how to end it; its output is kept for a failure's message. */
function run(binary: string, args: string[], cwd: string): { child: ChildProcess; output: () => string; stop: () => Promise<void> } {
  const child = spawn(binary, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killer);
    },
  };
}

async function waitForHttp(url: string, what: string, output: () => string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${what} did not answer ${url} within ${timeoutMs} ms:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Jaeger with in-memory storage on free 127.0.0.1 ports: OTLP in (HTTP and gRPC), the query API out. */
export async function startJaeger(binary: string): Promise<Jaeger> {
  const temp = await makeTempDir('jaeger');
  const [http, grpc, query, queryGrpc, health] = await Promise.all([unusedPort(), unusedPort(), unusedPort(), unusedPort(), unusedPort()]);
  const config = path.join(temp.dir, 'jaeger.yaml');
  await writeFile(
    config,
    `service:
  extensions: [jaeger_storage, jaeger_query, healthcheckv2]
  pipelines:
    traces:
      receivers: [otlp]
      processors: [batch]
      exporters: [jaeger_storage_exporter]
  telemetry:
    metrics:
      level: none
    logs:
      level: warn
extensions:
  healthcheckv2:
    use_v2: true
    http:
      endpoint: 127.0.0.1:${health}
  jaeger_query:
    storage:
      traces: memstore
    http:
      endpoint: 127.0.0.1:${query}
    grpc:
      endpoint: 127.0.0.1:${queryGrpc}
  jaeger_storage:
    backends:
      memstore:
        memory:
          max_traces: 100000
receivers:
  otlp:
    protocols:
      grpc:
        endpoint: 127.0.0.1:${grpc}
      http:
        endpoint: 127.0.0.1:${http}
processors:
  batch:
    timeout: 100ms
exporters:
  jaeger_storage_exporter:
    trace_storage: memstore
`,
  );
  const process = run(binary, ['--config', config], temp.dir);
  const api = `http://127.0.0.1:${query}/api`;
  const get = async (url: string) => {
    const response = await fetch(url);
    const text = await response.text();
    if (response.status === 404) return { data: [] };
    if (!response.ok) throw new Error(`Jaeger answered ${response.status} to ${url}: ${text}`);
    return JSON.parse(text) as { data: unknown };
  };
  try {
    await waitForHttp(`${api}/services`, 'Jaeger', process.output);
  } catch (error) {
    await process.stop();
    await temp.cleanup();
    throw error;
  }
  const tracesOf = async (service: string, operation?: string) => {
    const query = new URLSearchParams({ service, limit: '1000', lookback: '2h', ...(operation ? { operation } : {}) });
    return ((await get(`${api}/traces?${query}`)).data as { spans: JaegerSpan[] }[]).map((trace) => trace.spans);
  };
  return {
    otlpHttp: `http://127.0.0.1:${http}`,
    otlpGrpc: `http://127.0.0.1:${grpc}`,
    trace: async (traceId) => ((await get(`${api}/traces/${traceId}`)).data as { spans: JaegerSpan[] }[]).flatMap((trace) => trace.spans),
    traces: tracesOf,
    services: async () => ((await get(`${api}/services`)).data as string[] | null) ?? [],
    everything: async (service) => JSON.stringify(await tracesOf(service)),
    async stop() {
      await process.stop();
      await temp.cleanup();
    },
  };
}

/** VictoriaLogs on a free 127.0.0.1 port with its data in a temporary folder. */
export async function startVictoriaLogs(binary: string): Promise<VictoriaLogs> {
  const temp = await makeTempDir('victoria-logs');
  const port = await unusedPort();
  const process = run(
    binary,
    [`-httpListenAddr=127.0.0.1:${port}`, `-storageDataPath=${path.join(temp.dir, 'data')}`, '-loggerLevel=WARN', '-retentionPeriod=1d'],
    temp.dir,
  );
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${base}/health`, 'VictoriaLogs', process.output);
  } catch (error) {
    await process.stop();
    await temp.cleanup();
    throw error;
  }
  return {
    otlpLogsUrl: `${base}/insert/opentelemetry/v1/logs`,
    async query(logsql) {
      const response = await fetch(`${base}/select/logsql/query`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ query: logsql, limit: '10000' }),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`VictoriaLogs answered ${response.status} to ${logsql}: ${text}`);
      return text
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, string>);
    },
    async stop() {
      await process.stop();
      await temp.cleanup();
    },
  };
}

/** Polls `read` until `accept` holds for its answer (or throws with the last answer after `timeoutMs`). */
export async function until<T>(read: () => Promise<T>, accept: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  for (;;) {
    last = await read();
    if (accept(last)) return last;
    if (Date.now() > deadline) throw new Error(`not as expected within ${timeoutMs} ms; last answer: ${JSON.stringify(last).slice(0, 4000)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
