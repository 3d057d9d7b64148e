import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { layout } from '../../service/src/core/storage-layout.js';
import { startTestHub, type TestHub } from '../support/test-hub.js';

/** Every way a path may try to leave the workspace or break its rules. */
const ATTEMPTS: { label: string; path: string; fileOnly?: boolean; jsonOnly?: boolean }[] = [
  { label: '..', path: '..' },
  { label: 'leading ..', path: '../outside.txt' },
  { label: 'a/../../b', path: 'a/../../b' },
  { label: '.. that stays inside', path: 'folder/../file.txt' },
  { label: 'absolute', path: '/etc/passwd' },
  { label: 'Windows drive', path: 'C:\\x' },
  { label: 'backslash', path: 'a\\b' },
  { label: 'NUL', path: 'file.txt\u0000.png' },
  { label: 'control character', path: 'a\u0001b' },
  { label: 'newline', path: 'a\nb' },
  { label: 'DEL', path: 'a\u007fb' },
  { label: 'C1 control', path: 'a\u0085b' },
  // A URL cannot carry it (invalid UTF-8 decodes to U+FFFD), a JSON body can.
  { label: 'lone surrogate', path: 'a\ud800b', jsonOnly: true },
  { label: '.', path: '.' },
  { label: './a', path: './file.txt' },
  { label: 'a/./b', path: 'folder/./x' },
  { label: 'empty segment', path: 'folder//x' },
  { label: 'empty path', path: '', fileOnly: true },
  { label: 'trailing slash', path: 'folder/' },
  { label: '256-byte name', path: 'x'.repeat(256) },
  { label: '256-byte name (multibyte)', path: `${'é'.repeat(127)}ab` },
  { label: '1025-byte path', path: Array.from({ length: 9 }, () => 'y'.repeat(112)).join('/') + '/' + 'z'.repeat(8) },
  { label: '33 levels', path: Array.from({ length: 33 }, (_, i) => `d${i}`).join('/') },
  { label: 'file treated as a folder', path: 'file.txt/inner' },
];

describe('workspace path confinement', () => {
  let t: TestHub;
  let editor: string;
  let pid: string;
  let nid: string;
  const base = () => `/api/v1/projects/${pid}/notebooks/${nid}/workspace`;
  const q = (path: string) => encodeURIComponent(path);

  beforeAll(async () => {
    t = await startTestHub();
    editor = await t.tokenFor('editor@example.com');
    pid = (await t.call('/api/v1/projects', { method: 'POST', token: editor, body: { name: 'Confinement' } })).json.data.id;
    nid = (await t.call(`/api/v1/projects/${pid}/notebooks`, { method: 'POST', token: editor, body: { title: 'Paths' } })).json.data.meta.id;
    const put = (path: string, body: string) =>
      t.call(`${base()}/files?path=${q(path)}`, { method: 'PUT', token: editor, body, headers: { 'content-type': 'text/plain' } });
    const first = await put('file.txt', 'inside');
    expect(first.status, first.text).toBe(201);
    expect((await put('folder/x', 'x')).status).toBe(201);
  });
  afterAll(() => t.close());

  /** Everything the workspace is made of: its head, manifests and every blob in the store. */
  async function snapshot(): Promise<string> {
    const { store } = t.hub.services;
    const head = await store.get(layout.workspaceHead(pid, nid));
    const keys = [...(await store.list(layout.workspacePrefix(pid, nid))).items, ...(await store.list(layout.blobsPrefix)).items].map((item) => item.key);
    return JSON.stringify({ head: head?.body.toString('base64'), etag: head?.etag, keys });
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const OPERATIONS: { name: string; field: string; dirOnly?: boolean; query?: boolean; send: (path: string) => Promise<{ status: number; json: any }> }[] = [
    { name: 'read', field: 'path', query: true, send: (path) => t.call(`${base()}/files?path=${q(path)}`, { token: editor }) },
    {
      name: 'upload',
      field: 'path',
      query: true,
      send: (path) =>
        t.call(`${base()}/files?path=${q(path)}`, { method: 'PUT', token: editor, body: 'payload', headers: { 'content-type': 'application/octet-stream' } }),
    },
    { name: 'mkdir', field: 'path', send: (path) => t.call(`${base()}/directories`, { method: 'POST', token: editor, body: { path } }) },
    { name: 'copy from', field: 'from', send: (path) => t.call(`${base()}/copy`, { method: 'POST', token: editor, body: { from: path, to: 'copied.txt' } }) },
    {
      name: 'copy to',
      field: 'to',
      send: (path) => t.call(`${base()}/copy`, { method: 'POST', token: editor, body: { from: 'file.txt', to: path, overwrite: true } }),
    },
    { name: 'move from', field: 'from', send: (path) => t.call(`${base()}/move`, { method: 'POST', token: editor, body: { from: path, to: 'moved.txt' } }) },
    {
      name: 'move to',
      field: 'to',
      send: (path) => t.call(`${base()}/move`, { method: 'POST', token: editor, body: { from: 'file.txt', to: path, overwrite: true } }),
    },
    {
      name: 'delete',
      field: 'path',
      query: true,
      send: (path) => t.call(`${base()}/items?path=${q(path)}&recursive=true`, { method: 'DELETE', token: editor }),
    },
    { name: 'list', field: 'path', query: true, dirOnly: true, send: (path) => t.call(`${base()}/items?path=${q(path)}`, { token: editor }) },
    { name: 'archive', field: 'path', query: true, dirOnly: true, send: (path) => t.call(`${base()}/archive?path=${q(path)}`, { token: editor }) },
  ];

  for (const operation of OPERATIONS) {
    describe(operation.name, () => {
      for (const attempt of ATTEMPTS) {
        // An empty path names the root where a folder is expected, which is valid.
        if (attempt.fileOnly && operation.dirOnly) continue;
        if (attempt.jsonOnly && operation.query) continue;
        it(`${attempt.label}: VALIDATION_ERROR, nothing written`, async () => {
          const before = await snapshot();
          const response = await operation.send(attempt.path);
          expect(response.status, JSON.stringify(response.json)).toBe(422);
          expect(response.json.error.code).toBe('VALIDATION_ERROR');
          expect(response.json.error.details).toEqual([expect.objectContaining({ field: operation.field })]);
          expect(await snapshot()).toBe(before);
        });
      }
    });
  }

  it('refuses a path that would be both a file and a folder', async () => {
    const before = await snapshot();
    const upload = await t.call(`${base()}/files?path=folder`, { method: 'PUT', token: editor, body: 'x', headers: { 'content-type': 'text/plain' } });
    expect(upload.json.error).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'path', message: 'is a folder, not a file' }] });
    const mkdir = await t.call(`${base()}/directories`, { method: 'POST', token: editor, body: { path: 'file.txt' } });
    expect(mkdir.json.error).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'path', message: 'is a file, not a folder' }] });
    expect((await t.call(`${base()}/copy`, { method: 'POST', token: editor, body: { from: 'file.txt', to: 'folder', overwrite: true } })).json.error.code).toBe(
      'VALIDATION_ERROR',
    );
    expect((await t.call(`${base()}/files?path=folder`, { token: editor })).json.error.code).toBe('VALIDATION_ERROR');
    expect((await t.call(`${base()}/items?path=file.txt`, { token: editor })).json.error.code).toBe('VALIDATION_ERROR');
    expect(await snapshot()).toBe(before);
  });

  it('accepts the longest names and deepest paths the rules allow', async () => {
    const longest = `${'é'.repeat(127)}a`;
    expect(Buffer.byteLength(longest)).toBe(255);
    expect((await t.call(`${base()}/directories`, { method: 'POST', token: editor, body: { path: longest } })).status).toBe(201);
    const deepest = Array.from({ length: 32 }, (_, i) => `d${i}`).join('/');
    expect((await t.call(`${base()}/directories`, { method: 'POST', token: editor, body: { path: deepest } })).status).toBe(201);
    // Moving a deep folder deeper would break the depth rule: refused, nothing moved.
    const before = await snapshot();
    const deeper = await t.call(`${base()}/move`, { method: 'POST', token: editor, body: { from: 'd0', to: 'extra/d0' } });
    expect(deeper.json.error).toMatchObject({ code: 'VALIDATION_ERROR', details: [expect.objectContaining({ field: 'to' })] });
    expect(await snapshot()).toBe(before);
  });
});
