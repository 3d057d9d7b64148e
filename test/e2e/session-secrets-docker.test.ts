import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dockerProvisioned, startDockerSessionWorld, type DockerSessionWorld } from '../support/docker-session-world.js';
import { filesContaining } from '../support/data-dir-grep.js';
import { editSessionReadsSecrets, newSecretValues, prepareSecretsProject, searchedValues } from '../support/secrets-world.js';
import { eventually } from '../support/session-world.js';

describe.skipIf(dockerProvisioned === null)('a notebook reads the project secrets and integrations its sandbox receives (docker driver)', () => {
  let w: DockerSessionWorld;
  let nid: string;
  const values = newSecretValues();
  beforeAll(async () => {
    w = await startDockerSessionWorld(dockerProvisioned!, { SERVICE_AUTOMATIC_THUMBNAILS: 'false' });
    ({ nid } = await prepareSecretsProject(w, values));
  }, 120_000);
  afterAll(async () => {
    await w?.close();
  });

  it('gives the container the variables and a tmpfs of owner-only files, and takes them away with it', async () => {
    const session = await editSessionReadsSecrets(w, nid, values);
    const [container] = await w.containers(session.id);
    const inspected = await w.engine.getContainer(container!.Id).inspect();
    // The files are in memory, the sandbox user's alone; nothing of them is on the container's disk.
    expect(inspected.HostConfig.Tmpfs).toEqual({ '/run/notebook-hub-secrets': expect.stringMatching(/mode=0700,uid=1000,gid=1000/) });
    const listed = await w.t.hub.services.sandboxes.exec(session.sandboxId, {
      argv: ['sh', '-c', 'stat -c "%a %U" /run/notebook-hub-secrets /run/notebook-hub-secrets/warehouse-ca.pem; grep -c tmpfs /proc/mounts'],
      check: true,
    });
    expect(listed.stdout.split('\n').slice(0, 2)).toEqual(['700 marimo', '600 marimo']);

    await w.api(`/api/v1/projects/${w.pid}/sessions/${session.id}/stop`, 'editor', { method: 'POST', body: { save: false } });
    expect(
      await eventually(
        () => w.containers(session.id),
        (containers) => containers.length === 0,
      ),
    ).toEqual([]);
    expect(await filesContaining(w.t.dataDir, searchedValues(values))).toEqual([]);
  }, 240_000);
});
