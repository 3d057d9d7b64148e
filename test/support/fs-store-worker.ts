/**
 * A separate writer process for the fs store's crash and cross-process tests.
 *   churn <root> <key>                 overwrite <key> forever with self-checking bodies
 *   increment <root> <key> <count>     add 1 to a JSON counter <count> times through CAS
 */
import { createHash, randomBytes } from 'node:crypto';
import { updateJson } from '../../service/src/core/store/cas.js';
import { FsObjectStore } from '../../service/src/store/fs-store.js';

const [mode, root, key, count] = process.argv.slice(2);
const store = new FsObjectStore(root!, { staleLockMs: 2000 });

if (mode === 'churn') {
  process.stdout.write('ready\n');
  for (;;) await store.put(key!, selfCheckingBody());
} else if (mode === 'increment') {
  const policy = { attempts: 1000, baseDelayMs: 2, maxDelayMs: 50 };
  for (let i = 0; i < Number(count); i++) {
    await updateJson<{ n: number }>(store, key!, (current) => ({ n: (current?.n ?? 0) + 1 }), policy);
  }
} else {
  throw new Error(`unknown mode ${mode}`);
}

/** 64 hex chars of SHA-256, a newline, then 64 KiB to 4 MiB of random bytes. */
function selfCheckingBody(): Buffer {
  const payload = randomBytes(64 * 1024 + Math.floor(Math.random() * 4 * 1024 * 1024));
  return Buffer.concat([Buffer.from(createHash('sha256').update(payload).digest('hex') + '\n'), payload]);
}
