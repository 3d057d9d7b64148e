import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { layout } from '../../service/src/core/storage-layout.js';
import { S3ObjectStore } from '../../service/src/adapters/store/s3-store.js';
import { startFakeUnconditionalS3 } from '../support/fake-unconditional-store.js';
import { runHubCommand, startHubProcess } from '../support/hub-process.js';
import { makeTempDir } from '../support/temp-dir.js';
import { unusedPort } from '../support/unused-port.js';
import { prerequisite } from '../setup/prerequisites.js';

const SUITE = 'hub on S3 storage (SeaweedFS)';
const seaweed = prerequisite('seaweedfs');

if (!seaweed) {
  describe.skip(SUITE, () => {
    it('needs the SeaweedFS server of the test setup', () => {});
  });
} else {
  describe(SUITE, () => {
    const cleanups: (() => Promise<unknown>)[] = [];
    afterEach(async () => {
      for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    });

    /** Settings of a hub process on the test bucket, under a prefix of its own. */
    const s3Env = async (overrides: Record<string, string> = {}) => {
      const temp = await makeTempDir('s3-hub');
      cleanups.push(temp.cleanup);
      return {
        SERVICE_DATA_DIR: temp.dir,
        SERVICE_RUN_MAINTENANCE: 'false',
        SERVICE_STORAGE: 's3',
        SERVICE_S3_ENDPOINT: seaweed.endpoint,
        SERVICE_S3_BUCKET: seaweed.bucket,
        SERVICE_S3_PREFIX: `hub-${randomBytes(6).toString('hex')}`,
        SERVICE_S3_FORCE_PATH_STYLE: 'true',
        SERVICE_S3_ACCESS_KEY_ID: seaweed.accessKeyId,
        SERVICE_S3_SECRET_ACCESS_KEY: seaweed.secretAccessKey,
        ...overrides,
      };
    };
    const start = async (env: Record<string, string>) => {
      const hub = await startHubProcess(env);
      cleanups.push(() => hub.stop());
      return hub;
    };
    const bucketStore = (prefix: string) => {
      const store = new S3ObjectStore({
        endpoint: seaweed.endpoint,
        bucket: seaweed.bucket,
        region: 'us-east-1',
        prefix,
        forcePathStyle: true,
        credentials: { accessKeyId: seaweed.accessKeyId, secretAccessKey: seaweed.secretAccessKey },
      });
      cleanups.push(() => store.close());
      return store;
    };
    const api = (url: string, token: string) => (route: string, body?: unknown) =>
      fetch(`${url}${route}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });

    it('boots from the SERVICE_S3_* settings, keeps a project under the prefix and lists it', async () => {
      const env = await s3Env();
      const issued = await runHubCommand(['token', 'create', '--email', 'ops@example.com'], env);
      expect(issued.code, issued.stderr).toBe(0);
      const hub = await start(env);
      expect(hub.logs.find((line) => line.event === 'server_started')).toMatchObject({ storage: 's3' });
      expect(hub.logs.find((line) => line.event === 'storage_preflight_failed')).toBeUndefined();

      const call = api(hub.url, issued.stdout.trim());
      const created = await call('/api/v1/projects', { name: 'kept in a bucket' });
      expect(created.status).toBe(201);
      const { id } = ((await created.json()) as { data: { id: string } }).data;
      const listed = (await (await call('/api/v1/projects')).json()) as { data: { items: { id: string; name: string }[] } };
      expect(listed.data.items).toEqual([expect.objectContaining({ id, name: 'kept in a bucket' })]);
      expect(((await (await call('/api/v1/version')).json()) as { data: { backends: { storage: string } } }).data.backends.storage).toBe('s3');

      // Everything is in the bucket, under SERVICE_S3_PREFIX, and nothing on local disk.
      const prefix = env.SERVICE_S3_PREFIX;
      expect((await bucketStore(prefix).list(layout.projectRevisionsPrefix(id))).items).toHaveLength(1);
      expect(await bucketStore('').get(`${prefix}/${layout.catalogPointer}`)).not.toBeNull();
      expect(await bucketStore('').get(layout.catalogPointer)).toBeNull();
      expect(await readdir(env.SERVICE_DATA_DIR)).not.toContain('store');
    });

    it('logs an unreachable endpoint at error, keeps serving, and works once the endpoint answers', async () => {
      const port = await unusedPort();
      const env = await s3Env({ SERVICE_S3_ENDPOINT: `http://127.0.0.1:${port}` });
      const hub = await start(env);
      expect(hub.logs.find((line) => line.event === 'storage_preflight_failed')).toMatchObject({ level: 'error', storage: 's3' });
      expect((await fetch(`${hub.url}/api/health`)).status).toBe(200);
      const refused = await fetch(`${hub.url}/api/v1/projects`);
      expect(refused.status).toBe(503);
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('SERVICE_UNAVAILABLE');

      // The endpoint comes up on that address (a relay to the SeaweedFS server).
      const upstream = new URL(seaweed.endpoint);
      const sockets = new Set<net.Socket>();
      const relay = net.createServer((socket) => {
        const server = net.connect(Number(upstream.port), upstream.hostname);
        sockets.add(socket).add(server);
        socket.pipe(server).pipe(socket);
        socket.on('error', () => server.destroy());
        server.on('error', () => socket.destroy());
      });
      await new Promise<void>((resolve) => relay.listen(port, '127.0.0.1', resolve));
      cleanups.push(async () => {
        // The hub keeps its connections alive; closing the relay would wait for them.
        for (const socket of sockets) socket.destroy();
        await new Promise((resolve) => relay.close(resolve));
      });
      const issued = await runHubCommand(['token', 'create', '--email', 'ops@example.com'], env);
      expect(issued.code, issued.stderr).toBe(0);
      const projects = await api(hub.url, issued.stdout.trim())('/api/v1/projects');
      expect(projects.status).toBe(200);
    });

    it('refuses to serve, with a clear message, on an S3 endpoint that ignores conditional writes', async () => {
      const fake = await startFakeUnconditionalS3(seaweed);
      cleanups.push(() => fake.close());
      const env = await s3Env({ SERVICE_S3_ENDPOINT: fake.endpoint });
      const served = await runHubCommand(['serve'], { ...env, SERVICE_PORT: '0' });
      expect(served.code).toBe(1);
      const lines = served.stdout
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(lines.find((line) => line.event === 'boot_failed')).toMatchObject({
        level: 'fatal',
        msg: expect.stringMatching(/does not honour conditional writes .*the hub will not start/),
      });
      expect(lines.find((line) => line.event === 'server_started')).toBeUndefined();
      expect(fake.ignoredConditions).toBeGreaterThan(0);

      // The offline commands refuse the same store.
      const token = await runHubCommand(['token', 'create', '--email', 'ops@example.com'], env);
      expect(token.code).toBe(1);
      expect(token.stderr).toMatch(/storage is not usable: the store accepted a write with If-None-Match/);
      const recover = await runHubCommand(['recover', '--rebuild'], env);
      expect(recover.code).toBe(1);
      expect(recover.stderr).toMatch(/unsupported storage/);
    });
  });
}
