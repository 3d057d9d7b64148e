import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, type Chromium } from '../support/browser.js';
import { startFakeSpanSink, type FakeSpanSink } from '../support/fake-span-sink.js';
import { createJob, jobNotebook, jobsPath, runToEnd, saveNotebookCode, tick } from '../support/job-world.js';
import { eventually, sandboxRuntime, startSessionWorld, type SessionWorld } from '../support/session-world.js';
import { startTestHub, type TestHub } from '../support/test-hub.js';
import { expectAccessible, settle, THEMES } from '../support/ui-pages.js';
import { prerequisite } from '../setup/prerequisites.js';

const chromium = prerequisite('chromium');
const UI_DIR = path.resolve(import.meta.dirname, '../../renderer/dist');
/** The trace viewer the run history links to (never opened: the test reads the links). */
const TRACE_VIEWER = 'https://traces.example.org/trace/';
/** The jobs pages are photographed at a common laptop width and at the smallest layout the UI supports. */
const SIZES = [
  { name: '1280', width: 1280, height: 800 },
  { name: '1024', width: 1024, height: 768 },
] as const;

/** Screenshots `test/artifacts/ui-jobs-<name>-<size>-<theme>.png` of the page as it is now. */
async function shoot(browser: Chromium, page: Page, name: string): Promise<void> {
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
  // A pointer left over a chart or a row would draw its tooltip or hover colour.
  await page.mouse.move(0, 0);
  const original = page.viewportSize();
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    for (const theme of THEMES) {
      await page.emulateMedia({ colorScheme: theme });
      await page.evaluate(() => (globalThis as unknown as { scrollTo(x: number, y: number): void }).scrollTo(0, 0));
      await settle(page);
      await browser.screenshot(page, `ui-jobs-${name}-${size.name}-${theme}`);
    }
  }
  await page.emulateMedia({ colorScheme: null });
  if (original) await page.setViewportSize(original);
}

/**
 * The notebook's Jobs tab and a job's run history in the built UI, against a hub that executes jobs
 * on the local driver with real marimo: the signed-in user is an editor; a viewer in a second
 * browser sees no button that changes anything.
 */
describe.skipIf(chromium === null || sandboxRuntime === null)('the jobs pages', () => {
  let w: SessionWorld;
  let browser: Chromium;
  let page: Page;
  let nid: string;
  let base: string;
  let failingVersion: string;
  /** The console lines logged while a run's output was open: the output's own page refusing what its CSP forbids. */
  let outputFrameLines: [number, number] = [0, 0];
  let spanSink: FakeSpanSink;

  const shootChecked = async (target: Page, name: string) => {
    await shoot(browser, target, name);
    await expectAccessible(target, name);
  };
  const jobs = async () => (await w.api(jobsPath(w, nid), 'viewer')).json.data.items as { id: string; name: string }[];

  beforeAll(async () => {
    expect(existsSync(path.join(UI_DIR, 'index.html'))).toBe(true);
    spanSink = await startFakeSpanSink();
    // Traced, with a trace viewer for the history to link runs to.
    w = await startSessionWorld(
      { SERVICE_JOBS: 'on', OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: spanSink.url, SERVICE_TRACE_URL_TEMPLATE: `${TRACE_VIEWER}{trace_id}` },
      { projectName: 'Reporting', hub: () => ({ uiDir: UI_DIR }) },
    );
    browser = await launchChromium(chromium!.executablePath);
    page = await browser.newPage();
    await browser.signIn(page, w.t.url, w.t.hub.localLoginPath!);
    const added = await w.api(`/api/v1/projects/${w.pid}/members`, 'admin', {
      method: 'POST',
      body: { email: w.t.hub.services.settings.auth.localUserEmail, role: 'editor' },
    });
    expect(added.status, added.text).toBeLessThan(300);
    nid = await w.notebook('Daily report');
    // An older version raises, for a job pinned to it; the current one renders its report, taking
    // long enough that the page, which polls every 2 s, sees its run running.
    failingVersion = await saveNotebookCode(w, nid, jobNotebook({ fail: 'the sales database did not answer' }));
    await saveNotebookCode(w, nid, jobNotebook({ sleepSeconds: 5 }));
    base = `${w.t.url}/projects/${w.pid}/notebooks/${nid}`;
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await w?.close();
    await spanSink?.close();
  });

  it('explains jobs when the notebook has none', async () => {
    await page.goto(`${base}/overview`);
    await page.getByRole('tab', { name: 'Jobs' }).click();
    await page.waitForURL(`${base}/jobs`);
    await page.getByRole('heading', { name: 'No jobs yet' }).waitFor();
    await page.getByText('A job runs this notebook without anyone opening it').waitFor();
    await page.getByRole('button', { name: 'New job' }).waitFor();
    expect(await page.getByText('Jobs are not enabled on this hub').count()).toBe(0);
    await shootChecked(page, 'empty');
  }, 60_000);

  it('creates a job in the dialog, with the API’s field errors on their fields', async () => {
    await page.getByRole('button', { name: 'New job' }).click();
    const dialog = page.getByRole('dialog', { name: 'New job' });
    await dialog.getByLabel('Name').fill('Morning sales report');
    await dialog.getByLabel('Run on a schedule').check();
    await dialog.getByLabel('Cron expression').fill('every morning');
    const zone = dialog.getByRole('textbox', { name: 'Time zone' });
    await zone.fill('Europe/Berl');
    await page.getByRole('option', { name: 'Europe/Berlin' }).click();
    await dialog.getByLabel('Parameters').fill('--day monday\n--region "north west"');
    await dialog.getByRole('listitem').filter({ hasText: 'north west' }).waitFor();
    expect(await dialog.getByRole('listitem').allInnerTexts()).toEqual(['--day', 'monday', '--region', 'north west']);
    await dialog.getByRole('button', { name: 'Create' }).click();
    // The cron expression is refused: its message shows under the field, and the dialog stays.
    const cron = dialog.getByLabel('Cron expression');
    await expect.poll(() => cron.getAttribute('aria-invalid')).toBe('true');
    await dialog.getByRole('alert').waitFor();
    await shootChecked(page, 'form-error');

    await cron.fill('0 7 * * *');
    await dialog.getByLabel('Timeout (seconds)').fill('600');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const row = page.getByRole('row', { name: /Morning sales report/ });
    await row.getByText('0 7 * * * · Europe/Berlin').waitFor();
    await row.getByText('Never run').waitFor();
    const [created] = await jobs();
    const job = (await w.api(`${jobsPath(w, nid)}/${created!.id}`, 'viewer')).json.data;
    expect(job).toMatchObject({
      name: 'Morning sales report',
      schedule: { cron: '0 7 * * *', time_zone: 'Europe/Berlin' },
      parameters: ['--day', 'monday', '--region', 'north west'],
      timeout_seconds: 600,
      enabled: true,
      on_demand: true,
    });
    expect(job.next_run_at).not.toBeNull();
  }, 60_000);

  it('runs a job now, shows its progress, then its success', async () => {
    const [job] = await jobs();
    const row = page.getByRole('row', { name: /Morning sales report/ });
    await row.getByRole('button', { name: 'Run now: Morning sales report' }).click();
    await row.getByRole('status').getByText('Queued…').waitFor();
    await tick(w);
    await row.getByRole('status').getByText('Running…').waitFor({ timeout: 30_000 });
    await shootChecked(page, 'running');
    const runId = (await w.api(`${jobsPath(w, nid)}/${job!.id}/runs`, 'viewer')).json.data.items[0].id as string;
    const run = await runToEnd(w, nid, job!.id, runId);
    expect(run.state).toBe('succeeded');
    await row.getByText('Succeeded').first().waitFor({ timeout: 15_000 });
  }, 180_000);

  it('lists a long-named job that failed, with its error in the history', async () => {
    const name = 'Quarterly revenue reconciliation against the warehouse ledger for every region and every product line';
    const jid = await createJob(w, nid, { name, version_id: failingVersion, parameters: ['--day', 'friday'] });
    const queued = await w.api(`${jobsPath(w, nid)}/${jid}/runs`, 'editor', { method: 'POST', body: {} });
    const failed = await runToEnd(w, nid, jid, queued.json.data.id);
    expect(failed.state).toBe('failed');
    // A disabled job with a schedule, to show every kind of row.
    await createJob(w, nid, { name: 'Weekly digest', schedule: { cron: '30 6 * * 1', time_zone: 'UTC' }, enabled: false });
    await page.goto(`${base}/jobs`);
    const row = page.getByRole('row', { name: /Quarterly revenue/ });
    await row.getByText('Failed').waitFor();
    expect(await page.getByRole('switch', { name: 'Weekly digest enabled' }).isChecked()).toBe(false);
    await shootChecked(page, 'list');

    await row.getByRole('link', { name }).click();
    await page.waitForURL(`${base}/jobs/${jid}`);
    await page.getByRole('heading', { name }).waitFor();
    const history = page.getByRole('table', { name: 'Run history' });
    await history.getByText('Failed').waitFor();
    await history.getByText('the sales database did not answer').waitFor();
    await page.getByRole('button', { name: `Log of run ${failed.id}` }).click();
    const log = page.getByRole('dialog', { name: `Log of run ${failed.id}` });
    await log.getByText('the sales database did not answer').first().waitFor();
    await shootChecked(page, 'failed-log');
    await page.keyboard.press('Escape');
    await log.waitFor({ state: 'hidden' });
    await shootChecked(page, 'failed');
  }, 240_000);

  it('shows a job’s history with its chart, a run’s log and its output', async () => {
    const [job] = (await jobs()).filter((candidate) => candidate.name === 'Morning sales report');
    // A second run, so that the chart has more than one bar.
    const queued = await w.api(`${jobsPath(w, nid)}/${job!.id}/runs`, 'editor', { method: 'POST', body: {} });
    const second = await runToEnd(w, nid, job!.id, queued.json.data.id);
    expect(second.state).toBe('succeeded');

    await page.goto(`${base}/jobs`);
    await page.getByRole('link', { name: 'Morning sales report' }).click();
    await page.waitForURL(`${base}/jobs/${job!.id}`);
    const history = page.getByRole('table', { name: 'Run history' });
    await expect.poll(() => history.getByRole('row').count()).toBe(3);
    const chart = page.locator('.recharts-wrapper').first();
    await chart.waitFor();
    expect(await chart.locator('.recharts-bar-rectangle').count()).toBeGreaterThanOrEqual(2);
    await page.getByRole('img', { name: /Run durations, oldest first: Succeeded in/ }).waitFor();
    // The signed-in user is a super admin: each run links to its own trace, in a new tab.
    expect(second.trace_id).toMatch(/^[0-9a-f]{32}$/);
    const trace = history.getByRole('link', { name: `Trace of run ${second.id} (opens in a new tab)` });
    expect(await trace.getAttribute('href')).toBe(`${TRACE_VIEWER}${second.trace_id}`);
    expect(await trace.getAttribute('rel')).toBe('noopener noreferrer');
    await shootChecked(page, 'history');

    await page.getByRole('button', { name: `Log of run ${second.id}` }).click();
    const log = page.getByRole('dialog', { name: `Log of run ${second.id}` });
    await log.getByText("job arguments: {'day': 'monday', 'region': 'north west'}").waitFor();
    await log.getByText('marimo exited with code 0').waitFor();
    await shootChecked(page, 'log');
    await page.keyboard.press('Escape');
    await log.waitFor({ state: 'hidden' });

    const outputOpened = browser.console.length;
    await page.getByRole('button', { name: `Output of run ${second.id}` }).click();
    const output = page.getByRole('dialog', { name: `Output of run ${second.id}` });
    const frame = output.locator(`iframe[title="Output of run ${second.id}"]`);
    expect(await frame.getAttribute('sandbox')).toBe('allow-scripts');
    // marimo's page draws the outputs with scripts it fetches from a CDN, which this offline machine cannot reach: the frame holds the run's HTML.
    const outputUrl = `/api/v1/projects/${w.pid}/notebooks/${nid}/jobs/${job!.id}/runs/${second.id}/output`;
    const loaded = await eventually(
      async () => page.frames().find((candidate) => candidate.url().endsWith(outputUrl)),
      (candidate) => candidate !== undefined,
    );
    await expect.poll(() => loaded!.content(), { timeout: 30_000 }).toContain('Report for monday');
    const href = await output.getByRole('link', { name: 'Open the output in a new tab' }).getAttribute('href');
    expect(href).toBe(outputUrl);
    await shootChecked(page, 'output');
    await page.keyboard.press('Escape');
    await output.waitFor({ state: 'hidden' });
    outputFrameLines = [outputOpened, browser.console.length];
  }, 240_000);

  it('tells in a notification why a run was refused, with the ids to quote', async () => {
    const [job] = (await jobs()).filter((candidate) => candidate.name === 'Morning sales report');
    const jobPath = `${jobsPath(w, nid)}/${job!.id}`;
    await page.goto(`${base}/jobs/${job!.id}`);
    const runNow = page.getByRole('button', { name: 'Run now: Morning sales report' });
    await runNow.waitFor();
    // Disabled meanwhile, elsewhere: the page still offers the run, and the hub refuses it.
    expect((await w.api(jobPath, 'editor', { method: 'PATCH', body: { enabled: false } })).status).toBe(200);
    try {
      await runNow.click();
      const notice = page.getByRole('alert').filter({ hasText: 'Could not run Morning sales report' });
      await notice.getByText('this job is disabled; enable it to run it').waitFor();
      const ids = notice.getByRole('group', { name: 'Ids to quote when reporting this' });
      expect(await ids.textContent()).toMatch(/^Request ID:req_[0-9a-f]+CopyTrace ID:[0-9a-f]{32}Copy$/);
      await page.mouse.move(0, 0);
      await shootChecked(page, 'run-refused');
      await notice.getByRole('button', { name: 'Copy the trace id' }).waitFor();
    } finally {
      expect((await w.api(jobPath, 'editor', { method: 'PATCH', body: { enabled: true } })).status).toBe(200);
    }
  }, 120_000);

  it('edits a job, cancels a queued run, and deletes a job after asking', async () => {
    const [job] = (await jobs()).filter((candidate) => candidate.name === 'Morning sales report');
    await page.goto(`${base}/jobs/${job!.id}`);
    await page.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Morning sales report' });
    expect(await dialog.getByLabel('Cron expression').inputValue()).toBe('0 7 * * *');
    await dialog.getByLabel('Timeout (seconds)').fill('');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText(/^Hub default/).waitFor();

    await page.getByRole('button', { name: 'Run now: Morning sales report' }).click();
    const queued = page.getByRole('button', { name: /^Cancel run run-/ });
    await queued.click();
    await page.getByRole('table', { name: 'Run history' }).getByText('Cancelled', { exact: true }).waitFor();

    const doomed = await createJob(w, nid, { name: 'Throwaway' });
    await page.goto(`${base}/jobs/${doomed}`);
    await page.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Throwaway?' });
    await confirm.getByRole('button', { name: 'Delete job' }).click();
    await page.waitForURL(`${base}/jobs`);
    await eventually(
      () => jobs(),
      (items) => !items.some((item) => item.name === 'Throwaway'),
    );
    await page.getByRole('row', { name: /Morning sales report/ }).waitFor();
  }, 120_000);

  it('shows a viewer the jobs and their history without any button that changes them', async () => {
    const [job] = (await jobs()).filter((candidate) => candidate.name === 'Morning sales report');
    const other = await launchChromium(chromium!.executablePath);
    try {
      const viewerPage = await other.newPage();
      await viewerPage.setExtraHTTPHeaders({ authorization: `Bearer ${w.tokens.viewer}` });
      await viewerPage.goto(`${base}/jobs`);
      await viewerPage.getByRole('row', { name: /Morning sales report/ }).waitFor();
      expect(await viewerPage.getByRole('button', { name: 'New job' }).count()).toBe(0);
      expect(await viewerPage.getByRole('button', { name: /^Run now/ }).count()).toBe(0);
      expect(await viewerPage.getByRole('switch', { name: 'Morning sales report enabled' }).isDisabled()).toBe(true);
      await shoot(other, viewerPage, 'viewer');
      await expectAccessible(viewerPage, 'the page');

      await viewerPage.goto(`${base}/jobs/${job!.id}`);
      await viewerPage.getByRole('table', { name: 'Run history' }).getByText('Succeeded').first().waitFor();
      for (const name of ['Edit', 'Delete', 'Run now: Morning sales report']) expect(await viewerPage.getByRole('button', { name }).count()).toBe(0);
      expect(await viewerPage.getByRole('button', { name: /^Cancel run/ }).count()).toBe(0);
      // Traces are for the deployment's operators: no links for a project's viewer.
      expect(await viewerPage.getByRole('link', { name: /^Trace of run/ }).count()).toBe(0);
      await viewerPage
        .getByRole('button', { name: /^Log of run/ })
        .first()
        .waitFor();
    } finally {
      await other.close();
    }
  }, 120_000);

  it('logged no page error and no CSP violation', () => {
    const [from, to] = outputFrameLines;
    const ours = [...browser.console.slice(0, from), ...browser.console.slice(to)];
    expect(ours.filter((line) => /Content Security Policy|Refused to|pageerror/i.test(line))).toEqual([]);
  });
});

/** A hub that does not execute jobs says so on the tab, instead of letting runs wait unexplained. */
describe.skipIf(chromium === null)('the jobs tab on a hub without jobs', () => {
  let t: TestHub;
  let browser: Chromium;

  beforeAll(async () => {
    t = await startTestHub({ hub: () => ({ uiDir: UI_DIR }) });
    browser = await launchChromium(chromium!.executablePath);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('shows the notice with the setting that turns jobs on', async () => {
    const page = await browser.newPage();
    await browser.signIn(page, t.url, t.hub.localLoginPath!);
    const token = await t.tokenFor('owner@example.com');
    const project = await t.call('/api/v1/projects', { method: 'POST', token, body: { name: 'Offline reports' } });
    await t.call(`/api/v1/projects/${project.json.data.id}/members`, {
      method: 'POST',
      token,
      body: { email: t.hub.services.settings.auth.localUserEmail, role: 'editor' },
    });
    const notebook = await t.call(`/api/v1/projects/${project.json.data.id}/notebooks`, { method: 'POST', token, body: { title: 'Inventory' } });
    await page.goto(`${t.url}/projects/${project.json.data.id}/notebooks/${notebook.json.data.meta.id}/jobs`);
    await page.getByText('Jobs are not enabled on this hub: runs stay queued until an administrator sets SERVICE_JOBS=on.').waitFor();
    await page.getByRole('heading', { name: 'No jobs yet' }).waitFor();
    await shoot(browser, page, 'unavailable');
    await expectAccessible(page, 'the page');
  }, 60_000);
});
