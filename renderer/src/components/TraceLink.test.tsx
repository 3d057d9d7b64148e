import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminConfigQuery } from '../api/admin';
import type { DeploymentConfig, RuntimeSession, SandboxStartupReport } from '../api/admin-types';
import type { JobRun } from '../api/jobs';
import { meQuery } from '../api/queries';
import { traceUrl } from '../api/trace-links';
import { ReportSummary } from '../pages/admin/diagnostic/ReportSummary';
import { SessionsTable } from '../pages/admin/sessions/SessionsTable';
import { RunsTable } from '../pages/notebook/jobs/RunsTable';
import { fakeHub } from '../test/fake-hub';
import { renderUi, testQueryClient } from '../test/render';

const TRACED = '4bf92f3577b34da6a3ce929d0e0e4736';
const TEMPLATE = 'https://jaeger.example.org/trace/{trace_id}';

function configWith(template: string | null): DeploymentConfig {
  return {
    deployment: null,
    policy: { default_role: null, super_admins: [] },
    groups: [
      {
        name: 'telemetry',
        backend: null,
        settings: [{ key: 'SERVICE_TRACE_URL_TEMPLATE', name: 'Trace viewer URL template', value: template, secret: false, set: template !== null }],
      },
    ],
  };
}

/** A query client as the app has it after loading the user (a super admin unless said otherwise) and, for super admins, the configuration. */
function clientWith(template: string | null, { superAdmin = true } = {}) {
  const client = testQueryClient();
  client.setQueryData(meQuery.queryKey, {
    id: 'usr-admin',
    email: 'admin@example.com',
    name: 'Ada',
    picture_url: null,
    logout_url: null,
    is_super_admin: superAdmin,
    can_create_projects: true,
  });
  if (superAdmin) client.setQueryData(adminConfigQuery.queryKey, configWith(template));
  return client;
}

const session = (id: string, trace_id: string | null): RuntimeSession => ({
  id,
  project_id: 'proj-0000000000000001',
  notebook_id: 'nb-0000000000000001',
  mode: 'edit',
  user_id: 'usr-0000000000000001',
  state: 'running',
  stop_reason: null,
  created_at: '2026-03-02T10:00:00.000Z',
  stopped_at: null,
  sandbox_released: false,
  trace_id,
});
const idle = {
  isPending: false,
  isError: false,
  error: null,
  refetch: () => {},
  hasNextPage: false,
  isFetchingNextPage: false,
  fetchNextPage: () => {},
  isFetchNextPageError: false,
};

const run = (id: string, trace_id: string | null): JobRun => ({
  id,
  job_id: 'job-0000000000000001',
  project_id: 'proj-0000000000000001',
  notebook_id: 'nb-0000000000000001',
  state: 'succeeded',
  trigger: 'manual',
  due_at: null,
  triggered_by: 'usr-0000000000000001',
  parameters: [],
  timeout_seconds: 600,
  version_id: null,
  queued_at: '2026-03-02T10:00:00.000Z',
  started_at: '2026-03-02T10:00:01.000Z',
  finished_at: '2026-03-02T10:00:09.000Z',
  duration_ms: 8000,
  exit_code: 0,
  error: null,
  has_output: true,
  output_bytes: 10,
  log_bytes: 10,
  trace_id,
  environment_id: null,
});

const phase = { status: 'ok', duration_ms: 5 } as const;
const command = { ...phase, command: 'echo', stdout: '', stderr: '' };
const report = (trace_id: string | null): SandboxStartupReport => ({
  ok: true,
  sandbox_id: 'sbx-1',
  image: 'local:marimo',
  compute_profile: 'default',
  compute_resources: {},
  started_at: '2026-03-02T10:00:00.000Z',
  finished_at: '2026-03-02T10:00:01.000Z',
  total_ms: 1000,
  handle: phase,
  readiness: command,
  exec: command,
  cleanup: phase,
  startup_timings_ms: {},
  counters: {},
  environment_setup_benchmark: null,
  trace_id,
});

const traceLinks = () => screen.queryAllByRole('link', { name: /^Trace of / });

describe('links to traces', () => {
  it('links each traced session, job run and diagnostic to its trace in a new tab where the deployment names a viewer', () => {
    const client = clientWith(TEMPLATE);
    const sessions = [session('ses-0000000000000001', TRACED), session('ses-0000000000000002', null)];
    const { unmount } = renderUi(<SessionsTable rows={sessions} query={idle} onReclaim={() => {}} />, { client });
    const [link, ...others] = traceLinks();
    expect(others).toEqual([]);
    expect(link!.getAttribute('aria-label')).toBe('Trace of session ses-0000000000000001 (opens in a new tab)');
    expect(link!.getAttribute('href')).toBe(`https://jaeger.example.org/trace/${TRACED}`);
    expect(link!.getAttribute('target')).toBe('_blank');
    expect(link!.getAttribute('rel')).toBe('noopener noreferrer');
    unmount();

    const rendered = renderUi(<RunsTable pid="p" nid="n" jid="j" runs={[run('run-0000000000000001', TRACED), run('run-0000000000000002', null)]} editable />, {
      client,
    });
    expect(traceLinks().map((found) => found.getAttribute('aria-label'))).toEqual(['Trace of run run-0000000000000001 (opens in a new tab)']);
    rendered.unmount();

    renderUi(<ReportSummary report={report(TRACED)} />, { client });
    expect(screen.getByRole('link', { name: 'Trace of this diagnostic run (opens in a new tab)' }).getAttribute('href')).toBe(
      `https://jaeger.example.org/trace/${TRACED}`,
    );
  });

  it('shows none where the deployment names no viewer', () => {
    const client = clientWith(null);
    renderUi(<SessionsTable rows={[session('ses-0000000000000001', TRACED)]} query={idle} onReclaim={() => {}} />, { client });
    renderUi(<RunsTable pid="p" nid="n" jid="j" runs={[run('run-0000000000000001', TRACED)]} editable />, { client });
    renderUi(<ReportSummary report={report(TRACED)} />, { client });
    expect(screen.getAllByText('ses-0000000000000001')).toHaveLength(1);
    expect(traceLinks()).toEqual([]);
  });

  it('shows none to a user who is not a super admin, without asking for the configuration', () => {
    const hub = fakeHub();
    renderUi(<RunsTable pid="p" nid="n" jid="j" runs={[run('run-0000000000000001', TRACED)]} editable={false} />, {
      client: clientWith(TEMPLATE, { superAdmin: false }),
    });
    expect(screen.getByRole('button', { name: 'Log of run run-0000000000000001' })).toBeTruthy();
    expect(traceLinks()).toEqual([]);
    expect(hub.seen).toEqual([]);
  });

  it('fills the trace id in wherever the template puts it, and links only well-formed ids over http(s)', () => {
    expect(traceUrl('http://grafana/explore?q={trace_id}&again={trace_id}', TRACED)).toBe(`http://grafana/explore?q=${TRACED}&again=${TRACED}`);
    expect(traceUrl(TEMPLATE, 'not-an-id')).toBeNull();
    expect(traceUrl(TEMPLATE, null)).toBeNull();
    expect(traceUrl(null, TRACED)).toBeNull();
    expect(traceUrl('javascript:alert(1)//{trace_id}', TRACED)).toBeNull();
  });
});
