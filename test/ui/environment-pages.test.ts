import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, type Chromium } from '../support/browser.js';
import { saveNotebookCode } from '../support/job-world.js';
import { withDependencies } from '../support/local-wheel.js';
import { writeVersionedWheel } from '../support/package-index.js';
import { makeTempDir } from '../support/temp-dir.js';
import { eventually, sandboxRuntime, startSessionWorld, type SessionWorld } from '../support/session-world.js';
import { expectAccessible, shootAll as shootAllIn } from '../support/ui-pages.js';
import { prerequisite } from '../setup/prerequisites.js';

const chromium = prerequisite('chromium');
const UI_DIR = path.resolve(import.meta.dirname, '../../renderer/dist');
/** Package names of this run's own: uv's cache is shared with other runs. */
const suffix = randomBytes(3).toString('hex');
const pkg = (name: string) => `churn-${name}-${suffix}`;

/**
 * Locked environments in the built UI against a real hub with real uv and a package index on
 * 127.0.0.1: a version's Environment view with "Update dependencies" (its progress, what changed,
 * already up to date, uv's refusal), a version whose dependencies could not be resolved, and the
 * administration's Environments page; signed in as the local administrator.
 */
describe.skipIf(chromium === null || sandboxRuntime === null)('the environment pages', () => {
  let w: SessionWorld;
  let browser: Chromium;
  let page: Page;

  const shootAll = async (name: string) => {
    await shootAllIn(browser, page, name);
    await expectAccessible(page, name);
  };
  const locked = (nid: string, versionId: string) =>
    eventually(
      async () => (await w.api(`/api/v1/projects/${w.pid}/notebooks/${nid}/versions/${versionId}/environment`, 'admin')).json.data,
      (view) => view?.status !== 'pending',
      120_000,
    );
  const notebookWith = async (title: string, dependencies: string[]) => {
    const nid = await w.notebook(title);
    const code = (await w.api(`/api/v1/projects/${w.pid}/notebooks/${nid}/code`, 'admin')).text;
    const versionId = await saveNotebookCode(w, nid, withDependencies(code, dependencies));
    return { nid, versionId, environment: await locked(nid, versionId) };
  };
  const environmentView = (nid: string, versionId: string) => `${w.t.url}/projects/${w.pid}/notebooks/${nid}/versions/${versionId}?view=environment`;

  beforeAll(async () => {
    expect(existsSync(path.join(UI_DIR, 'index.html'))).toBe(true);
    w = await startSessionWorld({}, { projectName: 'Forecasting', hub: () => ({ uiDir: UI_DIR }) });
    const index = w.t.packageIndex!;
    await index.add(pkg('core'), '1.4.0');
    await index.add(pkg('frames'), '2.1.0', { requires: [pkg('core')] });
    await index.add(pkg('plots'), '0.9.2');
    // The local administrator (a super admin, for the administration's page) edits the project's notebooks as a manager.
    const me = (await w.t.call('/api/v1/me', { cookie: await w.t.localLogin() })).json.data;
    const added = await w.api(`/api/v1/projects/${w.pid}/members`, 'admin', { method: 'POST', body: { user_id: me.id, role: 'manager' } });
    expect(added.status, added.text).toBe(201);
    browser = await launchChromium(chromium!.executablePath);
    page = await browser.newPage();
    await browser.signIn(page, w.t.url, w.t.hub.localLoginPath!);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await w?.close();
  });

  it('shows the locked packages of the current version and updates them: the wait, what changed, then nothing more to update', async () => {
    const { nid, versionId, environment } = await notebookWith('Quarterly churn model', [pkg('frames'), pkg('plots')]);
    expect(environment.status).toBe('locked');
    await page.goto(environmentView(nid, versionId));
    const packages = page.getByRole('table', { name: 'Locked packages' });
    await packages.getByRole('cell', { name: pkg('frames') }).waitFor();
    await page.getByText(environment.environment_id).waitFor();
    await page.getByRole('button', { name: 'Update dependencies' }).waitFor();
    await shootAll('version-environment');

    await w.t.packageIndex!.add(pkg('frames'), '2.2.0', { requires: [pkg('core')] });
    await w.t.packageIndex!.add(pkg('core'), '1.5.0');
    // The request is held until the wait has been shot: a resolution on this machine is quick.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/environment/update', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Update dependencies' }).click();
    await page.getByRole('status').filter({ hasText: 'Resolving the dependencies against the package index' }).waitFor();
    await shootAll('version-environment-updating');
    release();
    const done = page.getByRole('status').filter({ hasText: 'Dependencies updated' });
    await done.waitFor({ timeout: 120_000 });
    await page.unroute('**/environment/update');
    const changes = done.getByRole('table', { name: 'Changed packages' });
    expect(await changes.getByRole('row').allTextContents()).toEqual(['PackageWasNow', `${pkg('core')}1.4.01.5.0`, `${pkg('frames')}2.1.02.2.0`]);
    // The version shown is no longer the current one: the result stays, the button goes.
    await expect.poll(() => page.getByRole('button', { name: 'Update dependencies' }).count()).toBe(0);
    await shootAll('version-environment-updated');

    // The new version: its fresh lock, and nothing newer in the index.
    await done.getByRole('link').click();
    await page.waitForURL(/view=environment/);
    await page.getByRole('table', { name: 'Locked packages' }).getByRole('cell', { name: '2.2.0' }).waitFor();
    await page.getByRole('button', { name: 'Update dependencies' }).click();
    await page.getByRole('status').filter({ hasText: 'Already up to date' }).waitFor({ timeout: 120_000 });
    await shootAll('version-environment-up-to-date');
  }, 300_000);

  it("shows uv's reason for a version it could not lock, and when an update cannot resolve either", async () => {
    const { nid, versionId, environment } = await notebookWith('Retention cohorts', [`${pkg('plots')}>=3`]);
    expect(environment.status).toBe('failed');
    await page.goto(environmentView(nid, versionId));
    await page.getByRole('alert').filter({ hasText: 'The dependencies could not be resolved' }).waitFor();
    await shootAll('version-environment-failed');

    await page.getByRole('button', { name: 'Update dependencies' }).click();
    const refused = page.getByRole('alert').filter({ hasText: 'The dependencies could not be updated' });
    await refused.waitFor({ timeout: 120_000 });
    expect(await refused.getByLabel('What uv said').textContent()).toContain(pkg('plots'));
    await shootAll('version-environment-update-failed');
  }, 300_000);

  it('shows the administration the built environments and the notebooks locked to each', async () => {
    const { nid, environment } = await notebookWith('Demand forecast', [pkg('plots')]);
    for (const notebookId of [nid, (await notebookWith('Demand forecast (copy)', [pkg('plots')])).nid]) {
      const started = (await w.start('admin', { notebook_id: notebookId, mode: 'edit' })).json.data;
      expect(started, JSON.stringify(started.failure)).toMatchObject({ state: 'running', environment_id: environment.environment_id });
      await w.api(`/api/v1/projects/${w.pid}/sessions/${started.id}/stop`, 'admin', { method: 'POST', body: { save: false } });
    }
    // A second environment, of other packages.
    const other = await notebookWith('Price elasticity', [pkg('frames')]);
    const started = (await w.start('admin', { notebook_id: other.nid, mode: 'edit' })).json.data;
    expect(started, JSON.stringify(started.failure)).toMatchObject({ state: 'running', environment_id: other.environment.environment_id });
    await w.api(`/api/v1/projects/${w.pid}/sessions/${started.id}/stop`, 'admin', { method: 'POST', body: { save: false } });

    await page.goto(`${w.t.url}/admin/environments`);
    await page.getByRole('row').filter({ hasText: other.environment.environment_id }).getByRole('link', { name: 'Price elasticity' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: environment.environment_id });
    await row.getByRole('link', { name: 'Demand forecast (copy)' }).waitFor();
    await page.getByText('Hit rate').waitFor();
    await shootAll('environments-admin');
  }, 300_000);

  it('logged no page error and no CSP violation', () => {
    expect(browser.console.filter((line) => /Content Security Policy|Refused to|pageerror/i.test(line))).toEqual([]);
  });
});

/** An offline hub (the desktop without a network): the start page of a notebook whose lock needs a wheel the machine lacks. */
describe.skipIf(chromium === null || sandboxRuntime === null)('the start page of an offline hub', () => {
  let w: SessionWorld;
  let wheels: Awaited<ReturnType<typeof makeTempDir>>;
  let browser: Chromium;
  let page: Page;
  beforeAll(async () => {
    wheels = await makeTempDir('offline-wheels');
    await writeVersionedWheel(wheels.dir, pkg('offline'), '3.2.1', []);
    w = await startSessionWorld(
      { SERVICE_PACKAGE_INDEX_OFFLINE: 'true', SERVICE_ENVIRONMENT_WHEELS_DIR: wheels.dir },
      { projectName: 'Field work', hub: () => ({ uiDir: UI_DIR }) },
    );
    const me = (await w.t.call('/api/v1/me', { cookie: await w.t.localLogin() })).json.data;
    await w.api(`/api/v1/projects/${w.pid}/members`, 'admin', { method: 'POST', body: { user_id: me.id, role: 'manager' } });
    browser = await launchChromium(chromium!.executablePath);
    page = await browser.newPage();
    await browser.signIn(page, w.t.url, w.t.hub.localLoginPath!);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await w?.close();
    await wheels?.cleanup();
  });

  it('names the missing wheel with its version before anything starts', async () => {
    const nid = await w.notebook('Site survey');
    const code = (await w.api(`/api/v1/projects/${w.pid}/notebooks/${nid}/code`, 'admin')).text;
    const versionId = await saveNotebookCode(w, nid, withDependencies(code, [pkg('offline')]));
    const environment = await eventually(
      async () => (await w.api(`/api/v1/projects/${w.pid}/notebooks/${nid}/versions/${versionId}/environment`, 'admin')).json.data,
      (view) => view?.status !== 'pending',
      120_000,
    );
    expect(environment.status).toBe('locked');
    // The wheel the lock was made from is gone before the first start.
    for (const file of await readdir(wheels.dir)) await rm(path.join(wheels.dir, file));

    await page.goto(`${w.t.url}/projects/${w.pid}/notebooks/${nid}/edit`);
    await page.getByRole('heading', { name: 'The session could not start' }).waitFor({ timeout: 120_000 });
    await page
      .getByLabel('Missing wheels')
      .getByText(`${pkg('offline')} 3.2.1`, { exact: false })
      .waitFor();
    await shootAllIn(browser, page, 'session-offline-missing-wheels');
    await expectAccessible(page, 'session-offline-missing-wheels');
    expect((await w.api(`/api/v1/projects/${w.pid}/sessions`, 'admin')).json.data.items).toEqual([]);
  }, 180_000);
});
