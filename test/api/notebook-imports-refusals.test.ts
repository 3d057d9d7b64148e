import { randomBytes } from 'node:crypto';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSV_NOTEBOOK, rawZip, smallNotebookZip, unixMode, type RawEntry } from '../support/notebook-folders.js';
import { startTestHub, type CallResult, type TestHub } from '../support/test-hub.js';

const MIB = 1024 * 1024;
const NOTEBOOK: RawEntry = { name: 'reader.py', data: Buffer.from(CSV_NOTEBOOK), deflate: true };
const UNIX = (3 << 8) | 20;

/** Text drawn from two letters: compresses about eight times, so only the total size can refuse it. */
function lowEntropyText(bytes: number): Uint8Array {
  const random = randomBytes(bytes);
  return random.map((byte) => (byte & 1 ? 0x61 : 0x62));
}

describe('notebook imports: hostile and broken archives leave nothing behind', () => {
  let t: TestHub;
  let editor: string;
  let pid: string;
  const upload = (body: Uint8Array, type = 'application/zip') =>
    t.call(`/api/v1/projects/${pid}/notebook-imports`, { method: 'POST', token: editor, body, headers: { 'content-type': type } });

  /** Every key of the store that an import could have written. */
  const storedKeys = async () => {
    const { store } = t.hub.services;
    const keys: string[] = [];
    for (const prefix of ['imports/', 'blobs/', 'content/', 'records/notebooks/']) {
      let cursor: string | null = null;
      do {
        const page: Awaited<ReturnType<typeof store.list>> = await store.list(prefix, { cursor });
        keys.push(...page.items.map((item) => item.key));
        cursor = page.nextCursor;
      } while (cursor);
    }
    return keys.sort();
  };

  /** Uploads an archive that must be refused, and checks the store did not change. */
  const refused = async (body: Uint8Array, status: number, code: string): Promise<CallResult> => {
    const before = await storedKeys();
    const response = await upload(body);
    expect(response.status, response.text).toBe(status);
    expect(response.json.error.code).toBe(code);
    expect(await storedKeys()).toEqual(before);
    return response;
  };

  beforeAll(async () => {
    t = await startTestHub({ env: { SERVICE_MAX_REQUEST_BYTES: String(MIB) } });
    const owner = await t.tokenFor('owner@example.com');
    editor = await t.tokenFor('editor@example.com');
    pid = (await t.call('/api/v1/projects', { method: 'POST', token: owner, body: { name: 'Hostile imports' } })).json.data.id;
    await t.call(`/api/v1/projects/${pid}/members`, { method: 'POST', token: owner, body: { email: 'editor@example.com', role: 'editor' } });
  });
  afterAll(() => t.close());

  it('refuses entries that would land outside the folder, naming each one', async () => {
    for (const name of [
      '../evil.py',
      '/etc/cron.d/evil',
      'data/../../evil.py',
      'data\\..\\evil.py',
      'C:/Windows/evil.dll',
      'C:evil.py',
      './data/x.csv',
      'data//x.csv',
    ]) {
      const response = await refused(rawZip([NOTEBOOK, { name, data: Buffer.from('x') }]), 422, 'VALIDATION_ERROR');
      expect(response.json.error.details, name).toEqual([{ field: 'entries[1]', message: expect.stringContaining(`"${name}"`) }]);
    }
  });

  it('reports every refused entry at once', async () => {
    const response = await refused(rawZip([{ name: '../a' }, NOTEBOOK, { name: '/b' }]), 422, 'VALIDATION_ERROR');
    expect(response.json.error.details.map((detail: { field: string }) => detail.field)).toEqual(['entries[0]', 'entries[2]']);
  });

  it('refuses duplicate names, also when they differ only in Unicode normalization, and a file used as a folder', async () => {
    await refused(rawZip([NOTEBOOK, { name: 'data.csv', data: Buffer.from('1') }, { name: 'data.csv', data: Buffer.from('2') }]), 422, 'VALIDATION_ERROR');
    const nfc = { name: 'caf\u00e9.csv', flags: 0x800, data: Buffer.from('1') };
    const nfd = { name: 'cafe\u0301.csv', flags: 0x800, data: Buffer.from('2') };
    const response = await refused(rawZip([NOTEBOOK, nfc, nfd]), 422, 'VALIDATION_ERROR');
    expect(response.json.error.details[0].message).toContain('appears twice');
    const clash = await refused(
      rawZip([NOTEBOOK, { name: 'data', data: Buffer.from('1') }, { name: 'data/x.csv', data: Buffer.from('2') }]),
      422,
      'VALIDATION_ERROR',
    );
    expect(clash.json.error.details[0]).toEqual({ field: 'entries[2]', message: expect.stringContaining('which is a file') });
  });

  it('refuses names that are not UTF-8, and reads UTF-8 names written without the flag', async () => {
    // "café" in code page 437, as old Windows tools write it, without the UTF-8 flag.
    const legacy = await refused(rawZip([NOTEBOOK, { name: Buffer.from([0x63, 0x61, 0x66, 0x82, 0x2e, 0x63, 0x73, 0x76]) }]), 422, 'VALIDATION_ERROR');
    expect(legacy.json.error.details).toEqual([{ field: 'entries[1]', message: expect.stringContaining('"caf\\x82.csv" has a name that is not UTF-8') }]);
    const flagged = await refused(rawZip([NOTEBOOK, { name: Buffer.from([0x61, 0xff, 0x2e, 0x63, 0x73, 0x76]), flags: 0x800 }]), 422, 'VALIDATION_ERROR');
    expect(flagged.json.error.details[0].message).toContain('not valid UTF-8');
    // macOS's Archive Utility writes UTF-8 names without setting the flag.
    const accepted = await upload(rawZip([NOTEBOOK, { name: 'data/caf\u00e9.csv', data: Buffer.from('1') }]));
    expect(accepted.status, accepted.text).toBe(201);
    expect(accepted.json.data.notebooks[0].workspace_files).toEqual(['data/caf\u00e9.csv']);
  });

  it('refuses symlinks, other special files, encrypted entries and unknown compression', async () => {
    const symlink = await refused(
      rawZip([NOTEBOOK, { name: 'data/passwd', data: Buffer.from('/etc/passwd'), madeBy: UNIX, externalAttributes: unixMode(0o120777) }]),
      422,
      'VALIDATION_ERROR',
    );
    expect(symlink.json.error.details).toEqual([{ field: 'entries[1]', message: expect.stringContaining('symbolic link') }]);
    await refused(rawZip([NOTEBOOK, { name: 'fifo', madeBy: UNIX, externalAttributes: unixMode(0o010644) }]), 422, 'VALIDATION_ERROR');
    const encrypted = await refused(rawZip([NOTEBOOK, { name: 'secret.csv', data: Buffer.from('x'), flags: 0x1 }]), 422, 'VALIDATION_ERROR');
    expect(encrypted.json.error.details[0].message).toContain('encrypted');
    const bzip2 = await refused(rawZip([NOTEBOOK, { name: 'data.csv.bz2', data: Buffer.from('BZh9'), method: 12 }]), 422, 'VALIDATION_ERROR');
    expect(bzip2.json.error.details[0].message).toContain('method 12');
    // A regular file's mode is fine.
    expect((await upload(rawZip([{ ...NOTEBOOK, madeBy: UNIX, externalAttributes: unixMode(0o100644) }]))).status).toBe(201);
  });

  it('refuses an entry that expands too much, even when its header understates its size', async () => {
    const zeros = new Uint8Array(3 * MIB);
    const declared = await refused(zipSync({ 'reader.py': new TextEncoder().encode(CSV_NOTEBOOK), 'zeros.bin': zeros }), 413, 'PAYLOAD_TOO_LARGE');
    expect(declared.json.error.details).toEqual([{ field: 'entries[1]', message: expect.stringContaining('expands more than 100 times') }]);
    const lying = await refused(rawZip([NOTEBOOK, { name: 'zeros.bin', data: Buffer.from(zeros), deflate: true, declaredSize: 10 }]), 413, 'PAYLOAD_TOO_LARGE');
    expect(lying.json.error.message).toContain('zip bomb');
  });

  it('refuses an archive whose files add up to more than the total limit, or that expands too much overall', async () => {
    // Four request bodies (4 MiB here), each file compressing too little to be a bomb on its own.
    const files = Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`part-${i}.txt`, lowEntropyText(900 * 1024)]));
    const archive = zipSync({ 'reader.py': new TextEncoder().encode(CSV_NOTEBOOK), ...files });
    expect(archive.length).toBeLessThan(MIB);
    const total = await refused(archive, 413, 'PAYLOAD_TOO_LARGE');
    expect(total.json.error.message).toContain(`${4 * MIB}`);
    // Inflating stops at the limit, whatever the header claims.
    const understated = rawZip([NOTEBOOK, { name: 'big.txt', data: Buffer.from(lowEntropyText(4.5 * MIB)), deflate: true, declaredSize: 1 }]);
    expect(understated.length).toBeLessThan(MIB);
    expect((await refused(understated, 413, 'PAYLOAD_TOO_LARGE')).json.error.message).toContain('add up to more than');
    // Each file is under 1 MiB, so none is judged on its own, but together they expand a thousand times.
    const spread = zipSync({
      'reader.py': new TextEncoder().encode(CSV_NOTEBOOK),
      ...Object.fromEntries(Array.from({ length: 4 }, (_, i) => [`zeros-${i}.bin`, new Uint8Array(900 * 1024)])),
    });
    expect((await refused(spread, 413, 'PAYLOAD_TOO_LARGE')).json.error.message).toContain('expands more than 100 times its size');
  });

  it('refuses a body over limits.max_request_bytes before reading it as a zip', async () => {
    await refused(new Uint8Array(randomBytes(MIB + 1)), 413, 'PAYLOAD_TOO_LARGE');
  });

  it('refuses bodies that are not zips, damaged zips and folders without a notebook', async () => {
    for (const body of [new Uint8Array(0), new TextEncoder().encode('not a zip at all'), new Uint8Array(randomBytes(4096))]) {
      expect((await refused(body, 400, 'BAD_REQUEST')).json.error.message).toContain('not a readable zip');
    }
    const valid = smallNotebookZip();
    await refused(valid.subarray(0, valid.length - 30), 400, 'BAD_REQUEST');
    const damaged = rawZip([NOTEBOOK]);
    damaged[40] = damaged[40]! ^ 0xff;
    expect((await refused(damaged, 400, 'BAD_REQUEST')).json.error.message).toContain('damaged');
    const none = await refused(
      zipSync({ 'data.csv': new TextEncoder().encode('a,b\n'), 'helpers.py': new TextEncoder().encode('x = 1\n') }),
      422,
      'VALIDATION_ERROR',
    );
    expect(none.json.error.details).toEqual([{ field: 'body', message: expect.stringContaining('no marimo notebook') }]);
  });
});
