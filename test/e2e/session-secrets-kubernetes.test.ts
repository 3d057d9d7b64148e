import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesContaining } from '../support/data-dir-grep.js';
import { clusterProvisioned, startKubernetesSessionWorld, type KubernetesSessionWorld } from '../support/kubernetes-session-world.js';
import { editSessionReadsSecrets, newSecretValues, prepareSecretsProject, searchedValues } from '../support/secrets-world.js';
import { eventually } from '../support/session-world.js';

describe.skipIf(clusterProvisioned === null)('a notebook reads the project secrets and integrations its sandbox receives (kubernetes driver)', () => {
  let w: KubernetesSessionWorld;
  let nid: string;
  const values = newSecretValues();
  beforeAll(async () => {
    w = await startKubernetesSessionWorld(clusterProvisioned!, { SERVICE_AUTOMATIC_THUMBNAILS: 'false' });
    ({ nid } = await prepareSecretsProject(w, values));
  }, 180_000);
  afterAll(async () => {
    await w?.close();
  });

  it("gives the pod a Secret of its own, owned by the pod, mounted and referenced, never the values in the pod's spec", async () => {
    const session = await editSessionReadsSecrets(w, nid, values);
    const [pod] = await w.pods(session.id);
    const name = `notebook-hub-${session.sandboxId}`;
    const secret = await w.core.readNamespacedSecret({ name, namespace: w.namespace });
    expect(secret.metadata?.ownerReferences).toEqual([expect.objectContaining({ kind: 'Pod', name: pod!.metadata!.name, uid: pod!.metadata!.uid })]);
    expect(Object.keys(secret.data ?? {}).sort()).toEqual([
      'env.API_KEY',
      'env.DATABASE_URL',
      'env.WAREHOUSE_TOKEN',
      'env.WAREHOUSE_URL',
      'file.warehouse-ca.pem',
    ]);
    // The pod's spec names keys of the Secret; no value is in it (nor in any command sent through exec).
    const spec = JSON.stringify(pod!.spec);
    for (const value of searchedValues(values)) expect(spec).not.toContain(value);
    expect(pod!.spec!.volumes).toContainEqual(expect.objectContaining({ secret: expect.objectContaining({ secretName: name, defaultMode: 0o400 }) }));
    const mode = await w.t.hub.services.sandboxes.exec(session.sandboxId, {
      argv: ['stat', '-L', '-c', '%a', '/run/notebook-hub-secrets/warehouse-ca.pem'],
      check: true,
    });
    expect(mode.stdout.trim()).toMatch(/^4[04]0$/);

    await w.api(`/api/v1/projects/${w.pid}/sessions/${session.id}/stop`, 'editor', { method: 'POST', body: { save: false } });
    const gone = await eventually(
      () =>
        w.core.readNamespacedSecret({ name, namespace: w.namespace }).then(
          () => false,
          () => true,
        ),
      (missing) => missing,
      60_000,
    );
    expect(gone).toBe(true);
    expect(await filesContaining(w.t.dataDir, searchedValues(values))).toEqual([]);
  }, 300_000);
});
