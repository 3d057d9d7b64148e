import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverTokenOf } from '../support/marimo-client.js';
import { sandboxRuntime, startSessionWorld, type SessionWorld } from '../support/session-world.js';

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** Large bodies both ways between a browser and real marimo, through the proxy. */
describe.skipIf(sandboxRuntime === null)('large bodies through the session proxy (real marimo)', () => {
  let w: SessionWorld;
  let sid: string;
  let sandboxId: string;
  let workspaceDir: string;
  beforeAll(async () => {
    w = await startSessionWorld();
    sid = (await w.start('editor', { notebook_id: w.nid, mode: 'edit' })).json.data.id;
    const record = (await w.t.hub.services.sessionStore.get(w.pid, sid))!;
    sandboxId = record.sandbox!.id;
    workspaceDir = record.sandbox!.workspaceDir;
  });
  afterAll(() => w?.close());

  const auth = () => ({ authorization: `Bearer ${w.tokens.editor}` });

  it("serves a large file from the notebook's public folder byte for byte", async () => {
    const big = randomBytes(64 * 1024 * 1024);
    await w.t.hub.services.sandboxes.writeFile(sandboxId, 'public/big.bin', big);
    // marimo serves `public/` next to the notebook the X-Notebook-Id header names.
    const response = await fetch(`${w.t.url}/s/${sid}/public/big.bin`, { headers: { ...auth(), 'x-notebook-id': 'notebook.py' } });
    expect(response.status).toBe(200);
    const hash = createHash('sha256');
    let bytes = 0;
    for await (const chunk of response.body!) {
      bytes += chunk.length;
      hash.update(chunk);
    }
    expect(bytes).toBe(big.length);
    expect(hash.digest('hex')).toBe(sha256(big));
  }, 120_000);

  it("uploads a file larger than the hub's API body limit through marimo's file explorer into the sandbox", async () => {
    // Proxied bodies are marimo's to limit (its uploads stream to disk up to 1 GiB); the hub's
    // SERVICE_MAX_REQUEST_BYTES (32 MiB by default) bounds its own API.
    const upload = randomBytes(40 * 1024 * 1024);
    expect(upload.length).toBeGreaterThan(w.t.hub.services.settings.limits.maxRequestBytes);
    const serverToken = serverTokenOf((await w.api(`/s/${sid}/`, 'editor')).text)!;
    const form = new FormData();
    form.set('path', workspaceDir);
    form.set('type', 'file');
    form.set('name', 'uploaded.bin');
    form.set('file', new Blob([upload]), 'uploaded.bin');
    const response = await fetch(`${w.t.url}/s/${sid}/api/files/create`, {
      method: 'POST',
      headers: { ...auth(), 'marimo-server-token': serverToken },
      body: form,
    });
    const answer = await response.text();
    expect(response.status, answer).toBe(200);
    expect(JSON.parse(answer)).toMatchObject({ success: true });
    expect(sha256(await w.t.hub.services.sandboxes.readFile(sandboxId, 'uploaded.bin'))).toBe(sha256(upload));
  }, 120_000);
});
