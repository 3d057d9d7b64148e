import { vi } from 'vitest';

/** One request the UI sent, as the fake hub saw it. */
export interface SeenRequest {
  method: string;
  path: string;
  body: unknown;
  /** The request's headers, their names in lower case (`if-match`). */
  headers: Record<string, string>;
}

/** An answer: its status (200), body and headers (an `etag`, say). */
interface HubAnswer {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
}
type Answer = HubAnswer | ((request: SeenRequest) => HubAnswer);

/**
 * A fake hub for the component tests: the UI's requests (through the global fetch) get the
 * answers set with `on`, and every request is recorded. A request nobody set an answer for fails
 * the way the hub would refuse it (404), so a test cannot pass on a call it did not expect.
 */
export function fakeHub() {
  const answers = new Map<string, Answer>();
  const seen: SeenRequest[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const text = await request.text();
    const seenRequest: SeenRequest = {
      method: request.method,
      path: url.pathname + url.search,
      body: text ? JSON.parse(text) : undefined,
      headers: Object.fromEntries(request.headers.entries()),
    };
    seen.push(seenRequest);
    const answer = answers.get(`${request.method} ${url.pathname}`);
    const {
      status = 200,
      body,
      headers = {},
    } = typeof answer === 'function' ? answer(seenRequest) : (answer ?? { status: 404, body: refusal('NOT_FOUND', 'No such route in the fake hub.') });
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
  });
  // Put back after each test by the set-up file (vi.unstubAllGlobals).
  vi.stubGlobal('fetch', fetch);
  return {
    seen,
    /** Answers `METHOD /path` (the path without its query) from now on. */
    on(route: string, answer: Answer) {
      answers.set(route, answer);
    },
  };
}

/** The API's success envelope (with headers: an `etag`, say). */
export const ok = (data: unknown, headers?: Record<string, string>) => ({ body: { success: true, data }, ...(headers ? { headers } : {}) });

/** The API's error envelope, with its HTTP status. */
export function refused(status: number, code: string, message: string, details?: { field: string; message: string }[]) {
  return { status, body: refusal(code, message, details) };
}

function refusal(code: string, message: string, details?: { field: string; message: string }[]) {
  return { success: false, error: { code, message, ...(details ? { details } : {}), request_id: 'req-fake' } };
}
