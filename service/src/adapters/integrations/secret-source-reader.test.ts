import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../../../test/support/temp-dir.js';
import { HubSecretSourceReader, type KubernetesSecrets } from './secret-source-reader.js';

/** A cluster's Secrets as the reader sees them, without a cluster: the reader's rules are what is tested here. */
const fakeSecrets = (secrets: Record<string, { labels: Record<string, string>; data: Record<string, string> }>): KubernetesSecrets => ({
  namespace: 'hub',
  read: async (name) => secrets[name] ?? null,
});
const b64 = (text: string) => Buffer.from(text).toString('base64');

describe('the secret-source reader', () => {
  let temp: { dir: string; cleanup: () => Promise<void> };
  let reader: HubSecretSourceReader;
  beforeAll(async () => {
    temp = await makeTempDir('secret-sources');
    const mounted = path.join(temp.dir, 'mounted');
    await mkdir(path.join(mounted, 'folder'), { recursive: true });
    await writeFile(path.join(mounted, 'token'), 'file-token\n');
    await writeFile(path.join(mounted, 'empty'), '');
    await writeFile(path.join(temp.dir, 'private'), 'not for integrations');
    await symlink(path.join(temp.dir, 'private'), path.join(mounted, 'escape'));
    reader = new HubSecretSourceReader({
      settings: { environmentVariables: ['TEAM_*', 'EXACT'], fileDirectories: [mounted], kubernetes: true },
      env: { TEAM_DB: 'env-value', EXACT: 'exact-value', EXACTLY: 'no', SERVICE_SECRETS_KEY: 'deployment-key' },
      kubernetes: async () =>
        fakeSecrets({
          'db-credentials': { labels: { 'notebook-hub.io/secret-source': 'true' }, data: { password: b64('k8s-password') } },
          'hub-key': { labels: {}, data: { key: b64('deployment-key') } },
        }),
    });
  });
  afterAll(async () => {
    await temp?.cleanup();
  });

  it('offers each source the settings open', () => {
    expect(reader.available).toEqual(['stored', 'environment', 'file', 'kubernetes_secret']);
    expect(
      new HubSecretSourceReader({ settings: { environmentVariables: [], fileDirectories: [], kubernetes: true }, env: {}, kubernetes: null }).available,
    ).toEqual(['stored']);
  });

  it('reads only the variables the administrator opened', async () => {
    expect(await reader.read({ source: 'environment', variable: 'TEAM_DB' })).toBe('env-value');
    expect(await reader.read({ source: 'environment', variable: 'EXACT' })).toBe('exact-value');
    await expect(reader.read({ source: 'environment', variable: 'EXACTLY' })).rejects.toThrow(/not one this hub lets integrations read/);
    await expect(reader.read({ source: 'environment', variable: 'SERVICE_SECRETS_KEY' })).rejects.toThrow(/not one this hub lets integrations read/);
    await expect(reader.read({ source: 'environment', variable: 'TEAM_UNSET' })).rejects.toThrow("the variable TEAM_UNSET is not set in the hub's environment");
  });

  it('reads files inside the opened directories only, links followed first', async () => {
    const mounted = path.join(temp.dir, 'mounted');
    expect(await reader.read({ source: 'file', path: path.join(mounted, 'token') })).toBe('file-token');
    await expect(reader.read({ source: 'file', path: path.join(mounted, 'escape') })).rejects.toThrow(/not in a directory this hub lets integrations read/);
    await expect(reader.read({ source: 'file', path: path.join(temp.dir, 'private') })).rejects.toThrow(/not in a directory/);
    await expect(reader.read({ source: 'file', path: path.join(mounted, 'absent') })).rejects.toThrow(/does not exist or is not readable/);
    await expect(reader.read({ source: 'file', path: path.join(mounted, 'empty') })).rejects.toThrow(/is empty/);
    await expect(reader.read({ source: 'file', path: path.join(mounted, 'folder') })).rejects.toThrow(/is not a file/);
  });

  it('reads labelled Secrets of the hub namespace, and says which Secret or key is missing', async () => {
    expect(await reader.read({ source: 'kubernetes_secret', secret: 'db-credentials', key: 'password' })).toBe('k8s-password');
    await expect(reader.read({ source: 'kubernetes_secret', secret: 'db-credentials', key: 'user' })).rejects.toThrow(
      'the Secret db-credentials has no key user',
    );
    await expect(reader.read({ source: 'kubernetes_secret', secret: 'absent', key: 'k' })).rejects.toThrow(
      "there is no Secret absent in the hub's namespace hub",
    );
    await expect(reader.read({ source: 'kubernetes_secret', secret: 'hub-key', key: 'key' })).rejects.toThrow(
      /is not labelled notebook-hub.io\/secret-source=true/,
    );
  });
});
