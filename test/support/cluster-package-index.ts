import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { KubernetesInfo } from '../setup/kubernetes.js';
import { testNamespace } from './kubernetes-cluster.js';
import { startPackageIndex } from './package-index.js';
import { makeTempDir } from './temp-dir.js';

/**
 * A package index for pods: the wheels the test builds (as test/support/package-index.ts does),
 * laid out as a static PEP 503 index in a ConfigMap and served by Python's http.server in a pod of
 * the test cluster (the sandbox image), in a namespace of its own. Pods reach it at its pod
 * address; nothing on this machine's loopback, which pods do not share, is involved.
 */
export interface ClusterPackageIndex {
  /** `http://<the pod's address>:8000/simple`. */
  url: string;
  close(): Promise<void>;
}

const PORT = 8000;
const ROOT = '/srv/index';
const normalized = (name: string) => name.toLowerCase().replace(/[-_.]+/g, '-');

export async function startClusterPackageIndex(
  cluster: KubernetesInfo,
  packages: { name: string; version: string; requires?: string[] }[],
): Promise<ClusterPackageIndex> {
  const temp = await makeTempDir('cluster-index');
  const { core, namespace, remove } = await testNamespace(cluster, 'package-index');
  const close = async () => {
    await remove().catch(() => {});
    await temp.cleanup();
  };
  try {
    const writer = await startPackageIndex(temp.dir);
    for (const { name, version, requires } of packages) await writer.add(name, version, requires ? { requires } : {});
    await writer.close();
    const files: Record<string, Buffer> = {};
    const links = new Map<string, string[]>();
    for (const wheel of (await readdir(temp.dir)).filter((file) => file.endsWith('.whl'))) {
      const body = await readFile(path.join(temp.dir, wheel));
      files[`files/${wheel}`] = body;
      const project = normalized(wheel.split('-')[0]!);
      const digest = createHash('sha256').update(body).digest('hex');
      links.set(project, [...(links.get(project) ?? []), `<a href="../../files/${wheel}#sha256=${digest}">${wheel}</a>`]);
    }
    for (const [project, anchors] of links)
      files[`simple/${project}/index.html`] = Buffer.from(`<!DOCTYPE html><html><body>${anchors.join('\n')}</body></html>`);
    // ConfigMap keys cannot hold `/`: each file gets a key, and the volume puts it at its path.
    const entries = Object.entries(files).map(([file, body], index) => ({ key: `f${index}`, file, body }));
    await core.createNamespacedConfigMap({
      namespace,
      body: { metadata: { name: 'package-index' }, binaryData: Object.fromEntries(entries.map(({ key, body }) => [key, body.toString('base64')])) },
    });
    await core.createNamespacedPod({
      namespace,
      body: {
        metadata: { name: 'package-index', labels: { 'notebook-hub.test': 'package-index' } },
        spec: {
          restartPolicy: 'Never',
          automountServiceAccountToken: false,
          containers: [
            {
              name: 'index',
              image: cluster.image,
              imagePullPolicy: 'Never',
              command: ['python3', '-m', 'http.server', String(PORT), '--bind', '0.0.0.0', '--directory', ROOT],
              ports: [{ containerPort: PORT }],
              readinessProbe: { httpGet: { path: '/simple/', port: PORT }, periodSeconds: 1 },
              resources: { requests: { cpu: '10m', memory: '32Mi' } },
              volumeMounts: [{ name: 'index', mountPath: ROOT, readOnly: true }],
            },
          ],
          volumes: [{ name: 'index', configMap: { name: 'package-index', items: entries.map(({ key, file }) => ({ key, path: file })) } }],
        },
      },
    });
    const deadline = Date.now() + 180_000;
    for (;;) {
      const pod = await core.readNamespacedPod({ name: 'package-index', namespace });
      const ready = pod.status?.conditions?.some((condition) => condition.type === 'Ready' && condition.status === 'True');
      if (ready && pod.status?.podIP) return { url: `http://${pod.status.podIP}:${PORT}/simple`, close };
      if (pod.status?.phase === 'Failed' || pod.status?.phase === 'Succeeded') throw new Error(`the package index pod ended: ${JSON.stringify(pod.status)}`);
      if (Date.now() > deadline) throw new Error(`the package index pod was not ready within 180 s: ${JSON.stringify(pod.status?.conditions)}`);
      await sleep(500);
    }
  } catch (error) {
    await close();
    throw error;
  }
}
