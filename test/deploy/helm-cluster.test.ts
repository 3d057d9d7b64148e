import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { CoreV1Api, V1Pod } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { ensureHubImage, TEST_HUB_IMAGE_VERSION } from '../setup/hub-image.js';
import { importImage } from '../setup/kubernetes.js';
import { startSeaweedfs } from '../setup/seaweedfs.js';
import { announceSkip } from '../setup/suites.js';
import { runHubCommand } from '../support/hub-process.js';
import { testNamespace } from '../support/kubernetes-session-world.js';
import { connectKernel, saveCells, serverTokenOf } from '../support/marimo-client.js';
import { makeTempDir } from '../support/temp-dir.js';
import { prerequisite } from '../setup/prerequisites.js';

const run = promisify(execFile);
const cluster = prerequisite('kubernetes');
const helm = prerequisite('helm');
const docker = prerequisite('docker');
const missing = Object.entries({ kubernetes: cluster, helm, docker })
  .filter(([, value]) => value === null)
  .map(([name]) => name);
if (missing.length > 0) announceSkip('the Helm chart on the test cluster', `needs ${missing.join(', ')}`);

const CHART = path.resolve(import.meta.dirname, '../../build/helm/notebook-hub');
const RELEASE = 'hub';
const HUB_PORT = 8321;
/** The hub image build (first run), its import and three pods starting on a 2-core node. */
const SETUP_TIMEOUT_MS = 20 * 60_000;

/** `repository:tag` split at the tag's colon (a registry may have a port). */
function splitImage(image: string): { repository: string; tag: string } {
  const colon = image.lastIndexOf(':');
  if (colon <= image.lastIndexOf('/')) return { repository: image, tag: 'latest' };
  return { repository: image.slice(0, colon), tag: image.slice(colon + 1) };
}

/**
 * Reads until `done` holds, once a second; throws after `timeoutMs`. `progress` describes a value,
 * printed when it changes, since pods starting on a busy node may take minutes.
 */
async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number, progress?: (value: T) => string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let reported = '';
  for (;;) {
    const value = await read();
    const line = progress?.(value);
    if (line !== undefined && line !== reported) process.stderr.write(`[helm-cluster] ${what}: ${(reported = line)}\n`);
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

const isReady = (pod: V1Pod): boolean => pod.status?.conditions?.some((condition) => condition.type === 'Ready' && condition.status === 'True') ?? false;

/**
 * `helm install` of the chart into a namespace of the real test cluster: one maintenance replica
 * and two API replicas over S3, the Kubernetes sandbox driver in-cluster. A session started through
 * one API replica is edited, saved and stopped through the other (docs/deploy.md, "Kubernetes (Helm)").
 */
describe.skipIf(missing.length > 0)('the Helm chart on the test cluster (kubernetes driver, S3, 1 + 2 replicas)', () => {
  let work: Awaited<ReturnType<typeof makeTempDir>>;
  let s3: Awaited<ReturnType<typeof startSeaweedfs>> | null = null;
  let namespace: Awaited<ReturnType<typeof testNamespace>> | null = null;
  let installed = false;
  let core: CoreV1Api;
  let hubEnv: Record<string, string>;
  let hubPods: { maintenance: V1Pod; api: V1Pod[] };

  const helmCommand = (args: string[]) =>
    run(helm!.helm, [...args, '--kubeconfig', cluster!.kubeconfig, '--namespace', namespace!.namespace], { maxBuffer: 16 * 1024 * 1024 });
  const listHubPods = async (): Promise<V1Pod[]> =>
    (await core.listNamespacedPod({ namespace: namespace!.namespace, labelSelector: `app.kubernetes.io/instance=${RELEASE}` })).items.filter(
      (pod) => !pod.metadata?.deletionTimestamp,
    );
  const sandboxPods = async (): Promise<V1Pod[]> =>
    (await core.listNamespacedPod({ namespace: namespace!.namespace, labelSelector: 'app.kubernetes.io/component=sandbox' })).items;

  /** What each hub pod says, for a failure's message. */
  const diagnostics = async (): Promise<string> => {
    const pods = await listHubPods().catch(() => []);
    const parts = await Promise.all(
      pods.map(async (pod) => {
        const name = pod.metadata!.name!;
        const log = await core.readNamespacedPodLog({ name, namespace: namespace!.namespace, tailLines: 30 }).catch((error: Error) => error.message);
        return `--- ${name}: ${pod.status?.phase} ${JSON.stringify(pod.status?.containerStatuses?.map((status) => status.state))}\n${log}`;
      }),
    );
    return parts.join('\n');
  };

  beforeAll(async () => {
    work = await makeTempDir('helm-cluster');
    // The hub image, built offline in the test engine, onto the node: pods use it with pullPolicy Never.
    const hubImage = await ensureHubImage({ socketPath: docker!.socketPath, version: TEST_HUB_IMAGE_VERSION });
    await importImage(path.dirname(path.dirname(cluster!.kubeconfig)), { ...docker!, image: hubImage });
    // An S3 store on the node's bridge address, where both the pods and this process reach it.
    s3 = await startSeaweedfs(cluster!.gateway);
    namespace = await testNamespace(cluster!, 'helm');
    core = namespace.core;

    const s3Values = {
      bucket: s3.bucket,
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    };
    // Small requests: three hub pods and a sandbox share a 2-core node with other suites' pods.
    const resources = { requests: { cpu: '100m', memory: '256Mi' }, limits: { memory: '2Gi' } };
    const values = {
      image: { ...splitImage(hubImage), pullPolicy: 'Never' },
      maintenance: { resources },
      api: { replicaCount: 2, resources },
      storage: { type: 's3', s3: s3Values },
      sandbox: {
        driver: 'kubernetes',
        image: { ...splitImage(cluster!.image), pullPolicy: 'Never' },
        kubernetes: { requestRatio: 0.05 },
      },
      hub: { extraEnv: { SERVICE_AUTOMATIC_THUMBNAILS: 'false' } },
    };
    const valuesFile = path.join(work.dir, 'values.yaml');
    await writeFile(valuesFile, stringify(values));
    await helmCommand(['install', RELEASE, CHART, '--values', valuesFile]);
    installed = true;

    // Every hub pod Ready, as its probes decide.
    try {
      const pods = await until(
        'hub pods ready',
        listHubPods,
        (found) => found.length === 3 && found.every(isReady),
        10 * 60_000,
        (found) => `${found.filter(isReady).length}/3`,
      );
      const byComponent = (component: string) => pods.filter((pod) => pod.metadata!.labels!['app.kubernetes.io/component'] === component);
      hubPods = { maintenance: byComponent('maintenance')[0]!, api: byComponent('api') };
    } catch (error) {
      throw new Error(`the hub pods did not become ready: ${(error as Error).message}\n${await diagnostics()}`, { cause: error });
    }

    // The host's `notebook-hub` on the same store as the pods, with the deployment key the chart
    // made (docs/secrets-at-rest.md): an operator reads it from the release's Secret the same way.
    const keySecret = await core.readNamespacedSecret({ name: `${RELEASE}-notebook-hub-secrets-key`, namespace: namespace!.namespace });
    hubEnv = {
      SERVICE_SECRETS_KEY: Buffer.from(keySecret.data!.key!, 'base64').toString('utf8'),
      SERVICE_DATA_DIR: work.dir,
      SERVICE_STORAGE: 's3',
      SERVICE_S3_BUCKET: s3.bucket,
      SERVICE_S3_ENDPOINT: s3.endpoint,
      SERVICE_S3_REGION: 'us-east-1',
      SERVICE_S3_FORCE_PATH_STYLE: 'true',
      SERVICE_S3_ACCESS_KEY_ID: s3.accessKeyId,
      SERVICE_S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    };
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    if (installed) await helmCommand(['uninstall', RELEASE, '--wait', '--timeout', '3m']).catch((error: unknown) => console.error(error));
    await namespace?.remove().catch((error: unknown) => console.error(error));
    await s3?.stop();
    await work?.cleanup();
  }, 5 * 60_000);

  it(
    'runs a session started through one API replica, edited and saved through the other; its sandbox pod is gone after the stop',
    async () => {
      const created = await runHubCommand(['token', 'create', '--email', 'admin@helm.test', '--super-admin'], hubEnv);
      expect(created.code, created.stderr).toBe(0);
      const token = created.stdout.trim();
      const auth = { authorization: `Bearer ${token}` };
      const urlOf = (pod: V1Pod) => `http://${pod.status!.podIP}:${HUB_PORT}`;
      const [replicaA, replicaB] = hubPods.api.map(urlOf) as [string, string];
      expect(replicaA).not.toBe(replicaB);
      const call = async (base: string, route: string, body?: unknown) => {
        const response = await fetch(`${base}${route}`, {
          method: body === undefined ? 'GET' : 'POST',
          headers: { ...auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
        const text = await response.text();
        if (response.status >= 300) throw new Error(`${base}${route}: ${response.status} ${text}`);
        return JSON.parse(text).data;
      };

      // Every pod answers its health route; each reports the Kubernetes driver.
      for (const pod of [hubPods.maintenance, ...hubPods.api]) {
        const health = await fetch(`${urlOf(pod)}/api/health`);
        expect(health.status, pod.metadata!.name).toBe(200);
        const config = await call(urlOf(pod), '/api/v1/admin/config');
        expect(config.deployment.backends, pod.metadata!.name).toMatchObject({ compute: 'kubernetes', storage: 's3' });
      }
      expect((await fetch(`${urlOf(hubPods.maintenance)}/api/health/maintenance`)).status).toBe(200);

      const pid = (await call(replicaA, '/api/v1/projects', { name: 'Across replicas' })).id as string;
      const nid = (await call(replicaA, `/api/v1/projects/${pid}/notebooks`, { title: 'Shared' })).meta.id as string;
      const sessions = `/api/v1/projects/${pid}/sessions`;
      const session = await call(replicaA, sessions, { notebook_id: nid, mode: 'edit', wait: true });
      expect(session.state, JSON.stringify(session.failure)).toBe('running');
      const sandboxes = await sandboxPods();
      expect(sandboxes.map((pod) => pod.metadata!.labels!['notebook-hub.dev/session-id'])).toEqual([session.id]);

      // Replica B serves the page and the kernel socket of a sandbox replica A started.
      const page = await fetch(`${replicaB}/s/${session.id}/`, { headers: auth });
      const html = await page.text();
      expect(page.status).toBe(200);
      const kernel = await connectKernel(`${replicaB}/s/${session.id}`, { ...auth, origin: replicaB });
      try {
        const saved = await saveCells(`${replicaB}/s/${session.id}`, auth, kernel, serverTokenOf(html)!, (codes) => [
          'import marimo as mo\nacross_replicas = True',
          ...codes.slice(1),
        ]);
        expect(saved.status).toBe(200);
      } finally {
        kernel.close();
      }
      const version = await call(replicaB, `${sessions}/${session.id}/save`, {});
      expect(version.saved).toBe(true);
      const stopped = await call(replicaB, `${sessions}/${session.id}/stop`, { save: false });
      expect(['stopping', 'stopped']).toContain(stopped.state);

      // The saved notebook is what replica A reads, and the sandbox pod is gone.
      const content = await fetch(`${replicaA}/api/v1/projects/${pid}/notebooks/${nid}/code`, { headers: auth });
      expect(content.status).toBe(200);
      expect(await content.text()).toContain('across_replicas = True');
      await until('the sandbox pod deleted', sandboxPods, (pods) => pods.length === 0, 120_000);
      expect((await call(replicaA, `${sessions}/${session.id}`)).state).toBe('stopped');
    },
    10 * 60_000,
  );
});
