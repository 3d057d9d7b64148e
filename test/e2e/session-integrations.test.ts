import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesContaining } from '../support/data-dir-grep.js';
import { kernelShows, runAllCells, saveCode } from '../support/secrets-world.js';
import { sandboxRuntime, startSessionWorld, type SessionWorld } from '../support/session-world.js';

const digest = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);

/** A notebook that shows digests of the variables two integrations give it, never a value. */
const INTEGRATIONS_NOTEBOOK = `import marimo

app = marimo.App()


@app.cell
def _():
    import hashlib
    import os

    def digest(text):
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    names = ["ANALYTICS_DB_PASSWORD", "DATABASE_URL", "WAREHOUSE_API_TOKEN", "WAREHOUSE_API_BASE_URL"]
    report = "|".join(name + "-" + digest(os.environ.get(name, "")) for name in names)
    print("integrations:", report)
    report
    return


if __name__ == "__main__":
    app.run()
`;

describe.skipIf(sandboxRuntime === null)("a notebook reads the project's integrations as their kinds render them (local driver)", () => {
  let w: SessionWorld;
  let nid: string;
  const password = `pg-${randomUUID()}`;
  const token = `api-${randomUUID()}`;
  const databaseUrl = `postgresql://reader:${password}@db.example.com:5432/analytics`;

  beforeAll(async () => {
    w = await startSessionWorld({}, { projectName: 'Integrations' });
    const create = (body: Record<string, unknown>) => w.api(`/api/v1/projects/${w.pid}/integrations`, 'manager', { method: 'POST', body });
    const database = await create({
      kind: 'postgres',
      name: 'Analytics DB',
      config: { host: 'db.example.com', database: 'analytics', user: 'reader' },
      secrets: { password: { source: 'stored', value: password } },
    });
    expect(database.status, database.text).toBe(201);
    const api = await create({
      kind: 'http_api',
      name: 'Warehouse API',
      config: { base_url: 'https://warehouse.example.com/v1', auth: 'bearer' },
      secrets: { token: { source: 'stored', value: token } },
    });
    expect(api.status, api.text).toBe(201);
    nid = await w.notebook('Reads integrations');
    await saveCode(w, nid, INTEGRATIONS_NOTEBOOK);
  }, 120_000);
  afterAll(async () => {
    await w?.close();
  });

  it("gives an editor's session each integration's variables and DATABASE_URL, names them, and stores no value", async () => {
    const started = await w.start('editor', { notebook_id: nid, mode: 'edit' });
    expect(started.status, started.text).toBe(201);
    const session = started.json.data;
    expect(session.state, JSON.stringify(session.failure)).toBe('running');
    expect(session.received.integrations.map((given: { name: string; kind: string }) => [given.name, given.kind])).toEqual([
      ['Analytics DB', 'postgres'],
      ['Warehouse API', 'http_api'],
    ]);
    expect(session.received.variables).toEqual(expect.arrayContaining(['ANALYTICS_DB_PASSWORD', 'DATABASE_URL', 'WAREHOUSE_API_TOKEN']));
    expect(started.text).not.toContain(password);
    expect(started.text).not.toContain(token);

    const kernel = await w.kernel('editor', session.id);
    try {
      await runAllCells(w, 'editor', session.id, kernel);
      const report = [
        `ANALYTICS_DB_PASSWORD-${digest(password)}`,
        `DATABASE_URL-${digest(databaseUrl)}`,
        `WAREHOUSE_API_TOKEN-${digest(token)}`,
        `WAREHOUSE_API_BASE_URL-${digest('https://warehouse.example.com/v1')}`,
      ].join('|');
      expect(await kernelShows(kernel, report)).toBe(true);
    } finally {
      kernel.close();
    }
    await w.api(`/api/v1/projects/${w.pid}/sessions/${session.id}/stop`, 'editor', { method: 'POST', body: { save: true } });
    expect(await filesContaining(w.t.dataDir, [password, token])).toEqual([]);
  }, 240_000);
});
