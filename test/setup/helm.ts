import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { testCacheDir } from './cache-dir.js';
import { withCacheLock } from './cache-lock.js';
import { ensurePythonVenv } from './python-venv.js';

const run = promisify(execFile);

/** What the Helm chart suite gets through `prerequisite('helm')`. */
export interface HelmInfo {
  /** The helm executable. */
  helm: string;
  /** The `kubernetes-validate` executable of a cached venv: validates manifests against Kubernetes' schemas offline. */
  kubernetesValidate: string;
}

/**
 * The pinned helm. No package registry reached here ships a helm binary, but the Go module proxy
 * serves helm's source and dependencies, so helm is built with `go install`. The linker flags are
 * the ones helm's own release build sets (its Makefile) for a tagged release: the version, with no
 * build metadata. Helm 4 needs no flag for the Kubernetes version it assumes when no cluster is
 * asked: it reads it from the client-go module recorded in the binary's build info (client-go
 * v0.37 gives Kubernetes 1.37), which `go install` keeps.
 */
export const HELM_VERSION = 'v4.3.1';
const HELM_MODULE = 'helm.sh/helm/v4';

/** Kubernetes' JSON schemas for 1.25 to 1.37 ship inside this PyPI package: no network when validating. */
export const KUBERNETES_VALIDATE_PACKAGES = ['kubernetes-validate==1.37.0'];

export async function provisionHelm(): Promise<HelmInfo> {
  const [helm, venv] = await Promise.all([ensureHelm(), ensurePythonVenv('kubernetes-validate', KUBERNETES_VALIDATE_PACKAGES)]);
  return { helm, kubernetesValidate: venv.bin('kubernetes-validate') };
}

/** HELM_PATH names a helm to use as it is; otherwise the cached build, made once. */
async function ensureHelm(): Promise<string> {
  const explicit = process.env.HELM_PATH;
  if (explicit) {
    if (!existsSync(explicit)) throw new Error(`HELM_PATH=${explicit} does not exist`);
    return explicit;
  }
  const dir = testCacheDir('helm', HELM_VERSION);
  const helm = path.join(dir, 'helm');
  const built = async () => existsSync(helm) && (await reportedVersion(helm)) === HELM_VERSION;
  if (await built()) return helm;
  // Another run (or npm test's background provisioning) may be building it: wait for it, then look again.
  return withCacheLock(dir, 'build.lock', async () => {
    if (!(await built())) await buildHelm(dir, helm);
    return helm;
  });
}

async function buildHelm(dir: string, helm: string): Promise<void> {
  const go = findGo();
  process.stderr.write(`[setup] building helm ${HELM_VERSION} with ${go} install (Go module proxy; a few minutes the first time)...\n`);
  const linkerFlags = ['-s', '-w', `-X ${HELM_MODULE}/internal/version.version=${HELM_VERSION}`, `-X ${HELM_MODULE}/internal/version.metadata=`].join(' ');
  try {
    await run(go, ['install', '-trimpath', '-ldflags', linkerFlags, `${HELM_MODULE}/cmd/helm@${HELM_VERSION}`], {
      // Go keeps its module and build caches under HOME; without one (a bare CI environment) they go to the test cache.
      env: {
        ...process.env,
        ...(process.env.HOME ? {} : { GOPATH: testCacheDir('go'), GOCACHE: testCacheDir('go', 'build-cache') }),
        GOBIN: dir,
        CGO_ENABLED: '0',
        GOTOOLCHAIN: 'local',
      },
      cwd: dir,
      maxBuffer: 64 * 1024 * 1024,
      timeout: 30 * 60_000,
    });
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr ?? '';
    throw new Error(`go install of helm ${HELM_VERSION} failed: ${(error as Error).message}\n${stderr.slice(-2000)}`, { cause: error });
  }
  const reported = await reportedVersion(helm);
  if (reported !== HELM_VERSION) throw new Error(`the helm built into ${helm} reports ${reported ?? 'no version'}, not ${HELM_VERSION}`);
}

async function reportedVersion(helm: string): Promise<string | null> {
  try {
    const { stdout } = await run(helm, ['version', '--template', '{{.Version}}']);
    return stdout.trim();
  } catch {
    return null;
  }
}

/** `go` on the PATH, or where Go's own installer puts it. */
export function findGo(): string {
  const fromPath = (process.env.PATH ?? '').split(path.delimiter).map((dir) => path.join(dir, 'go'));
  const found = [...fromPath, '/usr/local/go/bin/go', '/usr/lib/go/bin/go'].find((candidate) => existsSync(candidate));
  if (!found) throw new Error('no Go toolchain to build helm with (install Go, or set HELM_PATH to a helm executable)');
  return found;
}
