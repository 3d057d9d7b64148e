import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { layout } from '../../service/src/core/storage-layout.js';
import { FsObjectStore } from '../../service/src/adapters/store/fs-store.js';
import { runHubCommand, startHubProcess } from '../support/hub-process.js';
import { makeTempDir } from '../support/temp-dir.js';

const TOKEN_LINE = /^svc_pat_[A-Za-z0-9_-]{43}\n$/;

describe('notebook-hub token create', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  const dataDir = async () => {
    const temp = await makeTempDir('token-command');
    cleanups.push(temp.cleanup);
    return temp.dir;
  };

  it('bootstraps a super admin whose token opens the admin routes of a hub on the same store', async () => {
    const env = { SERVICE_DATA_DIR: await dataDir() };
    const admin = await runHubCommand(['token', 'create', '--email', 'Ops@Example.com', '--super-admin', '--name', 'bootstrap'], env);
    expect(admin.code, admin.stderr).toBe(0);
    expect(admin.stdout).toMatch(TOKEN_LINE);
    expect(admin.stderr).toMatch(/for ops@example\.com .*a super admin/);

    const hub = await startHubProcess(env);
    cleanups.push(() => hub.stop());
    // Made while the hub runs: the command and the server share the store, not a process.
    const plain = await runHubCommand(['token', 'create', '--email', 'dev@example.com'], env);
    expect(plain.code, plain.stderr).toBe(0);
    expect(plain.stdout).toMatch(TOKEN_LINE);

    const get = (route: string, token: string) => fetch(`${hub.url}${route}`, { headers: { authorization: `Bearer ${token.trim()}` } });
    const users = await get('/api/v1/admin/users', admin.stdout);
    expect(users.status).toBe(200);
    const listed = ((await users.json()) as { data: { items: { email: string; is_super_admin: boolean }[] } }).data.items;
    expect(listed).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ email: 'ops@example.com', is_super_admin: true }),
        expect.objectContaining({ email: 'dev@example.com', is_super_admin: false }),
      ]),
    );

    const denied = await get('/api/v1/admin/users', plain.stdout);
    expect(denied.status).toBe(403);
    expect(((await denied.json()) as { error: { code: string } }).error.code).toBe('FORBIDDEN');
    expect((await get('/api/v1/me', plain.stdout)).status).toBe(200);

    // --name is what the token's owner later sees in their token list.
    const me = (await (await get('/api/v1/me', admin.stdout)).json()) as { data: { id: string; is_super_admin: boolean } };
    expect(me.data.is_super_admin).toBe(true);
    const store = new FsObjectStore(path.join(env.SERVICE_DATA_DIR, 'store'));
    const index = await store.list(layout.userTokensPrefix(me.data.id));
    const names = await Promise.all(index.items.map(async (item) => JSON.parse((await store.get(item.key))!.body.toString()).name as string));
    expect(names).toEqual(['bootstrap']);
  });

  it('refuses a malformed e-mail address with exit 1, saying why, and writes nothing', async () => {
    const dir = await dataDir();
    for (const email of ['ops', 'ops@', 'ops@@example.com', 'o ps@example.com']) {
      const result = await runHubCommand(['token', 'create', '--email', email, '--super-admin'], { SERVICE_DATA_DIR: dir });
      expect(result.code, email).toBe(1);
      expect(result.stdout, email).toBe('');
      expect(result.stderr, email).toContain(`not an e-mail address: ${JSON.stringify(email)}`);
    }
    expect(await readdir(dir)).toEqual([]);
  });
});
