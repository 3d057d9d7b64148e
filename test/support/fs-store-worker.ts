/**
 * A separate writer process for the fs store's crash and cross-process tests.
 *   churn <root> <key>                 overwrite <key> forever with self-checking bodies
 *   increment <root> <key> <count>     add 1 to a JSON counter <count> times through CAS
 *   mutex <root> <prefix> <count>      <count> times: take <prefix>/holder by create-if-absent,
 *                                      add 1 to <prefix>/counter WITHOUT conditions, release by
 *                                      delete-if-match; tries stale releases while waiting
 */
import { createHash, randomBytes } from 'node:crypto';
import { updateJson } from '../../service/src/core/store/cas.js';
import { PreconditionFailedError } from '../../service/src/core/ports/object-store.js';
import { FsObjectStore } from '../../service/src/adapters/store/fs-store.js';

const [mode, root, key, count] = process.argv.slice(2);
const store = new FsObjectStore(root!, { staleLockMs: 2000 });

if (mode === 'churn') {
  // Ready only once a write has landed: a predecessor killed while holding the key's lock keeps
  // this writer waiting until that lock goes stale, and a kill before then would test nothing.
  await store.put(key!, selfCheckingBody());
  process.stdout.write('ready\n');
  for (;;) await store.put(key!, selfCheckingBody());
} else if (mode === 'increment') {
  const policy = { attempts: 1000, baseDelayMs: 2, maxDelayMs: 50 };
  for (let i = 0; i < Number(count); i++) {
    await updateJson<{ n: number }>(store, key!, (current) => ({ n: (current?.n ?? 0) + 1 }), policy);
  }
} else if (mode === 'mutex') {
  await mutex(`${key!}/holder`, `${key!}/counter`, Number(count));
} else {
  throw new Error(`unknown mode ${mode}`);
}

/**
 * The counter is read and written without conditions, so it loses no update only if holding
 * `holder` really excludes the other processes: if a conditional delete with another holder's
 * (stale) ETag ever succeeded, two processes would be inside at once.
 */
async function mutex(holder: string, counter: string, rounds: number): Promise<void> {
  const refused = (error: unknown) => {
    if (!(error instanceof PreconditionFailedError)) throw error;
  };
  let previous: string | null = null;
  for (let round = 0; round < rounds; round++) {
    let etag: string | null = null;
    while (etag === null) {
      if (previous !== null) {
        await store.delete(holder, { ifMatch: previous }).then(() => {
          throw new Error('a release with a stale ETag succeeded');
        }, refused);
      }
      etag = await store.put(holder, `${process.pid} ${round} ${randomBytes(8).toString('hex')}`, { ifNoneMatch: '*' }).then(
        (out) => out.etag,
        (error: unknown) => (refused(error), null),
      );
      if (etag === null) await new Promise((resolve) => setTimeout(resolve, Math.random() * 5));
    }
    const current = await store.get(counter);
    await store.put(counter, String(Number(current?.body.toString() ?? '0') + 1));
    await store.delete(holder, { ifMatch: etag });
    previous = etag;
  }
}

/** 64 hex chars of SHA-256, a newline, then 64 KiB to 4 MiB of random bytes. */
function selfCheckingBody(): Buffer {
  const payload = randomBytes(64 * 1024 + Math.floor(Math.random() * 4 * 1024 * 1024));
  return Buffer.concat([Buffer.from(createHash('sha256').update(payload).digest('hex') + '\n'), payload]);
}
