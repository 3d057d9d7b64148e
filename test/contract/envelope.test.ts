import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestHub, type TestHub } from '../support/test-hub.js';

/** Sends raw bytes (fetch cannot send an invalid request) and reads the answer until the hub closes. */
function rawRequest(url: string, request: string): Promise<{ status: number; headers: Record<string, string>; body: unknown }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(request));
    let text = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: body ? JSON.parse(body) : undefined });
    });
  });
}

function expectEnvelope(body: unknown, code: string): void {
  expect(body).toEqual({ success: false, error: { code, message: expect.any(String), request_id: expect.stringMatching(/^req_[0-9a-f]{32}$/) } });
}

describe('answers given before a route runs', () => {
  let t: TestHub;
  let token: string;

  beforeAll(async () => {
    t = await startTestHub();
    token = await t.tokenFor('envelope-admin@example.com', { superAdmin: true });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('answers a method the path does not have with 405 and Allow, and an unknown path with 404', async () => {
    for (const method of ['PUT', 'DELETE', 'PATCH', 'QUERY']) {
      const response = await t.call('/api/v1/version', { method, token });
      expect(response.status, method).toBe(405);
      expect(response.headers.get('allow')).toBe('GET, HEAD');
      expectEnvelope(response.json, 'BAD_REQUEST');
      expect(response.json.error.request_id).toBe(response.headers.get('x-request-id'));
    }
    // fetch refuses to send TRACE.
    const trace = await rawRequest(t.url, `TRACE /api/v1/version HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nConnection: close\r\n\r\n`);
    expect(trace.status).toBe(405);
    expect(trace.headers.allow).toBe('GET, HEAD');
    expectEnvelope(trace.body, 'BAD_REQUEST');
    // A GET the web UI's fallback would catch is still 405 on a path that only has POST.
    const get = await t.call('/api/v1/admin/policy/analyzer/run', { token });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    const unknown = await t.call('/api/v1/no-such-thing', { method: 'QUERY', token });
    expect(unknown.status).toBe(404);
    expectEnvelope(unknown.json, 'NOT_FOUND');
  });

  it('still asks for a credential first', async () => {
    const response = await t.call('/api/v1/version', { method: 'PUT' });
    expect(response.status).toBe(401);
    expectEnvelope(response.json, 'UNAUTHORIZED');
  });

  it('answers a path segment over the limit with 414, and one within it reaches the route', async () => {
    const long = await t.call(`/api/v1/projects/proj-0000000000000000/members/${'a'.repeat(5000)}`, { method: 'DELETE', token });
    expect(long.status).toBe(414);
    expectEnvelope(long.json, 'BAD_REQUEST');
    expect(long.headers.get('x-request-id')).toBe(long.json.error.request_id);
    // A 320-character e-mail, percent-encoded, is longer than fastify's default limit of 100.
    const email = encodeURIComponent(`${'é'.repeat(300)}@example.com`);
    const withinLimit = await t.call(`/api/v1/projects/proj-0000000000000000/members/${email}`, { method: 'DELETE', token });
    expect(withinLimit.status).toBe(404);
    expectEnvelope(withinLimit.json, 'NOT_FOUND');
  });

  it('answers a URL that cannot be decoded with 400', async () => {
    const response = await rawRequest(t.url, `GET /api/v1/%E0%A4%A HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nConnection: close\r\n\r\n`);
    expect(response.status).toBe(400);
    expectEnvelope(response.body, 'BAD_REQUEST');
  });

  it('answers headers over the size limit with 431 and a request that is not HTTP with 400', async () => {
    const big = await rawRequest(t.url, `GET /api/v1/version HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(big.status).toBe(431);
    expectEnvelope(big.body, 'BAD_REQUEST');
    expect(big.headers['x-request-id']).toBe((big.body as { error: { request_id: string } }).error.request_id);
    const garbage = await rawRequest(t.url, 'NOT HTTP AT ALL\r\n\r\n');
    expect(garbage.status).toBe(400);
    expectEnvelope(garbage.body, 'BAD_REQUEST');
  });

  it('answers an unsupported media type with 415', async () => {
    const response = await t.call('/api/v1/projects', {
      method: 'POST',
      token,
      body: 'name=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.status).toBe(415);
    expectEnvelope(response.json, 'BAD_REQUEST');
  });
});

describe('a request that arrives while the hub closes', () => {
  it('is refused with 503 SERVICE_UNAVAILABLE in the envelope', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const slowEntered = new Promise<void>((resolve) => (entered = resolve));
    let closingStarted!: () => void;
    const closing = new Promise<void>((resolve) => (closingStarted = resolve));
    let refused!: (status: number) => void;
    const secondAnswered = new Promise<number>((resolve) => (refused = resolve));
    const t = await startTestHub({
      routes: [
        (app) => {
          app.get('/api/v1/test/slow', { config: { public: true } }, async () => {
            entered();
            await released;
            return { success: true };
          });
          // Runs after the hub's own preClose hooks, which were added first.
          app.addHook('preClose', (done) => {
            closingStarted();
            done();
          });
          app.addHook('onSend', (request, reply, payload, done) => {
            if (request.url === '/api/health') refused(reply.statusCode);
            done(null, payload);
          });
        },
      ],
    });
    // The first request keeps its connection busy (so closing does not drop it); the second is
    // pipelined on it once closing has begun.
    const { hostname, port } = new URL(t.url);
    const socket = net.connect(Number(port), hostname);
    let text = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (text += chunk));
    const ended = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.write('GET /api/v1/test/slow HTTP/1.1\r\nHost: x\r\n\r\n');
    await slowEntered;
    const closed = t.close();
    await closing;
    socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(await secondAnswered).toBe(503);
    release();
    await ended;
    await closed;
    const answers = text.split(/(?=HTTP\/1\.1 )/);
    expect(answers[0]).toMatch(/^HTTP\/1\.1 200 /);
    expect(answers[1]).toMatch(/^HTTP\/1\.1 503 /);
    expect(answers[1]).toMatch(/\r\nretry-after: 5\r\n/i);
    const body: unknown = JSON.parse(answers[1]!.slice(answers[1]!.indexOf('\r\n\r\n') + 4));
    expectEnvelope(body, 'SERVICE_UNAVAILABLE');
  });
});
