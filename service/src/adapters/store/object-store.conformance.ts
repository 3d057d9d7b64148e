import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateJson } from '../../core/store/cas.js';
import { InvalidCursorError, InvalidKeyError, PreconditionFailedError, StreamSizeError, type ObjectStore } from '../../core/ports/object-store.js';

export interface ConformanceTarget {
  /** A store with no objects in it. */
  store: ObjectStore;
  cleanup(): Promise<void>;
}

/** The one suite every ObjectStore adapter passes. */
export function describeObjectStoreConformance(name: string, open: () => Promise<ConformanceTarget>): void {
  describe(`ObjectStore conformance: ${name}`, () => {
    let target: ConformanceTarget;
    let store: ObjectStore;
    beforeAll(async () => {
      target = await open();
      store = target.store;
    });
    afterAll(async () => {
      await target?.store.close();
      await target?.cleanup();
    });
    const unique = () => `t${randomBytes(5).toString('hex')}`;

    it('round-trips text and binary bodies', async () => {
      const ns = unique();
      await store.put(`${ns}/text.json`, '{"hello":"wörld"}');
      expect((await store.get(`${ns}/text.json`))?.body.toString('utf8')).toBe('{"hello":"wörld"}');

      const binary = Buffer.from(Array.from({ length: 512 }, (_, i) => i % 256));
      const { etag } = await store.put(`${ns}/bin`, binary);
      const read = await store.get(`${ns}/bin`);
      expect(read?.body.equals(binary)).toBe(true);
      expect(read?.etag).toBe(etag);
      expect(await store.head(`${ns}/bin`)).toEqual({ etag, size: 512 });

      const large = randomBytes(3 * 1024 * 1024 + 17);
      await store.put(`${ns}/large`, large);
      expect((await store.get(`${ns}/large`))?.body.equals(large)).toBe(true);

      await store.put(`${ns}/empty`, Buffer.alloc(0));
      expect((await store.get(`${ns}/empty`))?.body.length).toBe(0);
    });

    it('reads an object as a stream, from any offset', async () => {
      const ns = unique();
      const bytes = randomBytes(3 * 1024 * 1024 + 5);
      await store.put(`${ns}/big`, bytes);
      const whole = await store.getStream(`${ns}/big`);
      expect(whole?.size).toBe(bytes.length);
      expect((await collect(whole!.body)).equals(bytes)).toBe(true);
      const rest = await store.getStream(`${ns}/big`, { start: 1_000_001 });
      expect(rest?.size).toBe(bytes.length);
      expect((await collect(rest!.body)).equals(bytes.subarray(1_000_001))).toBe(true);
      for (const start of [bytes.length, bytes.length + 10]) {
        const none = await store.getStream(`${ns}/big`, { start });
        expect(none?.size).toBe(bytes.length);
        expect((await collect(none!.body)).length).toBe(0);
      }
      // A reader that stops early leaves nothing behind that would keep the object from changing.
      for await (const chunk of (await store.getStream(`${ns}/big`))!.body) if (chunk.length > 0) break;
      await store.put(`${ns}/big`, 'replaced');
      expect((await store.get(`${ns}/big`))?.body.toString()).toBe('replaced');
      expect(await store.getStream(`${ns}/missing`)).toBeNull();
      await store.put(`${ns}/empty`, Buffer.alloc(0));
      expect((await collect((await store.getStream(`${ns}/empty`))!.body)).length).toBe(0);
    });

    it('writes an object from a stream, whole or not at all', async () => {
      const ns = unique();
      const bytes = randomBytes(2 * 1024 * 1024 + 3);
      await store.putStream(`${ns}/streamed`, chunksOf(bytes, 64 * 1024), { size: bytes.length });
      const read = await store.get(`${ns}/streamed`);
      expect(read?.body.equals(bytes)).toBe(true);
      // Stored as a put of the same bytes would store it.
      expect(read?.etag).toBe((await store.put(`${ns}/put`, bytes)).etag);
      await store.putStream(`${ns}/unsized`, chunksOf(bytes, 100_000));
      expect((await store.get(`${ns}/unsized`))?.body.equals(bytes)).toBe(true);

      await store.put(`${ns}/kept`, 'old');
      const broken = async function* () {
        yield bytes.subarray(0, 1000);
        throw new Error('the source broke off');
      };
      await expect(store.putStream(`${ns}/kept`, broken(), { size: bytes.length })).rejects.toThrow('the source broke off');
      await expect(store.putStream(`${ns}/never`, broken())).rejects.toThrow('the source broke off');
      await expect(store.putStream(`${ns}/kept`, chunksOf(bytes, 4096), { size: bytes.length - 1 })).rejects.toBeInstanceOf(StreamSizeError);
      await expect(store.putStream(`${ns}/never`, chunksOf(bytes, 4096), { size: bytes.length + 1 })).rejects.toBeInstanceOf(StreamSizeError);
      expect((await store.get(`${ns}/kept`))?.body.toString()).toBe('old');
      expect(await store.get(`${ns}/never`)).toBeNull();
      expect((await store.list(`${ns}/`)).items.map((item) => item.key)).toEqual([`${ns}/kept`, `${ns}/put`, `${ns}/streamed`, `${ns}/unsized`]);

      await store.putStream(`${ns}/empty`, chunksOf(Buffer.alloc(0), 1), { size: 0 });
      expect((await store.get(`${ns}/empty`))?.body.length).toBe(0);
      await expect(store.putStream('a@b', chunksOf(bytes, 1024))).rejects.toBeInstanceOf(InvalidKeyError);
    });

    it('derives ETags from content', async () => {
      const ns = unique();
      const a = await store.put(`${ns}/a`, 'same');
      const b = await store.put(`${ns}/b`, 'same');
      const c = await store.put(`${ns}/a`, 'different');
      expect(a.etag).toBe(b.etag);
      expect(c.etag).not.toBe(a.etag);
    });

    it('reports missing keys without failing', async () => {
      const ns = unique();
      expect(await store.get(`${ns}/missing`)).toBeNull();
      expect(await store.head(`${ns}/missing`)).toBeNull();
      await expect(store.delete(`${ns}/missing`)).resolves.toBeUndefined();
      await expect(store.delete(`${ns}/missing`, { ifMatch: '"0"' })).rejects.toBeInstanceOf(PreconditionFailedError);
    });

    it('creates only when absent with ifNoneMatch', async () => {
      const key = `${unique()}/once`;
      await store.put(key, 'first', { ifNoneMatch: '*' });
      await expect(store.put(key, 'second', { ifNoneMatch: '*' })).rejects.toBeInstanceOf(PreconditionFailedError);
      expect((await store.get(key))?.body.toString()).toBe('first');
    });

    it('replaces only the expected version with ifMatch', async () => {
      const key = `${unique()}/cas`;
      const first = await store.put(key, 'v1');
      const second = await store.put(key, 'v2', { ifMatch: first.etag });
      await expect(store.put(key, 'v3', { ifMatch: first.etag })).rejects.toBeInstanceOf(PreconditionFailedError);
      expect((await store.get(key))?.body.toString()).toBe('v2');
      await expect(store.put(`${key}-absent`, 'x', { ifMatch: second.etag })).rejects.toBeInstanceOf(PreconditionFailedError);
      expect(await store.get(`${key}-absent`)).toBeNull();
    });

    it('deletes conditionally', async () => {
      const key = `${unique()}/del`;
      const { etag } = await store.put(key, 'v1');
      await expect(store.delete(key, { ifMatch: '"not-it"' })).rejects.toBeInstanceOf(PreconditionFailedError);
      expect(await store.get(key)).not.toBeNull();
      await store.delete(key, { ifMatch: etag });
      expect(await store.get(key)).toBeNull();
      await store.put(key, 'again', { ifNoneMatch: '*' });
      await store.delete(key);
      expect(await store.get(key)).toBeNull();
    });

    it('refuses malformed keys', async () => {
      for (const key of ['', '../escape', 'a//b', '/abs', 'a/', '.hidden', 'a/./b', 'a/../b', 'sp ace', 'nul\0', 'a@b']) {
        await expect(store.put(key, 'x'), key).rejects.toBeInstanceOf(InvalidKeyError);
        await expect(store.get(key), key).rejects.toBeInstanceOf(InvalidKeyError);
      }
    });

    it('lists by prefix in key order across pages', async () => {
      const ns = unique();
      const keys = new Set<string>();
      for (let i = 0; i < 40; i++) keys.add(`${ns}/flat/${String(i).padStart(3, '0')}`);
      for (let i = 0; i < 30; i++) keys.add(`${ns}/deep/${i % 3}/${i % 5}/k${i}`);
      for (const extra of ['a', 'a/b', 'a/b/c', 'a.b', 'a-b', 'a_b', 'A', 'a0', 'ab/c']) keys.add(`${ns}/mix/${extra}`);
      await putAll(store, keys);
      const expected = [...keys].sort(byteOrder);

      const collected: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page: Awaited<ReturnType<ObjectStore['list']>> = await store.list(`${ns}/`, { limit: 7, cursor });
        expect(page.items.length).toBeLessThanOrEqual(7);
        collected.push(...page.items.map((item) => item.key));
        cursor = page.nextCursor;
        pages++;
      } while (cursor);
      expect(collected).toEqual(expected);
      expect(pages).toBe(Math.ceil(expected.length / 7));

      const all = await store.list(`${ns}/`);
      expect(all.nextCursor).toBeNull();
      expect(all.items.map((item) => item.key)).toEqual(expected);
      const sized = all.items.find((item) => item.key === `${ns}/mix/a.b`);
      expect(sized?.size).toBe(`${ns}/mix/a.b`.length);
      expect(sized?.lastModified).toBeGreaterThan(Date.now() - 3_600_000);

      const partial = await store.list(`${ns}/mix/a`);
      expect(partial.items.map((item) => item.key)).toEqual(expected.filter((key) => key.startsWith(`${ns}/mix/a`)));
      const exactPage = await store.list(`${ns}/flat/`, { limit: 40 });
      expect(exactPage.items).toHaveLength(40);
      expect(exactPage.nextCursor).toBeNull();
      expect((await store.list(`${ns}/nothing/`)).items).toEqual([]);
    });

    it('resumes after any key, also next to keys that are directories too', async () => {
      const ns = unique();
      const names = ['a', 'a-b', 'a-b/c', 'a.b', 'a/b', 'a/b-c', 'a/b.c/d', 'a/b/c', 'a0', 'b', 'b-c-d', 'b-c/e', 'b/x', 'b/x/y'];
      const keys = names.map((name) => `${ns}/${name}`);
      await putAll(store, keys);
      const expected = [...keys].sort(byteOrder);
      // Every limit puts a page end (the cursor) after a different key.
      for (let limit = 1; limit <= keys.length; limit++) {
        for (const prefix of [`${ns}/`, `${ns}/a`, `${ns}/b-`]) {
          const collected: string[] = [];
          let cursor: string | null = null;
          do {
            const page: Awaited<ReturnType<ObjectStore['list']>> = await store.list(prefix, { limit, cursor });
            collected.push(...page.items.map((item) => item.key));
            cursor = page.nextCursor;
          } while (cursor);
          expect(collected, `limit ${limit}, prefix ${prefix}`).toEqual(expected.filter((key) => key.startsWith(prefix)));
        }
      }
    });

    it('refuses a cursor from another prefix or a forged one', async () => {
      const ns = unique();
      for (let i = 0; i < 3; i++) await store.put(`${ns}/p/${i}`, 'x');
      const page = await store.list(`${ns}/p/`, { limit: 1 });
      expect(page.nextCursor).not.toBeNull();
      await expect(store.list(`${ns}/q/`, { cursor: page.nextCursor })).rejects.toBeInstanceOf(InvalidCursorError);
      await expect(store.list(`${ns}/p/`, { cursor: 'not-a-cursor' })).rejects.toBeInstanceOf(InvalidCursorError);
    });

    it('loses no update with 16 concurrent writers', async () => {
      const key = `${unique()}/counter`;
      const writers = 16;
      const incrementsEach = 8;
      const policy = { attempts: 200, baseDelayMs: 2, maxDelayMs: 60 };
      await Promise.all(
        Array.from({ length: writers }, async () => {
          for (let i = 0; i < incrementsEach; i++) {
            await updateJson<{ n: number }>(store, key, (current) => ({ n: (current?.n ?? 0) + 1 }), policy);
          }
        }),
      );
      const final = await store.get(key);
      expect(JSON.parse(final!.body.toString()).n).toBe(writers * incrementsEach);
    });

    it('lets exactly one of many concurrent creators win', async () => {
      const key = `${unique()}/race`;
      const outcomes = await Promise.allSettled(Array.from({ length: 16 }, (_, i) => store.put(key, `writer-${i}`, { ifNoneMatch: '*' })));
      const winners = outcomes.filter((o) => o.status === 'fulfilled');
      expect(winners).toHaveLength(1);
      for (const loser of outcomes.filter((o) => o.status === 'rejected')) {
        expect((loser as PromiseRejectedResult).reason).toBeInstanceOf(PreconditionFailedError);
      }
    });
  });
}

/**
 * Writes keys that are also directories (`a` of `a/b`) one at a time before the others: SeaweedFS
 * can lose one of `a` and `a/b` when both are written at the same moment (see docs/storage.md).
 */
async function putAll(store: ObjectStore, keys: Iterable<string>): Promise<void> {
  const all = [...keys];
  const directories = all.filter((key) => all.some((other) => other.startsWith(`${key}/`))).sort(byteOrder);
  for (const key of directories) await store.put(key, key);
  await Promise.all(all.filter((key) => !directories.includes(key)).map((key) => store.put(key, key)));
}

async function collect(body: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

async function* chunksOf(bytes: Buffer, size: number): AsyncGenerator<Uint8Array> {
  for (let start = 0; start < bytes.length; start += size) {
    // A turn of the event loop between pieces, as bytes arriving from a network would.
    await new Promise((resolve) => setImmediate(resolve));
    yield bytes.subarray(start, start + size);
  }
}

function byteOrder(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}
