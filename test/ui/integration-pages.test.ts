import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, signInAs, type Chromium } from '../support/browser.js';
import { closeBrowserSuite, MARIMO_FRAME, marimoIn, moveTmpdirOffTmp, startMarimoUiHub } from '../support/marimo-browser-suite.js';
import type { CallOptions, TestHub } from '../support/test-hub.js';
import { expectAccessible, shootAll as shootAllIn } from '../support/ui-pages.js';
import { unusedPort } from '../support/unused-port.js';
import { prerequisite } from '../setup/prerequisites.js';

const chromium = prerequisite('chromium');
const sandboxRuntime = prerequisite('sandboxRuntime');
const VIEWER = 'vera.viewer@example.com';
// Long names, so the pages show how they wrap.
const PROJECT = 'Customer churn and retention analytics for the northern European subsidiaries';
const INTEGRATION = 'Analytics warehouse (read replica in the Frankfurt data centre, reporting schema only)';
// Values that must never reach a page: the test looks for them in every page it opens.
const PASSWORD = 'pw-Kq7uXv2Lm9sT4wZ1';
const SECRET_VALUE = 'sv-Jd8rNf3Hc6bYp0Qe';
const ORG_TOKEN = 'tok-Wm5gVz8Rk2Lx7Fs4';

if (chromium === null || sandboxRuntime === null)
  console.warn(`SKIPPED the integration pages: ${chromium === null ? 'no Chromium' : 'no sandbox runtime (marimo venv)'} on this machine`);

/**
 * The integrations, secrets and workload identity pages in the built UI against a real hub: a
 * manager connects a Postgres database (stored password), tests it (the failure says what failed,
 * never the password), changes it, meets a conflicting change, reads its versions; adds project
 * secrets; sets the project's workload identity; chooses what a notebook's apps receive; sees what
 * a real marimo session received; a super admin adds an organization integration that the project
 * copies; a viewer sees everything read-only. Every page is photographed and checked with axe.
 */
describe.skipIf(chromium === null || sandboxRuntime === null)('the integration pages', () => {
  let t: TestHub;
  let browser: Chromium;
  let viewerBrowser: Chromium | undefined;
  let page: Page;
  let cookie: string;
  let pid: string;
  let nid: string;
  let iid: string;
  let restoreTmpdir: (() => Promise<void>) | undefined;

  /** The signed-in admin's own session, for set-up and checks (changes must name the hub's origin). */
  const asAdmin = (route: string, options: CallOptions = {}) => t.call(route, { ...options, cookie, headers: { origin: t.url, ...options.headers } });
  /** Photographs and checks a page; one the hub drew holds none of the secrets (a form holds what the user is typing). */
  const check = async (target: Page, name: string, { from = browser, typing = false }: { from?: Chromium; typing?: boolean } = {}) => {
    // Toasts of earlier steps would cover the rows a screenshot is of: a person has read them by then.
    const toasts = await target.addStyleTag({ content: '.mantine-Notifications-root { visibility: hidden; }' });
    await shootAllIn(from, target, name);
    await toasts.evaluate((style) => style.remove());
    await expectAccessible(target, name);
    if (typing) return;
    const html = await target.content();
    for (const secret of [PASSWORD, SECRET_VALUE, ORG_TOKEN]) expect(html, `${name} shows a secret`).not.toContain(secret);
  };

  beforeAll(async () => {
    restoreTmpdir = await moveTmpdirOffTmp('integration-pages');
    // Loopback is opened for "test connection" only by the documented setting; environment references to UI_TEST_* variables.
    t = await startMarimoUiHub(sandboxRuntime!.runtimeDir, { SERVICE_OUTBOUND_ALLOWED_NETWORKS: '127.0.0.1', SERVICE_SECRET_SOURCE_VARIABLES: 'UI_TEST_*' });
    browser = await launchChromium(chromium!.executablePath);
    cookie = await t.localLogin();
    const created = await asAdmin('/api/v1/projects', { method: 'POST', body: { name: PROJECT, description: 'Why customers leave' } });
    expect(created.status).toBe(201);
    pid = created.json.data.id;
    const notebook = await asAdmin(`/api/v1/projects/${pid}/notebooks`, { method: 'POST', body: { title: 'Churn model' } });
    expect(notebook.status).toBe(201);
    nid = notebook.json.data.meta?.id ?? notebook.json.data.id;
    page = await browser.newPage();
    page.setDefaultTimeout(15_000);
    await browser.signIn(page, t.url, t.hub.localLoginPath!);
  }, 120_000);
  afterAll(() => closeBrowserSuite({ browsers: [browser, viewerBrowser], hub: t, restoreTmpdir }));

  it('adds a Postgres integration from the kind picker, with a stored password', async () => {
    await page.goto(`${t.url}/projects/${pid}/integrations`);
    await page.getByRole('heading', { name: 'No integrations yet' }).waitFor();
    await check(page, 'integrations-empty');

    await page.getByRole('button', { name: 'Add integration' }).click();
    const picker = page.getByRole('dialog', { name: 'Add an integration' });
    await picker.getByRole('button', { name: /PostgreSQL/ }).waitFor();
    await check(page, 'integrations-kinds');
    await picker.getByRole('button', { name: /PostgreSQL/ }).click();

    const form = page.getByRole('dialog', { name: 'Add PostgreSQL integration' });
    await form.getByRole('textbox', { name: 'Name' }).fill(INTEGRATION);
    await form.getByRole('textbox', { name: 'Variable prefix' }).fill('WAREHOUSE');
    await form.getByRole('textbox', { name: 'Host' }).fill('127.0.0.1');
    await form.getByRole('textbox', { name: 'Port' }).fill(String(await unusedPort()));
    await form.getByRole('textbox', { name: 'Database' }).fill('analytics');
    await form.getByRole('textbox', { name: 'User' }).fill('reader');
    // The hub offers environment references here (SERVICE_SECRET_SOURCE_VARIABLES): the choice shows; a stored value is the first.
    await form.getByRole('radio', { name: 'Environment variable' }).waitFor({ state: 'attached' });
    await form.getByLabel('Password: value to store').fill(PASSWORD);
    await check(page, 'integrations-form', { typing: true });

    // A host the hub refuses: its message at the field, and nothing saved.
    await form.getByRole('textbox', { name: 'Host' }).fill('https://db.internal/analytics');
    await form.getByRole('button', { name: 'Add integration' }).click();
    await expect.poll(() => form.getByRole('textbox', { name: 'Host' }).getAttribute('aria-invalid')).toBe('true');
    await form.getByText('must be a host name or an IP address', { exact: false }).waitFor();
    await form.getByRole('textbox', { name: 'Host' }).scrollIntoViewIfNeeded();
    await check(page, 'integrations-form-error', { typing: true });
    expect((await asAdmin(`/api/v1/projects/${pid}/integrations`)).json.data.items).toEqual([]);

    await form.getByRole('textbox', { name: 'Host' }).fill('127.0.0.1');
    await form.getByRole('button', { name: 'Add integration' }).click();
    await form.waitFor({ state: 'detached' });

    await page.getByRole('link', { name: INTEGRATION }).waitFor();
    const list = (await asAdmin(`/api/v1/projects/${pid}/integrations`)).json.data.items;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ kind: 'postgres', name: INTEGRATION, env_prefix: 'WAREHOUSE', config: { host: '127.0.0.1', password_set: true } });
    expect(list[0].secrets).toEqual({ password: { source: 'stored' } });
    iid = list[0].id;
  });

  it('tests the connection: the failure says what failed, without the password', async () => {
    await page.getByRole('button', { name: `Test connection of ${INTEGRATION}` }).click();
    const result = page.getByRole('alert').filter({ hasText: 'failed' });
    await result.waitFor({ timeout: 30_000 });
    const text = (await result.textContent()) ?? '';
    expect(text).toContain(`Connection to “${INTEGRATION}”: failed`);
    expect(text).not.toContain(PASSWORD);
    expect(text.length).toBeGreaterThan(60);
    await check(page, 'integrations-list');
  });

  it('changes the integration on its page, and shows the change in its versions', async () => {
    await page.getByRole('link', { name: INTEGRATION }).click();
    await page.waitForURL(new RegExp(`/projects/${pid}/integrations/${iid}$`));
    await page.getByRole('heading', { name: 'Configuration' }).waitFor();
    // The password reads as set, with its source; never a value.
    await page
      .getByRole('row', { name: /Password/ })
      .getByText('Stored value')
      .waitFor();

    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const form = page.getByRole('dialog', { name: `Edit ${INTEGRATION}` });
    await form.getByRole('textbox', { name: 'Database' }).fill('warehouse');
    await form.getByRole('button', { name: 'Replace Password' }).click();
    expect(await form.getByLabel('Password: value to store').inputValue()).toBe('');
    await form.getByRole('button', { name: 'Keep the saved Password' }).click();
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'detached' });

    const versions = page.getByRole('table', { name: 'Versions' });
    await versions.getByText('v2', { exact: true }).waitFor();
    await versions.getByText('analytics', { exact: true }).waitFor();
    await versions.getByText('warehouse', { exact: true }).waitFor();
    const saved = (await asAdmin(`/api/v1/projects/${pid}/integrations/${iid}`)).json.data;
    expect(saved).toMatchObject({ version_number: 2, config: { database: 'warehouse', password_set: true } });
    await check(page, 'integration-detail');
  });

  it('refuses a change someone else saved first, and reloads their version', async () => {
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const form = page.getByRole('dialog', { name: `Edit ${INTEGRATION}` });
    await form.getByRole('textbox', { name: 'User' }).fill('mine');

    // Meanwhile someone else saves, with the ETag they read.
    const read = await asAdmin(`/api/v1/projects/${pid}/integrations/${iid}`);
    const theirs = await asAdmin(`/api/v1/projects/${pid}/integrations/${iid}`, {
      method: 'PUT',
      headers: { 'if-match': read.headers.get('etag')! },
      body: { name: INTEGRATION, config: { ...configOf(read.json.data), user: 'theirs' } },
    });
    expect(theirs.status).toBe(200);

    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Someone else saved this integration; reload to see their changes.').waitFor();
    await check(page, 'integration-conflict');
    expect((await asAdmin(`/api/v1/projects/${pid}/integrations/${iid}`)).json.data.config.user).toBe('theirs');

    await form.getByRole('button', { name: 'Reload' }).click();
    await expect.poll(() => form.getByRole('textbox', { name: 'User' }).inputValue()).toBe('theirs');
    await form.getByRole('textbox', { name: 'User' }).fill('ours-after-reload');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'detached' });
    expect((await asAdmin(`/api/v1/projects/${pid}/integrations/${iid}`)).json.data).toMatchObject({
      version_number: 4,
      config: { user: 'ours-after-reload' },
    });
  });

  it('adds, tests, replaces and deletes project secrets', async () => {
    await page.goto(`${t.url}/projects/${pid}/secrets`);
    await page.getByRole('heading', { name: 'No secrets yet' }).waitFor();
    await check(page, 'secrets-empty');

    for (const name of ['WAREHOUSE_TOKEN', 'SCRATCH_KEY']) {
      await page.getByRole('button', { name: 'Add secret' }).first().click();
      const form = page.getByRole('dialog', { name: 'Add secret' });
      await form.getByRole('textbox', { name: 'Name' }).fill(name);
      await form
        .getByRole('textbox', { name: 'Description' })
        .fill(name === 'SCRATCH_KEY' ? 'Removed again below' : 'The token of the warehouse’s HTTP gateway');
      await form.getByLabel('Value: value to store').fill(SECRET_VALUE);
      if (name === 'WAREHOUSE_TOKEN') await check(page, 'secrets-form', { typing: true });
      await form.getByRole('button', { name: 'Add secret' }).click();
      await form.waitFor({ state: 'detached' });
      await page.getByRole('cell', { name: new RegExp(`^${name}`) }).waitFor();
    }

    await page.getByRole('button', { name: 'Test WAREHOUSE_TOKEN' }).click();
    await page.getByRole('status').filter({ hasText: 'Secret WAREHOUSE_TOKEN: works' }).waitFor();
    await check(page, 'secrets-list');

    // Replacing without a new value keeps the stored one; only the description changes.
    await page.getByRole('button', { name: 'Replace WAREHOUSE_TOKEN' }).click();
    const replace = page.getByRole('dialog', { name: 'Replace WAREHOUSE_TOKEN' });
    await replace.getByRole('textbox', { name: 'Description' }).fill('The gateway token, rotated monthly');
    await replace.getByRole('button', { name: 'Save' }).click();
    await replace.waitFor({ state: 'detached' });
    await page.getByText('The gateway token, rotated monthly').waitFor();

    await page.getByRole('button', { name: 'Delete SCRATCH_KEY' }).click();
    await page.getByRole('dialog', { name: 'Delete secret' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('cell', { name: /^SCRATCH_KEY/ }).waitFor({ state: 'detached' });
    const secrets = (await asAdmin(`/api/v1/projects/${pid}/secrets`)).json.data;
    expect(secrets.map((secret: { name: string }) => secret.name)).toEqual(['WAREHOUSE_TOKEN']);
    expect(secrets[0]).toMatchObject({ source: 'stored', value_set: true, description: 'The gateway token, rotated monthly' });
  });

  it('sets the project’s workload identity, with the issuer URL and example trust policies', async () => {
    await page.goto(`${t.url}/projects/${pid}/settings`);
    const section = page.getByRole('region', { name: 'Workload identity' });
    await section.getByText(`${t.url}/federation`, { exact: true }).waitFor();
    // The examples are the hub's, for a saved target: none yet.
    await section.getByText('Save a target to see the trust policies for it', { exact: false }).waitFor();
    await section.getByLabel('Give sessions and job runs a workload identity token').check();
    await section.getByRole('textbox', { name: 'Target' }).fill(`notebook-hub:${pid}`);
    await section.getByRole('button', { name: 'Save workload identity' }).click();
    await page.getByText('Workload identity saved.').waitFor();
    expect((await asAdmin(`/api/v1/projects/${pid}`)).json.data.federation).toEqual({ enabled: true, target: `notebook-hub:${pid}` });

    const aws = section.getByRole('region', { name: 'AWS IAM trust policy' });
    await aws.getByText(`"127.0.0.1:${new URL(t.url).port}/federation:aud": "notebook-hub:${pid}"`).waitFor();
    await section.getByRole('tab', { name: 'SeaweedFS' }).click();
    await section.getByRole('region', { name: 'SeaweedFS IAM configuration' }).getByText(`"oidc:sub": "project:${pid}:*"`).waitFor();
    await section.scrollIntoViewIfNeeded();
    await check(page, 'project-settings-federation');
  });

  it('chooses what the notebook’s sandboxes receive, and says what an app receives', async () => {
    await page.goto(`${t.url}/projects/${pid}/notebooks/${nid}/overview`);
    const card = page.getByRole('region', { name: 'Integrations and secrets' });
    await card.getByText('Apps receive no secrets and no integrations.', { exact: false }).waitFor();
    await card.getByLabel('Only these').check();
    await card.getByRole('textbox', { name: 'The integrations it receives' }).click();
    await page.getByRole('option', { name: new RegExp('Analytics warehouse') }).click();
    await page.keyboard.press('Escape');
    await card.getByLabel('Apps receive them too').check();
    await card.getByText('viewers included, runs it with the secret WAREHOUSE_TOKEN and the integration', { exact: false }).waitFor();
    await card.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved what the notebook receives.').waitFor();
    const meta = (await asAdmin(`/api/v1/projects/${pid}/notebooks/${nid}`)).json.data.meta;
    expect(meta.integrations).toEqual({ use: [iid], in_apps: true });
    await check(page, 'notebook-integrations');
  });

  it('lists what a running session received, by name', async () => {
    await page.goto(`${t.url}/projects/${pid}/notebooks/${nid}/edit`);
    await page.locator(MARIMO_FRAME).waitFor({ timeout: 120_000 });
    await marimoIn(page).locator('.cm-content').first().waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: /^Received/ }).click();
    const popover = page.getByRole('dialog').filter({ hasText: 'What this session received' });
    await popover.getByText('WAREHOUSE_TOKEN', { exact: true }).waitFor();
    const [entry] = (await asAdmin(`/api/v1/projects/${pid}/sessions`)).json.data.items;
    const received = (await asAdmin(`/api/v1/projects/${pid}/sessions/${entry.id}`)).json.data.received;
    expect(received.secrets).toContain('WAREHOUSE_TOKEN');
    await check(page, 'session-received');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Stop' }).click();
    await page.waitForURL(new RegExp(`/notebooks/${nid}`));
  }, 180_000);

  it('adds an organization integration in the admin area, and copies it into the project', async () => {
    await page.goto(`${t.url}/admin/integrations`);
    await page.getByRole('heading', { name: 'No integrations yet' }).waitFor();
    await check(page, 'admin-integrations-empty');
    await page.getByRole('button', { name: 'Add integration' }).click();
    await page
      .getByRole('dialog', { name: 'Add an integration' })
      .getByRole('button', { name: /HTTP API/ })
      .click();
    const form = page.getByRole('dialog', { name: /Add HTTP API/ });
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Company status API');
    await form.getByRole('textbox', { name: /Base URL/ }).fill('https://status.example.com/api');
    await form.getByLabel('Token: value to store').fill(ORG_TOKEN);
    await form.getByRole('button', { name: 'Add integration' }).click();
    await form.waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'Company status API' }).waitFor();
    await check(page, 'admin-integrations');

    await page.goto(`${t.url}/projects/${pid}/integrations`);
    await page.getByRole('button', { name: 'Copy from organization' }).click();
    const copy = page.getByRole('dialog', { name: 'Copy an organization integration' });
    await copy.getByRole('textbox', { name: 'Organization integration' }).click();
    await page.getByRole('option', { name: /Company status API/ }).click();
    await copy.getByRole('button', { name: 'Copy into project' }).click();
    await copy.waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'Company status API' }).waitFor();
    const copied = (await asAdmin(`/api/v1/projects/${pid}/integrations`)).json.data.items.find((item: { name: string }) => item.name === 'Company status API');
    expect(copied).toMatchObject({ kind: 'http_api', copied_from: { integration_id: expect.stringMatching(/^intg-/) } });
  });

  it('shows a viewer the integrations and secrets without any action', async () => {
    await t.hub.services.users.ensureByEmail(VIEWER, { name: null, superAdmin: false }, 'test');
    expect((await asAdmin(`/api/v1/projects/${pid}/members`, { method: 'POST', body: { email: VIEWER, role: 'viewer' } })).status).toBeLessThan(300);
    viewerBrowser = await launchChromium(chromium!.executablePath);
    await signInAs(t, viewerBrowser, VIEWER);
    const viewer = await viewerBrowser.newPage();
    viewer.setDefaultTimeout(15_000);

    await viewer.goto(`${t.url}/projects/${pid}/integrations`);
    await viewer.getByRole('link', { name: INTEGRATION }).waitFor();
    for (const name of ['Add integration', 'Copy from organization', `Edit ${INTEGRATION}`, `Delete ${INTEGRATION}`, `Test connection of ${INTEGRATION}`])
      expect(await viewer.getByRole('button', { name }).count(), name).toBe(0);
    await check(viewer, 'integrations-viewer', { from: viewerBrowser });

    await viewer.getByRole('link', { name: INTEGRATION }).click();
    await viewer.getByRole('heading', { name: 'Versions' }).waitFor();
    expect(await viewer.getByRole('button', { name: 'Edit', exact: true }).count()).toBe(0);

    await viewer.goto(`${t.url}/projects/${pid}/secrets`);
    await viewer.getByRole('cell', { name: /^WAREHOUSE_TOKEN/ }).waitFor();
    expect(await viewer.getByRole('button', { name: /WAREHOUSE_TOKEN/ }).count()).toBe(0);
    await check(viewer, 'secrets-viewer', { from: viewerBrowser });
  });
});

/** An integration's non-secret configuration as a PUT takes it (its `<key>_set` flags left out). */
function configOf(integration: { config: Record<string, unknown> }): Record<string, unknown> {
  return Object.fromEntries(Object.entries(integration.config).filter(([key]) => !key.endsWith('_set')));
}
