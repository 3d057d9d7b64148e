import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { NetworkingV1Api, type CoreV1Api } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { networkPolicyAgentListening, runPodToCompletion, testNamespace } from '../../../test/support/kubernetes-cluster.js';
import { kubernetesDriverFrom } from '../testing/driver-config.js';
import { loadKubeConfig } from './kube-config.js';
import type { KubernetesSandboxDriver } from './kubernetes-driver.js';
import { networkPolicyName, sandboxNetworkPolicy } from './network-policy.js';
import { prerequisite } from '../../../test/setup/prerequisites.js';

/**
 * The sandboxes' NetworkPolicy enforced by a real agent (kube-network-policies, started with the
 * test cluster: docs/kubernetes.md, "NetworkPolicy enforcement in the test cluster"): only the
 * hub's pods and the hub's addresses reach a sandbox. The last cases change and then remove the
 * policy, to show that the refusals are the policy's doing and that each probe can tell a refusal
 * from a connection.
 */
const cluster = prerequisite('kubernetes');

const OWNER = 'netpol-enforced';
/** The hub's pod labels and address as kubernetesDriverFrom configures them (the Helm chart's selector labels, the node's gateway). */
const HUB_POD_LABELS = { 'app.kubernetes.io/name': 'notebook-hub' };
/** An unprivileged user on the node: the agent, like kube-network-policies upstream, lets the node's root through unchecked. */
const NOBODY = 65534;
/** How long a probe keeps trying to connect: long for an admitted peer (the agent learns a new pod's address), a few seconds to show a refusal. */
const ADMITTED_WITHIN_SECONDS = 30;
const REFUSED_FOR_SECONDS = 6;

/**
 * Opens TCP connections to HOST:PORT until one opens (prints "connected") or WINDOW seconds have
 * passed (prints the last failure). Each attempt gives up after 3 seconds: a dropped SYN is a timeout.
 */
const CONNECT_PROBE = `
import socket, sys, time
host, port, window = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
end = time.monotonic() + window
while True:
    try:
        socket.create_connection((host, port), timeout=3).close()
        print("connected")
        break
    except OSError as error:
        outcome = f"{type(error).__name__}: {error}"
    if time.monotonic() >= end:
        print(outcome)
        break
    time.sleep(0.5)
`;

describe.skipIf(cluster === null)('NetworkPolicy enforcement of the sandboxes on the test cluster', () => {
  let core: CoreV1Api;
  let namespace: string;
  let otherNamespace: string;
  const removals: (() => Promise<void>)[] = [];
  let driver: KubernetesSandboxDriver;
  let sandboxId: string;
  let target: { host: string; port: number };

  /** What a probe pod in `namespaceName` with `labels` gets from the sandbox. */
  const probeFromPod = async (namespaceName: string, labels: Record<string, string>, windowSeconds: number): Promise<string> => {
    const { output } = await runPodToCompletion(core, cluster!, {
      namespace: namespaceName,
      namePrefix: 'probe',
      labels,
      argv: ['python3', '-c', CONNECT_PROBE, target.host, String(target.port), String(windowSeconds)],
      timeoutMs: (windowSeconds + 60) * 1000,
    });
    return output.trim();
  };

  /** What a process of an unprivileged user on the node (source address: the gateway) gets from the sandbox. */
  const probeFromNode = async (windowSeconds: number): Promise<string> => {
    const { stdout } = await promisify(execFile)('/usr/bin/python3', ['-c', CONNECT_PROBE, target.host, String(target.port), String(windowSeconds)], {
      uid: NOBODY,
      gid: NOBODY,
      cwd: '/',
    });
    return stdout.trim();
  };

  /** Waits until a short probe from the node is refused: the agent has seen the policy change. */
  const untilRefusedFromNode = async (seconds: number): Promise<void> => {
    const deadline = Date.now() + seconds * 1000;
    while ((await probeFromNode(0)) === 'connected' && Date.now() < deadline) await sleep(500);
  };

  beforeAll(async () => {
    if (!networkPolicyAgentListening(cluster!)) {
      throw new Error(
        `the test cluster's NetworkPolicy agent does not listen on netfilter queue ${cluster!.networkPolicyQueue} ` +
          '(its log: network-policy-agent/agent.log in the cluster cache folder)',
      );
    }
    const own = await testNamespace(cluster!, 'netpol');
    removals.push(own.remove);
    ({ core, namespace } = own);
    const other = await testNamespace(cluster!, 'netpol-other');
    removals.push(other.remove);
    otherNamespace = other.namespace;

    driver = kubernetesDriverFrom({ kind: 'kubernetes', ownerId: OWNER, kubeconfig: cluster!.kubeconfig, namespace, image: cluster!.image });
    const sandbox = await driver.create({ compute: { cpu: 0.1 }, ports: ['web'] });
    sandboxId = sandbox.id;
    await driver.spawn(sandbox.id, { argv: ['python3', '-m', 'http.server', '--bind', sandbox.bindHost, String(sandbox.ports.web)] });
    await driver.waitReady(sandbox.id, { probe: { kind: 'http', port: 'web', path: '/' }, timeoutMs: 60_000 });
    target = await driver.exposePort(sandbox.id, 'web');
  });

  afterAll(async () => {
    if (sandboxId) await driver.destroy(sandboxId).catch(() => {});
    for (const remove of removals) await remove().catch(() => {});
  });

  it("admits a pod carrying the hub's labels", async () => {
    expect(await probeFromPod(namespace, HUB_POD_LABELS, ADMITTED_WITHIN_SECONDS)).toBe('connected');
  }, 120_000);

  it("admits the hub's address on the node (a configured CIDR)", async () => {
    expect(await probeFromNode(ADMITTED_WITHIN_SECONDS)).toBe('connected');
  }, 60_000);

  it("refuses a pod without the hub's labels", async () => {
    expect(await probeFromPod(namespace, { 'app.kubernetes.io/name': 'intruder' }, REFUSED_FOR_SECONDS)).toMatch(/timed out|refused/i);
  }, 120_000);

  it("refuses a pod with the hub's labels in another namespace", async () => {
    expect(await probeFromPod(otherNamespace, HUB_POD_LABELS, REFUSED_FOR_SECONDS)).toMatch(/timed out|refused/i);
  }, 120_000);

  it("refuses the node's address once the policy no longer lists its CIDR", async () => {
    const networking = loadKubeConfig({ kubeconfig: cluster!.kubeconfig, context: null }).makeApiClient(NetworkingV1Api);
    const name = networkPolicyName(OWNER);
    const current = await networking.readNamespacedNetworkPolicy({ name, namespace });
    const withoutCidrs = sandboxNetworkPolicy(namespace, OWNER, { podLabels: HUB_POD_LABELS, cidrs: [] });
    await networking.replaceNamespacedNetworkPolicy({
      name,
      namespace,
      body: { ...withoutCidrs, metadata: { ...withoutCidrs.metadata, resourceVersion: current.metadata?.resourceVersion } },
    });
    await untilRefusedFromNode(30);
    expect(await probeFromNode(REFUSED_FOR_SECONDS)).toMatch(/timed out|refused/i);
  }, 120_000);

  it("lets a pod without the hub's labels in once the policy is gone", async () => {
    const networking = loadKubeConfig({ kubeconfig: cluster!.kubeconfig, context: null }).makeApiClient(NetworkingV1Api);
    await networking.deleteNamespacedNetworkPolicy({ name: networkPolicyName(OWNER), namespace });
    expect(await probeFromPod(namespace, { 'app.kubernetes.io/name': 'intruder' }, ADMITTED_WITHIN_SECONDS)).toBe('connected');
  }, 120_000);
});
