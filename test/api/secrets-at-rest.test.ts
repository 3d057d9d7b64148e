import { chmod, lstat, readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../service/src/adapters/telemetry/logger.js';
import { FsObjectStore } from '../../service/src/adapters/store/fs-store.js';
import { runRecover } from '../../service/src/cli/recover.js';
import { createHub, type Hub } from '../../service/src/compose/hub.js';
import { readSettings } from '../../service/src/config/settings.js';
import { UNRESTRICTED_SCOPE } from '../../service/src/core/identity/access-tokens.js';
import { layout } from '../../service/src/core/storage-layout.js';
import { gitCredentialsIntegrationId } from '../../service/src/features/integrations/core/git-credentials-integration.js';
import { BOUND_REPOSITORY, PLAINTEXT_SECRETS, plaintextSecretsIn, writePlaintextRecords } from '../support/plaintext-secrets.js';
import { makeTempDir } from '../support/temp-dir.js';

const SECRETS = {
  readToken: 'ghp_readtoken_a1b2c3d4e5f6a7b8c9d0e1f2',
  writeToken: 'ghp_writetoken_f1e2d3c4b5a6978877665544',
  webhookPath: '/hooks/4c1d-webhook-path-credential',
  signingSecret: 'whsec-9d8c7b6a5f4e3d2c1b0a',
  slackPath: '/services/T0SEC/B0SEC/slack-path-credential-77',
} as const;
const secretStrings = Object.values(SECRETS);

interface Entry {
  path: string;
  kind: 'dir' | 'file';
  mode: number;
  bytes: Buffer | null;
}

/** Every folder and file under `root` (symbolic links not followed), with its mode and, for files, its bytes. */
async function everythingUnder(root: string): Promise<Entry[]> {
  const entries: Entry[] = [];
  const visit = async (target: string) => {
    // A lock taken and released meanwhile (a running hub's leases) is gone by the time it is read.
    const stat = await lstat(target).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    });
    if (!stat || stat.isSymbolicLink()) return;
    const kind = stat.isDirectory() ? 'dir' : 'file';
    entries.push({
      path: path.relative(root, target) || '.',
      kind,
      mode: stat.mode & 0o777,
      bytes: kind === 'file' ? await readFile(target).catch(() => Buffer.alloc(0)) : null,
    });
    if (kind === 'dir') for (const name of await readdir(target).catch(() => [] as string[])) await visit(path.join(target, name));
  };
  await visit(root);
  return entries;
}

const secretsIn = (bytes: Buffer | string) => {
  const text = typeof bytes === 'string' ? bytes : bytes.toString('latin1');
  return secretStrings.filter((secret) => text.includes(secret));
};

interface RunningHub {
  hub: Hub;
  url: string;
  logs: Record<string, unknown>[];
  call(
    route: string,
    init?: { method?: string; token?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<{ status: number; text: string; json: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

async function startHub(dataDir: string, env: Record<string, string> = {}): Promise<RunningHub> {
  const logs: Record<string, unknown>[] = [];
  const sink = new Writable({ write: (chunk: Buffer, _encoding, done) => (logs.push(JSON.parse(chunk.toString())), done()) });
  const settings = readSettings({ SERVICE_DATA_DIR: dataDir, SERVICE_PORT: '0', SERVICE_LOG_LEVEL: 'info', ...env });
  const hub = await createHub({ settings, logger: createLogger('info', sink), uiDir: null });
  const url = await hub.listen();
  return {
    hub,
    url,
    logs,
    async call(route, init = {}) {
      const response = await fetch(`${url}${route}`, {
        method: init.method ?? 'GET',
        headers: {
          ...init.headers,
          ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
          ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
      });
      const text = await response.text();
      return { status: response.status, text, json: text ? JSON.parse(text) : undefined };
    },
  };
}

async function adminToken(hub: Hub): Promise<string> {
  const user = await hub.services.users.ensureByEmail('owner@example.com', { name: null, superAdmin: true }, 'test');
  return (await hub.services.tokens.issue(user.id, { name: 'test', expiresAt: null, scope: UNRESTRICTED_SCOPE }, 'test')).token;
}

describe('secrets at rest, end to end', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  const newDataDir = async () => {
    const temp = await makeTempDir('secrets-e2e');
    cleanups.push(temp.cleanup);
    return temp.dir;
  };

  it('after Git credentials and alert destinations are set through the API, no secret is in any file and nothing is readable by others', async () => {
    const dataDir = await newDataDir();
    const t = await startHub(dataDir, { SERVICE_ALERT_ALLOW_HTTP: 'true' });
    let closed = false;
    cleanups.push(() => (closed ? Promise.resolve() : t.hub.close()));
    const token = await adminToken(t.hub);
    const project = await t.call('/api/v1/projects', {
      method: 'POST',
      token,
      body: { name: 'Secrets' },
      headers: { 'idempotency-key': 'create-secrets-project' },
    });
    expect(project.status).toBe(201);
    const pid = project.json.data.id as string;

    const answers: string[] = [];
    const credentials = await t.call(`/api/v1/projects/${pid}/git-credentials`, {
      method: 'PUT',
      token,
      body: { read_token: SECRETS.readToken, write_token: SECRETS.writeToken, repositories: ['acme/notebooks'] },
    });
    expect(credentials.json.data).toMatchObject({ read_token_set: true, write_token_set: true });
    answers.push(credentials.text);
    const webhook = await t.call(`/api/v1/projects/${pid}/alerts`, {
      method: 'POST',
      token,
      headers: { 'idempotency-key': 'create-webhook' },
      body: {
        type: 'webhook',
        name: 'hook',
        kinds: ['member.added'],
        url: `https://hooks.example.com${SECRETS.webhookPath}`,
        signing_secret: SECRETS.signingSecret,
      },
    });
    expect(webhook.status).toBe(201);
    const slack = await t.call(`/api/v1/projects/${pid}/alerts`, {
      method: 'POST',
      token,
      body: { type: 'slack', name: 'chat', kinds: ['project.deleted'], webhook_url: `https://hooks.slack.com${SECRETS.slackPath}` },
    });
    expect(slack.status).toBe(201);
    answers.push(webhook.text, slack.text);
    for (const route of [
      `/api/v1/projects/${pid}/git-credentials`,
      `/api/v1/projects/${pid}/alerts`,
      `/api/v1/projects/${pid}/events`,
      '/api/v1/admin/config',
    ]) {
      const answer = await t.call(route, { token });
      expect([route, answer.status]).toEqual([route, 200]);
      answers.push(answer.text);
    }
    // The hub reads them back: the tokens for Git, the URLs for deliveries.
    expect(await t.hub.services.gitCredentials.read(pid, BOUND_REPOSITORY.url)).toEqual({ username: 'x-access-token', password: SECRETS.readToken });
    expect(
      (await t.call(`/api/v1/projects/${pid}/alerts`, { token })).json.data.items.map((item: { endpoint_host: string }) => item.endpoint_host).sort(),
    ).toEqual(['hooks.example.com', 'hooks.slack.com']);
    await t.hub.close();
    closed = true;

    expect(answers.flatMap(secretsIn)).toEqual([]);
    expect(t.logs.flatMap((line) => secretsIn(JSON.stringify(line)))).toEqual([]);
    const everything = await everythingUnder(dataDir);
    expect(everything.map((entry) => entry.path)).toEqual(
      // The Git tokens are kept as the project's Git credentials integration.
      expect.arrayContaining(['store', 'secrets-key', `store/integrations/${pid}/${gitCredentialsIntegrationId(pid)}@`, `store/alerts/${pid}/destinations@`]),
    );
    expect(everything.filter((entry) => entry.bytes && secretsIn(entry.bytes).length > 0).map((entry) => entry.path)).toEqual([]);
    expect(everything.filter((entry) => (entry.mode & 0o077) !== 0).map((entry) => `${entry.path} ${entry.mode.toString(8)}`)).toEqual([]);
  });

  it('seals the plaintext of a data dir from before sealing at the first start, fixes its modes, and recovery keeps it readable', async () => {
    const dataDir = await newDataDir();
    const storeRoot = path.join(dataDir, 'store');
    // The data dir of an older hub: a project, its secrets in plaintext, no key, folders 0755 and files 0644.
    const first = await startHub(dataDir);
    const token = await adminToken(first.hub);
    const pid = (await first.call('/api/v1/projects', { method: 'POST', token, body: { name: 'Old' } })).json.data.id as string;
    await first.hub.close();
    const keys = await writePlaintextRecords(new FsObjectStore(storeRoot), pid);
    await rm(path.join(storeRoot, ...layout.secretsState.split('/')).concat('@'));
    await rm(path.join(dataDir, 'secrets-key'));
    for (const entry of await everythingUnder(storeRoot)) await chmod(path.join(storeRoot, entry.path), entry.kind === 'dir' ? 0o755 : 0o644);
    const plainFiles = (await everythingUnder(storeRoot)).filter((entry) => entry.bytes && plaintextSecretsIn(entry.bytes).length > 0);
    expect(plainFiles).toHaveLength(6);

    const upgraded = await startHub(dataDir);
    let closed = false;
    cleanups.push(() => (closed ? Promise.resolve() : upgraded.hub.close()));
    const events = (name: string) => upgraded.logs.filter((line) => line.event === name);
    expect(events('secrets_key_created')).toHaveLength(1);
    expect(events('secrets_migrated')).toEqual([expect.objectContaining({ records: 6, sealed: Object.keys(PLAINTEXT_SECRETS).length })]);
    expect(events('fs_store_modes_fixed')).toEqual([expect.objectContaining({ directories: expect.any(Number), files: expect.any(Number) })]);
    expect(events('fs_store_modes_fixed')[0]!.files).toBeGreaterThanOrEqual(plainFiles.length);
    const after = await everythingUnder(dataDir);
    expect(after.filter((entry) => entry.bytes && plaintextSecretsIn(entry.bytes).length > 0).map((entry) => entry.path)).toEqual([]);
    expect(after.filter((entry) => (entry.mode & 0o077) !== 0).map((entry) => entry.path)).toEqual([]);
    expect(await upgraded.hub.services.gitCredentials.write(pid, BOUND_REPOSITORY.url)).toEqual({
      username: 'x-access-token',
      password: PLAINTEXT_SECRETS.writeToken,
    });
    const listed = await upgraded.call(`/api/v1/projects/${pid}/alerts`, { token });
    expect(listed.json.data.items.map((item: { endpoint_host: string }) => item.endpoint_host).sort()).toEqual(['hooks.example.com', 'hooks.slack.com']);
    expect((await upgraded.hub.services.sessionStore.get(pid, keys.sessionId))?.secret).toBe(PLAINTEXT_SECRETS.sessionSecret);
    await upgraded.hub.close();
    closed = true;

    // Offline recovery rebuilds the catalog around the sealed records and never needs their key.
    const recover = async (options: Parameters<typeof runRecover>[0]) => {
      let stdout = '';
      const code = await runRecover(options, { stdout: (text) => (stdout += text), stderr: () => {}, store: new FsObjectStore(storeRoot) });
      return { code, stdout };
    };
    const dry = await recover({ rebuild: true });
    expect(dry.code).toBe(0);
    const applied = await recover({ rebuild: true, apply: JSON.parse(dry.stdout).report_token, writersStopped: true, actor: 'usr-ops', acceptWarnings: true });
    expect(applied.code).toBe(0);
    expect(secretsIn(dry.stdout + applied.stdout)).toEqual([]);
    expect(plaintextSecretsIn(dry.stdout + applied.stdout)).toEqual([]);

    const again = await startHub(dataDir);
    cleanups.push(() => again.hub.close());
    expect(again.logs.filter((line) => ['secrets_migrated', 'secrets_key_created', 'fs_store_modes_fixed'].includes(String(line.event)))).toEqual([]);
    expect((await again.call(`/api/v1/projects/${pid}/git-credentials`, { token })).json.data).toMatchObject({ read_token_set: true, write_token_set: true });
    expect(await again.hub.services.gitCredentials.read(pid, BOUND_REPOSITORY.url)).toEqual({
      username: 'x-access-token',
      password: PLAINTEXT_SECRETS.readToken,
    });
  });
});
