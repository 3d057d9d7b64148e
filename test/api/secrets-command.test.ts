import { randomBytes } from 'node:crypto';
import { appendFile, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { deploymentKey, deploymentKeyId, EnvelopeSecretBox } from '../../service/src/adapters/secrets/envelope-secret-box.js';
import { readKeyFile } from '../../service/src/adapters/secrets/key-file.js';
import { FsObjectStore } from '../../service/src/adapters/store/fs-store.js';
import { createLogger } from '../../service/src/adapters/telemetry/logger.js';
import { createHub } from '../../service/src/compose/hub.js';
import { readSettings } from '../../service/src/config/settings.js';
import { sealGitCredentials } from '../../service/src/features/git/core/legacy-git-credentials.js';
import { jsonBody } from '../../service/src/core/store/cas.js';
import { gitCredentialStoreOn } from '../support/git-credentials.js';
import type { GitRepoRules } from '../../service/src/features/git/core/git-source-config.js';
import { isSealedSecret } from '../../service/src/core/ports/secret-box.js';
import { layout } from '../../service/src/core/storage-layout.js';
import { runHubCommand } from '../support/hub-process.js';
import { makeTempDir } from '../support/temp-dir.js';

const PROJECT = 'proj-0000000000000001';
const READ_TOKEN = 'ghp_rotate_read_token_0123456789abcdef';
const WEBHOOK_URL = 'https://hooks.example.com/rotate/webhook-path-credential';
const DB_PASSWORD = 'rotate-integration-password-5e2c';
const REPO_URL = 'https://github.com/acme/notebooks.git';
const RULES: GitRepoRules = { providerUrls: { github: 'https://github.com', gitlab: 'https://gitlab.com' }, allowHttp: false, allowPrivateNetworks: false };

const keyText = () => randomBytes(32).toString('base64');
const idOf = (text: string) => deploymentKeyId(Buffer.from(text, 'base64'));

describe('notebook-hub secrets rotate-key', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  const dataDir = async () => {
    const temp = await makeTempDir('rotate-key');
    cleanups.push(temp.cleanup);
    return temp.dir;
  };
  const storeOf = (dir: string) => new FsObjectStore(path.join(dir, 'store'));

  /** A hub on `dir` stores a Git token and an alert destination, then stops. */
  async function storeSecrets(dir: string, env: Record<string, string> = {}): Promise<void> {
    const hub = await createHub({ settings: readSettings({ SERVICE_DATA_DIR: dir, ...env }), logger: createLogger('silent'), uiDir: null });
    try {
      await hub.services.gitCredentials.set(
        PROJECT,
        { read_token: READ_TOKEN, write_token: 'ghp_rotate_write_token_abcdef', repositories: ['acme/notebooks'] },
        'usr-0000000000000001',
      );
      await hub.services.alerts.create(
        PROJECT,
        { type: 'webhook', name: 'hook', kinds: ['member.added'], url: WEBHOOK_URL, signing_secret: 'whsec-rotate-0123456789' },
        'usr-0000000000000001',
      );
      await hub.services.integrations.create(
        { kind: 'project', projectId: PROJECT },
        {
          kind: 'postgres',
          name: 'db',
          config: { host: 'db.example.com', database: 'd', user: 'u' },
          secrets: { password: { source: 'stored', value: DB_PASSWORD } },
        },
        'usr-0000000000000001',
      );
    } finally {
      await hub.close();
    }
  }

  /** The key ids of every sealed secret in the store (the state's check aside). */
  async function sealedKeyIds(dir: string): Promise<string[]> {
    const store = storeOf(dir);
    const kids: string[] = [];
    const visit = (node: unknown): void => {
      if (isSealedSecret(node)) kids.push(node.kid);
      else if (typeof node === 'object' && node !== null) Object.values(node).forEach(visit);
    };
    for (const item of (await store.list('')).items) {
      if (item.key !== layout.secretsState) visit(JSON.parse((await store.get(item.key))!.body.toString('utf8')));
    }
    return kids;
  }

  /** What a hub started with these settings reads back. */
  async function readBack(
    dir: string,
    env: Record<string, string> = {},
  ): Promise<{ token: string | null; url: string | null; password: string | null; logs: string[] }> {
    const lines: string[] = [];
    const sink = { write: (chunk: string) => (lines.push(JSON.parse(chunk).event as string), true) } as unknown as NodeJS.WritableStream;
    const hub = await createHub({ settings: readSettings({ SERVICE_DATA_DIR: dir, ...env }), logger: createLogger('info', sink), uiDir: null });
    try {
      const destinations = await hub.services.alerts.list(PROJECT, { cursor: null, limit: 10 });
      const integration = (await hub.services.integrationsForSandboxes.listForRendering(PROJECT)).find(({ instance }) => instance.kind === 'postgres');
      return {
        token: (await hub.services.gitCredentials.read(PROJECT, REPO_URL))?.password ?? null,
        url: destinations.items[0]?.url ?? null,
        password: integration?.secrets.password ?? null,
        logs: lines,
      };
    } finally {
      await hub.close();
    }
  }

  it('with the default key file: writes a new active key, re-wraps every secret under it, and keeps the old key as retired', async () => {
    const dir = await dataDir();
    await storeSecrets(dir);
    const keyFile = path.join(dir, 'secrets-key');
    const [before] = (await readKeyFile(keyFile))!;

    const rotated = await runHubCommand(['secrets', 'rotate-key'], { SERVICE_DATA_DIR: dir });
    expect(rotated.code, rotated.stderr).toBe(0);
    const keys = (await readKeyFile(keyFile))!;
    expect(keys).toHaveLength(2);
    expect(keys[1]!.equals(before!)).toBe(true);
    const active = deploymentKeyId(keys[0]!);
    expect(rotated.stderr).toContain(`[rotate-key] new active key ${active} written to ${keyFile}`);
    // The Git tokens are the project's Git credentials integration's.
    expect(rotated.stderr).toContain('[rotate-key] Git credentials: 0 record(s) checked');
    expect(rotated.stderr).toContain('[rotate-key] alert destinations: 1 record(s) checked, 2 re-wrapped');
    expect(rotated.stderr).toContain('[rotate-key] integrations: 2 record(s) checked, 3 re-wrapped');
    expect(rotated.stdout).toContain(`every sealed secret is under key ${active}`);
    expect(rotated.stdout).toContain(`retired key(s) ${deploymentKeyId(before!)} seal nothing now; remove them from the key file ${keyFile}`);
    expect(new Set(await sealedKeyIds(dir))).toEqual(new Set([active]));
    expect(`${rotated.stdout}${rotated.stderr}`).not.toContain(READ_TOKEN);
    expect(`${rotated.stdout}${rotated.stderr}`).not.toContain(DB_PASSWORD);

    const after = await readBack(dir);
    expect(after).toMatchObject({ token: READ_TOKEN, url: WEBHOOK_URL, password: DB_PASSWORD });
    expect(after.logs).not.toContain('secrets_rotation_pending');
    // The retired key can go: the new one alone opens everything.
    const onlyActive = new EnvelopeSecretBox({ active: deploymentKey(keys[0]!) });
    expect(await gitCredentialStoreOn(storeOf(dir), onlyActive, RULES).read(PROJECT, REPO_URL)).toMatchObject({ password: READ_TOKEN });
  });

  it('finishes an interrupted rotation when run again, without making another key', async () => {
    const dir = await dataDir();
    await storeSecrets(dir);
    const keyFile = path.join(dir, 'secrets-key');
    // A secret under a key the hub was never given stops the rotation part-way.
    const lost = keyText();
    const legacy = layout.gitCredentials(PROJECT);
    const underLost = new EnvelopeSecretBox({ active: deploymentKey(Buffer.from(lost, 'base64')) });
    // Git credentials as an older hub kept them (hubs now move them into an integration at start).
    const record = {
      username: 'x-access-token',
      read_token: null,
      write_token: 'ghp_under_a_lost_key_0123',
      updated_at: new Date().toISOString(),
      updated_by: 'usr-1',
    };
    await storeOf(dir).put(legacy, jsonBody(sealGitCredentials(underLost, legacy, record).record));

    const stopped = await runHubCommand(['secrets', 'rotate-key'], { SERVICE_DATA_DIR: dir });
    expect(stopped.code).toBe(1);
    expect(stopped.stderr).toContain(`1 record(s) hold secrets under key(s) ${idOf(lost)}`);
    expect(stopped.stderr).toContain(layout.gitCredentials(PROJECT));
    const keys = (await readKeyFile(keyFile))!;
    expect(keys).toHaveLength(2);

    await appendFile(keyFile, `${lost}\n`);
    const resumed = await runHubCommand(['secrets', 'rotate-key'], { SERVICE_DATA_DIR: dir });
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toContain(`[rotate-key] finishing the rotation to key ${deploymentKeyId(keys[0]!)}, begun earlier`);
    expect((await readKeyFile(keyFile))!.map((key) => deploymentKeyId(key))).toEqual([...keys.map((key) => deploymentKeyId(key)), idOf(lost)]);
    expect(new Set(await sealedKeyIds(dir))).toEqual(new Set([deploymentKeyId(keys[0]!)]));
  });

  it('with SERVICE_SECRETS_KEY: re-wraps under the key the operator made active, and a second run changes nothing', async () => {
    const dir = await dataDir();
    const [old, next] = [keyText(), keyText()];
    await storeSecrets(dir, { SERVICE_SECRETS_KEY: old });
    const rotating = { SERVICE_DATA_DIR: dir, SERVICE_SECRETS_KEY: next, SERVICE_SECRETS_RETIRED_KEYS: old };
    const first = await runHubCommand(['secrets', 'rotate-key'], rotating);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain(`3 record(s) checked, 5 secret(s) re-wrapped, 0 plaintext secret(s) sealed`);
    expect(first.stdout).toContain(
      `retired key(s) ${idOf(old)} seal nothing now; remove them from SERVICE_SECRETS_RETIRED_KEYS once every hub runs with key ${idOf(next)}`,
    );
    const second = await runHubCommand(['secrets', 'rotate-key'], rotating);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toContain('3 record(s) checked, 0 secret(s) re-wrapped');
    expect(new Set(await sealedKeyIds(dir))).toEqual(new Set([idOf(next)]));
    await expect(readFile(path.join(dir, 'secrets-key'))).rejects.toThrow(/ENOENT/);
    expect(await readBack(dir, { SERVICE_SECRETS_KEY: next })).toMatchObject({ token: READ_TOKEN });

    const withOldKey = await runHubCommand(['secrets', 'rotate-key'], { SERVICE_DATA_DIR: dir, SERVICE_SECRETS_KEY: old });
    expect(withOldKey.code).toBe(1);
    expect(withOldKey.stderr).toContain(`sealed under key ${idOf(next)}, and SERVICE_SECRETS_KEY`);
  });

  it('a hub whose key is missing or wrong for the stored secrets does not start, and says which setting to fix', async () => {
    const dir = await dataDir();
    await storeSecrets(dir);
    const serve = (env: Record<string, string>) =>
      runHubCommand(['serve'], { SERVICE_DATA_DIR: dir, SERVICE_HOST: '127.0.0.1', SERVICE_PORT: '0', SERVICE_LOG_LEVEL: 'info', ...env });
    const bootFailure = (stdout: string) =>
      stdout
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { event?: string; msg?: string })
        .find((line) => line.event === 'boot_failed');

    const wrong = await serve({ SERVICE_SECRETS_KEY: keyText() });
    expect(wrong.code).toBe(1);
    expect(bootFailure(wrong.stdout)?.msg).toMatch(
      /the deployment key does not match: the store's secrets are sealed under key k-[0-9a-f]{16}, and SERVICE_SECRETS_KEY/,
    );

    await rm(path.join(dir, 'secrets-key'));
    const missing = await serve({});
    expect(missing.code).toBe(1);
    expect(bootFailure(missing.stdout)?.msg).toContain(
      `their key file ${path.join(dir, 'secrets-key')} is missing: restore it, or give the deployment key in SERVICE_SECRETS_KEY`,
    );
    await expect(readFile(path.join(dir, 'secrets-key'))).rejects.toThrow(/ENOENT/);

    const token = await runHubCommand(['token', 'create', '--email', 'ops@example.com'], { SERVICE_DATA_DIR: dir, SERVICE_SECRETS_KEY: keyText() });
    expect(token.code).toBe(1);
    expect(token.stderr).toContain('SERVICE_SECRETS_KEY');
  });
});
