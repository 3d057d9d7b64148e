import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { startHubProcess } from '../support/hub-process.js';
import { makeTempDir } from '../support/temp-dir.js';
import { unusedPort } from '../support/unused-port.js';

const TRACER = pathToFileURL(path.resolve(import.meta.dirname, '../support/module-trace.mjs')).href;

/** Packages of adapters that only some configurations use. */
const OPTIONAL = ['@aws-sdk/client-s3', 'dockerode', 'openid-client', '@opentelemetry/'];

/** Packages every start loads, which the bundle carries. */
const BOOT_BUNDLED = ['fastify/', 'pino/', 'commander/', 'fs-extra/', 'proper-lockfile/'];

/**
 * Boots `notebook-hub serve` with the module tracer preloaded, answers a health check, stops it
 * and returns every module the process loaded (ES modules as they resolved, CommonJS ones from the
 * require cache at exit).
 */
async function modulesLoadedBy(env: Record<string, string>): Promise<string[]> {
  const temp = await makeTempDir('lazy-adapters');
  try {
    const trace = path.join(temp.dir, 'modules.txt');
    const hub = await startHubProcess({
      SERVICE_DATA_DIR: temp.dir,
      SERVICE_LOG_LEVEL: 'info',
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${TRACER}`.trim(),
      MODULE_TRACE_FILE: trace,
      ...env,
    });
    try {
      expect((await fetch(`${hub.url}/api/health`)).status).toBe(200);
    } finally {
      expect(await hub.stop()).toBe(0);
    }
    return (await readFile(trace, 'utf8')).split('\n').filter(Boolean);
  } finally {
    await temp.cleanup();
  }
}

/**
 * A module of one sandbox driver: from its sources, from the compiled package, or the chunk of the
 * service bundle the hub runs (scripts/bundle-service.mjs names a lazily imported chunk after its entry: `docker-<hash>.js`).
 */
const DRIVER_MODULE = (driver: 'local' | 'docker') => new RegExp(`/sandbox-drivers/(?:dist/)?src/${driver}/|/service/dist/bundle/${driver}-[A-Z0-9]+\\.js$`);
const loads = (modules: string[], name: string) => modules.some((module) => module.includes(`/node_modules/${name}`));

describe('adapters load only where the settings use them', () => {
  it('boots the default configuration without the S3 client, Docker, the OpenID client or OpenTelemetry', async () => {
    const modules = await modulesLoadedBy({});
    // The trace sees the modules that do load: a package outside the bundle, the local driver.
    expect(loads(modules, 'proxy-addr/')).toBe(true);
    expect(modules.some((module) => DRIVER_MODULE('local').test(module))).toBe(true);
    // What every start needs comes from the bundle (scripts/bundle-service.mjs), not node_modules.
    expect(BOOT_BUNDLED.filter((name) => loads(modules, name))).toEqual([]);
    expect(OPTIONAL.filter((name) => loads(modules, name))).toEqual([]);
    // The HTTP client of outbound calls waits for the first call.
    expect(loads(modules, 'undici/')).toBe(false);
    expect(modules.filter((module) => DRIVER_MODULE('docker').test(module))).toEqual([]);
  });

  it('loads the S3 client, and only it, when the store is S3', async () => {
    // An endpoint nobody listens on: the hub logs it and serves anyway, which is all this needs.
    const modules = await modulesLoadedBy({
      SERVICE_STORAGE: 's3',
      SERVICE_S3_ENDPOINT: `http://127.0.0.1:${await unusedPort()}`,
      SERVICE_S3_BUCKET: 'lazy-adapters',
      SERVICE_S3_FORCE_PATH_STYLE: 'true',
      SERVICE_S3_ACCESS_KEY_ID: 'key',
      SERVICE_S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(OPTIONAL.filter((name) => loads(modules, name))).toEqual(['@aws-sdk/client-s3']);
  });

  it('loads the Docker client for the docker driver, the OpenID client for OIDC login and OpenTelemetry for a metrics exporter', async () => {
    const modules = await modulesLoadedBy({
      SERVICE_SANDBOX_DRIVER: 'docker',
      SERVICE_RUN_MAINTENANCE: 'false',
      SERVICE_AUTH: 'oidc',
      SERVICE_OIDC_ISSUER: `http://127.0.0.1:${await unusedPort()}`,
      SERVICE_OIDC_CLIENT_ID: 'hub',
      SERVICE_OIDC_CLIENT_SECRET: 'secret',
      SERVICE_OIDC_ALLOW_HTTP: 'true',
      OTEL_METRICS_EXPORTER: 'prometheus',
      OTEL_EXPORTER_PROMETHEUS_HOST: '127.0.0.1',
      OTEL_EXPORTER_PROMETHEUS_PORT: String(await unusedPort()),
    });
    expect(OPTIONAL.filter((name) => loads(modules, name))).toEqual(['dockerode', 'openid-client', '@opentelemetry/']);
  });

  it('loads the tracing SDK only where spans are exported, its gRPC client only for gRPC, and nothing with OTEL_SDK_DISABLED', async () => {
    // Nobody listens there: the one span (the health check's) fails to go, which the hub only logs.
    const endpoint = `http://127.0.0.1:${await unusedPort()}`;
    const tracing = await modulesLoadedBy({ OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, OTEL_METRICS_EXPORTER: 'none', OTEL_LOGS_EXPORTER: 'none' });
    expect(OPTIONAL.filter((name) => loads(tracing, name))).toEqual(['@opentelemetry/']);
    expect(loads(tracing, '@opentelemetry/sdk-trace-base/')).toBe(true);
    expect(loads(tracing, '@opentelemetry/exporter-trace-otlp-proto/')).toBe(true);
    // (The OTLP encoder brings the metrics SDK's types along; the logs SDK and gRPC stay out.)
    expect(['@opentelemetry/sdk-logs/', '@opentelemetry/exporter-prometheus/', '@grpc/grpc-js/'].filter((name) => loads(tracing, name))).toEqual([]);

    const disabled = await modulesLoadedBy({ OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, OTEL_SDK_DISABLED: 'true' });
    expect(OPTIONAL.filter((name) => loads(disabled, name))).toEqual([]);
  });
});
