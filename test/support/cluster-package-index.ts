import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { loadKubeConfig } from '../../sandbox-drivers/src/kubernetes/kube-config.js';
import { podRun } from '../../sandbox-drivers/src/kubernetes/kube-exec.js';
import { CONTAINER } from '../../sandbox-drivers/src/kubernetes/pod-manifest.js';
import type { KubernetesInfo } from '../setup/kubernetes.js';
import { testNamespace } from './kubernetes-cluster.js';
import { startPackageIndex } from './package-index.js';
import { makeTempDir } from './temp-dir.js';

/**
 * A package index for pods: wheels laid out as a static PEP 503 index, served by Python's
 * http.server in a pod of the test cluster (the sandbox image), in a namespace of its own. Pods
 * reach it at its pod address; nothing on this machine's loopback, which pods do not share, is
 * involved. The wheels are the ones the test builds (as test/support/package-index.ts does), or
 * those of a folder (the benchmark's real packages), written into the pod over exec.
 */
export interface ClusterPackageIndex {
  /** `http://<the pod's address>:8000/simple`. */
  url: string;
  close(): Promise<void>;
}

const PORT = 8000;
const ROOT = '/tmp/index';
const NAME = 'package-index';
const normalized = (name: string) => name.toLowerCase().replace(/[-_.]+/g, '-');

export async function startClusterPackageIndex(
  cluster: KubernetesInfo,
  wheels: { name: string; version: string; requires?: string[] }[] | { folder: string },
): Promise<ClusterPackageIndex> {
  const temp = await makeTempDir('cluster-index');
  const { core, namespace, remove } = await testNamespace(cluster, NAME);
  const close = async () => {
    await remove().catch(() => {});
    await temp.cleanup();
  };
  try {
    let folder = temp.dir;
    if ('folder' in wheels) folder = wheels.folder;
    else {
      const writer = await startPackageIndex(temp.dir);
      for (const { name, version, requires } of wheels) await writer.add(name, version, requires ? { requires } : {});
      await writer.close();
    }
    await core.createNamespacedPod({
      namespace,
      body: {
        metadata: { name: NAME, labels: { 'notebook-hub.test': NAME } },
        spec: {
          restartPolicy: 'Never',
          automountServiceAccountToken: false,
          containers: [
            {
              // The driver's container name: its exec helpers write the files.
              name: CONTAINER,
              image: cluster.image,
              imagePullPolicy: 'Never',
              command: ['sh', '-c', `mkdir -p ${ROOT}/simple && exec python3 -m http.server ${PORT} --bind 0.0.0.0 --directory ${ROOT}`],
              ports: [{ containerPort: PORT }],
              readinessProbe: { httpGet: { path: '/simple/', port: PORT }, periodSeconds: 1 },
              resources: { requests: { cpu: '10m', memory: '32Mi' } },
            },
          ],
        },
      },
    });
    const deadline = Date.now() + 180_000;
    let address: string;
    for (;;) {
      const pod = await core.readNamespacedPod({ name: NAME, namespace });
      const ready = pod.status?.conditions?.some((condition) => condition.type === 'Ready' && condition.status === 'True');
      if (ready && pod.status?.podIP) {
        address = pod.status.podIP;
        break;
      }
      if (pod.status?.phase === 'Failed' || pod.status?.phase === 'Succeeded') throw new Error(`the package index pod ended: ${JSON.stringify(pod.status)}`);
      if (Date.now() > deadline) throw new Error(`the package index pod was not ready within 180 s: ${JSON.stringify(pod.status?.conditions)}`);
      await sleep(500);
    }
    const target = { kubeConfig: loadKubeConfig({ kubeconfig: cluster.kubeconfig, context: null }), namespace, pod: NAME, cwd: '/tmp' };
    const put = async (file: string, body: Buffer) => {
      const written = await podRun(target, ['sh', '-c', 'mkdir -p "$(dirname "$1")" && cat > "$1"', 'sh', `${ROOT}/${file}`], body);
      if (written.exitCode !== 0) throw new Error(`cannot write ${file} into the package index pod: ${written.stderr}`);
    };
    const links = new Map<string, string[]>();
    for (const wheel of (await readdir(folder)).filter((file) => file.endsWith('.whl'))) {
      const body = await readFile(path.join(folder, wheel));
      await put(`files/${wheel}`, body);
      const project = normalized(wheel.split('-')[0]!);
      const digest = createHash('sha256').update(body).digest('hex');
      links.set(project, [...(links.get(project) ?? []), `<a href="../../files/${wheel}#sha256=${digest}">${wheel}</a>`]);
    }
    for (const [project, anchors] of links)
      await put(`simple/${project}/index.html`, Buffer.from(`<!DOCTYPE html><html><body>${anchors.join('\n')}</body></html>`));
    return { url: `http://${address}:${PORT}/simple`, close };
  } catch (error) {
    await close();
    throw error;
  }
}
