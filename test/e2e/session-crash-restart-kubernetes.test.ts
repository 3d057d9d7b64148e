import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../service/src/adapters/telemetry/logger.js';
import { readSettings } from '../../service/src/config/settings.js';
import { createHub, type Hub } from '../../service/src/compose/hub.js';
import { startHubProcess, runHubCommand, type HubProcess } from '../support/hub-process.js';
import { clusterProvisioned, kubernetesDriverEnv, podsOf, testNamespace } from '../support/kubernetes-session-world.js';
import { connectKernel, saveCells, serverTokenOf } from '../support/marimo-client.js';
import { makeTempDir } from '../support/temp-dir.js';

/**
 * A hub process killed with SIGKILL while a session runs in a pod, then a second hub on the same
 * store and cluster: it finds the pod by its labels and the session keeps working, saves included.
 */
describe.skipIf(clusterProvisioned === null)('a session in a pod across a hub crash (kubernetes driver)', () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  let cluster: Awaited<ReturnType<typeof testNamespace>>;
  let first: HubProcess | null = null;
  let second: Hub | null = null;
  const env = () => ({
    SERVICE_DATA_DIR: temp.dir,
    SERVICE_RUN_MAINTENANCE: 'false',
    SERVICE_AUTOMATIC_THUMBNAILS: 'false',
    ...kubernetesDriverEnv(clusterProvisioned!, cluster.namespace),
  });
  beforeAll(async () => {
    temp = await makeTempDir('hub-crash-k8s');
    cluster = await testNamespace(clusterProvisioned!, 'crash');
  });
  afterAll(async () => {
    await first?.stop('SIGKILL');
    await second?.close();
    await cluster?.remove();
    await temp?.cleanup();
  });

  it('attaches to the running pod after a restart: page, kernel and saves work', async () => {
    const token = async (email: string) => {
      const created = await runHubCommand(['token', 'create', '--email', email], env());
      if (created.code !== 0) throw new Error(`token create: ${created.stderr}`);
      return created.stdout.trim();
    };
    const admin = await token('admin@crash.test');
    first = await startHubProcess(env());
    const call = async (base: string, path: string, body?: unknown) => {
      const response = await fetch(`${base}${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { authorization: `Bearer ${admin}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      if (response.status >= 300) throw new Error(`${path}: ${response.status} ${text}`);
      return JSON.parse(text).data;
    };
    const pid = (await call(first.url, '/api/v1/projects', { name: 'Crash in a cluster' })).id as string;
    const nid = (await call(first.url, `/api/v1/projects/${pid}/notebooks`, { title: 'Survivor' })).meta.id as string;
    const sessions = `/api/v1/projects/${pid}/sessions`;
    const survivor = await call(first.url, sessions, { notebook_id: nid, mode: 'edit', wait: true });
    expect(survivor.state).toBe('running');
    await first.stop('SIGKILL');
    first = null;

    const settings = readSettings({ ...env(), SERVICE_PORT: '0', SERVICE_LOG_LEVEL: 'silent' });
    second = await createHub({ settings, logger: createLogger('silent') });
    const url = await second.listen();
    const pods = await podsOf(cluster.core, cluster.namespace, second.services.deploymentId, survivor.id);
    expect(pods).toHaveLength(1);
    expect((await second.services.sandboxes.list()).map((sandbox) => sandbox.labels.session_id)).toContain(survivor.id);

    const auth = { authorization: `Bearer ${admin}` };
    const page = await fetch(`${url}/s/${survivor.id}/`, { headers: auth });
    const html = await page.text();
    expect(page.status).toBe(200);
    const kernel = await connectKernel(`${url}/s/${survivor.id}`, { ...auth, origin: url });
    const saved = await saveCells(`${url}/s/${survivor.id}`, auth, kernel, serverTokenOf(html)!, (codes) => [
      'import marimo as mo\nsurvived_in_a_pod = True',
      ...codes.slice(1),
    ]);
    expect(saved.status).toBe(200);
    kernel.close();
    expect((await call(url, `${sessions}/${survivor.id}/save`, {})).saved).toBe(true);
    const code = await fetch(`${url}/api/v1/projects/${pid}/notebooks/${nid}/code`, { headers: auth });
    expect(await code.text()).toContain('survived_in_a_pod = True');

    await call(url, `${sessions}/${survivor.id}/stop`, { save: false });
    expect(await podsOf(cluster.core, cluster.namespace, second.services.deploymentId)).toEqual([]);
  }, 240_000);
});
