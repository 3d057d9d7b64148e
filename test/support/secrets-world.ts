import { createHash, randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { IntegrationRenderRequest, IntegrationRendering, RenderedIntegration } from '../../service/src/features/project-secrets/index.js';
import { serverTokenOf, type MarimoConnection } from './marimo-client.js';
import { eventually, type Role, type SessionWorld } from './session-world.js';

/**
 * What the session and job tests of project secrets share: a stored secret, a fake integration
 * rendered beside it (the integrations' rendering is not part of this hub yet; its kinds have their
 * own suites), and a notebook that reads both from its environment and shows only digests of
 * them, so that its outputs prove what it read without ever holding a value.
 */
export interface SecretValues {
  apiKey: string;
  token: string;
  databaseUrl: string;
  certificate: string;
}

export function newSecretValues(): SecretValues {
  const tag = randomBytes(6).toString('hex');
  return {
    apiKey: `api-key-${tag}-never-stored-in-clear`,
    token: `warehouse-token-${tag}`,
    databaseUrl: `postgresql://reader:pw-${tag}@127.0.0.1:5432/warehouse`,
    certificate: `-----BEGIN CERTIFICATE-----\nfake-${tag}\n-----END CERTIFICATE-----\n`,
  };
}

/** One integration as the integrations will render it: a database with a token and a CA file. */
export class FakeWarehouseRendering implements IntegrationRendering {
  readonly requests: IntegrationRenderRequest[] = [];
  constructor(private readonly values: SecretValues) {}
  async renderFor(request: IntegrationRenderRequest): Promise<RenderedIntegration[]> {
    this.requests.push(request);
    return [
      {
        id: 'intg-0000000000000042',
        name: 'warehouse',
        kind: 'postgres',
        env: { WAREHOUSE_URL: this.values.databaseUrl, WAREHOUSE_TOKEN: this.values.token },
        files: { 'warehouse-ca.pem': Buffer.from(this.values.certificate) },
        fileEnv: { WAREHOUSE_CA_FILE: 'warehouse-ca.pem' },
        databaseUrl: this.values.databaseUrl,
      },
    ];
  }
}

const digest = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);

/** The line the notebook shows when it read every value as given. */
export const expectedReport = (values: SecretValues): string =>
  [
    `key-${digest(values.apiKey)}`,
    `db-${digest(values.databaseUrl)}`,
    `token-${digest(values.token)}`,
    `ca-${digest(values.certificate)}`,
    'dir-outside-workspace',
  ].join('|');

/** A notebook that shows digests of what its environment gave it, never a value. */
export const SECRETS_NOTEBOOK = `import marimo

app = marimo.App()


@app.cell
def _():
    import hashlib
    import os
    import pathlib

    def digest(text):
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    ca_file = os.environ.get("WAREHOUSE_CA_FILE", "")
    ca = pathlib.Path(ca_file).read_text() if ca_file else ""
    secrets_dir = os.environ.get("NOTEBOOK_HUB_SECRETS_DIR", "")
    inside = secrets_dir.startswith(os.getcwd())
    report = "|".join([
        "key-" + digest(os.environ.get("API_KEY", "")),
        "db-" + digest(os.environ.get("DATABASE_URL", "")),
        "token-" + digest(os.environ.get("WAREHOUSE_TOKEN", "")),
        "ca-" + digest(ca),
        "dir-" + ("missing" if not secrets_dir else "inside-workspace" if inside else "outside-workspace"),
    ])
    print("report:", report)
    report
    return


if __name__ == "__main__":
    app.run()
`;

/** The secret the tests store, by API as the project's manager. */
export async function storeApiKey(w: SessionWorld, values: SecretValues): Promise<void> {
  const created = await w.api(`/api/v1/projects/${w.pid}/secrets`, 'manager', {
    method: 'POST',
    body: { name: 'API_KEY', source: 'stored', value: values.apiKey },
  });
  expect(created.status, created.text).toBe(201);
}

/** Saves `code` as the notebook's newest version; resolves to its id. */
export async function saveCode(w: SessionWorld, nid: string, code: string): Promise<string> {
  const detail = await w.api(`/api/v1/projects/${w.pid}/notebooks/${nid}`, 'manager');
  const saved = await w.api(`/api/v1/projects/${w.pid}/notebooks/${nid}/versions`, 'manager', {
    method: 'POST',
    body: { code, base_version_id: detail.json.data.source.current_version_id },
  });
  expect(saved.status, saved.text).toBe(201);
  return saved.json.data.version_id as string;
}

/** Runs every cell of an edit session's notebook, as marimo's editor does when it opens (auto-instantiate). */
export async function runAllCells(w: SessionWorld, who: Role, sessionId: string, connection: MarimoConnection): Promise<void> {
  await connection.waitFor('kernel-ready');
  const page = await w.api(`/s/${sessionId}/`, who);
  const serverToken = serverTokenOf(page.text);
  if (!serverToken) throw new Error('no server token in the marimo page');
  const answer = await fetch(`${w.t.url}/s/${sessionId}/api/kernel/instantiate`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${w.tokens[who]}`,
      origin: w.t.url,
      'content-type': 'application/json',
      'marimo-session-id': connection.marimoSessionId,
      'marimo-server-token': serverToken,
    },
    body: JSON.stringify({ objectIds: [], values: [], autoRun: true }),
  });
  if (!answer.ok) throw new Error(`marimo refused to run the notebook: ${answer.status} ${await answer.text()}`);
}

/** Waits until the kernel's messages show `text` (a cell's output or console). */
export async function kernelShows(connection: MarimoConnection, text: string, timeoutMs = 90_000): Promise<boolean> {
  return eventually(
    async () => JSON.stringify(connection.messages.filter((message) => message.op === 'cell-op')),
    (seen) => seen.includes(text),
    timeoutMs,
  ).then((seen) => seen.includes(text));
}

/** What a session's sandbox received in these tests: the stored secret and the fake warehouse. */
export const RECEIVED = {
  integrations: [
    {
      id: 'intg-0000000000000042',
      name: 'warehouse',
      kind: 'postgres',
      variables: ['WAREHOUSE_URL', 'WAREHOUSE_TOKEN', 'WAREHOUSE_CA_FILE'],
      files: ['warehouse-ca.pem'],
    },
  ],
  secrets: ['API_KEY'],
  unavailable: [],
  variables: ['API_KEY', 'DATABASE_URL', 'NOTEBOOK_HUB_SECRETS_DIR', 'WAREHOUSE_CA_FILE', 'WAREHOUSE_TOKEN', 'WAREHOUSE_URL'],
  federation_token: false,
};

/** Sets up the project of `w` as the tests need it: the secret, the fake integrations, the notebook; answers the notebook. */
export async function prepareSecretsProject(w: SessionWorld, values: SecretValues): Promise<{ nid: string; rendering: FakeWarehouseRendering }> {
  const rendering = new FakeWarehouseRendering(values);
  w.t.hub.services.workloadAssembler.useIntegrations(rendering);
  await storeApiKey(w, values);
  const nid = await w.notebook('Reads secrets');
  await saveCode(w, nid, SECRETS_NOTEBOOK);
  return { nid, rendering };
}

/**
 * Starts an editor's session on the notebook, checks that it says what it received and that
 * marimo's kernel read every value; answers the running session (still running: the caller looks
 * at its sandbox, then stops it).
 */
export async function editSessionReadsSecrets(w: SessionWorld, nid: string, values: SecretValues): Promise<{ id: string; sandboxId: string }> {
  const started = await w.start('editor', { notebook_id: nid, mode: 'edit' });
  expect(started.status, started.text).toBe(201);
  const session = started.json.data;
  expect(session, JSON.stringify(session.failure)).toMatchObject({ state: 'running', warm: false, received: RECEIVED });
  const kernel = await w.kernel('editor', session.id);
  try {
    await runAllCells(w, 'editor', session.id, kernel);
    expect(await kernelShows(kernel, expectedReport(values))).toBe(true);
  } finally {
    kernel.close();
  }
  const record = await w.t.hub.services.sessionStore.get(w.pid, session.id);
  return { id: session.id, sandboxId: record!.sandbox!.id };
}

/** Every value of `values`, as the tests search for them (the certificate by its unique line). */
export const searchedValues = (values: SecretValues): string[] => [values.apiKey, values.token, values.databaseUrl, values.certificate.split('\n')[1]!];
