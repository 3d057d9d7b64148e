import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSandboxDriver } from '../../service/src/compose/adapters.js';
import { launchChromium, signInAs, type Chromium } from '../support/browser.js';
import { FakeFaultyDestroyDriver } from '../support/fake-sandbox-drivers.js';
import { startFakeSpanSink, type FakeSpanSink } from '../support/fake-span-sink.js';
import { saveNotebookCode } from '../support/job-world.js';
import { withDependencies } from '../support/local-wheel.js';
import { eventually, sandboxRuntime, startSessionWorld, type SessionWorld } from '../support/session-world.js';
import { startTestHub, type TestHub } from '../support/test-hub.js';
import { expectAccessible, shootAll as shootAllIn } from '../support/ui-pages.js';
import { prerequisite } from '../setup/prerequisites.js';

const chromium = prerequisite('chromium');
const UI_DIR = path.resolve(import.meta.dirname, '../../renderer/dist');
const HOUR_MS = 3_600_000;
const PAGE_SIZE = 5;
/** The trace viewer the pages link to (never opened: the test reads the links). */
const TRACE_VIEWER = 'https://traces.example.org/trace/';

async function shootAll(browser: Chromium, page: Page, name: string): Promise<void> {
  await shootAllIn(browser, page, name);
  await expectAccessible(page, name);
}

/**
 * The administration pages in a real browser against a real hub (maintenance on): the local login
 * user is a super admin; a second browser is a user who is not.
 */
describe.skipIf(chromium === null)('the admin pages', () => {
  let t: TestHub;
  let browser: Chromium;
  let page: Page;
  let spanSink: FakeSpanSink;
  beforeAll(async () => {
    expect(existsSync(path.join(UI_DIR, 'index.html'))).toBe(true);
    spanSink = await startFakeSpanSink();
    // Small pages, so that paging shows with a handful of users and audit entries; traced, so that
    // a refusal names its trace.
    t = await startTestHub({
      env: { SERVICE_DEFAULT_PAGE_SIZE: String(PAGE_SIZE), OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: spanSink.url },
      hub: () => ({ uiDir: UI_DIR }),
    });
    browser = await launchChromium(chromium!.executablePath);
    page = await browser.newPage();
    await browser.signIn(page, t.url, t.hub.localLoginPath!);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
    await spanSink?.close();
  });

  it('suspends and restores a user, and shows the refusal to suspend yourself', async () => {
    const token = await t.tokenFor('dana.suspendable@example.com');
    expect((await t.call('/api/v1/me', { token })).status).toBe(200);

    await page.goto(`${t.url}/admin`);
    await page.waitForURL(/\/admin\/users$/);
    const row = page.getByRole('row').filter({ hasText: 'dana.suspendable@example.com' });
    await row.waitFor();
    await shootAll(browser, page, 'admin-users');

    await row.getByRole('button', { name: 'Suspend dana.suspendable@example.com' }).click();
    const dialog = page.getByRole('dialog', { name: 'Suspend this user?' });
    await dialog.waitFor();
    await shootAll(browser, page, 'admin-users-suspend');
    await dialog.getByRole('button', { name: 'Suspend', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await row.getByText('suspended', { exact: true }).waitFor();
    expect((await t.call('/api/v1/me', { token })).json.error.code).toBe('USER_SUSPENDED');

    await row.getByRole('button', { name: 'Restore dana.suspendable@example.com' }).click();
    await page.getByRole('dialog', { name: 'Restore this user?' }).getByRole('button', { name: 'Restore', exact: true }).click();
    await row.getByText('active', { exact: true }).waitFor();
    expect((await t.call('/api/v1/me', { token })).status).toBe(200);

    // The search is kept in the URL, and the API's refusal stays in the dialog.
    await page.getByLabel('Search by e-mail or name').fill('local');
    await page.waitForURL(/[?&]q=local/);
    await expect.poll(() => page.getByRole('row').filter({ hasText: 'dana.suspendable@example.com' }).count()).toBe(0);
    const me = page.getByRole('row').filter({ has: page.getByText('you', { exact: true }) });
    await me.getByRole('button', { name: /^Suspend / }).click();
    const own = page.getByRole('dialog', { name: 'Suspend this user?' });
    await own.getByRole('button', { name: 'Suspend', exact: true }).click();
    await own.getByRole('alert').getByText('you cannot suspend yourself').waitFor();
    await shootAll(browser, page, 'admin-users-refused');
    // The dialog is keyboard-usable: Escape closes it.
    await page.keyboard.press('Escape');
    await own.waitFor({ state: 'detached' });
  });

  it('filters the audit log through the URL', async () => {
    await page.goto(`${t.url}/admin/audit`);
    await page.getByRole('cell', { name: 'user.unsuspend' }).first().waitFor();
    await shootAll(browser, page, 'admin-audit');

    await page.getByLabel('Event').fill('user.suspend');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL(/[?&]event=user\.suspend/);
    await expect.poll(() => page.getByRole('cell', { name: 'user.unsuspend' }).count()).toBe(0);
    await page.getByRole('cell', { name: 'user.suspend' }).first().waitFor();

    // A deep link restores the filter; an actor with no entries shows the empty state.
    await page.goto(`${t.url}/admin/audit?actor=usr-nobody0000000000`);
    await expect.poll(() => page.getByLabel('Actor').inputValue()).toBe('usr-nobody0000000000');
    await page.getByRole('heading', { name: 'No matching events' }).waitFor();

    // The API's refusal of a range over 30 days is shown.
    await page.goto(`${t.url}/admin/audit?from=2026-01-01&to=2026-03-01`);
    const refused = page.getByRole('alert').filter({ hasText: 'These filters were refused' });
    await refused.waitFor();
    expect(await refused.textContent()).toMatch(/30/);
    // With the ids to quote: the request's, and its trace's.
    const ids = refused.getByRole('group', { name: 'Ids to quote when reporting this' });
    expect(await ids.textContent()).toMatch(/^Request ID:req_[0-9a-f]+CopyTrace ID:[0-9a-f]{32}Copy$/);
    await shootAll(browser, page, 'admin-audit-refused');
  });

  it('shows the configuration, grouped, with secrets only as set', async () => {
    await page.goto(`${t.url}/admin/config`);
    await page.getByRole('heading', { name: 'Deployment' }).waitFor();
    await page.getByText('SERVICE_RUN_MAINTENANCE').waitFor();
    const config = (await t.call('/api/v1/admin/config', { cookie: await t.localLogin() })).json.data;
    for (const group of config.groups) await page.getByRole('heading', { name: new RegExp(`^${group.name}$`, 'i') }).waitFor();
    // A driver's own settings under a sub-heading of their group, named without the prefix.
    const sandboxes = page.getByRole('region', { name: 'sandboxes' });
    await sandboxes.getByRole('columnheader', { name: 'Kubernetes', exact: true }).waitFor();
    await sandboxes.getByRole('cell', { name: 'Kubeconfig file', exact: true }).waitFor();
    await shootAll(browser, page, 'admin-config');

    // Narrowed to the settings given a value, kept in the URL.
    await page.getByText('Only those set').click();
    await page.waitForURL(/[?&]show=set/);
    await page.getByText('SERVICE_DATA_DIR').waitFor();
    await expect.poll(() => page.getByText('SERVICE_S3_ENDPOINT').count()).toBe(0);
    await shootAll(browser, page, 'admin-config-set');
  });

  it('shows each maintenance loop and the preflight checks', async () => {
    await page.goto(`${t.url}/admin/health`);
    const health = (await t.call('/api/health/maintenance')).json;
    const loops = Object.keys(health.loops);
    expect(loops.length).toBeGreaterThan(0);
    for (const loop of loops) await page.getByRole('cell', { name: loop, exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Dependencies' }).waitFor();
    const deep = (await t.call('/api/health?deep=true', { cookie: await t.localLogin() })).json;
    expect(deep.checks.length).toBeGreaterThan(0);
    for (const check of deep.checks) await page.getByRole('cell', { name: check.name, exact: true }).waitFor();
    await shootAll(browser, page, 'admin-health');
  });

  it('runs a policy suite and shows each case with its trace, and the API validation errors', async () => {
    await page.goto(`${t.url}/admin/policy`);
    await page.getByRole('button', { name: 'Start from an example' }).click();
    await shootAll(browser, page, 'admin-policy');
    await page.getByRole('button', { name: 'Run suite' }).click();
    await page.getByRole('heading', { name: 'Results' }).waitFor();
    await page.getByText('2 passed').waitFor();
    await page.getByRole('button', { name: /An owner can read their project/ }).click();
    const traces = page.getByRole('table', { name: 'Decision trace' });
    await traces.first().waitFor();
    expect(await traces.first().getByRole('row').count()).toBeGreaterThan(1);
    await shootAll(browser, page, 'admin-policy-results');

    // The API's validation errors are listed with the field each one names.
    const suite = JSON.parse(await page.getByLabel('Suite (JSON)').inputValue());
    suite.cases[0].authorization.colour = 'red';
    await page.getByLabel('Suite (JSON)').fill(JSON.stringify(suite, null, 2));
    await page.getByRole('button', { name: 'Run suite' }).click();
    const refused = page.getByRole('alert').filter({ hasText: 'The suite was not run' });
    await refused.getByRole('listitem').filter({ hasText: 'cases.0.authorization.colour' }).waitFor();
    await shootAll(browser, page, 'admin-policy-refused');
    await page.getByLabel('Suite (JSON)').fill('{"schema_version": 1,');
    await page.getByRole('button', { name: 'Run suite' }).click();
    await page.getByText(/The suite is not valid JSON/).waitFor();
  });

  it('pages through users and the audit log', async () => {
    for (let i = 0; i < PAGE_SIZE + 1; i++) await t.hub.services.users.ensureByEmail(`paged-${i}@example.com`, { name: null, superAdmin: false }, 'test');
    for (const tab of ['users', 'audit']) {
      await page.goto(`${t.url}/admin/${tab}`);
      const rows = page.locator('tbody tr');
      await page.getByRole('button', { name: 'Load more' }).waitFor();
      expect(await rows.count()).toBe(PAGE_SIZE);
      await page.getByRole('button', { name: 'Load more' }).click();
      await expect.poll(() => rows.count()).toBeGreaterThan(PAGE_SIZE);
    }
  });

  it('refuses a user who is not a super admin', async () => {
    const other = await launchChromium(chromium!.executablePath);
    try {
      await signInAs(t, other, 'erin.plain@example.com');
      const theirs = await other.newPage();
      await theirs.goto(`${t.url}/admin/users`);
      await theirs.getByRole('heading', { name: 'Only super admins can open the administration pages' }).waitFor();
      expect(await theirs.getByRole('link', { name: 'Admin', exact: true }).count()).toBe(0);
      await shootAll(other, theirs, 'admin-refused');
    } finally {
      await other.close();
    }
  });

  it('logged no page error and no CSP violation', () => {
    expect(browser.console.filter((line) => /Content Security Policy|Refused to|pageerror/i.test(line))).toEqual([]);
  });
});

/** The pages that need a real sandbox: the start-up diagnostic and reclaiming a session left behind. */
describe.skipIf(chromium === null || sandboxRuntime === null)('the admin pages with real sandboxes', () => {
  let w: SessionWorld;
  let driver: FakeFaultyDestroyDriver;
  let browser: Chromium;
  let page: Page;
  let spanSink: FakeSpanSink;
  beforeAll(async () => {
    expect(existsSync(path.join(UI_DIR, 'index.html'))).toBe(true);
    const ownerId = `hub-admin-ui-${randomBytes(4).toString('hex')}`;
    spanSink = await startFakeSpanSink();
    w = await startSessionWorld(
      // Traced, with a trace viewer to link to.
      { OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: spanSink.url, SERVICE_TRACE_URL_TEMPLATE: `${TRACE_VIEWER}{trace_id}` },
      {
        projectName: 'Admin runtime',
        hub: async (settings) => {
          driver = new FakeFaultyDestroyDriver(await openSandboxDriver(settings, ownerId));
          return { uiDir: UI_DIR, sandboxes: driver };
        },
      },
    );
    browser = await launchChromium(chromium!.executablePath);
    page = await browser.newPage();
    await browser.signIn(page, w.t.url, w.t.hub.localLoginPath!);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await w?.close();
    await spanSink?.close();
  });

  it('runs the sandbox start-up diagnostic and charts its phases', async () => {
    await page.goto(`${w.t.url}/admin/diagnostic`);
    await shootAll(browser, page, 'admin-diagnostic');
    await page.getByRole('button', { name: 'Run diagnostic' }).click();
    await page.getByRole('heading', { name: 'Sandbox started and destroyed' }).waitFor({ timeout: 60_000 });
    const chart = page.locator('.recharts-wrapper').first();
    await chart.waitFor();
    expect(await chart.locator('.recharts-bar-rectangle').count()).toBeGreaterThan(0);
    for (const phase of ['Create sandbox', 'Readiness check', 'Exec latency', 'Destroy sandbox'])
      await page.getByRole('cell', { name: phase, exact: true }).first().waitFor();
    await page.getByText('echo notebook-hub-ready').waitFor();
    // The report links to the trace of the request that ran it, in a new tab.
    const trace = page.getByRole('link', { name: 'Trace of this diagnostic run (opens in a new tab)' });
    expect(await trace.getAttribute('href')).toMatch(new RegExp(`^${TRACE_VIEWER}[0-9a-f]{32}$`));
    expect(await trace.getAttribute('target')).toBe('_blank');
    expect(await trace.getAttribute('rel')).toBe('noopener noreferrer');
    await shootAll(browser, page, 'admin-diagnostic-report');
  }, 90_000);

  it('shows the progress of a run, then the phase that failed', async () => {
    // A backend slow to destroy, then refusing to: the run takes a while and its clean-up fails.
    driver.fault = { kind: 'slow', delayMs: 8000 };
    await page.goto(`${w.t.url}/admin/diagnostic`);
    await page.getByRole('button', { name: 'Run diagnostic' }).click();
    await page.getByRole('status').getByText('Starting a sandbox and timing it…').waitFor();
    await shootAll(browser, page, 'admin-diagnostic-running');
    await page.getByRole('heading', { name: 'Sandbox started and destroyed' }).waitFor({ timeout: 60_000 });

    driver.fault = { kind: 'fail' };
    try {
      await page.getByRole('button', { name: 'Run diagnostic' }).click();
      await page.getByRole('heading', { name: 'A phase failed' }).waitFor({ timeout: 60_000 });
    } finally {
      driver.fault = null;
    }
    await page.getByRole('alert').filter({ hasText: 'The sandbox did not start and stop cleanly' }).waitFor();
    const cleanup = page.getByRole('row').filter({ hasText: 'Destroy sandbox' });
    await cleanup.getByText('failed').waitFor();
    await cleanup.getByText(/the backend refused to destroy/).waitFor();
    await shootAll(browser, page, 'admin-diagnostic-failed');
  }, 120_000);

  it('reclaims a session that is over but still holds its sandbox', async () => {
    const started = await w.start('admin', { notebook_id: w.nid, mode: 'edit' });
    expect(started.status, started.text).toBe(201);
    const sid = started.json.data.id as string;
    // As a replica that crashed after marking the session stopped would leave it.
    const past = new Date(Date.now() - HOUR_MS).toISOString();
    await w.t.hub.services.sessionStore.update(w.pid, sid, (current) => ({
      ...current,
      state: 'stopped',
      stop_reason: 'user',
      stopping_since: past,
      stopped_at: past,
      connected_until: null,
    }));

    await page.goto(`${w.t.url}/admin/sessions`);
    const row = page.getByRole('row').filter({ hasText: sid });
    await row.waitFor();
    // The row links to the trace of the session's start: the trace of the request that started it.
    const traceId = started.headers.get('traceresponse')!.slice(3, 35);
    expect(await row.getByRole('link', { name: `Trace of session ${sid} (opens in a new tab)` }).getAttribute('href')).toBe(`${TRACE_VIEWER}${traceId}`);
    await shootAll(browser, page, 'admin-sessions');
    await row.getByRole('button', { name: `Reclaim session ${sid}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Reclaim this session?' });
    await dialog.getByLabel('Save the notebook from the sandbox as a new version first').waitFor();
    await shootAll(browser, page, 'admin-sessions-reclaim');
    await dialog.getByRole('button', { name: 'Reclaim', exact: true }).click();
    await page.getByText(`Session ${sid} reclaimed`).waitFor({ timeout: 60_000 });
    await row.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'No sessions hold a sandbox' }).waitFor();
    await shootAll(browser, page, 'admin-sessions-empty');
    const listed = (await w.t.call('/api/v1/admin/runtime/sessions', { cookie: await w.t.localLogin() })).json.data.items as { id: string }[];
    expect(listed.map((item) => item.id)).not.toContain(sid);

    await page.goto(`${w.t.url}/admin/audit?event=session.reclaim`);
    await page.getByRole('cell', { name: 'session.reclaim' }).first().waitFor();
    await page.getByText(sid).first().waitFor();
  }, 120_000);

  it('shows the cache of built environments, with the notebooks locked to each', async () => {
    const name = `admin-probe-${randomBytes(3).toString('hex')}`;
    await w.t.packageIndex!.add(name, '1.0.0');
    const nid = await w.notebook('Quarterly churn model');
    const code = (await w.api(`/api/v1/projects/${w.pid}/notebooks/${nid}/code`, 'admin')).text;
    const versionId = await saveNotebookCode(w, nid, withDependencies(code, [name]));
    const environment = await eventually(
      async () => (await w.api(`/api/v1/projects/${w.pid}/notebooks/${nid}/versions/${versionId}/environment`, 'admin')).json.data,
      (view) => view?.status !== 'pending',
      120_000,
    );
    expect(environment.status).toBe('locked');
    const started = (await w.start('admin', { notebook_id: nid, mode: 'edit' })).json.data;
    expect(started, JSON.stringify(started.failure)).toMatchObject({ state: 'running', environment_id: environment.environment_id });
    await w.api(`/api/v1/projects/${w.pid}/sessions/${started.id}/stop`, 'admin', { method: 'POST', body: { save: false } });

    await page.goto(`${w.t.url}/admin/environments`);
    const row = page.getByRole('row').filter({ hasText: environment.environment_id });
    await row.getByRole('link', { name: 'Quarterly churn model' }).waitFor();
    await page.getByText('Hit rate').waitFor();
    await shootAll(browser, page, 'admin-environments');
  }, 180_000);

  it('says so when the process that answered runs no maintenance loops', async () => {
    await page.goto(`${w.t.url}/admin/health`);
    await page.getByRole('heading', { name: 'No maintenance loops here' }).waitFor();
    await page.getByRole('heading', { name: 'Dependencies' }).waitFor();
    await shootAll(browser, page, 'admin-health-unavailable');
  });

  it('logged no page error and no CSP violation', () => {
    expect(browser.console.filter((line) => /Content Security Policy|Refused to|pageerror/i.test(line))).toEqual([]);
  });
});
