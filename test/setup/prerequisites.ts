import { inject, type ProvidedContext } from 'vitest';
import type { ChromiumInfo } from './chromium.js';
import type { DockerInfo } from './docker.js';
import type { HelmInfo } from './helm.js';
import type { KubernetesInfo } from './kubernetes.js';
import type { MariadbInfo } from './mariadb.js';
import type { NginxInfo } from './nginx.js';
import type { PostgresInfo } from './postgres.js';
import type { SandboxRuntimeInfo } from './sandbox-runtime.js';
import type { SchemathesisInfo } from './schemathesis.js';
import type { SeaweedfsInfo } from './seaweedfs.js';
import type { SurfaceRuntimeInfo } from './surface-runtime.js';
import type { TelemetryReceiversInfo } from './telemetry-receivers.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The S3 endpoint and bucket of a running SeaweedFS; null when it could not be started. */
    seaweedfs: SeaweedfsInfo | null;
    /** A running PostgreSQL with a test role and its database; null when it could not be started. */
    postgres: PostgresInfo | null;
    /** A running MariaDB with a test user and its database; null when it could not be started. */
    mariadb: MariadbInfo | null;
    /** The cached runtime venv (marimo + uv) for the local sandbox driver; null when unavailable. */
    sandboxRuntime: SandboxRuntimeInfo | null;
    /** The cached code-server and OpenCode installs (the edit sessions' surfaces); null when unavailable. */
    surfaceRuntime: SurfaceRuntimeInfo | null;
    /** A private Docker engine with the sandbox image; null when it could not be started. */
    docker: DockerInfo | null;
    /** A Chromium executable for the browser suites (playwright-core); null when unavailable. */
    chromium: ChromiumInfo | null;
    /** nginx for the reverse-proxy suite (test/proxy/); null when unavailable. */
    nginx: NginxInfo | null;
    /** A Python with schemathesis for the API contract suite; null when unavailable. */
    schemathesis: SchemathesisInfo | null;
    /** helm and an offline Kubernetes schema validator for the Helm chart suite; null when unavailable. */
    helm: HelmInfo | null;
    /** Jaeger and VictoriaLogs executables for the telemetry suite (each test starts its own); null when unavailable. */
    telemetryReceivers: TelemetryReceiversInfo | null;
    /** A single-node Kubernetes cluster with the sandbox image on its node; null when unavailable. */
    kubernetes: KubernetesInfo | null;
  }
}

export type ProvidedName = keyof ProvidedContext;

/**
 * What the tier's global set-up provisioned for `name`: its details, or null when it could not be
 * had (the suite then skips, or with REQUIRE_ALL_SUITES=1 the set-up has already failed the run).
 * A file whose tier does not provision `name` at all is misplaced: that throws, naming the fix.
 */
export function prerequisite<K extends ProvidedName>(name: K): ProvidedContext[K] {
  const value = inject(name);
  if (value === undefined) {
    throw new Error(`"${name}" is not provisioned by this test file's tier: move the file to a tier that lists it (test/tiers.ts)`);
  }
  return value;
}
