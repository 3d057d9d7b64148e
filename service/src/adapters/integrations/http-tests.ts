import type { ConnectionTestOutcome, ConnectionTestRequest } from '../../core/ports/connection-tester.js';
import { OutboundError } from '../outbound/outbound-client.js';
import { failed, passed, refusedMessage, schemeProblem, unreachableMessage, type TestContext } from './test-context.js';

/** The most of an answer a test reads (a provider's list of models). */
const MAX_BODY_BYTES = 4 * 1024 * 1024;

/** `base` and `path` joined: `https://api.example.com/v1` + `status` → `https://api.example.com/v1/status`. */
export function joinUrl(base: string, path: string): URL {
  const url = new URL(base);
  if (path === '') return url;
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
  return url;
}

/** GET under the policy: the answer, or the outcome of a call that got none. */
async function get(
  context: TestContext,
  url: URL,
  headers: Record<string, string>,
  signal: AbortSignal,
): Promise<{ response: Response } | { outcome: ConnectionTestOutcome }> {
  const problem = schemeProblem(context, url);
  if (problem) return { outcome: failed(problem) };
  try {
    return {
      response: await context.outbound.fetch(url, { method: 'GET', headers: { accept: 'application/json', ...headers }, signal, timeoutMs: context.timeoutMs }),
    };
  } catch (error) {
    if (error instanceof OutboundError && error.reason === 'refused-address') return { outcome: failed(refusedMessage(url.hostname)) };
    if (error instanceof OutboundError || signal.aborted) return { outcome: failed(unreachableMessage(url.host)) };
    throw error;
  }
}

function redirected(response: Response): ConnectionTestOutcome | null {
  if (response.status < 300 || response.status >= 400) return null;
  return failed(`the server answered with a redirect (HTTP ${response.status}), which the hub does not follow: give the URL it redirects to`);
}

/** The answer's body as JSON, reading at most {@link MAX_BODY_BYTES}; undefined when it is not JSON or too large. */
async function jsonOf(response: Response): Promise<unknown> {
  const reader = response.body?.getReader();
  if (!reader) return undefined;
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel().catch(() => {});
      return undefined;
    }
    chunks.push(value);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return undefined;
  }
}

/** Reads the base URL (or its test path) with the integration's credentials: a 2xx answer passes. */
export async function testHttpApi(context: TestContext, request: ConnectionTestRequest): Promise<ConnectionTestOutcome> {
  const { config } = request;
  const secrets = await request.secrets();
  const url = joinUrl(String(config.base_url), typeof config.test_path === 'string' ? config.test_path : '');
  const headers: Record<string, string> = {};
  if (config.auth === 'bearer') headers.authorization = `Bearer ${secrets.token ?? ''}`;
  if (config.auth === 'basic') headers.authorization = basicAuthorization(String(config.username ?? ''), secrets.password ?? '');
  return readOnce(context, url, headers, request.signal, {
    what: 'the API',
    credentials: config.auth === 'basic' ? 'user name and password' : 'token',
    notFound: 'check the base URL and the test path',
  });
}

/** Reads the index's simple API with its credentials, as uv would: a 2xx answer passes. */
export async function testPythonIndex(context: TestContext, request: ConnectionTestRequest): Promise<ConnectionTestOutcome> {
  const { config } = request;
  const secrets = await request.secrets();
  const username = typeof config.username === 'string' ? config.username : '';
  const headers: Record<string, string> = { accept: 'application/vnd.pypi.simple.v1+json, text/html;q=0.1' };
  if (username !== '') headers.authorization = basicAuthorization(username, secrets.password ?? '');
  // uv asks the simple API's root with a trailing slash, as PEP 503 writes it.
  const url = new URL(String(config.url));
  if (!url.pathname.endsWith('/')) url.pathname = `${url.pathname}/`;
  return readOnce(context, url, headers, request.signal, {
    what: 'the index',
    credentials: 'user name and password or token',
    notFound: 'check the URL (the simple API, often ending in /simple)',
  });
}

const basicAuthorization = (username: string, password: string) => `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;

/** One GET whose answer's status is the outcome: 2xx passes; a redirect, refused credentials or nothing there fail, saying so. */
async function readOnce(
  context: TestContext,
  url: URL,
  headers: Record<string, string>,
  signal: AbortSignal,
  words: { what: string; credentials: string; notFound: string },
): Promise<ConnectionTestOutcome> {
  const answer = await get(context, url, headers, signal);
  if ('outcome' in answer) return answer.outcome;
  const { response } = answer;
  await response.body?.cancel().catch(() => {});
  const redirect = redirected(response);
  if (redirect) return redirect;
  if (response.ok) return passed(`${words.what} answered HTTP ${response.status} at ${url.pathname}`);
  if (response.status === 401 || response.status === 403)
    return failed(`${words.what} refused the credentials (HTTP ${response.status}): check the ${words.credentials}`);
  if (response.status === 404) return failed(`${words.what} has nothing at ${url.pathname} (HTTP 404): ${words.notFound}`);
  return failed(`${words.what} answered HTTP ${response.status} at ${url.pathname}`);
}

/** Lists the provider's models with the API key; when a model is set, the provider must list it. */
export async function testOpenAi(context: TestContext, request: ConnectionTestRequest): Promise<ConnectionTestOutcome> {
  const { config } = request;
  const secrets = await request.secrets();
  const url = joinUrl(String(config.base_url), 'models');
  const answer = await get(context, url, { authorization: `Bearer ${secrets.api_key ?? ''}` }, request.signal);
  if ('outcome' in answer) return answer.outcome;
  const { response } = answer;
  const redirect = redirected(response);
  if (redirect) {
    await response.body?.cancel().catch(() => {});
    return redirect;
  }
  if (response.status === 401 || response.status === 403) {
    await response.body?.cancel().catch(() => {});
    return failed(`the provider refused the API key (HTTP ${response.status})`);
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => {});
    return failed(`the provider answered HTTP ${response.status} at ${url.pathname}: check the base URL (it ends before /models)`);
  }
  const body = (await jsonOf(response)) as { data?: { id?: unknown }[] } | undefined;
  if (!body || !Array.isArray(body.data)) return failed(`the provider's answer at ${url.pathname} is not a list of models: check the base URL`);
  const models = body.data.map((entry) => entry.id).filter((id): id is string => typeof id === 'string');
  const model = typeof config.model === 'string' ? config.model : '';
  if (model !== '' && !models.includes(model)) return failed(`the provider does not list the model ${model} (it lists ${models.length} models)`);
  return passed(`the provider lists ${models.length} model${models.length === 1 ? '' : 's'}${model ? `, ${model} among them` : ''}`);
}
