import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAlertReceiver, type AlertReceiver } from '../support/alert-receiver.js';
import { launchChromium, type Chromium } from '../support/browser.js';
import { startTestHub, type CallOptions, type TestHub } from '../support/test-hub.js';
import { expectAccessible, shootAll as shootAllIn } from '../support/ui-pages.js';
import { prerequisite } from '../setup/prerequisites.js';

const chromium = prerequisite('chromium');
const UI_DIR = path.resolve(import.meta.dirname, '../../renderer/dist');
const BOB = 'bob.reviewer@example.com';

/**
 * A project's settings, members, audit and alerts tabs in the built UI against a real hub: the
 * admin edits the project, manages a member, reads those changes in the audit log and sends a test
 * alert to a real receiver; a viewer in another browser sees the read-only pages.
 */
describe.skipIf(chromium === null)('the project pages', () => {
  let t: TestHub;
  let browser: Chromium;
  let receiver: AlertReceiver;
  let page: Page;
  let cookie: string;
  let pid: string;
  let bobToken: string;
  let bobId: string;

  /** The signed-in admin's own session, for set-up and checks (changes must name the hub's origin). */
  const asAdmin = (route: string, options: CallOptions = {}) => t.call(route, { ...options, cookie, headers: { origin: t.url } });

  beforeAll(async () => {
    expect(existsSync(path.join(UI_DIR, 'index.html'))).toBe(true);
    // Loopback receivers over plain http are allowed only with this switch (docs/alerts.md).
    t = await startTestHub({
      env: { SERVICE_ALERT_ALLOW_HTTP: 'true', SERVICE_CLASSIFICATION_ORDER: 'public,internal,confidential' },
      hub: () => ({ uiDir: UI_DIR }),
    });
    receiver = await startAlertReceiver();
    browser = await launchChromium(chromium!.executablePath);
    cookie = await t.localLogin();
    const created = await asAdmin('/api/v1/projects', { method: 'POST', body: { name: 'Churn analysis', description: 'Why customers leave' } });
    expect(created.status).toBe(201);
    pid = created.json.data.id;
    bobToken = await t.tokenFor(BOB);
    bobId = (await t.call('/api/v1/me', { token: bobToken })).json.data.id;
    page = await browser.newPage();
    page.setDefaultTimeout(10_000);
    await browser.signIn(page, t.url, t.hub.localLoginPath!);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await receiver?.close();
    await t?.close();
  });

  const shootAll = async (target: Page, name: string, from: Chromium = browser) => {
    await shootAllIn(from, target, name);
    await expectAccessible(target, name);
  };
  const project = async () => (await asAdmin(`/api/v1/projects/${pid}`)).json.data;

  it('offers importing notebooks next to creating one', async () => {
    await page.goto(`${t.url}/projects/${pid}/notebooks`);
    const importLink = page.getByRole('link', { name: 'Import' });
    await importLink.waitFor();
    expect(await importLink.getAttribute('href')).toBe(`/projects/${pid}/import`);
  });

  it('edits the settings and shows the API’s field errors inline', async () => {
    await page.goto(`${t.url}/projects/${pid}/settings`);
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    await shootAll(page, 'project-settings-edit');

    await page.getByLabel('Name').fill('Churn analysis 2026');
    await page.getByLabel('Description').fill('Why customers leave, and what keeps them');
    const tags = page.getByRole('textbox', { name: 'Tags' });
    await tags.fill('team:growth');
    await tags.press('Enter');
    await page.getByRole('textbox', { name: 'Default role' }).click();
    await page.getByRole('option', { name: 'Viewer' }).click();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Settings saved.').waitFor();
    const saved = await project();
    expect(saved).toMatchObject({
      name: 'Churn analysis 2026',
      description: 'Why customers leave, and what keeps them',
      tags: ['team:growth'],
      default_role: 'viewer',
    });
    await page.getByRole('heading', { name: 'Churn analysis 2026' }).waitFor();

    // A classification the API refuses: its message appears at the field and nothing is saved.
    await page.getByLabel('This project is labelled').check();
    await page.getByLabel('Classification').fill('not a label!');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => page.getByLabel('Classification').getAttribute('aria-invalid')).toBe('true');
    await page.getByRole('alert').first().waitFor();
    await shootAll(page, 'project-settings-error');
    expect((await project()).security_labels).toBeUndefined();

    await page.getByLabel('Classification').fill('internal');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(async () => (await project()).security_labels).toEqual({ classification: 'internal', compartments: [] });

    // The admin may lower them again (a labelled project is hidden from the viewer's token later on).
    await page.getByLabel('This project is labelled').uncheck();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(async () => (await project()).security_labels).toBeUndefined();
  });

  it('adds a member found by e-mail, changes their role and removes them', async () => {
    await page.goto(`${t.url}/projects/${pid}/members`);
    await page.getByRole('button', { name: 'Add member' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('E-mail').fill('bob.rev');
    await page.getByRole('option', { name: BOB }).click();
    await dialog.getByText('has an account and is added now').waitFor();
    await dialog.getByRole('textbox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Editor' }).click();
    await dialog.getByRole('button', { name: 'Add member' }).click();
    await page.getByRole('cell', { name: BOB, exact: true }).waitFor();
    expect((await project()).members).toContainEqual(expect.objectContaining({ user_id: bobId, role: 'editor' }));

    await page.getByRole('button', { name: 'Add group' }).click();
    await page.getByRole('dialog').getByLabel('Group').fill('data-science');
    await page.getByRole('dialog').getByRole('button', { name: 'Add group' }).click();
    await page.getByRole('cell', { name: 'data-science', exact: true }).waitFor();
    await shootAll(page, 'project-members-manage');

    await page.getByRole('textbox', { name: 'Role of data-science' }).click();
    await page.getByRole('option', { name: 'Editor' }).click();
    await expect.poll(async () => (await project()).group_members).toEqual([{ group: 'data-science', role: 'editor' }]);
    await page.getByRole('button', { name: 'Remove data-science' }).click();
    // The dialog is keyboard-operable: Escape cancels without removing.
    await page.getByRole('dialog', { name: 'Remove group' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect((await project()).group_members).toHaveLength(1);
    await page.getByRole('button', { name: 'Remove data-science' }).click();
    await page.getByRole('dialog', { name: 'Remove group' }).getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('cell', { name: 'data-science', exact: true }).waitFor({ state: 'detached' });
    expect((await project()).group_members).toEqual([]);
    await page.getByRole('heading', { name: 'No groups' }).waitFor();

    await page.getByRole('textbox', { name: `Role of ${BOB}` }).click();
    await page.getByRole('option', { name: 'Manager' }).click();
    await expect.poll(async () => (await project()).members.find((member: { user_id?: string }) => member.user_id === bobId)?.role).toBe('manager');

    // The API's refusal of an address that is not one stays in the dialog.
    await page.getByRole('button', { name: 'Add member' }).click();
    await page.getByRole('dialog').getByLabel('E-mail').fill('not-an-address');
    await page.getByRole('dialog').getByRole('button', { name: 'Add member' }).click();
    await page.getByRole('dialog').getByRole('alert').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: `Remove ${BOB}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('cell', { name: BOB, exact: true }).waitFor({ state: 'detached' });
    expect((await project()).members.some((member: { user_id?: string }) => member.user_id === bobId)).toBe(false);
  });

  it('shows those changes in the audit log, grouped by day', async () => {
    await page.goto(`${t.url}/projects/${pid}/audit`);
    const today = new Date().toISOString().slice(0, 10);
    const day = page.locator(`section[aria-labelledby="audit-day-${today}"]`);
    await day.waitFor();
    for (const action of ['Created the project', 'Changed settings', 'Added a member', "Changed a member's role", 'Removed a member', 'Added a group'])
      await day.getByText(action, { exact: true }).first().waitFor();
    await day.getByRole('cell', { name: BOB, exact: true }).first().waitFor();
    await shootAll(page, 'project-audit');

    // The event filter is kept in the URL.
    await page.getByRole('textbox', { name: 'Event' }).click();
    await page.getByRole('option', { name: 'Removed a member' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('event')).toBe('project.member.remove');
    await expect.poll(() => day.getByRole('row').count()).toBe(2);

    await page.getByRole('button', { name: 'Load the day before' }).click();
    await page.getByText('2 days loaded').waitFor();
  });

  it('adds an alert destination, verifies it with a real delivery, edits and deletes it', async () => {
    await page.goto(`${t.url}/projects/${pid}/alerts`);
    await page.getByRole('heading', { name: 'No alert destinations' }).waitFor();
    await shootAll(page, 'project-alerts-empty');

    await page.getByRole('button', { name: 'Add destination' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('Ops bridge');
    await dialog.getByLabel('Receiver URL').fill(receiver.url('/hook'));
    await dialog.getByRole('button', { name: 'Generate' }).click();
    const secret = await dialog.getByLabel('Signing secret').inputValue();
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    receiver.expectSecret('/hook', secret);
    await dialog.getByLabel('A member is added').check();
    await dialog.getByLabel('A member is removed').check();
    await shootAll(page, 'project-alerts-form');
    await dialog.getByRole('button', { name: 'Add destination' }).click();
    await page.getByText('Ops bridge', { exact: true }).waitFor();
    await page.getByText('Not verified').waitFor();

    await page.getByRole('button', { name: 'Send test to Ops bridge' }).click();
    await page.getByText('Test delivered to “Ops bridge”').waitFor();
    const [delivery] = await receiver.waitFor('/hook', 1);
    expect(delivery!.json.kind).toBe('alert.test');
    expect(delivery!.signatureValid).toBe(true);
    await page.getByText(/^Verified /).waitFor();
    await shootAll(page, 'project-alerts');

    // A real event reaches it too.
    expect((await asAdmin(`/api/v1/projects/${pid}/members`, { method: 'POST', body: { user_id: bobId, role: 'viewer' } })).status).toBe(201);
    const deliveries = await receiver.waitFor('/hook', 2);
    expect(deliveries[1]!.json).toMatchObject({ kind: 'member.added', data: { user_id: bobId, role: 'viewer' } });

    // A receiver that refuses the test: the API's message is shown.
    receiver.script('/hook', 404);
    await page.getByRole('button', { name: 'Send test to Ops bridge' }).click();
    await page.getByRole('alert').filter({ hasText: 'The test delivery failed' }).waitFor();

    await page.getByRole('button', { name: 'Edit Ops bridge' }).click();
    await page.getByRole('dialog').getByLabel('Name').fill('Ops bridge (paging)');
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await page.getByText('Ops bridge (paging)', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Delete Ops bridge (paging)' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('heading', { name: 'No alert destinations' }).waitFor();
    expect((await asAdmin(`/api/v1/projects/${pid}/alerts`)).json.data.items).toEqual([]);
  });

  it('shows a viewer read-only settings and members, without the managers’ tabs', async () => {
    // Bob is a viewer now; his browser sends his token instead of a session cookie.
    const bobBrowser = await launchChromium(chromium!.executablePath);
    try {
      await bobBrowser.context.setExtraHTTPHeaders({ authorization: `Bearer ${bobToken}` });
      const bobPage = await bobBrowser.newPage();
      await bobPage.goto(`${t.url}/projects/${pid}/settings`);
      await bobPage.getByText(/Only the project's managers and its admin can change these settings/).waitFor();
      expect(await bobPage.getByRole('button', { name: 'Save changes' }).count()).toBe(0);
      expect(await bobPage.getByRole('tab', { name: 'Audit' }).count()).toBe(0);
      expect(await bobPage.getByRole('tab', { name: 'Alerts' }).count()).toBe(0);
      await shootAll(bobPage, 'project-settings-readonly', bobBrowser);
      await bobPage.goto(`${t.url}/projects/${pid}/members`);
      await bobPage.getByRole('cell', { name: BOB, exact: true }).waitFor();
      expect(await bobPage.getByRole('button', { name: 'Add member' }).count()).toBe(0);
      // A deep link to a managers' tab shows the API's refusal.
      await bobPage.goto(`${t.url}/projects/${pid}/audit`);
      await bobPage.getByRole('alert').waitFor();
    } finally {
      await bobBrowser.close();
    }
  });

  it('deletes the project after its name is typed', async () => {
    await page.goto(`${t.url}/projects/${pid}/settings`);
    await page.getByRole('button', { name: 'Delete project' }).click();
    const dialog = page.getByRole('dialog');
    const confirm = dialog.getByRole('button', { name: 'Delete project' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel(/to confirm/).fill('Churn analysis 2026');
    await confirm.click();
    await page.waitForURL(`${t.url}/`);
    expect((await asAdmin(`/api/v1/projects/${pid}`)).status).toBe(404);
  });

  it('logged no page error and no CSP violation', () => {
    expect(browser.console.filter((line) => /Content Security Policy|Refused to|pageerror/i.test(line))).toEqual([]);
  });
});
