import type { CoreV1Api } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectWithRoles, type ProjectWithRoles } from '../support/alert-fixtures.js';
import { filesHolding } from '../support/integration-fixtures.js';
import { testNamespace } from '../support/kubernetes-cluster.js';
import { startTestHub, type TestHub } from '../support/test-hub.js';
import { prerequisite } from '../setup/prerequisites.js';

const cluster = prerequisite('kubernetes');
const PASSWORD = 'k8s-secret-password-6b1e9d3f';
const ROTATED = 'k8s-secret-rotated-0c7a5e2b';
const HUB_KEY = 'k8s-hub-own-key-3f8d1a6c';
const b64 = (text: string) => Buffer.from(text).toString('base64');

/**
 * The `kubernetes_secret` source against the real test cluster: a key of a labelled Secret in the
 * hub's namespace, read when it is saved and again whenever it is used; a missing Secret or key,
 * and a Secret without the label, refused with what to fix.
 */
describe.skipIf(cluster === null)('secrets from Kubernetes Secrets', () => {
  let t: TestHub;
  let p: ProjectWithRoles;
  let core: CoreV1Api;
  let namespace: string;
  let removeNamespace: () => Promise<void>;

  beforeAll(async () => {
    ({ core, namespace, remove: removeNamespace } = await testNamespace(cluster!, 'secret-sources'));
    await core.createNamespacedSecret({
      namespace,
      body: { metadata: { name: 'db-credentials', labels: { 'notebook-hub.io/secret-source': 'true' } }, data: { password: b64(PASSWORD) } },
    });
    await core.createNamespacedSecret({ namespace, body: { metadata: { name: 'hub-key' }, data: { key: b64(HUB_KEY) } } });
    t = await startTestHub({
      captureLogs: true,
      env: { SERVICE_SECRET_SOURCE_KUBERNETES: 'on', SERVICE_KUBERNETES_KUBECONFIG: cluster!.kubeconfig, SERVICE_KUBERNETES_HUB_NAMESPACE: namespace },
    });
    p = await projectWithRoles(t, 'kubernetes-secrets');
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await removeNamespace?.();
  });

  const create = (password: unknown) =>
    t.call(`/api/v1/projects/${p.id}/integrations`, {
      method: 'POST',
      token: p.tokens.manager,
      body: { kind: 'postgres', name: `db ${Math.random()}`, config: { host: 'db.example.com', database: 'd', user: 'u' }, secrets: { password } },
    });

  it('offers the source, and reads a labelled Secret when saved and at every use', async () => {
    const kinds = await t.call('/api/v1/integration-kinds', { token: p.tokens.viewer });
    expect(kinds.json.data[0].secret_sources).toEqual(['stored', 'kubernetes_secret']);
    const created = await create({ source: 'kubernetes_secret', secret: 'db-credentials', key: 'password' });
    expect(created.status, created.text).toBe(201);
    expect(created.json.data.secrets).toEqual({ password: { source: 'kubernetes_secret', secret: 'db-credentials', key: 'password' } });
    const secretsOf = async () =>
      (await t.hub.services.integrationsForSandboxes.listForRendering(p.id)).find((entry) => entry.instance.id === created.json.data.id)!.secrets;
    expect(await secretsOf()).toEqual({ password: PASSWORD });
    await core.replaceNamespacedSecret({
      name: 'db-credentials',
      namespace,
      body: { metadata: { name: 'db-credentials', labels: { 'notebook-hub.io/secret-source': 'true' } }, data: { password: b64(ROTATED) } },
    });
    expect(await secretsOf()).toEqual({ password: ROTATED });
  });

  it('refuses a missing Secret or key, and a Secret not labelled for integrations', async () => {
    const refused = async (password: unknown) => {
      const answer = await create(password);
      expect(answer.status, answer.text).toBe(422);
      return answer.json.error.details[0].message as string;
    };
    expect(await refused({ source: 'kubernetes_secret', secret: 'db-credentials', key: 'user' })).toBe('the Secret db-credentials has no key user');
    expect(await refused({ source: 'kubernetes_secret', secret: 'absent', key: 'password' })).toBe(
      `there is no Secret absent in the hub's namespace ${namespace}`,
    );
    expect(await refused({ source: 'kubernetes_secret', secret: 'hub-key', key: 'key' })).toMatch(
      /^the Secret hub-key is not labelled notebook-hub.io\/secret-source=true/,
    );
  });

  it('keeps the values out of the data directory and the log', async () => {
    expect(await filesHolding(t.dataDir, [PASSWORD, ROTATED, HUB_KEY])).toEqual([]);
    const logs = t.logs.map((line) => JSON.stringify(line)).join('\n');
    for (const secret of [PASSWORD, ROTATED, HUB_KEY]) expect(logs).not.toContain(secret);
  });
});
