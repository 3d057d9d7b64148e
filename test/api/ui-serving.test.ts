import { get } from 'node:http';
import { readFile } from 'node:fs/promises';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UI_CONTENT_SECURITY_POLICY } from '../../service/src/http/ui.js';
import { startTestHub, type TestHub } from '../support/test-hub.js';
import { makeTempDir } from '../support/temp-dir.js';
import { FIXTURE_LIBRARY, FIXTURE_SCRIPT, FIXTURE_STYLE, makeUiFixture } from '../support/ui-fixture.js';

const HTML = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

function expectUiHeaders(headers: Headers): void {
  expect(headers.get('content-security-policy')).toBe(UI_CONTENT_SECURITY_POLICY);
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('referrer-policy')).toBe('same-origin');
}

describe('the hub serves the built web UI', () => {
  let t: TestHub;
  let fixture: { dir: string; cleanup: () => Promise<void> };
  let index: string;
  beforeAll(async () => {
    fixture = await makeUiFixture();
    index = await readFile(path.join(fixture.dir, 'index.html'), 'utf8');
    t = await startTestHub({ hub: () => ({ uiDir: fixture.dir }) });
  });
  afterAll(async () => {
    await t?.close();
    await fixture?.cleanup();
  });

  it('answers / with index.html, revalidated on every load, without a credential', async () => {
    const response = await fetch(`${t.url}/`, { headers: HTML });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expectUiHeaders(response.headers);
    expect(await response.text()).toBe(index);
    const etag = response.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await fetch(`${t.url}/`, { headers: { ...HTML, 'if-none-match': etag! } });
    expect(again.status).toBe(304);
  });

  it('serves hashed assets for a year, immutable, with their content types', async () => {
    const script = await fetch(`${t.url}${FIXTURE_SCRIPT}`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expectUiHeaders(script.headers);
    expect(await script.text()).toContain('app running at');
    const style = await fetch(`${t.url}${FIXTURE_STYLE}`);
    expect(style.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(style.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const head = await fetch(`${t.url}${FIXTURE_SCRIPT}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
  });

  it('sends a text asset compressed, brotli before gzip, as the browser accepts, and small ones as they are', async () => {
    const original = await readFile(path.join(fixture.dir, FIXTURE_LIBRARY));
    const raw = (target: string, acceptEncoding?: string) =>
      new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
        get(`${t.url}${target}`, { headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
        }).on('error', reject);
      });
    const brotli = await raw(FIXTURE_LIBRARY, 'gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.body.length).toBeLessThan(original.length / 4);
    expect(brotliDecompressSync(brotli.body).equals(original)).toBe(true);
    const gzip = await raw(FIXTURE_LIBRARY, 'gzip, br;q=0');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(original)).toBe(true);
    for (const acceptEncoding of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const plain = await raw(FIXTURE_LIBRARY, acceptEncoding);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.equals(original)).toBe(true);
    }
    // A few hundred bytes are not worth an encoding.
    const small = await raw(FIXTURE_SCRIPT, 'br');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body.toString()).toContain('app running at');
  });

  it('answers an unknown asset 404, never with index.html or a file outside the folder', async () => {
    for (const target of ['/assets/app-000000.js', '/assets/', '/assets/..%2f..%2fpackage.json']) {
      const response = await fetch(`${t.url}${target}`, { headers: HTML });
      expect(response.status, target).toBe(404);
      expect(await response.json(), target).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
    }
  });

  it('answers a client-side route that accepts HTML with index.html', async () => {
    for (const target of ['/projects/x/notebooks', '/settings', '/projects/x/notebooks?tab=runs', '/mcpx']) {
      const response = await fetch(`${t.url}${target}`, { headers: HTML });
      expect(response.status, target).toBe(200);
      expect(response.headers.get('cache-control'), target).toBe('no-cache');
      expectUiHeaders(response.headers);
      expect(await response.text(), target).toBe(index);
    }
  });

  it('keeps the API, the session proxy and machine endpoints out of the fallback', async () => {
    const cookie = await t.localLogin();
    for (const target of ['/api/v1/nope', '/api/nope', '/api', '/s', '/mcp/anything', '/openapi.yaml/x']) {
      const response = await t.call(target, { cookie, headers: HTML });
      expect(response.status, target).toBe(404);
      expect(response.headers.get('content-type'), target).toMatch(/^application\/json/);
      expect(response.json, target).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
    }
    // /mcp is the MCP server's, which takes POST only (docs/mcp.md).
    const mcp = await t.call('/mcp', { cookie, headers: HTML });
    expect(mcp.status).toBe(405);
    expect(mcp.headers.get('allow')).toBe('POST');
    // /s/ stays the session proxy's (a redirect, not the page).
    expect((await t.call('/s/', { cookie, headers: HTML })).status).toBe(308);
    const openapi = await fetch(`${t.url}/openapi.yaml`, { headers: HTML });
    expect(openapi.headers.get('content-type')).toMatch(/^application\/yaml/);
  });

  it('does not answer a request that does not accept HTML with the page: it is an unknown route', async () => {
    const anonymous = await fetch(`${t.url}/projects/x/notebooks`, { headers: { accept: 'application/json' } });
    expect(anonymous.status).toBe(401);
    const cookie = await t.localLogin();
    const response = await t.call('/projects/x/notebooks', { cookie, headers: { accept: 'application/json' } });
    expect(response.status).toBe(404);
    expect(response.json).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });

  it('still asks for a credential on an unknown API route', async () => {
    const response = await fetch(`${t.url}/api/v1/nope`, { headers: HTML });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: { code: 'UNAUTHORIZED' } });
  });

  it('lands the browser on / after the local login', async () => {
    const response = await fetch(`${t.url}${t.hub.localLoginPath!}`, { redirect: 'manual' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/');
  });
});

describe('a hub whose UI is not built', () => {
  let t: TestHub;
  let empty: { dir: string; cleanup: () => Promise<void> };
  beforeAll(async () => {
    empty = await makeTempDir('ui-empty');
    t = await startTestHub({ hub: () => ({ uiDir: empty.dir }) });
  });
  afterAll(async () => {
    await t?.close();
    await empty?.cleanup();
  });

  it('answers / with a page that says how to build the UI', async () => {
    const response = await fetch(`${t.url}/`, { headers: HTML });
    expect(response.status).toBe(503);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expectUiHeaders(response.headers);
    expect(await response.text()).toContain('npm run build');
    expect((await fetch(`${t.url}/projects/x`, { headers: HTML })).status).toBe(503);
  });
});
