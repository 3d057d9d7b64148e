import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { aptInstall } from './apt.js';
import { testCacheDir } from './cache-dir.js';
import type { DockerInfo } from './docker.js';
import { withCacheLock } from './cache-lock.js';
import { joinSharedService } from './shared-service.js';

/** What the Kubernetes suites get through `prerequisite('kubernetes')`. */
export interface KubernetesInfo {
  /** An admin kubeconfig of the single-node test cluster. */
  kubeconfig: string;
  /** The sandbox image, present on the node (pods use it with imagePullPolicy Never). */
  image: string;
  /** The node's bridge address: the API server and kubelet listen there, pods route through it. */
  gateway: string;
  /**
   * The netfilter queue the cluster's NetworkPolicy agent (kube-network-policies) listens on: it
   * is listed in /proc/net/netfilter/nfnetlink_queue while the agent enforces policies.
   */
  networkPolicyQueue: number;
}

const scripts = path.resolve(import.meta.dirname, 'kubernetes');
const PACKAGES = ['etcd-server', 'containerd', 'runc', 'containernetworking-plugins', 'iptables', 'conntrack', 'nftables'];
/** cluster.sh's `agent_queue`. */
const NETWORK_POLICY_QUEUE = 213;

/**
 * A real single-node Kubernetes cluster for the tests (test/setup/kubernetes/cluster.sh): the
 * binaries are built from the Go module proxy once and cached, the sandbox image is imported into
 * the node's containerd from the test Docker engine once per image. Test runs on one machine
 * share the cluster (shared-service.ts), and the NetworkPolicy agent is started on it whoever
 * brought it up: a checkout whose scripts predate the agent leaves a cluster without one.
 */
export async function provisionKubernetes(docker: DockerInfo | null): Promise<KubernetesInfo & { stop: () => Promise<void> }> {
  if (docker === null) throw new Error('needs the docker suite (the sandbox image comes from its engine)');
  if (process.getuid?.() !== 0) throw new Error('a test cluster needs root (bridges, iptables, containerd)');
  const missing = ['etcd', 'containerd', 'runc', 'iptables', 'conntrack', 'nft'].filter((tool) => spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0);
  if (missing.length > 0 || !existsSync('/usr/lib/cni/bridge')) aptInstall(PACKAGES, `${[...missing, 'CNI plugins'].join(', ')} not installed`);
  const dir = testCacheDir('kubernetes');
  const info: KubernetesInfo = {
    kubeconfig: path.join(dir, 'run', 'admin.kubeconfig'),
    image: docker.image,
    gateway: '10.213.0.1',
    networkPolicyQueue: NETWORK_POLICY_QUEUE,
  };
  return joinSharedService(dir, {
    async start(alone) {
      await buildKubernetesBinaries();
      if (alone || !existsSync(info.kubeconfig)) await run('up', dir);
      await run('agent', dir);
      await importImage(dir, docker);
      return info;
    },
    stop: () => run('down', dir),
  });
}

/**
 * Builds the cluster's binaries from the Go module proxy into the cache, or nothing when they are
 * there and up to date (the first build takes a quarter of an hour on two cores). Needs no engine,
 * so `npm test` starts it in the background at once; a lock lets a tier's set-up wait for it.
 */
export async function buildKubernetesBinaries(): Promise<void> {
  if (spawnSync('sh', ['-c', 'command -v go']).status !== 0) throw new Error('go is not installed (the cluster binaries are built from the Go module proxy)');
  const dir = testCacheDir('kubernetes');
  await withCacheLock(dir, 'build.lock', () => spawned('bash', [path.join(scripts, 'build-binaries.sh'), dir]));
}

/** The Debian packages the cluster runs on (the background provisioning installs them with the others at once). */
export const KUBERNETES_PACKAGES = PACKAGES;

/**
 * Copies `docker.image` (the sandbox image, or another image of the test engine such as the hub's)
 * into the node's containerd under `dir` (the cluster's cache folder), unless it is there.
 */
export async function importImage(dir: string, docker: DockerInfo): Promise<void> {
  const reference = docker.image.includes('/') ? docker.image : `docker.io/library/${docker.image}`;
  const listed = spawnSync('ctr', ['--address', path.join(dir, 'run', 'containerd.sock'), '--namespace', 'k8s.io', 'images', 'ls', '-q'], { encoding: 'utf8' });
  if (listed.stdout.split('\n').includes(reference)) return;
  process.stderr.write(`[setup] importing ${docker.image} into the cluster's containerd...\n`);
  await spawned('bash', ['-c', `docker save "$1" | "$2" import "$3"`, 'import', docker.image, path.join(scripts, 'cluster.sh'), dir], {
    DOCKER_HOST: `unix://${docker.socketPath}`,
  });
}

const run = (command: 'up' | 'agent' | 'down', dir: string) => spawned('bash', [path.join(scripts, 'cluster.sh'), command, dir]);

function spawned(command: string, args: string[], env: Record<string, string> = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, ...env } });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(args[0] ?? command)} ${args[1] ?? ''} failed with exit ${code}`)),
    );
  });
}
