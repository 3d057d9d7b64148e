import { createHash, randomBytes } from 'node:crypto';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestHub, type TestHub } from '../support/test-hub.js';

const sha256 = (body: Buffer | string) => createHash('sha256').update(body).digest('hex');

describe('notebook workspace files', () => {
  let t: TestHub;
  let owner: string;
  let editor: string;
  let viewer: string;
  let pid: string;
  let nid: string;
  let code: string;
  const base = () => `/api/v1/projects/${pid}/notebooks/${nid}/workspace`;
  const q = (path: string) => encodeURIComponent(path);

  beforeAll(async () => {
    t = await startTestHub({ env: { SERVICE_MAX_REQUEST_BYTES: String(2 * 1024 * 1024) } });
    owner = await t.tokenFor('owner@example.com');
    editor = await t.tokenFor('editor@example.com');
    viewer = await t.tokenFor('viewer@example.com');
    pid = (await t.call('/api/v1/projects', { method: 'POST', token: owner, body: { name: 'Workspaces' } })).json.data.id;
    for (const [email, role] of [
      ['viewer@example.com', 'viewer'],
      ['editor@example.com', 'editor'],
    ]) {
      await t.call(`/api/v1/projects/${pid}/members`, { method: 'POST', token: owner, body: { email, role } });
    }
    nid = (await t.call(`/api/v1/projects/${pid}/notebooks`, { method: 'POST', token: editor, body: { title: 'Files' } })).json.data.meta.id;
    code = (await t.call(`/api/v1/projects/${pid}/notebooks/${nid}/code`, { token: editor })).text;
  });
  afterAll(() => t.close());

  /** Uploads raw bytes (the test hub's `call` only sends text). */
  const upload = async (
    path: string,
    body: Buffer | string,
    options: { token?: string; type?: string; headers?: Record<string, string>; notebook?: string } = {},
  ) => {
    const url = `${t.url}/api/v1/projects/${pid}/notebooks/${options.notebook ?? nid}/workspace/files?path=${q(path)}`;
    const response = await fetch(url, {
      method: 'PUT',
      headers: { authorization: `Bearer ${options.token ?? editor}`, 'content-type': options.type ?? 'application/octet-stream', ...options.headers },
      body: typeof body === 'string' ? body : new Uint8Array(body),
    });
    const text = await response.text();
    return { status: response.status, json: text ? JSON.parse(text) : undefined };
  };
  const read = async (path: string, headers: Record<string, string> = {}, token = viewer) => {
    const response = await fetch(`${t.url}${base()}/files?path=${q(path)}`, { headers: { authorization: `Bearer ${token}`, ...headers } });
    return { status: response.status, headers: response.headers, body: Buffer.from(await response.arrayBuffer()) };
  };
  const list = async (path = '', token = viewer) => t.call(`${base()}/items?path=${q(path)}`, { token });
  const names = async (path = '') => ((await list(path)).json.data as { name: string }[]).map((item) => item.name);
  const post = (what: string, body: unknown, token = editor) => t.call(`${base()}/${what}`, { method: 'POST', token, body });
  const remove = (path: string, recursive = false, token = editor) =>
    t.call(`${base()}/items?path=${q(path)}${recursive ? '&recursive=true' : ''}`, { method: 'DELETE', token });
  const archive = async (path?: string) => {
    const response = await fetch(`${t.url}${base()}/archive${path === undefined ? '' : `?path=${q(path)}`}`, {
      headers: { authorization: `Bearer ${viewer}` },
    });
    return { status: response.status, headers: response.headers, body: Buffer.from(await response.arrayBuffer()) };
  };

  it('uploads and reads text with safe headers, replaces it, and answers conditional requests', async () => {
    const created = await upload('data/hello world.txt', 'hello\n', { type: 'text/plain' });
    expect(created.status).toBe(201);
    expect(created.json.data).toEqual({
      path: 'data/hello world.txt',
      name: 'hello world.txt',
      kind: 'file',
      size: 6,
      modified_at: expect.any(Number),
      mime_type: 'text/plain',
    });
    const got = await read('data/hello world.txt');
    expect(got.status).toBe(200);
    expect(got.body.toString()).toBe('hello\n');
    expect(got.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(got.headers.get('etag')).toBe(`"${sha256('hello\n')}"`);
    expect(got.headers.get('cache-control')).toBe('private, no-cache');
    expect(got.headers.get('x-content-type-options')).toBe('nosniff');
    expect(got.headers.get('content-disposition')).toBe(`inline; filename="hello world.txt"; filename*=UTF-8''hello%20world.txt`);
    expect((await read('data/hello world.txt', { 'if-none-match': got.headers.get('etag')! })).status).toBe(304);

    const replaced = await upload('data/hello world.txt', 'hello again\n');
    expect(replaced.status).toBe(200);
    expect((await read('data/hello world.txt')).body.toString()).toBe('hello again\n');
    expect((await upload('data/hello world.txt', 'x', { headers: { 'if-match': `"${sha256('stale')}"` } })).json.error.code).toBe('PRECONDITION_FAILED');
    expect((await upload('data/hello world.txt', 'x', { headers: { 'if-none-match': '*' } })).status).toBe(412);
    expect((await upload('data/hello world.txt', 'hello 3\n', { headers: { 'if-match': `"${sha256('hello again\n')}"` } })).status).toBe(200);
    // A JSON file is content, not a request body to parse.
    expect((await upload('data/broken.json', '{"not json', { type: 'application/json' })).status).toBe(201);
    expect((await read('data/broken.json')).body.toString()).toBe('{"not json');
    expect((await upload('data/empty.bin', Buffer.alloc(0))).json.data.size).toBe(0);
  });

  it('keeps binary files byte for byte, under Unicode and space names, and refuses bodies over the limit', async () => {
    const bytes = Buffer.concat([Buffer.from(Array.from({ length: 256 }, (_, i) => i)), randomBytes(300_000)]);
    const name = 'bin/データ файл 😀.bin';
    expect((await upload(name, bytes)).status).toBe(201);
    const got = await read(name);
    expect(got.body.equals(bytes)).toBe(true);
    expect(got.headers.get('content-type')).toBe('application/octet-stream');
    expect(got.headers.get('content-disposition')).toMatch(/^attachment; filename="[_ ]+\.bin"; filename\*=UTF-8''(.+)$/);
    expect(decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(got.headers.get('content-disposition')!)![1]!)).toBe('データ файл 😀.bin');
    expect(await names('bin')).toEqual(['データ файл 😀.bin']);

    // NFD in, NFC stored: either spelling names the same file.
    expect((await upload('Cafe\u0301.txt', 'café')).json.data.path).toBe('Caf\u00e9.txt');
    expect((await read('Caf\u00e9.txt')).body.toString()).toBe('café');
    expect((await read('Cafe\u0301.txt')).status).toBe(200);

    const tooBig = await upload('big.bin', Buffer.alloc(2 * 1024 * 1024 + 1));
    expect(tooBig.status).toBe(413);
    expect(tooBig.json.error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('serves content types from the extension and sends active content as attachments', async () => {
    await upload('site/page.html', '<script>alert(1)</script>', { type: 'image/png' });
    await upload('site/logo.svg', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
    await upload('site/chart.png', Buffer.from('89504e470d0a1a0a', 'hex'));
    await upload('site/we"ird; name.csv', 'a,b\n');
    const html = await read('site/page.html');
    expect(html.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(html.headers.get('content-disposition')).toMatch(/^attachment; /);
    expect(html.headers.get('content-security-policy')).toBe('sandbox');
    const svg = await read('site/logo.svg');
    expect(svg.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(svg.headers.get('content-disposition')).toMatch(/^attachment; /);
    const png = await read('site/chart.png');
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(png.headers.get('content-disposition')).toMatch(/^inline; /);
    const odd = await read('site/we"ird; name.csv');
    expect(odd.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(odd.headers.get('content-disposition')).toBe(`inline; filename="we_ird; name.csv"; filename*=UTF-8''we%22ird%3B%20name.csv`);
  });

  it('creates folders, lists folders first, copies, moves and deletes files and folders', async () => {
    expect((await post('directories', { path: 'tree/empty/nested' })).status).toBe(201);
    expect((await post('directories', { path: 'tree/empty/nested' })).status).toBe(200);
    await upload('tree/b.txt', 'b');
    await upload('tree/a.txt', 'a');
    await upload('tree/sub/c.txt', 'c');
    expect(await names('tree')).toEqual(['empty', 'sub', 'a.txt', 'b.txt']);
    expect((await list('tree')).json.data[0]).toEqual({ path: 'tree/empty', name: 'empty', kind: 'directory' });

    const copied = await post('copy', { from: 'tree/a.txt', to: 'tree/copies/a copy.txt' });
    expect(copied.status).toBe(201);
    expect(copied.json.data).toMatchObject({ path: 'tree/copies/a copy.txt', kind: 'file', size: 1 });
    expect((await post('copy', { from: 'tree/b.txt', to: 'tree/a.txt' })).json.error.code).toBe('CONFLICT');
    expect((await post('copy', { from: 'tree/b.txt', to: 'tree/a.txt', overwrite: true })).status).toBe(201);
    expect((await read('tree/a.txt')).body.toString()).toBe('b');
    expect((await post('copy', { from: 'tree/sub', to: 'tree2/sub' })).json.data).toEqual({ path: 'tree2/sub', name: 'sub', kind: 'directory' });
    expect((await read('tree2/sub/c.txt')).body.toString()).toBe('c');
    expect((await post('copy', { from: 'tree', to: 'tree/inside' })).json.error.code).toBe('VALIDATION_ERROR');
    expect((await post('copy', { from: 'tree/missing.txt', to: 'x.txt' })).status).toBe(404);

    const before = (await list('tree')).json.data.find((item: { name: string }) => item.name === 'b.txt');
    const moved = await post('move', { from: 'tree/b.txt', to: 'tree/renamed.md' });
    expect(moved.status).toBe(200);
    expect(moved.json.data).toEqual({
      path: 'tree/renamed.md',
      name: 'renamed.md',
      kind: 'file',
      size: 1,
      modified_at: before.modified_at,
      mime_type: 'text/markdown',
    });
    expect((await read('tree/b.txt')).status).toBe(404);
    expect((await post('move', { from: 'tree/sub', to: 'moved/sub' })).status).toBe(200);
    expect(await names('moved/sub')).toEqual(['c.txt']);
    expect(await names('tree')).toEqual(['copies', 'empty', 'a.txt', 'renamed.md']);
    expect((await post('move', { from: 'tree/empty', to: 'tree/a.txt' })).json.error.code).toBe('VALIDATION_ERROR');

    expect((await remove('tree/copies/a copy.txt')).status).toBe(200);
    // The folder outlives its last file, as on a disk.
    expect(await names('tree/copies')).toEqual([]);
    expect((await remove('tree/copies')).status).toBe(200);
    const notEmpty = await remove('tree');
    expect(notEmpty.status).toBe(409);
    expect(notEmpty.json.error.code).toBe('CONFLICT');
    expect((await remove('tree', true)).status).toBe(200);
    expect((await list('tree')).status).toBe(404);
    expect((await remove('tree/a.txt')).status).toBe(404);
  });

  it('downloads a folder or the whole workspace as a zip with folder entries and nothing outside', async () => {
    await post('directories', { path: 'zipme/empty' });
    const bytes = randomBytes(50_000);
    await upload('zipme/data/blob.bin', bytes);
    await upload('zipme/notes ü.txt', 'notes');
    await upload('zipme/picture.png', Buffer.from('89504e470d0a1a0a', 'hex'));
    await upload('outside.txt', 'not in the folder');

    const folder = await archive('zipme');
    expect(folder.status).toBe(200);
    expect(folder.headers.get('content-type')).toBe('application/zip');
    expect(folder.headers.get('content-disposition')).toBe(`attachment; filename="zipme.zip"; filename*=UTF-8''zipme.zip`);
    const entries = unzipSync(new Uint8Array(folder.body));
    expect(Object.keys(entries).sort()).toEqual(['zipme/', 'zipme/data/', 'zipme/data/blob.bin', 'zipme/empty/', 'zipme/notes ü.txt', 'zipme/picture.png']);
    expect(Buffer.from(entries['zipme/data/blob.bin']!).equals(bytes)).toBe(true);
    expect(Buffer.from(entries['zipme/notes ü.txt']!).toString()).toBe('notes');

    const whole = unzipSync(new Uint8Array((await archive()).body));
    expect(Buffer.from(whole['notebook.py']!).toString()).toBe(code);
    expect(Buffer.from(whole['outside.txt']!).toString()).toBe('not in the folder');
    expect(Object.keys(whole)).toContain('zipme/empty/');
    expect((await archive('zipme/notes ü.txt')).status).toBe(422);
    expect((await archive('nowhere')).status).toBe(404);
  });

  it('returns README.md with the notebook, cut to 64 KiB', async () => {
    const detail = async () => (await t.call(`/api/v1/projects/${pid}/notebooks/${nid}`, { token: viewer })).json.data;
    expect((await detail()).readme).toBeNull();
    await upload('README.md', '# Files\n\nAbout this notebook.\n');
    expect((await detail()).readme).toBe('# Files\n\nAbout this notebook.\n');
    const long = 'é'.repeat(40_000);
    await upload('README.md', long);
    const readme = (await detail()).readme as string;
    expect(Buffer.byteLength(readme)).toBeLessThanOrEqual(64 * 1024);
    expect(readme).toBe('é'.repeat(32 * 1024));
  });

  it('keeps every one of many concurrent uploads', async () => {
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => upload(`parallel/file-${i}.txt`, `content ${i}`)));
    expect(results.map((result) => result.status)).toEqual(Array(12).fill(201));
    expect((await names('parallel')).sort()).toEqual(Array.from({ length: 12 }, (_, i) => `file-${i}.txt`).sort());
  });
});
