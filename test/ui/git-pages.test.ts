import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, type Chromium } from '../support/browser.js';
import { gitNotebookSource } from '../support/git-notebook.js';
import { startGitServer, type GitServer } from '../support/git-server.js';
import { startTestHub, type CallOptions, type TestHub } from '../support/test-hub.js';
import { expectAccessible, shootAll } from '../support/ui-pages.js';
import { prerequisite } from '../setup/prerequisites.js';

const chromium = prerequisite('chromium');
const UI_DIR = path.resolve(import.meta.dirname, '../../renderer/dist');
/** Long on purpose: the card must cut its URL and branch to their columns. */
const REPO = 'quarterly-revenue-reconciliation-against-the-warehouse-ledger';
const LONG_BRANCH = 'feature/reconcile-every-region-and-every-product-line-against-the-ledger';
const VIEWER = 'vera.viewer@example.com';
/** The private repository's basic-auth user and password: the project's Git user name and read token. */
const PRIVATE = { user: 'ci-bot', password: 'read-secret-token' };
const short = (commit: string) => commit.slice(0, 7);

/**
 * The Git pages in the built UI against a real hub and a real Git server (git http-backend on
 * 127.0.0.1): creating pull- and push-mode notebooks in the dialog, the source card with its drift,
 * Sync now, Change source and the sync token, the project's Git credentials, and a viewer's view.
 */
describe.skipIf(chromium === null)('the Git notebook pages', () => {
  let t: TestHub;
  let git: GitServer;
  let browser: Chromium;
  let page: Page;
  let cookie: string;
  let pid: string;
  let pulledId: string;
  let viewerToken: string;

  /** The signed-in admin's own session, for set-up and checks (changes must name the hub's origin). */
  const asAdmin = (route: string, options: CallOptions = {}) => t.call(route, { ...options, cookie, headers: { origin: t.url } });
  const shoot = async (name: string) => {
    await shootAll(browser, page, `git-${name}`);
    await expectAccessible(page, name);
  };
  /** Notifications that would cover the page in a screenshot, once the test has read them. */
  const dismissNotifications = async () => {
    for (const close of await page.getByRole('button', { name: 'Dismiss notification' }).all()) await close.click();
    await page.getByRole('button', { name: 'Dismiss notification' }).first().waitFor({ state: 'detached' });
    await page.mouse.move(0, 0);
  };
  const sourceCard = () => page.getByRole('region', { name: 'Source' });
  const createDialog = () => page.getByRole('dialog', { name: 'Create notebook from a Git repository' });

  /** Opens the dialog from the notebooks tab and fills it; the caller submits. */
  const fillCreateDialog = async (values: { title: string; folder: string; entry: string; mode: 'pull' | 'push' }) => {
    await page.goto(`${t.url}/projects/${pid}/notebooks`);
    await page.getByRole('button', { name: 'From a Git repository' }).click();
    const dialog = createDialog();
    await dialog.getByLabel('Title').fill(values.title);
    await dialog.getByLabel(/^Repository/).fill(git.url(REPO));
    await dialog.getByLabel('Folder in the repository').fill(values.folder);
    await dialog.getByLabel('Entry notebook').fill(values.entry);
    await dialog.getByLabel(values.mode === 'pull' ? 'Pull: the hub keeps it in sync' : 'Push: your CI calls the hub after each push').check();
    return dialog;
  };

  beforeAll(async () => {
    expect(existsSync(path.join(UI_DIR, 'index.html'))).toBe(true);
    git = await startGitServer();
    await git.createRepository(REPO, {
      files: {
        'README.md': '# Finance notebooks\n',
        'reports/weekly.py': gitNotebookSource('first'),
        'reports/data/values.csv': 'region,value\nnorth,1\n',
      },
    });
    await git.commit(REPO, LONG_BRANCH, { 'reports/weekly.py': gitNotebookSource('on the feature branch') });
    await git.createRepository('private-ledger', { files: { 'ledger.py': gitNotebookSource('private') }, credentials: PRIVATE });
    // Plain http to a repository on this machine is allowed only with this switch (docs/git.md).
    t = await startTestHub({ env: { SERVICE_GIT_ALLOW_HTTP: 'true' }, hub: () => ({ uiDir: UI_DIR }) });
    browser = await launchChromium(chromium!.executablePath);
    cookie = await t.localLogin();
    const created = await asAdmin('/api/v1/projects', { method: 'POST', body: { name: 'Finance reports' } });
    expect(created.status, created.text).toBe(201);
    pid = created.json.data.id;
    viewerToken = await t.tokenFor(VIEWER);
    const added = await asAdmin(`/api/v1/projects/${pid}/members`, { method: 'POST', body: { email: VIEWER, role: 'viewer' } });
    expect(added.status, added.text).toBeLessThan(300);
    page = await browser.newPage();
    page.setDefaultTimeout(15_000);
    await browser.signIn(page, t.url, t.hub.localLoginPath!);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
    await git?.close();
  });

  it('creates a pull-mode notebook in the dialog, with the API’s field errors on their fields', async () => {
    const dialog = await fillCreateDialog({ title: 'Weekly revenue', folder: 'reports', entry: 'weekly.py', mode: 'pull' });
    // A URL names its host: the provider plays no part.
    expect(await dialog.getByRole('radiogroup', { name: 'Provider' }).locator('input').first().isDisabled()).toBe(true);
    expect(await dialog.getByLabel('Branch').inputValue()).toBe('main');
    await shoot('create');

    await dialog.getByLabel('Entry notebook').fill('../weekly.py');
    await dialog.getByRole('button', { name: 'Create' }).click();
    const entry = dialog.getByLabel('Entry notebook');
    await expect.poll(() => entry.getAttribute('aria-invalid')).toBe('true');
    await dialog.getByText('must be the path of a .py file inside root_path').first().waitFor();
    await shoot('create-error');

    await entry.fill('weekly.py');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/notebooks\/[^/]+\/overview$/);
    pulledId = /\/notebooks\/([^/]+)\/overview$/.exec(page.url())![1]!;
    const head = await git.head(REPO, 'main');
    const card = sourceCard();
    await card.getByText('In sync', { exact: true }).waitFor();
    await card.getByText(short(head), { exact: true }).waitFor();
    await card.getByText(git.url(REPO)).waitFor();
    await card.getByText('Pull: the hub keeps it in sync').waitFor();
    const detail = (await asAdmin(`/api/v1/projects/${pid}/notebooks/${pulledId}`)).json.data;
    expect(detail.source).toMatchObject({ type: 'git', repo: git.url(REPO), branch: 'main', root_path: 'reports', entry_notebook: 'weekly.py', commit: head });
    await dismissNotifications();
    await shoot('overview-in-sync');
  }, 120_000);

  it('shows the notebook behind its branch after a commit, and brings it up with Sync now', async () => {
    const second = await git.commit(REPO, 'main', { 'reports/weekly.py': gitNotebookSource('second') }, 'Second report');
    await page.reload();
    const card = sourceCard();
    await card.getByText('Behind main head', { exact: true }).waitFor();
    await shoot('overview-behind');

    await card.getByRole('button', { name: 'Sync now' }).click();
    await page.getByText(`Synced ${short(second)}.`).waitFor();
    await card.getByText('In sync', { exact: true }).waitFor();
    await card.getByText(short(second), { exact: true }).waitFor();
    const code = await asAdmin(`/api/v1/projects/${pid}/notebooks/${pulledId}/code`);
    expect(code.text).toContain('label = "second"');

    await card.getByRole('button', { name: 'Sync now' }).click();
    await page.getByText(`Already at ${short(second)}.`).waitFor();
  }, 120_000);

  it('changes the branch in a dialog that suggests the repository’s branches; the change waits for the next sync', async () => {
    await dismissNotifications();
    const card = sourceCard();
    await card.getByRole('button', { name: 'Change source' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change source' });
    await dialog.getByText('2 branches to choose from, or type one').waitFor();
    await dialog.getByRole('textbox', { name: 'Branch' }).click();
    await page.getByRole('option', { name: LONG_BRANCH }).waitFor();
    expect(await page.getByRole('option', { name: 'main' }).count()).toBe(1);
    await shoot('change-source');

    await page.getByRole('option', { name: LONG_BRANCH }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await card.getByText('Settings pending', { exact: true }).waitFor();
    await card.getByText('Changed settings wait for the next sync').waitFor();
    const detail = (await asAdmin(`/api/v1/projects/${pid}/notebooks/${pulledId}`)).json.data;
    expect(detail.source).toMatchObject({ branch: 'main', pending_config: { branch: LONG_BRANCH } });
    await dismissNotifications();
    await shoot('overview-pending');

    await card.getByRole('button', { name: 'Sync now' }).click();
    await page.getByText(`Synced ${short(await git.head(REPO, LONG_BRANCH))}.`).waitFor();
    await card.getByText('In sync', { exact: true }).waitFor();
    expect(await card.getByText('Changed settings wait for the next sync').count()).toBe(0);
    // The long branch is cut to its column, in full in its tooltip.
    const branch = card.getByText(LONG_BRANCH, { exact: true });
    expect(await branch.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    await branch.hover();
    await page.getByRole('tooltip').getByText(LONG_BRANCH).waitFor();
    await page.mouse.move(0, 0);
  }, 120_000);

  it('lists previews with their status, creates one from a suggested branch, opens and deletes them', async () => {
    const region = () => page.getByRole('region', { name: 'Previews' });
    const prepare = () => t.hub.services.previews.prepareAll(new AbortController().signal);
    await page.goto(`${t.url}/projects/${pid}/notebooks/${pulledId}/overview`);
    await region().getByText('No previews yet.', { exact: false }).waitFor();
    await shoot('previews-empty');

    await region().getByRole('button', { name: 'New preview' }).click();
    const dialog = page.getByRole('dialog', { name: 'New preview' });
    await dialog.getByRole('textbox', { name: 'Branch' }).click();
    await page.getByRole('option', { name: LONG_BRANCH }).waitFor();
    await shoot('preview-create');
    await page.getByRole('option', { name: 'main', exact: true }).click();
    await dialog.getByRole('button', { name: 'Create preview' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const mainRow = region().getByRole('row', { name: /Branch main/ });
    await mainRow.getByText('Preparing', { exact: true }).waitFor();

    // A long title, a commit the repository does not have, and the loop's work.
    const previewsPath = `/api/v1/projects/${pid}/notebooks/${pulledId}/previews`;
    const longTitle = 'Reconciliation of every region against the ledger before the quarterly close, as proposed by finance';
    const first = (await asAdmin(previewsPath, { method: 'POST', body: { branch: LONG_BRANCH, title: longTitle } })).json.data;
    const ghost = await asAdmin(previewsPath, { method: 'POST', body: { commit: 'f'.repeat(40), title: 'Lost commit' } });
    expect(ghost.status, ghost.text).toBe(201);
    await prepare();
    await mainRow.getByText('Ready', { exact: true }).waitFor({ timeout: 20_000 });
    const ghostRow = region().getByRole('row', { name: /Lost commit/ });
    await ghostRow.getByText('Failed', { exact: true }).waitFor();
    await ghostRow.getByText(/is not in the repository/).waitFor();
    expect(
      await region()
        .getByRole('row', { name: new RegExp(longTitle) })
        .getByText('Ready', { exact: true })
        .count(),
    ).toBe(1);
    await dismissNotifications().catch(() => {});
    await shoot('previews');

    // Open as app and in the editor go to the session pages with the preview.
    const open = await mainRow.getByRole('link', { name: /as app/ }).getAttribute('href');
    expect(open).toMatch(new RegExp(`/projects/${pid}/notebooks/${pulledId}/app\\?preview=prv-`));
    expect(await mainRow.getByRole('link', { name: /in editor/ }).getAttribute('href')).toMatch(/\/edit\?preview=prv-/);

    await ghostRow.getByRole('button', { name: 'Delete Lost commit' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete preview' });
    await confirm.getByRole('button', { name: 'Delete preview' }).click();
    await ghostRow.waitFor({ state: 'detached' });
    expect((await asAdmin(`${previewsPath}/${ghost.json.data.id}`)).json.error.code).toBe('NOT_FOUND');
    expect((await asAdmin(`${previewsPath}/${first.id}`)).json.data.status).toBe('ready');
    await dismissNotifications();
  }, 120_000);

  it('creates a push-mode notebook and shows its sync URL and token once, then rotates the token', async () => {
    const dialog = await fillCreateDialog({ title: 'Pushed report', folder: 'reports', entry: 'weekly.py', mode: 'push' });
    await dialog.getByRole('button', { name: 'Create' }).click();
    const tokenDialog = page.getByRole('dialog', { name: 'Sync URL and token' });
    await tokenDialog.getByText('Shown only once').waitFor();
    await tokenDialog.getByText('curl -fsS -X POST "$SYNC_URL" -H "Authorization: Bearer $SYNC_TOKEN"').waitFor();
    const token = await tokenDialog.getByTestId('sync-token').innerText();
    const syncUrl = await tokenDialog.getByTestId('sync-url').innerText();
    expect(token).toMatch(/^nhs_/);
    expect(syncUrl).toMatch(new RegExp(`^${t.url}/api/v1/git-sync/${pid}/`));
    await shoot('token');
    const ci = await fetch(syncUrl, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    expect(ci.status).toBe(200);

    await tokenDialog.getByRole('button', { name: 'Done' }).click();
    await page.waitForURL(/\/notebooks\/[^/]+\/overview$/);
    const card = sourceCard();
    await card.getByText('Push: your CI calls the hub after each push').waitFor();
    await card.getByRole('button', { name: 'Rotate sync token' }).click();
    await page.getByRole('dialog', { name: 'Rotate the sync token?' }).getByRole('button', { name: 'Rotate token' }).click();
    const rotated = page.getByRole('dialog', { name: 'Sync URL and token' });
    const newToken = await rotated.getByTestId('sync-token').innerText();
    expect(newToken).not.toBe(token);
    expect((await fetch(syncUrl, { method: 'POST', headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
    await rotated.getByRole('button', { name: 'Done' }).click();
    await rotated.waitFor({ state: 'hidden' });
  }, 120_000);

  it('creates a notebook whose first sync fails as a draft, and says why', async () => {
    const dialog = await fillCreateDialog({ title: 'Missing notebook', folder: 'reports', entry: 'missing.py', mode: 'pull' });
    await dialog.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/notebooks\/[^/]+\/overview$/);
    await page.getByText('“Missing notebook” was created, but its first sync failed').waitFor();
    await page.getByText('reports/missing.py is not in the repository').first().waitFor();
    const card = sourceCard();
    await card.getByText('Never synced', { exact: true }).waitFor();
    await card.getByText('Not synced yet').waitFor();
    await shoot('never-synced');
  }, 120_000);

  it('says why a private repository cannot be read, reads it with the project’s credentials, and removes them', async () => {
    const credentials = async () => (await asAdmin(`/api/v1/projects/${pid}/git-credentials`)).json.data;
    const created = await asAdmin(`/api/v1/projects/${pid}/git-notebooks`, {
      method: 'POST',
      body: { title: 'Private ledger', repo: git.url('private-ledger'), branch: 'main', entry_notebook: 'ledger.py' },
    });
    expect(created.json.data.sync_error?.code, created.text).toBe('SYNC_NOT_CONFIGURED');
    const overview = `${t.url}/projects/${pid}/notebooks/${created.json.data.notebook.meta.id}/overview`;
    await page.goto(overview);
    const card = sourceCard();
    await card.getByText('Cannot check', { exact: true }).waitFor();
    await card.getByRole('alert').getByText("the repository refused the project's Git credentials, or needs some").waitFor();
    await shoot('overview-unreadable');

    await page.goto(`${t.url}/projects/${pid}/settings`);
    const section = page.getByRole('region', { name: 'Git credentials' });
    await section.getByText('Public repositories need none.').waitFor();
    await expect.poll(() => section.getByText('not set', { exact: true }).count()).toBe(2);
    await section.getByLabel('Git user').fill(PRIVATE.user);
    await section.getByLabel(/^Read token/).fill(PRIVATE.password);
    // Without a repository to go with, the token is refused: credentials are sent nowhere unlisted.
    await section.getByRole('button', { name: 'Save credentials' }).click();
    await section
      .getByText(/name the repositories the credentials may be sent with/)
      .first()
      .waitFor();
    await section.getByLabel('Repositories they serve').fill(git.url('private-ledger'));
    await section.getByRole('button', { name: 'Save credentials' }).click();
    await page.getByText('Git credentials saved.').waitFor();
    await expect.poll(() => section.getByText('not set', { exact: true }).count()).toBe(1);
    expect(await section.getByLabel(/^Read token/).inputValue()).toBe('');
    expect(await credentials()).toMatchObject({ username: PRIVATE.user, read_token_set: true, write_token_set: false, repositories: ['private-ledger'] });
    expect(await section.getByLabel('Repositories they serve').inputValue()).toBe(git.url('private-ledger').replace(/\.git$/, ''));
    await dismissNotifications();
    await shoot('credentials');

    await page.goto(overview);
    await card.getByRole('button', { name: 'Sync now' }).click();
    await page.getByText(`Synced ${short(await git.head('private-ledger', 'main'))}.`).waitFor();
    await card.getByText('In sync', { exact: true }).waitFor();

    await page.goto(`${t.url}/projects/${pid}/settings`);
    await section.getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('dialog', { name: 'Remove the Git credentials?' }).getByRole('button', { name: 'Remove credentials' }).click();
    await page.getByText('Git credentials removed.').waitFor();
    await expect.poll(() => section.getByText('not set', { exact: true }).count()).toBe(2);
    expect(await credentials()).toMatchObject({ username: null, read_token_set: false, write_token_set: false });
  }, 120_000);

  it('shows a viewer the Git badge and the source card without any button that changes it', async () => {
    const other = await launchChromium(chromium!.executablePath);
    try {
      const viewerPage = await other.newPage();
      await viewerPage.setExtraHTTPHeaders({ authorization: `Bearer ${viewerToken}` });
      await viewerPage.goto(`${t.url}/projects/${pid}/notebooks`);
      const row = viewerPage.getByRole('row', { name: /Weekly revenue/ });
      await row.getByText('Git', { exact: true }).waitFor();
      expect(await viewerPage.getByRole('button', { name: 'From a Git repository' }).count()).toBe(0);

      await viewerPage.goto(`${t.url}/projects/${pid}/notebooks/${pulledId}/overview`);
      const card = viewerPage.getByRole('region', { name: 'Source' });
      await card.getByText('In sync', { exact: true }).waitFor();
      for (const name of ['Sync now', 'Change source', 'Rotate sync token']) expect(await card.getByRole('button', { name }).count()).toBe(0);
      // Previews: a viewer opens them as apps, and neither creates, edits nor deletes them.
      const previews = viewerPage.getByRole('region', { name: 'Previews' });
      await previews
        .getByRole('link', { name: /as app/ })
        .first()
        .waitFor();
      expect(await previews.getByRole('button', { name: 'New preview' }).count()).toBe(0);
      expect(await previews.getByRole('link', { name: /in editor/ }).count()).toBe(0);
      expect(await previews.getByRole('button', { name: /^Delete/ }).count()).toBe(0);
      await expectAccessible(viewerPage, 'the page');

      await viewerPage.goto(`${t.url}/projects/${pid}/settings`);
      await viewerPage.getByText('Read only', { exact: true }).waitFor();
      expect(await viewerPage.getByRole('region', { name: 'Git credentials' }).count()).toBe(0);
    } finally {
      await other.close();
    }
  }, 120_000);

  it('logged no page error and no CSP violation', () => {
    expect(browser.console.filter((line) => /Content Security Policy|Refused to|pageerror/i.test(line))).toEqual([]);
  });
});
