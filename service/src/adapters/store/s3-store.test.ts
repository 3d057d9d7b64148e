import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { StoreUnavailableError, type ObjectStore } from '../../core/ports/object-store.js';
import { describeObjectStoreConformance } from './object-store.conformance.js';
import { S3ObjectStore, type S3ObjectStoreOptions } from './s3-store.js';
import { unusedPort } from '../../../../test/support/unused-port.js';
import { prerequisite } from '../../../../test/setup/prerequisites.js';

const SUITE = 's3 (SeaweedFS)';
const seaweed = prerequisite('seaweedfs');

/** A prefix of its own for every store, so that runs and tests never see each other's keys. */
const freshPrefix = () => `test-${randomBytes(6).toString('hex')}`;

it('builds S3 clients without the SDK notice about future Node.js versions', () => {
  const script = `
    const { S3ObjectStore } = await import(${JSON.stringify(new URL('./s3-store.ts', import.meta.url).href)});
    await new S3ObjectStore({ bucket: 'b', region: 'us-east-1', prefix: '', forcePathStyle: true }).close();
    if (process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED !== undefined) throw new Error('variable left set');`;
  const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
  expect(child.stderr).not.toMatch(/NodeVersionSupportWarning/);
  expect(child.status, child.stderr).toBe(0);
});

if (!seaweed) {
  describe.skip(SUITE, () => {
    it('needs the SeaweedFS server of the test setup', () => {});
  });
} else {
  const options = (overrides: Partial<S3ObjectStoreOptions> = {}): S3ObjectStoreOptions => ({
    endpoint: seaweed.endpoint,
    bucket: seaweed.bucket,
    region: 'us-east-1',
    prefix: freshPrefix(),
    forcePathStyle: true,
    credentials: { accessKeyId: seaweed.accessKeyId, secretAccessKey: seaweed.secretAccessKey },
    ...overrides,
  });

  // The server's whole data directory is removed at teardown, so targets leave their keys behind.
  describeObjectStoreConformance(SUITE, async () => ({ store: new S3ObjectStore(options()), cleanup: async () => {} }));

  describe(`S3ObjectStore against ${SUITE}`, () => {
    const opened: ObjectStore[] = [];
    const open = (overrides: Partial<S3ObjectStoreOptions> = {}) => {
      const store = new S3ObjectStore(options(overrides));
      opened.push(store);
      return store;
    };
    afterAll(async () => {
      for (const store of opened) await store.close();
    });

    it('keeps the keys of each prefix to its own store', async () => {
      const prefix = freshPrefix();
      const a = open({ prefix });
      const sibling = open({ prefix: `${prefix}-2` });
      const root = open({ prefix: '' });
      expect(a.location).toBe(`s3://${seaweed.bucket}/${prefix}`);
      expect(root.location).toBe(`s3://${seaweed.bucket}`);

      await a.put('shared/key', 'from a');
      expect(await sibling.get('shared/key')).toBeNull();
      expect((await sibling.list('')).items).toEqual([]);
      await sibling.put('shared/key', 'from sibling');

      expect((await a.get('shared/key'))?.body.toString()).toBe('from a');
      expect((await a.list('')).items.map((item) => item.key)).toEqual(['shared/key']);
      expect((await root.get(`${prefix}/shared/key`))?.body.toString()).toBe('from a');
    });

    // Without a bound on attempts a dead endpoint would hold every request through a retry storm.
    it('reports a closed port as unavailable after the configured attempts only', async () => {
      const port = await unusedPort();
      const store = open({ endpoint: `http://127.0.0.1:${port}`, maxAttempts: 2, requestTimeoutMs: 2_000 });
      for (const attempt of [() => store.get('a/key'), () => store.put('a/key', 'x', { ifNoneMatch: '*' }), () => store.list('a/')]) {
        const error = await attempt().catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(StoreUnavailableError);
        expect((error as Error).message).toMatch(new RegExp(`cannot reach S3 at http://127\\.0\\.0\\.1:${port} .*ECONNREFUSED`));
        expect(((error as Error).cause as { $metadata?: { attempts?: number } }).$metadata?.attempts).toBe(2);
      }
    });

    it('gives up on a server that never answers, one connection per attempt', async () => {
      let connections = 0;
      const held = new Set<net.Socket>();
      const silent = net.createServer((socket) => {
        connections++;
        held.add(socket);
      });
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
      try {
        const port = (silent.address() as net.AddressInfo).port;
        // Without the request timeout this read would wait forever (and the test time out).
        const store = open({ endpoint: `http://127.0.0.1:${port}`, maxAttempts: 2, requestTimeoutMs: 300 });
        const error = await store.get('a/key').catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(StoreUnavailableError);
        expect((error as Error).message).toMatch(/cannot reach S3/);
        expect(connections).toBe(2);
      } finally {
        for (const socket of held) socket.destroy();
        silent.close();
      }
    });

    it('names a missing bucket', async () => {
      const store = open({ bucket: `missing-${randomBytes(4).toString('hex')}` });
      for (const attempt of [() => store.get('a/key'), () => store.put('a/key', 'x'), () => store.list('a/')]) {
        const error = await attempt().catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(StoreUnavailableError);
        expect((error as Error).message).toMatch(/NoSuchBucket/);
      }
    });

    it('names the S3 error of rejected credentials', async () => {
      const store = open({ credentials: { accessKeyId: seaweed.accessKeyId, secretAccessKey: 'not-the-secret' } });
      const error = await store.get('a/key').catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(StoreUnavailableError);
      expect((error as Error).message).toMatch(/failed with \w+ \(HTTP 403\)/);
    });
  });
}
