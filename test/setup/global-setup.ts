import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startSeaweedfs, type SeaweedfsInfo } from './seaweedfs.js';
import { provisionSuite as provisionEverySuite } from './suites.js';
import { provisionDocker, type DockerInfo } from './docker.js';
import { provisionSandboxRuntime, type SandboxRuntimeInfo } from './sandbox-runtime.js';
import { provisionSurfaceRuntime, type SurfaceRuntimeInfo } from './surface-runtime.js';
import { provisionChromium, type ChromiumInfo } from './chromium.js';
import { provisionNginx, type NginxInfo } from './nginx.js';
import { provisionSchemathesis, type SchemathesisInfo } from './schemathesis.js';
import { provisionHelm, type HelmInfo } from './helm.js';
import { provisionKubernetes, type KubernetesInfo } from './kubernetes.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The S3 endpoint and bucket of a running SeaweedFS; null when it could not be started. */
    seaweedfs: SeaweedfsInfo | null;
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
    /** A single-node Kubernetes cluster with the sandbox image on its node; null when unavailable. */
    kubernetes: KubernetesInfo | null;
  }
}

/**
 * Provisions what the suites need and provides it to them through `inject(...)`. Each
 * prerequisite lives in its own module; its suites skip (or, with REQUIRE_ALL_SUITES=1, the run
 * fails) when it cannot be had.
 */
type Teardown = () => Promise<void>;

export default async function setup(project: TestProject): Promise<Teardown> {
  const teardowns: Teardown[] = [];
  // TEST_PREREQUISITES=none, or a list of ProvidedContext names such as "sandboxRuntime,chromium",
  // provisions only those; the suites that need the others skip. Unset, everything is provisioned.
  const wanted = process.env.TEST_PREREQUISITES?.split(',').map((name) => name.trim());
  const provisionSuite = <T>(key: string, suite: string, provision: () => Promise<T>): Promise<T | null> =>
    wanted && !wanted.includes(key) ? Promise.resolve(null) : provisionEverySuite(suite, provision);

  // Suites that spawn the `notebook-hub` command run the compiled service: bring the build up to
  // date once here rather than racing to build it from several hub processes.
  execFileSync(process.execPath, [path.resolve(import.meta.dirname, '../../scripts/build.mjs'), '--if-stale'], { stdio: 'inherit' });

  const seaweedfs = await provisionSuite('seaweedfs', 's3 (SeaweedFS)', startSeaweedfs);
  if (seaweedfs) {
    const { stop, ...info } = seaweedfs;
    teardowns.push(stop);
    project.provide('seaweedfs', info);
  } else {
    project.provide('seaweedfs', null);
  }

  project.provide('sandboxRuntime', await provisionSuite('sandboxRuntime', 'sandbox runtime (marimo venv)', provisionSandboxRuntime));

  project.provide('surfaceRuntime', await provisionSuite('surfaceRuntime', 'surfaces (code-server + OpenCode)', provisionSurfaceRuntime));

  project.provide('chromium', await provisionSuite('chromium', 'browser (chromium)', provisionChromium));

  project.provide('nginx', await provisionSuite('nginx', 'reverse proxy (nginx)', provisionNginx));

  project.provide('schemathesis', await provisionSuite('schemathesis', 'API contract (schemathesis)', provisionSchemathesis));

  project.provide('helm', await provisionSuite('helm', 'Helm chart (helm + kubernetes-validate)', provisionHelm));

  const docker = await provisionSuite('docker', 'docker (dockerd + sandbox image)', provisionDocker);
  if (docker) {
    const { stop, ...info } = docker;
    teardowns.push(stop);
    project.provide('docker', info);
  } else {
    project.provide('docker', null);
  }

  const cluster = await provisionSuite('kubernetes', 'kubernetes (single-node cluster)', () => provisionKubernetes(docker));
  if (cluster) {
    const { stop, ...info } = cluster;
    teardowns.push(stop);
    project.provide('kubernetes', info);
  } else {
    project.provide('kubernetes', null);
  }
  return async () => {
    for (const teardown of teardowns.reverse()) await teardown().catch((error: unknown) => console.error(error));
  };
}
