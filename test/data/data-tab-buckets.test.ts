import { randomBytes } from 'node:crypto';
import { PutBucketVersioningCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { parquetWriteBuffer } from 'hyparquet-writer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prerequisite } from '../setup/prerequisites.js';
import { startDataBrowserWorld, stored, type DataBrowserWorld } from '../support/data-browser-world.js';
import { gzipBomb } from '../support/preview-fixtures.js';

const seaweedfs = prerequisite('seaweedfs');

/**
 * The object browser over a real S3 bucket (SeaweedFS) through the hub (docs/data-browser.md):
 * folders, pages, search, details and versions, downloads, previews of each kind of file and of
 * hostile ones, and who may do what.
 */
describe.skipIf(seaweedfs === null)('the data browser over a bucket', () => {
  let w: DataBrowserWorld;
  let sid: string;
  let s3: S3Client;
  const root = `browser-${randomBytes(4).toString('hex')}/`;
  const put = (key: string, body: Uint8Array | string, contentType?: string) =>
    s3.send(new PutObjectCommand({ Bucket: seaweedfs!.bucket, Key: `${root}${key}`, Body: body, ...(contentType ? { ContentType: contentType } : {}) }));

  beforeAll(async () => {
    s3 = new S3Client({
      region: 'us-east-1',
      endpoint: seaweedfs!.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: seaweedfs!.accessKeyId, secretAccessKey: seaweedfs!.secretAccessKey },
    });
    await put('sales/2024.csv', 'region,amount,closed\nnorth,10.5,2024-01-02\nsouth,7,2024-02-03\n', 'text/csv');
    await put('sales/2023.csv', 'region,amount\nnorth,1\n');
    for (let index = 0; index < 7; index++) await put(`logs/day-${index}.txt`, `day ${index}\n`);
    const parquet = parquetWriteBuffer({
      columnData: [
        { name: 'id', data: Array.from({ length: 500 }, (_, index) => index), type: 'INT32' },
        { name: 'city', data: Array.from({ length: 500 }, (_, index) => `city-${index}`), type: 'STRING' },
      ],
    });
    await put('tables/cities.parquet', new Uint8Array(parquet));
    await put('hostile/bomb.csv', await gzipBomb(512 * 1024 * 1024));
    await put('hostile/truncated.parquet', new Uint8Array(parquet).subarray(0, parquet.byteLength - 20));
    await put('hostile/invalid.txt', new Uint8Array([0x68, 0x69, 0xff, 0xfe, 0x0a]));
    // A time budget no loaded machine reaches: the bomb must be stopped by its expansion, whatever the load (the time budget has its own test, previewer.test.ts).
    w = await startDataBrowserWorld({ SERVICE_DATA_PREVIEW_TIMEOUT_MS: '120000' });
    sid = await w.integration({
      kind: 's3',
      name: 'Lake',
      config: { endpoint_url: seaweedfs!.endpoint, bucket: seaweedfs!.bucket, path_style: true },
      secrets: { access_key_id: stored(seaweedfs!.accessKeyId), secret_access_key: stored(seaweedfs!.secretAccessKey) },
    });
  }, 120_000);
  afterAll(async () => {
    await w?.close();
    s3?.destroy();
  });

  const objects = (query: string, token = w.p.tokens.editor) => w.call(`${w.data}/sources/${sid}/objects?${query}`, { token });

  it('lists the bucket as a source members see and editors may browse', async () => {
    const viewer = await w.call(`${w.data}/sources`, { token: w.p.tokens.viewer });
    expect(viewer.json.data).toEqual([
      expect.objectContaining({
        id: sid,
        type: 'objects',
        kind: 's3',
        name: 'Lake',
        bucket: seaweedfs!.bucket,
        usable: false,
        reason: expect.stringContaining('editor'),
      }),
    ]);
    const editor = await w.call(`${w.data}/sources`, { token: w.p.tokens.editor });
    expect(editor.json.data[0]).toMatchObject({ usable: true, reason: null });
    expect((await objects(`prefix=${root}`, w.p.tokens.viewer)).status).toBe(403);
    expect((await objects(`prefix=${root}`, w.p.tokens.outsider)).status).toBe(404);
  });

  it('shows folders and objects, searches by prefix and pages with the cursor', async () => {
    const top = await objects(`prefix=${root}`);
    expect(top.status, top.text).toBe(200);
    expect(top.json.data.entries.map((entry: { name: string }) => entry.name)).toEqual(['hostile', 'logs', 'sales', 'tables']);
    const sales = await objects(`prefix=${root}sales/`);
    expect(sales.json.data.entries).toEqual([
      expect.objectContaining({ type: 'object', key: `${root}sales/2023.csv`, name: '2023.csv', size: 22, modified: expect.any(String) }),
      expect.objectContaining({ type: 'object', key: `${root}sales/2024.csv`, name: '2024.csv' }),
    ]);
    const search = await objects(`prefix=${root}sales/2024`);
    expect(search.json.data.entries.map((entry: { name: string }) => entry.name)).toEqual(['2024.csv']);
    const names: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await objects(`prefix=${root}logs/&limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(page.json.data.entries.length).toBeLessThanOrEqual(3);
      names.push(...page.json.data.entries.map((entry: { name: string }) => entry.name));
      cursor = page.json.data.next_cursor;
    } while (cursor);
    expect(names).toEqual(Array.from({ length: 7 }, (_, index) => `day-${index}.txt`));
  });

  it('describes, downloads and previews a CSV', async () => {
    const key = encodeURIComponent(`${root}sales/2024.csv`);
    const details = await w.call(`${w.data}/sources/${sid}/object?key=${key}`, { token: w.p.tokens.editor });
    expect(details.json.data).toMatchObject({ name: '2024.csv', size: 62, content_type: 'text/csv', format: 'csv' });
    const download = await w.call(`${w.data}/sources/${sid}/object/content?key=${key}`, { token: w.p.tokens.editor });
    expect(download.text).toBe('region,amount,closed\nnorth,10.5,2024-01-02\nsouth,7,2024-02-03\n');
    const preview = await w.call(`${w.data}/sources/${sid}/object/preview?key=${key}`, { token: w.p.tokens.editor });
    expect(preview.json.data).toMatchObject({
      kind: 'table',
      format: 'csv',
      columns: [
        expect.objectContaining({ name: 'region', type: 'string' }),
        expect.objectContaining({ name: 'amount', type: 'float' }),
        expect.objectContaining({ name: 'closed', type: 'date' }),
      ],
      rows: [
        ['north', 10.5, '2024-01-02'],
        ['south', 7, '2024-02-03'],
      ],
      truncated: false,
    });
  });

  it('previews a Parquet file from its footer and first row group', async () => {
    const preview = await w.call(`${w.data}/sources/${sid}/object/preview?key=${encodeURIComponent(`${root}tables/cities.parquet`)}&rows=5`, {
      token: w.p.tokens.editor,
    });
    expect(preview.status, preview.text).toBe(200);
    expect(preview.json.data).toMatchObject({ kind: 'table', format: 'parquet', total_rows: 500, truncated: true });
    expect(preview.json.data.rows).toEqual([0, 1, 2, 3, 4].map((index) => [index, `city-${index}`]));
  });

  it('answers hostile files with their reason and stays healthy', async () => {
    const reasons: Record<string, string> = {};
    for (const name of ['hostile/bomb.csv', 'hostile/truncated.parquet']) {
      const answer = await w.call(`${w.data}/sources/${sid}/object/preview?key=${encodeURIComponent(`${root}${name}`)}`, { token: w.p.tokens.editor });
      expect(answer.status, answer.text).toBe(422);
      reasons[name] = answer.json.error.details[0].message;
    }
    expect(reasons).toEqual({ 'hostile/bomb.csv': 'expansion', 'hostile/truncated.parquet': 'malformed' });
    const invalid = await w.call(`${w.data}/sources/${sid}/object/preview?key=${encodeURIComponent(`${root}hostile/invalid.txt`)}`, {
      token: w.p.tokens.editor,
    });
    expect(invalid.json.data).toMatchObject({ kind: 'text', invalid_utf8: true });
    expect((await w.call('/api/health')).status).toBe(200);
  });

  it('shows the versions of an object where the bucket keeps them', async () => {
    const bucket = `versioned-${randomBytes(3).toString('hex')}`;
    const { CreateBucketCommand } = await import('@aws-sdk/client-s3');
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
    await s3.send(new PutBucketVersioningCommand({ Bucket: bucket, VersioningConfiguration: { Status: 'Enabled' } }));
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'a.txt', Body: 'first' }));
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'a.txt', Body: 'second!' }));
    const versioned = await w.integration({
      kind: 's3',
      name: 'Versioned',
      config: { endpoint_url: seaweedfs!.endpoint, bucket, path_style: true },
      secrets: { access_key_id: stored(seaweedfs!.accessKeyId), secret_access_key: stored(seaweedfs!.secretAccessKey) },
    });
    const details = await w.call(`${w.data}/sources/${versioned}/object?key=a.txt`, { token: w.p.tokens.editor });
    expect(details.json.data.versions.map((version: { size: number; latest: boolean }) => [version.size, version.latest])).toEqual([
      [7, true],
      [5, false],
    ]);
    const older = details.json.data.versions[1].version_id;
    const old = await w.call(`${w.data}/sources/${versioned}/object/content?key=a.txt&version_id=${encodeURIComponent(older)}`, { token: w.p.tokens.editor });
    expect(old.text).toBe('first');
  });

  it("previews with the integration as it is now, never with another's client", async () => {
    const key = encodeURIComponent(`${root}sales/2024.csv`);
    const preview = (source: string) => w.call(`${w.data}/sources/${source}/object/preview?key=${key}`, { token: w.p.tokens.editor });
    const config = { endpoint_url: seaweedfs!.endpoint, bucket: seaweedfs!.bucket, path_style: true };
    const twin = await w.integration({
      kind: 's3',
      name: 'Lake twin',
      config,
      secrets: { access_key_id: stored(seaweedfs!.accessKeyId), secret_access_key: stored(seaweedfs!.secretAccessKey) },
    });
    expect((await preview(sid)).status).toBe(200);
    expect((await preview(twin)).status).toBe(200);
    const replace = async (secret: string) => {
      const one = `/api/v1/projects/${w.p.id}/integrations/${sid}`;
      const etag = (await w.call(one, { token: w.p.tokens.manager })).headers.get('etag')!;
      const replaced = await w.call(one, {
        method: 'PUT',
        token: w.p.tokens.manager,
        headers: { 'if-match': etag },
        body: { name: 'Lake', config, secrets: { secret_access_key: stored(secret) } },
      });
      expect(replaced.status, replaced.text).toBe(200);
    };
    // The secret changed: the next preview signs with the new one (and is refused), the twin keeps its own.
    await replace(`wrong-${randomBytes(8).toString('hex')}`);
    const denied = await preview(sid);
    expect(denied.status, denied.text).toBe(503);
    // (A HEAD's refusal has no body to say why: either wording.)
    expect(denied.json.error.message).toMatch(/^the (secret access key does not match|access key may not read)/);
    expect((await preview(twin)).status).toBe(200);
    await replace(seaweedfs!.secretAccessKey);
    expect((await preview(sid)).status).toBe(200);
  });

  it('never shows the access key', async () => {
    expect(w.seen.filter((text) => text.includes(seaweedfs!.secretAccessKey))).toEqual([]);
  });
});
