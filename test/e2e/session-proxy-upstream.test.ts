import { createHash } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxRuntime, startSessionWorld, type Role, type SessionWorld } from '../support/session-world.js';
import { FIRST_CHUNK, rawRequest, startFakeMarimo, type FakeMarimo } from './session-proxy-fake-marimo.js';

const STREAM_BYTES = 48 * 1024 * 1024;
const UPLOAD_BYTES = 24 * 1024 * 1024;

/**
 * The proxy seen from marimo's side. Both sessions are real (started with marimo), then their
 * endpoints are pointed at fake marimos that record what reaches them: A is an app every member
 * may use, B the manager's exclusive edit session, which the editor may not enter.
 */
describe.skipIf(sandboxRuntime === null)('the session proxy, as marimo sees it', () => {
  let w: SessionWorld;
  let fakeA: FakeMarimo;
  let fakeB: FakeMarimo;
  let a: string;
  let b: string;
  const secrets: Record<string, string> = {};

  beforeAll(async () => {
    w = await startSessionWorld({}, { captureLogs: true });
    [fakeA, fakeB] = await Promise.all([startFakeMarimo(STREAM_BYTES), startFakeMarimo(0)]);
    a = (await w.start('viewer', { notebook_id: w.nid, mode: 'app' })).json.data.id;
    b = (await w.start('manager', { notebook_id: await w.notebook('Private'), mode: 'edit' })).json.data.id;
    for (const [sid, fake] of [
      [a, fakeA],
      [b, fakeB],
    ] as const) {
      const record = await w.t.hub.services.sessionStore.update(w.pid, sid, (current) => ({ ...current, endpoint: { host: fake.host, port: fake.port } }));
      secrets[sid] = record.secret;
    }
  });
  afterAll(async () => {
    await w?.close();
    await Promise.all([fakeA?.close(), fakeB?.close()]);
  });

  const bearer = (who: Role) => ({ authorization: `Bearer ${w.tokens[who]}` });
  const wsUrl = (path: string) => `${w.t.url.replace(/^http/, 'ws')}${path}`;

  it("hands marimo the session secret, never the hub's cookie or token, and never passes marimo's cookies back", async () => {
    const cookie = await w.t.localLogin();
    const before = fakeA.reached.length;
    const byToken = await fetch(`${w.t.url}/s/${a}/echo`, {
      headers: { ...bearer('editor'), cookie: 'marimo_browser=1', 'x-forwarded-for': '203.0.113.9', 'x-notebook-hub-launch': 'the-apps-launch-secret' },
    });
    const byCookie = await fetch(`${w.t.url}/s/${a}/echo`, { headers: { cookie: `other=1; svc_session=${cookie}` } });
    for (const response of [byToken, byCookie]) {
      expect(response.status).toBe(200);
      expect(response.headers.get('set-cookie')).toBeNull();
      await response.text();
    }

    const upgradeHeaders: Record<string, string>[] = [
      { ...bearer('editor'), origin: w.t.url },
      { cookie: `svc_session=${cookie}`, origin: w.t.url },
    ];
    for (const headers of upgradeHeaders) {
      const socket = new WebSocket(wsUrl(`/s/${a}/ws?session_id=s_1&file=notebook.py`), { headers });
      const upgrade = new Promise<Record<string, unknown>>((resolve) => socket.once('upgrade', (response) => resolve(response.headers)));
      await new Promise((resolve, reject) => {
        socket.once('open', resolve);
        socket.once('error', reject);
      });
      expect((await upgrade)['set-cookie']).toBeUndefined();
      socket.send('hello');
      expect(String(await new Promise((resolve) => socket.once('message', resolve)))).toBe('echo:hello');
      socket.close();
    }

    const reached = fakeA.reached.slice(before);
    expect(reached.map((entry) => entry.kind)).toEqual(['http', 'http', 'upgrade', 'upgrade']);
    for (const { headers } of reached) {
      expect(headers.authorization).toBe(`Bearer ${secrets[a]}`);
      expect(headers.cookie).toBeUndefined();
      expect(headers.host).toBe(`${fakeA.host}:${fakeA.port}`);
      expect(headers['x-forwarded-for']).toBeUndefined();
      expect(headers['x-notebook-hub-launch']).toBeUndefined();
      const sent = JSON.stringify(headers);
      for (const credential of [w.tokens.editor, cookie]) expect(sent).not.toContain(credential);
    }
  }, 120_000);

  it('refuses paths that could leave the session they name, over HTTP and WebSocket, before they reach any session', async () => {
    const confusing = [
      `/s/${a}evil/echo`,
      `/s/${a}/../${b}/echo`,
      `/s/${a}/./../${b}/echo`,
      `/s/${a}/%2e%2e/${b}/echo`,
      `/s/${a}/%2E%2E/${b}/echo`,
      `/s/${a}/..%2f${b}/echo`,
      `/s/${a}%2f..%2f${b}/echo`,
      `/s/${b}/../${a}/echo`,
      `/s/${a.toUpperCase()}/echo`,
    ];
    const headers = { ...bearer('editor'), origin: w.t.url };
    // The same raw request with a plain path does reach the session: the refusals are about the paths.
    const reachable = fakeA.reached.length;
    expect(await rawRequest(w.t.url, `/s/${a}/echo`, headers)).toEqual({ status: 200, upgraded: false });
    expect(await rawRequest(w.t.url, `/s/${a}/ws`, headers, true)).toEqual({ status: 101, upgraded: true });
    // What follows the path is marimo's business, passed on as sent, however odd.
    expect(await rawRequest(w.t.url, `/s/${a}/echo?file=..%2Fnb.py&x=%zz`, headers)).toEqual({ status: 200, upgraded: false });
    expect(fakeA.reached.slice(reachable).map((entry) => entry.url)).toEqual([`/s/${a}/echo`, `/s/${a}/ws`, `/s/${a}/echo?file=..%2Fnb.py&x=%zz`]);

    const before = { a: fakeA.reached.length, b: fakeB.reached.length };
    for (const path of confusing) {
      expect(await rawRequest(w.t.url, path, headers), `GET ${path}`).toEqual({ status: 404, upgraded: false });
      expect(await rawRequest(w.t.url, path, headers, true), `upgrade ${path}`).toEqual({ status: 404, upgraded: false });
    }
    // A malformed escape: fastify's router refuses the request as it stands.
    expect(await rawRequest(w.t.url, `/s/${a}/%zz/echo`, headers)).toEqual({ status: 400, upgraded: false });
    expect(await rawRequest(w.t.url, `/s/${a}/%zz/echo`, headers, true)).toEqual({ status: 404, upgraded: false });
    expect({ a: fakeA.reached.length, b: fakeB.reached.length }).toEqual(before);
  }, 120_000);

  it('streams a large response to the browser as marimo sends it', async () => {
    const response = await fetch(`${w.t.url}/s/${a}/stream`, { headers: bearer('editor') });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const hash = createHash('sha256');
    let received = 0;
    // The fake holds back everything after its first chunk until that chunk has reached us: a
    // proxy that buffered the body would wait for the end forever, and the test would time out.
    while (received < FIRST_CHUNK.length) {
      const { value, done } = await reader.read();
      if (done) break;
      received += value.length;
      hash.update(value);
    }
    expect(received).toBeGreaterThanOrEqual(FIRST_CHUNK.length);
    fakeA.releaseStream();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      received += value.length;
      hash.update(value);
    }
    const expected = createHash('sha256').update(FIRST_CHUNK).update(Buffer.alloc(STREAM_BYTES, 'b'));
    expect(received).toBe(FIRST_CHUNK.length + STREAM_BYTES);
    expect(hash.digest('hex')).toBe(expected.digest('hex'));
  }, 120_000);

  it('streams a large request body to marimo as the browser sends it', async () => {
    const body = Buffer.alloc(UPLOAD_BYTES, 'u');
    const answer = await new Promise<{ status: number; json: { bytes: number; sha256: string } }>((resolve, reject) => {
      const { hostname, port } = new URL(w.t.url);
      const request = httpRequest({
        host: hostname,
        port: Number(port),
        method: 'POST',
        path: `/s/${a}/upload`,
        headers: { ...bearer('editor'), 'content-type': 'application/octet-stream' },
      });
      request.on('response', (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, json: JSON.parse(text) }));
      });
      request.on('error', reject);
      // Chunked, and the rest only once marimo has the first chunk: a proxy that read the whole
      // body before forwarding it would never let it arrive.
      request.write(body.subarray(0, FIRST_CHUNK.length));
      void fakeA.firstUploadChunk.then(() => request.end(body.subarray(FIRST_CHUNK.length)));
    });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ bytes: UPLOAD_BYTES, sha256: createHash('sha256').update(body).digest('hex') });
  }, 120_000);

  it('logs one line per proxied request', async () => {
    const response = await fetch(`${w.t.url}/s/${a}/logged/echo`, { headers: bearer('editor') });
    expect(response.status).toBe(200);
    await response.text();
    const line = w.t.logs.find((entry) => entry.event === 'http_request' && entry.url === `/s/${a}/logged/echo`);
    expect(line).toMatchObject({ status: 200 });
    expect(w.t.logs.filter((entry) => entry.reqId === line!.reqId)).toHaveLength(1);
  }, 60_000);
});
