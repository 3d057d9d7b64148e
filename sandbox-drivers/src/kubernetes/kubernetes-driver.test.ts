import { createHash, randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { CoreV1Api, NetworkingV1Api, type KubeConfig } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeSandboxDriverConformance } from '../conformance.js';
import { startMarimo } from '../marimo/marimo-server.js';
import { kubernetesDriverFrom, type DriverConfig } from '../testing/driver-config.js';
import { podCommand } from './kube-exec.js';
import { loadKubeConfig } from './kube-config.js';
import { networkPolicyName } from './network-policy.js';
import { LABEL, podNameOf } from './pod-manifest.js';
import { prerequisite } from '../../../test/setup/prerequisites.js';

const cluster = prerequisite('kubernetes');
const kubeConfig: KubeConfig | null = cluster === null ? null : loadKubeConfig({ kubeconfig: cluster.kubeconfig, context: null });
const core = kubeConfig?.makeApiClient(CoreV1Api) ?? null;

/** A namespace of its own per suite, so that suites (and test runs) sharing the cluster stay apart. */
function useNamespace(prefix: string): () => string {
  const namespace = `${prefix}-${randomBytes(3).toString('hex')}`;
  if (core === null) return () => namespace;
  beforeAll(async () => {
    await core.createNamespace({ body: { metadata: { name: namespace } } });
  });
  afterAll(async () => {
    await core.deleteNamespace({ name: namespace, gracePeriodSeconds: 0 }).catch(() => {});
  });
  return () => namespace;
}

const configOf = (
  namespace: string,
  ownerId: string,
  extra: Partial<Extract<DriverConfig, { kind: 'kubernetes' }>> = {},
): Extract<DriverConfig, { kind: 'kubernetes' }> => ({
  kind: 'kubernetes',
  ownerId,
  kubeconfig: cluster!.kubeconfig,
  namespace,
  image: cluster!.image,
  ...extra,
});

const conformanceNamespace = useNamespace('conformance');
describeSandboxDriverConformance(
  'kubernetes',
  cluster === null
    ? null
    : {
        config: (ownerId) => configOf(conformanceNamespace(), ownerId),
        endpoints: 'cluster',
        crash: async (driver, sandbox) => {
          // The container's own process (sleep) killed from inside: the pod's container ends, as in a crash.
          await driver.exec(sandbox.id, {
            argv: [
              'sh',
              '-c',
              'for p in /proc/[0-9]*; do [ "$(tr "\\0" " " < $p/cmdline 2>/dev/null)" = "sleep infinity " ] && kill -KILL "${p#/proc/}"; done; true',
            ],
          });
        },
      },
);

describe.skipIf(cluster === null)('kubernetes driver specifics', () => {
  const namespace = useNamespace('specifics');

  it('runs sandbox pods locked down: non-root, no privilege, no capabilities, no API token, capped lifetime, behind a NetworkPolicy', async () => {
    const driver = kubernetesDriverFrom(configOf(namespace(), 'k8s-specifics'), { lifetimeCapSeconds: 7200, requestRatio: 0.5 });
    const steps: string[] = [];
    const sandbox = await driver.create(
      { compute: { cpu: 0.5, memory_bytes: 512 * 1024 ** 2 }, ports: ['marimo'], labels: { session_id: 'ses-1', project_id: 'prj-1' } },
      { onProgress: (step) => steps.push(step) },
    );
    try {
      const pod = await core!.readNamespacedPod({ name: podNameOf(sandbox.id), namespace: namespace() });
      const spec = pod.spec!;
      const container = spec.containers[0]!;
      expect(spec.automountServiceAccountToken).toBe(false);
      expect(spec.activeDeadlineSeconds).toBe(7200);
      expect(spec.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 1000, seccompProfile: { type: 'RuntimeDefault' } });
      expect(container.securityContext).toMatchObject({ allowPrivilegeEscalation: false, privileged: false, capabilities: { drop: ['ALL'] } });
      expect(container.resources).toEqual({
        limits: { cpu: '500m', memory: String(512 * 1024 ** 2) },
        requests: { cpu: '250m', memory: String(256 * 1024 ** 2) },
      });
      expect(pod.metadata!.labels).toMatchObject({
        [LABEL.sandbox]: sandbox.id,
        'notebook-hub.dev/session-id': 'ses-1',
        'notebook-hub.dev/project-id': 'prj-1',
      });
      // No service account token inside: a notebook cannot talk to the API server.
      const token = await driver.exec(sandbox.id, { argv: ['sh', '-c', 'ls /var/run/secrets/kubernetes.io/serviceaccount 2>&1; id -u'] });
      expect(token.stdout).toMatch(/No such file or directory\n1000\n$/);
      const policy = await kubeConfig!
        .makeApiClient(NetworkingV1Api)
        .readNamespacedNetworkPolicy({ name: networkPolicyName('k8s-specifics'), namespace: namespace() });
      expect(policy.spec!.podSelector?.matchLabels).toMatchObject({ [LABEL.component]: 'sandbox', [LABEL.owner]: 'k8s-specifics' });
      expect(policy.spec!.ingress).toEqual([
        { _from: [{ podSelector: { matchLabels: { 'app.kubernetes.io/name': 'notebook-hub' } } }, { ipBlock: { cidr: '10.213.0.1/32' } }] },
      ]);
      // The start was followed step by step, ending with the container running.
      expect(steps[0]).toBe('pod created, waiting for a node');
      expect(steps).toEqual(expect.arrayContaining([expect.stringMatching(/^scheduled on node /), 'container started']));
    } finally {
      await driver.destroy(sandbox.id);
    }
  });

  it('asks for a GPU as the configured extended resource, and says at once when no node has one', async () => {
    const driver = kubernetesDriverFrom(configOf(namespace(), 'k8s-gpu'), { gpuResource: 'example.com/gpu' });
    const began = Date.now();
    const refused = await driver.create({ compute: { cpu: 0.1, gpu: '1' } }).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: 'CAPACITY', message: expect.stringMatching(/Insufficient example\.com\/gpu/) });
    expect(Date.now() - began).toBeLessThan(30_000);
    expect(await driver.list()).toEqual([]);
  });

  it('ends a start at once when the node cannot fit the pod, and leaves no pod behind', async () => {
    const driver = kubernetesDriverFrom(configOf(namespace(), 'k8s-unschedulable'), { requestRatio: 1 });
    const refused = await driver.create({ compute: { cpu: 64, memory_bytes: 1024 ** 3 } }).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: 'CAPACITY', message: expect.stringMatching(/Insufficient cpu/) });
    const pods = await core!.listNamespacedPod({ namespace: namespace(), labelSelector: `${LABEL.owner}=k8s-unschedulable` });
    expect(pods.items.filter((pod) => !pod.metadata?.deletionTimestamp)).toEqual([]);
  });

  it('ends a start at once when the image is not on the node', async () => {
    const driver = kubernetesDriverFrom(configOf(namespace(), 'k8s-no-image', { image: 'notebook-hub-sandbox:not-on-this-node' }));
    const refused = await driver.create({ compute: { cpu: 0.1 } }).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: 'BACKEND_ERROR', message: expect.stringMatching(/notebook-hub-sandbox:not-on-this-node.*ErrImageNeverPull/) });
    expect(await driver.list()).toEqual([]);
  });

  it('reports a namespace quota that has no room as a lack of capacity', async () => {
    const quotaNamespace = `${namespace()}`;
    await core!.createNamespacedResourceQuota({
      namespace: quotaNamespace,
      body: { metadata: { name: 'tiny' }, spec: { hard: { 'limits.memory': '64Mi' } } },
    });
    try {
      const driver = kubernetesDriverFrom(configOf(quotaNamespace, 'k8s-quota'));
      const refused = await driver.create({ compute: { cpu: 0.1, memory_bytes: 1024 ** 3 } }).catch((error: unknown) => error);
      expect(refused).toMatchObject({ code: 'CAPACITY', message: expect.stringMatching(/exceeded quota/) });
    } finally {
      await core!.deleteNamespacedResourceQuota({ name: 'tiny', namespace: quotaNamespace });
    }
  });

  it('reaches sandboxes through a Service per sandbox when configured to', async () => {
    const driver = kubernetesDriverFrom(configOf(namespace(), 'k8s-service', { exposure: 'service' }));
    const sandbox = await driver.create({ compute: { cpu: 0.1 }, ports: ['web'] });
    try {
      await driver.writeFile(sandbox.id, 'hello.txt', 'through a service');
      await driver.spawn(sandbox.id, { argv: ['python3', '-m', 'http.server', '--bind', sandbox.bindHost, String(sandbox.ports.web)] });
      // kube-proxy programs a new Service's rules on its own schedule, slower on a busy node.
      await driver.waitReady(sandbox.id, { probe: { kind: 'http', port: 'web', path: '/hello.txt' }, timeoutMs: 90_000 });
      const endpoint = await driver.exposePort(sandbox.id, 'web');
      expect(endpoint.host).toMatch(/^10\.214\./);
      expect(await (await fetch(`http://${endpoint.host}:${endpoint.port}/hello.txt`)).text()).toBe('through a service');
    } finally {
      await driver.destroy(sandbox.id);
    }
    await expect(core!.readNamespacedService({ name: podNameOf(sandbox.id), namespace: namespace() })).rejects.toMatchObject({ code: 404 });
  }, 150_000);

  it('carries files over one open channel per sandbox, and falls back to plain execs when the channel is lost', async () => {
    const driver = kubernetesDriverFrom(configOf(namespace(), 'k8s-files'));
    const sandbox = await driver.create({ compute: { cpu: 0.1 } });
    const channelProcesses = async () =>
      (await driver.exec(sandbox.id, { argv: ['sh', '-c', 'grep -l "requests[.]readline" /proc/[0-9]*/cmdline 2>/dev/null | wc -l'] })).stdout.trim();
    try {
      const large = Buffer.alloc(3_000_000, 0xa5);
      await driver.writeFile(sandbox.id, 'deep/large.bin', large);
      await driver.writeFile(sandbox.id, 'small.txt', 'one');
      expect((await driver.readFile(sandbox.id, 'deep/large.bin')).equals(large)).toBe(true);
      await expect(driver.readFile(sandbox.id, 'missing.txt')).rejects.toMatchObject({ code: 'NOT_FOUND' });
      await expect(driver.writeFile(sandbox.id, 'deep', 'a folder is in the way')).rejects.toMatchObject({ code: 'BACKEND_ERROR' });
      // Every one of those went over the same channel: one process serves them.
      expect(await channelProcesses()).toBe('1');

      // The notebook's code can kill it: the next request still works, over a plain exec or a new channel.
      await driver.exec(sandbox.id, {
        argv: ['sh', '-c', 'for f in $(grep -l "requests[.]readline" /proc/[0-9]*/cmdline); do p=${f#/proc/}; kill -KILL ${p%/cmdline}; done'],
      });
      await driver.writeFile(sandbox.id, 'small.txt', 'two');
      expect((await driver.readFile(sandbox.id, 'small.txt')).toString()).toBe('two');
      expect((await driver.exec(sandbox.id, { argv: ['cat', 'small.txt'] })).stdout).toBe('two');
    } finally {
      await driver.destroy(sandbox.id);
    }
  });

  it('carries a file larger than one WebSocket message can, over the file channel and on a command’s stdin', async () => {
    const driver = kubernetesDriverFrom(configOf(namespace(), 'k8s-large-files'));
    const sandbox = await driver.create({ compute: { cpu: 0.1, memory_bytes: 512 * 1024 ** 2 } });
    try {
      // An environment's archive is tens of MiB; one message of 32 MiB ends the connection.
      const archive = randomBytes(40 * 1024 ** 2);
      const digest = createHash('sha256').update(archive).digest('hex');
      await driver.writeFile(sandbox.id, 'archive.bin', archive);
      expect((await driver.readFile(sandbox.id, 'archive.bin')).equals(archive)).toBe(true);
      const piped = await driver.exec(sandbox.id, {
        argv: ['sh', '-c', 'cat > piped.bin && sha256sum piped.bin'],
        stdin: archive,
        timeoutMs: 120_000,
        check: true,
      });
      expect(piped.stdout.split(' ')[0]).toBe(digest);
    } finally {
      await driver.destroy(sandbox.id);
    }
  }, 180_000);

  it("gives commands their environment over stdin, never on the exec's command line (which audit logs record)", async () => {
    const env = { SURFACE_PASSWORD: 'not-for-the-audit-log', SPACED: ' a  b ', LINES: 'one\ntwo\n\n', QUOTED: `it's "q" $HOME \`x\``, EMPTY: '', TEXT: 'é✓' };
    const script = 'import json, os, sys; print(json.dumps({name: os.environ.get(name) for name in sys.argv[1:]})); print(sys.stdin.read(), end="")';
    const request = { argv: ['python3', '-c', script, ...Object.keys(env)], env, stdin: 'the command still gets its own input\n' };
    const { argv } = podCommand(request, '/workspace');
    for (const value of Object.values(env).filter((value) => value.trim() !== '')) expect(argv.join(' ')).not.toContain(value);

    const driver = kubernetesDriverFrom(configOf(namespace(), 'k8s-environment'));
    const sandbox = await driver.create({ compute: { cpu: 0.1 } });
    try {
      const result = await driver.exec(sandbox.id, { ...request, check: true });
      const [variables, ...input] = result.stdout.split('\n');
      expect(JSON.parse(variables!)).toEqual(env);
      expect(input.join('\n')).toBe('the command still gets its own input\n');
      await expect(driver.exec(sandbox.id, { argv: ['true'], env: { 'NOT A NAME': 'x' } })).rejects.toMatchObject({ code: 'SPAWN_FAILED' });
    } finally {
      await driver.destroy(sandbox.id);
    }
  });

  it("starts marimo from the pod's launcher, ends it with the exec's process, and starts it plainly without a launcher", async () => {
    const driver = kubernetesDriverFrom(configOf(namespace(), 'k8s-launcher'));
    const sandbox = await driver.create({ compute: { cpu: 0.5 }, ports: ['marimo'] });
    // The launcher, and every process forked from it, runs the launcher's program; the exec's own process runs the client.
    const count = async (pattern: string) =>
      Number((await driver.exec(sandbox.id, { argv: ['sh', '-c', `grep -l "${pattern}" /proc/[0-9]*/cmdline 2>/dev/null | wc -l`] })).stdout.trim());
    const kill = (pattern: string) =>
      driver.exec(sandbox.id, {
        argv: ['sh', '-c', `for f in $(grep -l "${pattern}" /proc/[0-9]*/cmdline); do p=\${f#/proc/}; kill -KILL \${p%/cmdline}; done`],
      });
    const start = () =>
      startMarimo(driver, sandbox, {
        mode: 'edit',
        notebook: 'notebook.py',
        baseUrl: '/s/launcher',
        token: 'a-session-secret-of-some-length',
        readyTimeoutMs: 90_000,
      });
    const answers = async (server: Awaited<ReturnType<typeof start>>) =>
      fetch(`http://${server.endpoint.host}:${server.endpoint.port}${server.baseUrl}/health`).then(
        (response) => response.ok,
        () => false,
      );
    try {
      await driver.writeFile(sandbox.id, 'notebook.py', 'import marimo\napp = marimo.App()\n');
      const launched = await start();
      expect(await answers(launched)).toBe(true);
      // The launcher, the supervisor it forked and marimo forked from that.
      expect(await count('marimo[_]main')).toBeGreaterThanOrEqual(3);

      // The process the exec runs stands for marimo: killing it ends marimo too, and the process is seen to exit.
      await kill('send[_]fds');
      expect(await Promise.race([launched.process.exited.then(() => 'exited'), sleep(15_000).then(() => 'running')])).toBe('exited');
      await expect.poll(() => answers(launched), { timeout: 10_000 }).toBe(false);
      await expect.poll(() => count('marimo[_]main'), { timeout: 10_000 }).toBe(1);

      // Without a launcher the same spawn starts marimo itself.
      await kill('marimo[_]main');
      const plain = await start();
      expect(await answers(plain)).toBe(true);
      expect(await count('marimo[_]main')).toBe(0);
    } finally {
      await driver.destroy(sandbox.id);
    }
  }, 150_000);

  it('reports an API server it cannot reach as a backend error', async () => {
    const driver = kubernetesDriverFrom(configOf(namespace(), 'k8s-unreachable'), {
      kubeConfig: unreachable(kubeConfig!),
    });
    await expect(driver.list()).rejects.toMatchObject({ code: 'BACKEND_ERROR' });
    await expect(driver.create({ compute: {} })).rejects.toMatchObject({ code: 'BACKEND_ERROR' });
  });
});

/** The same credentials pointed at a port where nothing listens. */
function unreachable(config: KubeConfig): KubeConfig {
  const copy = loadKubeConfig({ kubeconfig: cluster!.kubeconfig, context: null });
  const current = config.getCurrentCluster()!;
  copy.clusters = [{ ...current, server: 'https://127.0.0.1:1' }];
  return copy;
}
