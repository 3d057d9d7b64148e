import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAlertReceiver, type AlertReceiver } from '../support/alert-receiver.js';
import { createJob, jobsPath, runToEnd, saveNotebookCode } from '../support/job-world.js';
import { sandboxRuntime, startSessionWorld, type SessionWorld } from '../support/session-world.js';
import { prerequisite } from '../setup/prerequisites.js';
import { startJaeger, startVictoriaLogs, until, type Jaeger, type VictoriaLogs } from '../support/telemetry-receivers.js';
import { expectTracedSessionStart, newSpanId, newTraceId, parentOf, tag } from '../support/traced-session.js';

const telemetryReceivers = prerequisite('telemetryReceivers');

const SERVICE_NAME = `hub-tracing-${randomBytes(4).toString('hex')}`;
/** Words that must never leave in telemetry: the notebook's code holds this one. */
const NOTEBOOK_SECRET = `notebook_secret_${randomBytes(8).toString('hex')}`;
/** An alert destination's signing secret: it must not leave either. */
const ALERT_SECRET = `alert_secret_${randomBytes(8).toString('hex')}`;
/** What an MCP client's OAuth sign-in handles: its code, PKCE verifier and tokens must not leave. */
const oauthSecrets: string[] = [];

describe.skipIf(sandboxRuntime === null || telemetryReceivers === null)('traces and log lines over OTLP into Jaeger and VictoriaLogs (local driver)', () => {
  let jaeger: Jaeger;
  let logs: VictoriaLogs;
  let w: SessionWorld;
  let receiver: AlertReceiver;

  beforeAll(async () => {
    [jaeger, logs, receiver] = await Promise.all([
      startJaeger(telemetryReceivers!.jaeger),
      startVictoriaLogs(telemetryReceivers!.victoriaLogs),
      startAlertReceiver(),
    ]);
    w = await startSessionWorld(
      {
        OTEL_SERVICE_NAME: SERVICE_NAME,
        OTEL_METRICS_EXPORTER: 'none',
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${jaeger.otlpHttp}/v1/traces`,
        OTEL_EXPORTER_OTLP_LOGS_ENDPOINT: logs.otlpLogsUrl,
        // Spans and log records go out in batches every 200 ms instead of every 5 s and 1 s.
        OTEL_BSP_SCHEDULE_DELAY: '200',
        OTEL_BLRP_SCHEDULE_DELAY: '200',
        SERVICE_JOBS: 'on',
        // Loops run here: their attempts are traces of their own.
        SERVICE_RUN_MAINTENANCE: 'true',
        // The alert receiver is on 127.0.0.1, over plain HTTP.
        SERVICE_ALERT_ALLOW_HTTP: 'true',
      },
      { captureLogs: true },
    );
  }, 120_000);

  afterAll(async () => {
    await w?.close();
    await Promise.all([jaeger?.stop(), logs?.stop(), receiver?.close()]);
  });

  it('continues the caller’s trace through a session start: the request, its use case, store calls and the four sandbox phases', async () => {
    await saveNotebookCode(w, w.nid, `import marimo\napp = marimo.App()\n\n@app.cell\ndef _():\n    ${NOTEBOOK_SECRET} = 1\n    return\n`);
    const { sessionId, traceId, server, provision } = await expectTracedSessionStart(w, jaeger);
    // The session names the trace of its start, for the admin pages to link to it.
    expect((await w.api(`/api/v1/projects/${w.pid}/sessions/${sessionId}`, 'editor')).json.data.trace_id).toBe(traceId);
    const runtime = await w.t.call('/api/v1/admin/runtime/sessions', { cookie: await w.t.localLogin() });
    expect(runtime.json.data.items.find((item: { id: string }) => item.id === sessionId)).toMatchObject({ trace_id: traceId });

    // The start's log lines carry the trace's ids, on stdout and in the log backend.
    const provisionLine = w.t.logs.find((line) => line.event === 'session_provision' && line.session_id === sessionId);
    expect(provisionLine).toMatchObject({ trace_id: traceId, span_id: provision.spanID });
    const requestLine = w.t.logs.find((line) => line.event === 'http_request' && line.trace_id === traceId);
    expect(requestLine).toMatchObject({ span_id: server.spanID, status: 201 });
    const records = await until(
      () => logs.query(`trace_id:${traceId}`),
      (found) => found.some((record) => record.event === 'session_provision') && found.some((record) => record.event === 'http_request'),
    );
    expect(records.find((record) => record.event === 'session_provision')).toMatchObject({ span_id: provision.spanID, session_id: sessionId });
    expect(records.every((record) => record['service.name'] === SERVICE_NAME)).toBe(true);

    // A kernel WebSocket through the proxy is a span of its own, from handshake to close, with its bytes.
    const kernel = await w.kernel('editor', sessionId);
    await kernel.waitFor('kernel-ready');
    kernel.close();
    const [connection] = await until(
      async () => (await jaeger.traces(SERVICE_NAME, 'WS /s/:sid')).flat().filter((span) => tag(span, 'notebook_hub.session.id') === sessionId),
      (found) => found.length === 1,
    );
    expect(tag(connection!, 'http.response.status_code')).toBe(101);
    expect(Number(tag(connection!, 'notebook_hub.websocket.bytes_in'))).toBeGreaterThan(0);
    expect(Number(tag(connection!, 'notebook_hub.websocket.bytes_out'))).toBeGreaterThan(0);

    await w.api(`/api/v1/projects/${w.pid}/sessions/${sessionId}/stop`, 'editor', { method: 'POST' });
  }, 180_000);

  it('makes each job run a trace of its own, with its phases, hands the trace to the notebook and sends it along with the alert', async () => {
    const hook = await w.api(`/api/v1/projects/${w.pid}/alerts`, 'admin', {
      method: 'POST',
      body: { type: 'webhook', name: 'runs', kinds: ['job.run.succeeded'], url: receiver.url('/runs'), signing_secret: ALERT_SECRET },
    });
    expect(hook.status, hook.text).toBe(201);
    const nid = await w.notebook('Traced job');
    await saveNotebookCode(
      w,
      nid,
      [
        'import marimo',
        'app = marimo.App()',
        '',
        '@app.cell',
        'def _():',
        '    import os',
        '    print("traceparent:", os.environ.get("TRACEPARENT"), flush=True)',
        '    return',
        '',
      ].join('\n'),
    );
    const jobId = await createJob(w, nid, { name: 'Traced', schedule: null });
    const triggered = await w.api(`${jobsPath(w, nid)}/${jobId}/runs`, 'editor', { method: 'POST', body: {} });
    expect(triggered.status, triggered.text).toBe(201);
    const run = await runToEnd(w, nid, jobId, triggered.json.data.id);
    expect(run.state).toBe('succeeded');

    const [spans] = await until(
      async () => (await jaeger.traces(SERVICE_NAME, 'job.run')).filter((trace) => trace.some((span) => tag(span, 'notebook_hub.job.run_id') === run.id)),
      (found) => found.length === 1 && found[0]!.some((span) => span.operationName === 'job.record'),
    );
    const root = spans!.find((span) => span.operationName === 'job.run')!;
    expect(parentOf(root)).toBeNull();
    // The run names its own trace (not the trigger's request's), for the pages to link to it.
    expect(run.trace_id).toBe(root.traceID);
    expect(run.trace_id).not.toBe(triggered.headers.get('traceresponse')?.slice(3, 35));
    expect(tag(root, 'notebook_hub.job.run_state')).toBe('succeeded');
    for (const phase of ['sandbox.create', 'sandbox.reachable', 'sandbox.files', 'sandbox.setup', 'job.execute', 'job.output', 'job.record']) {
      expect(parentOf(spans!.find((span) => span.operationName === phase)!), phase).toBe(root.spanID);
    }
    const log = await w.api(`${jobsPath(w, nid)}/${jobId}/runs/${run.id}/logs`, 'viewer');
    expect(log.text).toMatch(new RegExp(`traceparent: 00-${root.traceID}-[0-9a-f]{16}-01`));

    // The alert the run's end sent carries the trace on: its delivery span is the traceparent's.
    const [delivery] = await receiver.waitFor('/runs', 1);
    const traceparent = String(delivery!.headers.traceparent);
    expect(traceparent).toMatch(new RegExp(`^00-${root.traceID}-[0-9a-f]{16}-01$`));
    const deliverySpans = await until(
      () => jaeger.trace(root.traceID),
      (found) => found.some((span) => span.operationName === 'alert.deliver'),
    );
    const deliver = deliverySpans.find((span) => span.operationName === 'alert.deliver')!;
    expect(traceparent.slice(36, 52)).toBe(deliver.spanID);
    expect(tag(deliver, 'http.response.status_code')).toBe(200);
    expect(tag(deliver, 'notebook_hub.alert.event_kind')).toBe('job.run.succeeded');
  }, 240_000);

  it('names the trace of the request that ran a start-up diagnostic in its report', async () => {
    const traceId = newTraceId();
    const diagnostic = await w.t.call('/api/v1/admin/debug/sandbox-startup', {
      method: 'POST',
      body: {},
      cookie: await w.t.localLogin(),
      // A cookie's mutation comes from the hub's own origin.
      headers: { origin: w.t.url, traceparent: `00-${traceId}-${newSpanId()}-01` },
    });
    expect(diagnostic.status, diagnostic.text).toBe(200);
    expect(diagnostic.json.data).toMatchObject({ ok: true, trace_id: traceId });
    const spans = await until(
      () => jaeger.trace(traceId),
      (found) => found.some((span) => span.operationName === 'POST /api/v1/admin/debug/sandbox-startup'),
    );
    expect(spans.some((span) => span.operationName === 'usecase.diagnostics.sandboxStartup')).toBe(true);

    // A caller's trace that is not sampled is not recorded: the report names none.
    const unsampled = await w.t.call('/api/v1/admin/debug/sandbox-startup', {
      method: 'POST',
      body: {},
      cookie: await w.t.localLogin(),
      headers: { origin: w.t.url, traceparent: `00-${newTraceId()}-${newSpanId()}-00` },
    });
    expect(unsampled.status, unsampled.text).toBe(200);
    expect(unsampled.json.data.trace_id).toBeNull();
    // Nor does the answer or the request's log line name ids that would find nothing.
    expect(unsampled.headers.get('traceresponse')).toBeNull();
    const requestId = unsampled.headers.get('x-request-id');
    const [line] = await until(
      async () => w.t.logs.filter((entry) => entry.event === 'http_request' && entry.reqId === requestId),
      (found) => found.length === 1,
    );
    expect(line).not.toHaveProperty('trace_id');
    expect(diagnostic.headers.get('traceresponse')).toMatch(new RegExp(`^00-${traceId}-[0-9a-f]{16}-01$`));
  }, 120_000);

  it('traces the OAuth authorization server: registration, authorization, consent and token, each request with its use case', async () => {
    const redirect = 'http://127.0.0.1:9/callback';
    /** A request in a trace of its own: the trace's id and the answer. */
    const traced = async (send: (headers: Record<string, string>) => Promise<Response>) => {
      const traceId = newTraceId();
      return { traceId, response: await send({ traceparent: `00-${traceId}-${newSpanId()}-01` }) };
    };
    const registration = await traced((headers) =>
      fetch(`${w.t.url}/oauth/register`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ client_name: 'Traced assistant', redirect_uris: [redirect], token_endpoint_auth_method: 'none' }),
      }),
    );
    expect(registration.response.status).toBe(201);
    const clientId = ((await registration.response.json()) as { client_id: string }).client_id;
    const verifier = randomBytes(32).toString('base64url');
    const query = new URLSearchParams({
      client_id: clientId,
      redirect_uri: redirect,
      response_type: 'code',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
      state: 's',
      resource: `${w.t.url}/mcp`,
    });
    const authorization = await traced((headers) => fetch(`${w.t.url}/oauth/authorize?${query}`, { headers, redirect: 'manual' }));
    expect(authorization.response.status).toBe(302);
    const requestId = new URL(authorization.response.headers.get('location')!, w.t.url).pathname.split('/').pop()!;
    const cookie = await w.t.localLogin();
    const consentTrace = newTraceId();
    const approved = await w.t.call(`/api/v1/oauth/requests/${requestId}/approve`, {
      method: 'POST',
      cookie,
      headers: { origin: w.t.url, traceparent: `00-${consentTrace}-${newSpanId()}-01` },
      body: {},
    });
    expect(approved.status, approved.text).toBe(200);
    const code = new URL(approved.json.data.redirect_to).searchParams.get('code')!;
    const exchange = await traced((headers) =>
      fetch(`${w.t.url}/oauth/token`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirect, client_id: clientId, code_verifier: verifier }),
      }),
    );
    expect(exchange.response.status).toBe(200);
    const tokens = (await exchange.response.json()) as { access_token: string; refresh_token: string };
    oauthSecrets.push(code, verifier, tokens.access_token, tokens.refresh_token);

    for (const [traceId, request, useCase] of [
      [registration.traceId, 'POST /oauth/register', 'usecase.mcpConnections.register'],
      [authorization.traceId, 'GET /oauth/authorize', 'usecase.mcpConnections.authorize'],
      [consentTrace, 'POST /api/v1/oauth/requests/:request_id/approve', 'usecase.mcpConnections.approve'],
      [exchange.traceId, 'POST /oauth/token', 'usecase.mcpConnections.token'],
    ] as const) {
      const spans = await until(
        () => jaeger.trace(traceId),
        (found) => found.some((span) => span.operationName === useCase),
      );
      const server = spans.find((span) => span.operationName === request);
      expect(server, `${request} in ${spans.map((span) => span.operationName).join(', ')}`).toBeDefined();
      const useCaseSpan = spans.find((span) => span.operationName === useCase)!;
      expect(parentOf(useCaseSpan)).toBe(server!.spanID);
      // Each reads or writes its records: the store calls nest in the use case.
      expect(
        spans.some((span) => span.operationName.startsWith('store.') && parentOf(span) === useCaseSpan.spanID),
        useCase,
      ).toBe(true);
    }
  }, 120_000);

  it('makes each loop attempt a loop.<loop> span with its name and outcome', async () => {
    const traces = await until(
      () => jaeger.traces(SERVICE_NAME, 'loop.session_lifecycle'),
      (found) => found.length > 0,
    );
    const attempt = traces[0]!.find((span) => span.operationName === 'loop.session_lifecycle')!;
    expect(parentOf(attempt)).toBeNull();
    expect(tag(attempt, 'service.loop.name')).toBe('session_lifecycle');
    expect(['success', 'failed', 'skipped']).toContain(tag(attempt, 'service.loop.outcome'));
    // Its store calls nest in it.
    expect(traces.some((spans) => spans.some((span) => span.operationName.startsWith('store.')))).toBe(true);
  }, 120_000);

  it('lets no token, e-mail address or notebook content leave in a span or a log record', async () => {
    // Requests that name members by their e-mail address, in the query and in the path.
    const traced = { traceparent: `00-${newTraceId()}-${newSpanId()}-01` };
    expect((await w.api(`/api/v1/users/resolve?email=${encodeURIComponent('editor@sessions.test')}`, 'admin', { headers: traced })).status).toBe(200);
    const member = await w.api(`/api/v1/projects/${w.pid}/members/${encodeURIComponent('viewer@sessions.test')}`, 'admin', {
      method: 'PATCH',
      body: { role: 'viewer' },
      headers: traced,
    });
    expect(member.status, member.text).toBe(200);
    // Wait for the batches in flight to land.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    // The hub's own log does name them (a request's path is logged as it came): what goes out must not.
    expect(JSON.stringify(w.t.logs)).toContain('viewer%40sessions.test');
    const spans = await jaeger.everything(SERVICE_NAME);
    const records = JSON.stringify(await logs.query('*'));
    expect(spans.length).toBeGreaterThan(1000);
    expect(records.length).toBeGreaterThan(1000);
    const secrets = [
      ...Object.values(w.tokens),
      ...oauthSecrets,
      NOTEBOOK_SECRET,
      ALERT_SECRET,
      '@sessions.test',
      '%40sessions.test',
      'Bearer ',
      'svc_pat_',
      'svc_mcp_',
    ];
    for (const secret of secrets) {
      expect(spans.includes(secret), `a span holds ${secret}`).toBe(false);
      expect(records.includes(secret), `a log record holds ${secret}`).toBe(false);
    }
  }, 120_000);
});
