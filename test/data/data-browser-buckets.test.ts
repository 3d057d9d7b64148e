import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { CreateBucketCommand, DeleteObjectCommand, PutBucketVersioningCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3ObjectSources } from '../../service/src/adapters/data-browser/objects/s3-objects.js';
import type { ConnectionContext } from '../../service/src/adapters/integrations/connection-context.js';
import { createS3Client } from '../../service/src/adapters/store/s3-store.js';
import type { OutboundPolicy } from '../../service/src/core/outbound/outbound-policy.js';
import { ObjectSourceError, type ObjectEntry, type ObjectSource, type ObjectSourceTarget } from '../../service/src/core/ports/data-objects.js';
import type { NameResolver } from '../../service/src/core/ports/name-resolver.js';
import { prerequisite } from '../setup/prerequisites.js';
import { fakeDns, outboundClientForTests } from '../support/outbound.js';

const seaweedfs = prerequisite('seaweedfs');

const LOOPBACK: OutboundPolicy = { allowHttp: true, allowPrivateNetworks: false };

function contextFor(policy: OutboundPolicy = LOOPBACK, resolve: NameResolver = fakeDns({})) {
  const outbound = outboundClientForTests({ feature: 'integrations', policy, resolve });
  const context: ConnectionContext = { outbound, policy, resolve, allowHttp: true, timeoutMs: 10_000 };
  return { context, logs: outbound.logger.lines };
}

const signal = () => new AbortController().signal;

async function failure(call: Promise<unknown>): Promise<ObjectSourceError> {
  const error = await call.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error, 'the call should have failed').toBeInstanceOf(ObjectSourceError);
  return error as ObjectSourceError;
}

const nameOf = (entry: ObjectEntry) => (entry.type === 'folder' ? entry.prefix : entry.key);

/** Every page of a listing, following the cursor. */
async function everything(source: ObjectSource, prefix: string, limit: number): Promise<{ pages: number; entries: ObjectEntry[] }> {
  const entries: ObjectEntry[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page = await source.list({ prefix, cursor, limit, signal: signal() });
    expect(page.entries.length).toBeLessThanOrEqual(limit);
    entries.push(...page.entries);
    cursor = page.nextCursor;
    pages++;
  } while (cursor !== null && pages < 100);
  return { pages, entries };
}

async function collect(body: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/**
 * The object side of the data browser against the real SeaweedFS S3 gateway of this tier: buckets
 * of its own, listed with folders, pages and prefix search, objects described, read in ranges and
 * streamed, versions of a versioned bucket, and a wrong key refused.
 */
describe.skipIf(seaweedfs === null)('the data browser over an S3 bucket (SeaweedFS)', () => {
  const info = seaweedfs!;
  const suffix = randomBytes(4).toString('hex');
  const plain = `browse-${suffix}`;
  const versioned = `versions-${suffix}`;
  const big = randomBytes(1 << 20);
  let admin: S3Client;
  const { context, logs } = contextFor();
  const sources = new S3ObjectSources(context);
  const target = (bucket: string, keys = { id: info.accessKeyId, secret: info.secretAccessKey }): ObjectSourceTarget => ({
    kind: 's3',
    config: { endpoint_url: info.endpoint, bucket, path_style: true, region: 'us-east-1' },
    secrets: { access_key_id: keys.id, secret_access_key: keys.secret },
  });
  let source: ObjectSource;
  const put = (bucket: string, key: string, body: string | Uint8Array, contentType = 'text/plain') =>
    admin.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: contentType }));

  beforeAll(async () => {
    admin = createS3Client({
      endpoint: info.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: info.accessKeyId, secretAccessKey: info.secretAccessKey },
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    await admin.send(new CreateBucketCommand({ Bucket: plain }));
    await admin.send(new CreateBucketCommand({ Bucket: versioned }));
    await admin.send(new PutBucketVersioningCommand({ Bucket: versioned, VersioningConfiguration: { Status: 'Enabled' } }));
    for (const key of ['data/a.csv', 'data/sales.csv', 'data/sales/2024.csv', 'data/sales/2025.csv', 'data/salt.txt', 'readme.md', 'zeta/z.txt'])
      await put(plain, key, `content of ${key}`);
    for (let index = 0; index < 25; index++) await put(plain, `page/item-${String(index).padStart(2, '0')}.txt`, `item ${index}`);
    await put(plain, 'big.bin', big, 'application/octet-stream');
    source = sources.open(target(plain));
  });
  afterAll(() => {
    source?.close();
    admin?.destroy();
  });

  it('lists the top level as folders and objects, in key order', async () => {
    const listing = await source.list({ prefix: '', cursor: null, limit: 100, signal: signal() });
    expect(listing.entries.map(nameOf)).toEqual(['big.bin', 'data/', 'page/', 'readme.md', 'zeta/']);
    expect(listing.nextCursor).toBeNull();
    expect(listing.entries.find((entry) => entry.type === 'object' && entry.key === 'readme.md')).toMatchObject({
      type: 'object',
      size: 'content of readme.md'.length,
      modified: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      etag: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    const data = await source.list({ prefix: 'data/', cursor: null, limit: 100, signal: signal() });
    // "." sorts before "/": data/sales.csv comes before the folder data/sales/.
    expect(data.entries.map(nameOf)).toEqual(['data/a.csv', 'data/sales.csv', 'data/sales/', 'data/salt.txt']);
  });

  it('pages through a folder with the cursor, each entry once', async () => {
    const { pages, entries } = await everything(source, 'page/', 10);
    expect(pages).toBe(3);
    expect(entries.map(nameOf)).toEqual(Array.from({ length: 25 }, (_, index) => `page/item-${String(index).padStart(2, '0')}.txt`));
  });

  it('searches by prefix: what starts with it, under its folder', async () => {
    const found = await source.list({ prefix: 'data/sal', cursor: null, limit: 100, signal: signal() });
    expect(found.entries.map(nameOf)).toEqual(['data/sales.csv', 'data/sales/', 'data/salt.txt']);
    expect((await source.list({ prefix: 'nothing/', cursor: null, limit: 100, signal: signal() })).entries).toEqual([]);
  });

  it('describes an object, and says when there is none', async () => {
    const facts = await source.head('data/a.csv', null, signal());
    expect(facts).toMatchObject({ key: 'data/a.csv', size: 'content of data/a.csv'.length, contentType: 'text/plain', versionId: null });
    expect(facts.etag).toMatch(/^[0-9a-f]{32}$/);
    const missing = await failure(source.head('data/absent.csv', null, signal()));
    expect(missing).toMatchObject({ reason: 'not-found', message: `there is no object data/absent.csv in the bucket ${plain}` });
    // The bucket keeps no versions: none to show.
    expect(await source.versions('data/a.csv', 10, signal())).toEqual([]);
  });

  it('reads exactly the range asked, and nothing past the end', async () => {
    const read = await source.read('big.bin', { offset: 1000, length: 5000, versionId: null }, signal());
    expect(Buffer.from(read).equals(big.subarray(1000, 6000))).toBe(true);
    const tail = await source.read('big.bin', { offset: big.length - 10, length: 100, versionId: null }, signal());
    expect(Buffer.from(tail).equals(big.subarray(big.length - 10))).toBe(true);
    expect((await source.read('big.bin', { offset: big.length + 5, length: 10, versionId: null }, signal())).byteLength).toBe(0);
    expect((await source.read('big.bin', { offset: 0, length: 0, versionId: null }, signal())).byteLength).toBe(0);
    expect((await failure(source.read('absent.bin', { offset: 0, length: 10, versionId: null }, signal()))).reason).toBe('not-found');
  });

  it("reads an object's ends with its facts in one round trip, the size from the ranged answer", async () => {
    const ends = await source.readEnds('big.bin', { head: 4096, tail: 10_000, versionId: null }, signal());
    const { modified, ...facts } = await source.head('big.bin', null, signal());
    expect(ends.facts).toMatchObject({ ...facts, size: big.length });
    expect(ends.facts.modified).toBe(modified);
    expect(Buffer.from(ends.head).equals(big.subarray(0, 4096))).toBe(true);
    expect(Buffer.from(ends.tail).equals(big.subarray(big.length - 10_000))).toBe(true);
    // Ends larger than the object: the whole object, each.
    const small = await source.readEnds('readme.md', { head: 65_536, tail: 262_144, versionId: null }, signal());
    expect(small.facts).toMatchObject({ key: 'readme.md', size: 'content of readme.md'.length, contentType: 'text/plain' });
    expect(Buffer.from(small.head).toString()).toBe('content of readme.md');
    expect(Buffer.from(small.tail).toString()).toBe('content of readme.md');
    // No tail asked for: none read.
    expect((await source.readEnds('big.bin', { head: 100, tail: 0, versionId: null }, signal())).tail.byteLength).toBe(0);
    await put(plain, 'empty.txt', new Uint8Array(0));
    const empty = await source.readEnds('empty.txt', { head: 65_536, tail: 262_144, versionId: null }, signal());
    expect(empty).toMatchObject({ facts: { key: 'empty.txt', size: 0 }, head: new Uint8Array(0), tail: new Uint8Array(0) });
    expect(await failure(source.readEnds('absent.bin', { head: 100, tail: 100, versionId: null }, signal()))).toMatchObject({
      reason: 'not-found',
      message: `there is no object absent.bin in the bucket ${plain}`,
    });
  });

  it('streams a whole object', async () => {
    const opened = await source.open('big.bin', null, signal());
    expect(opened.facts).toMatchObject({ key: 'big.bin', size: big.length, contentType: 'application/octet-stream' });
    expect((await collect(opened.body)).equals(big)).toBe(true);
    expect((await failure(source.open('absent.bin', null, signal()))).reason).toBe('not-found');
  });

  it('lists the versions of an object in a versioned bucket, newest first, and reads an older one', async () => {
    const bucket = sources.open(target(versioned));
    try {
      for (const body of ['one', 'two!', 'three']) await put(versioned, 'notes.txt', body);
      await put(versioned, 'notes.txt.bak', 'another key sharing the prefix');
      await admin.send(new DeleteObjectCommand({ Bucket: versioned, Key: 'notes.txt' }));
      const versions = await bucket.versions('notes.txt', 10, signal());
      expect(versions.map((version) => [version.deleted, version.size])).toEqual([
        [true, 0],
        [false, 5],
        [false, 4],
        [false, 3],
      ]);
      expect(versions[0]!.latest).toBe(true);
      expect(versions.slice(1).every((version) => !version.latest)).toBe(true);
      expect(new Set(versions.map((version) => version.versionId)).size).toBe(4);
      expect(await bucket.versions('notes.txt', 2, signal())).toHaveLength(2);
      // Deleted now, but its versions can be read.
      expect((await failure(bucket.head('notes.txt', null, signal()))).reason).toBe('not-found');
      const second = versions[2]!;
      expect(await bucket.head('notes.txt', second.versionId, signal())).toMatchObject({ size: 4, versionId: second.versionId });
      const read = await bucket.read('notes.txt', { offset: 1, length: 2, versionId: second.versionId }, signal());
      expect(Buffer.from(read).toString()).toBe('wo');
      const ends = await bucket.readEnds('notes.txt', { head: 3, tail: 2, versionId: second.versionId }, signal());
      expect(ends.facts).toMatchObject({ size: 4, versionId: second.versionId });
      expect([Buffer.from(ends.head).toString(), Buffer.from(ends.tail).toString()]).toEqual(['two', 'o!']);
      const opened = await bucket.open('notes.txt', versions[1]!.versionId, signal());
      expect((await collect(opened.body)).toString()).toBe('three');
    } finally {
      bucket.close();
    }
  });

  it('says a wrong key or secret is refused, without repeating the secret', async () => {
    const wrongSecret = sources.open(target(plain, { id: info.accessKeyId, secret: `wrong-${randomBytes(8).toString('hex')}` }));
    const denied = await failure(wrongSecret.list({ prefix: '', cursor: null, limit: 10, signal: signal() }));
    expect(denied).toMatchObject({ reason: 'denied', message: 'the secret access key does not match the access key ID' });
    expect((await failure(wrongSecret.read('readme.md', { offset: 0, length: 10, versionId: null }, signal()))).reason).toBe('denied');
    expect((await failure(wrongSecret.readEnds('readme.md', { head: 10, tail: 10, versionId: null }, signal()))).reason).toBe('denied');
    wrongSecret.close();
    const unknownKey = sources.open(target(plain, { id: 'AKIAUNKNOWNKEY000000', secret: 'whatever-secret' }));
    expect(await failure(unknownKey.head('readme.md', null, signal()))).toMatchObject({ reason: 'denied' });
    unknownKey.close();
    expect(JSON.stringify(logs)).not.toContain(info.secretAccessKey);
  });

  it('says when the bucket does not exist', async () => {
    const absent = sources.open(target(`absent-${suffix}`));
    expect(await failure(absent.list({ prefix: '', cursor: null, limit: 10, signal: signal() }))).toMatchObject({
      reason: 'invalid',
      message: `the bucket absent-${suffix} does not exist`,
    });
    absent.close();
  });
});

/**
 * The outbound-request policy: the S3 client connects only to addresses the policy allows (a
 * listener on 127.0.0.1 counts the connections that reach it), and follows no redirect.
 */
describe('the bucket browser under the outbound-request policy', () => {
  let listener: Server;
  let port = 0;
  let connections = 0;
  beforeAll(async () => {
    listener = createServer((request, response) => {
      request.resume();
      response.writeHead(307, { location: 'http://127.0.0.1:9/elsewhere' }).end();
    });
    listener.on('connection', () => connections++);
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    port = (listener.address() as { port: number }).port;
  });
  afterAll(async () => {
    listener.closeAllConnections();
    await new Promise((resolve) => listener.close(resolve));
  });

  const dns = fakeDns({ 'store.test': ['127.0.0.1'], 'mixed.test': ['127.0.0.1', '169.254.169.254'] });
  const target = (host: string): ObjectSourceTarget => ({
    kind: 's3',
    config: { endpoint_url: `http://${host}:${port}`, bucket: 'b', path_style: true },
    secrets: { access_key_id: 'AKIAEXAMPLE', secret_access_key: 'not-a-real-secret' },
  });
  const list = (source: ObjectSource) => source.list({ prefix: '', cursor: null, limit: 10, signal: signal() });

  it('refuses a host that resolves to a refused address, before connecting', async () => {
    connections = 0;
    const closed = new S3ObjectSources(contextFor({ allowHttp: false, allowPrivateNetworks: false }, dns).context);
    for (const host of ['store.test', '127.0.0.1']) {
      const refused = await failure(list(closed.open(target(host))));
      expect(refused.reason).toBe('refused-address');
      expect(refused.message).toContain(`the host ${host} is not one the hub may reach`);
    }
    const open = new S3ObjectSources(contextFor(LOOPBACK, dns).context);
    expect((await failure(list(open.open(target('mixed.test'))))).reason).toBe('refused-address');
    expect(connections).toBe(0);
    // Where loopback is open the same name reaches the listener, whose redirect is not followed.
    const redirected = await failure(list(open.open(target('store.test'))));
    expect(connections).toBe(1);
    expect(redirected.reason).toBe('invalid');
    expect(redirected.message).toMatch(/redirected/);
  });

  it('refuses plain http unless the administrator allows it', async () => {
    const { context } = contextFor(LOOPBACK, dns);
    const strict = new S3ObjectSources({ ...context, allowHttp: false });
    expect(await failure(list(strict.open(target('store.test'))))).toMatchObject({
      reason: 'invalid',
      message: expect.stringMatching(/^plain http is refused/),
    });
  });
});
