import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, type Chromium } from '../support/browser.js';
import { startFakeGitHub, type FakeGitHost } from '../support/fake-git-hosts.js';
import { gitNotebookSource } from '../support/git-notebook.js';
import { startGitServer, type GitServer } from '../support/git-server.js';
import { closeBrowserSuite, MARIMO_FRAME, marimoIn, startMarimoUiHub } from '../support/marimo-browser-suite.js';
import type { CallOptions, TestHub } from '../support/test-hub.js';
import { expectAccessible, shootAll } from '../support/ui-pages.js';
import { prerequisite } from '../setup/prerequisites.js';

const chromium = prerequisite('chromium');
const sandboxRuntime = prerequisite('sandboxRuntime');
const REPO = 'acme/quarterly-reports';
const TOKEN = 'write-token-of-the-project';
const CREDENTIALS = { user: 'ci-bot', password: TOKEN };
const FEATURE_OUTPUT = 'Totals from the feature branch';

/** A marimo notebook whose one cell shows `text`. */
const shownNotebook = (text: string) => `import marimo

__generated_with = "0.0.0"
app = marimo.App()


@app.cell
def _():
    import marimo as mo
    mo.md(${JSON.stringify(text)})
    return


if __name__ == "__main__":
    app.run()
`;

/** Long on purpose: the list must wrap it rather than widen the page. */
const TITLE = 'Reconcile every region of the quarterly revenue report against the warehouse ledger before the board meeting';

/**
 * A Git notebook's change requests and sync health in the built UI: the list of change requests,
 * proposing a saved version in the dialog (pushed to a real Git server, the pull request opened on
 * fake-github), the dialog's message when the branch moved on since the last sync, and the Source
 * card's note while syncs keep failing.
 */
describe.skipIf(chromium === null || sandboxRuntime === null)('change requests, previews and sync health in the web UI', () => {
  let t: TestHub;
  let git: GitServer;
  let github: FakeGitHost;
  let browser: Chromium;
  let page: Page;
  let cookie: string;
  let pid: string;
  let nid: string;
  let edited: string;

  const asAdmin = (route: string, options: CallOptions = {}) => t.call(route, { ...options, cookie, headers: { origin: t.url } });
  const shoot = async (name: string) => {
    await shootAll(browser, page, `git-${name}`);
    await expectAccessible(page, name);
  };
  const card = () => page.getByRole('region', { name: 'Change requests' });

  beforeAll(async () => {
    git = await startGitServer();
    await git.createRepository(REPO, { files: { 'weekly/report.py': gitNotebookSource('from the repository') }, credentials: CREDENTIALS });
    github = await startFakeGitHub(TOKEN, [REPO]);
    // Real marimo: a preview is opened as an app below.
    t = await startMarimoUiHub(sandboxRuntime!.runtimeDir, {
      SERVICE_GIT_ALLOW_HTTP: 'true',
      SERVICE_GIT_GITHUB_URL: git.url('x').replace(/\/x\.git$/, ''),
      SERVICE_GIT_GITHUB_API_URL: github.apiUrl,
    });
    browser = await launchChromium(chromium!.executablePath);
    cookie = await t.localLogin();
    pid = (await asAdmin('/api/v1/projects', { method: 'POST', body: { name: 'Finance reports' } })).json.data.id;
    await asAdmin(`/api/v1/projects/${pid}/git-credentials`, {
      method: 'PUT',
      body: { username: CREDENTIALS.user, read_token: TOKEN, write_token: TOKEN, repositories: [REPO] },
    });
    const created = await asAdmin(`/api/v1/projects/${pid}/git-notebooks`, {
      method: 'POST',
      body: { title: 'Weekly report', repo: REPO, branch: 'main', root_path: 'weekly', entry_notebook: 'report.py' },
    });
    expect(created.json.data.sync_error, created.text).toBeUndefined();
    nid = created.json.data.notebook.meta.id;
    const base = created.json.data.notebook.source.current_version_id;
    const saved = await asAdmin(`/api/v1/projects/${pid}/notebooks/${nid}/versions`, {
      method: 'POST',
      body: { code: gitNotebookSource('edited in the hub'), base_version_id: base, message: 'Totals per region' },
    });
    expect(saved.status, saved.text).toBe(201);
    edited = saved.json.data.version_id;
    page = await browser.newPage();
    page.setDefaultTimeout(15_000);
    await browser.signIn(page, t.url, t.hub.localLoginPath!);
  }, 120_000);
  afterAll(async () => {
    await closeBrowserSuite({ browsers: [browser], ...(t ? { hub: t } : {}) });
    await github?.close();
    await git?.close();
  });

  it('says there are none yet, and proposes the newest edited version in the dialog', async () => {
    await page.goto(`${t.url}/projects/${pid}/notebooks/${nid}/overview`);
    await card().getByText('None yet.', { exact: false }).waitFor();
    // The repository's link goes where this deployment's GitHub is, not to github.com.
    const githubBase = git.url('x').replace(/\/x\.git$/, '');
    expect((await asAdmin('/api/v1/git-providers')).json.data).toEqual([
      { provider: 'github', name: 'GitHub', web_url: githubBase },
      { provider: 'gitlab', name: 'GitLab', web_url: 'https://gitlab.com' },
    ]);
    const repoLink = page.getByRole('region', { name: 'Source' }).getByRole('link', { name: REPO });
    await expect.poll(() => repoLink.getAttribute('href')).toBe(`${githubBase}/${REPO}`);
    await shoot('change-requests-empty');

    await card().getByRole('button', { name: 'Propose changes' }).click();
    const dialog = page.getByRole('dialog', { name: 'Propose changes' });
    // No edit session is open: the version is what can be proposed, and the newest edit is chosen.
    expect(await dialog.getByLabel('My open edit session').isDisabled()).toBe(true);
    await expect.poll(() => dialog.getByLabel('A saved version').isChecked()).toBe(true);
    await expect.poll(() => dialog.getByRole('textbox', { name: 'Version' }).inputValue()).toContain('Totals per region');
    await dialog.getByLabel('Title').fill(TITLE);
    await dialog.getByLabel('Description').fill('Adds the totals per region.');
    await shoot('propose');

    await dialog.getByRole('button', { name: 'Propose' }).click();
    await page.getByText('Opened pull request #1').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const link = card().getByRole('link', { name: TITLE });
    expect(await link.getAttribute('href')).toBe(`https://github.example/${REPO}/pull/1`);
    await card()
      .getByText(/pull request #1 · notebook-hub\//)
      .waitFor();
    await card().getByText(edited, { exact: true }).waitFor();
    expect(github.opened[0]!.body).toMatchObject({ title: TITLE, base: 'main' });
    expect(github.opened[0]!.body.body).toContain('Adds the totals per region.');
    const listed = (await asAdmin(`/api/v1/projects/${pid}/notebooks/${nid}/change-requests`)).json.data;
    expect(listed).toMatchObject([{ number: 1, from: { version_id: edited } }]);
    for (const close of await page.getByRole('button', { name: 'Dismiss notification' }).all()) await close.click();
    await page.mouse.move(0, 0);
    await shoot('change-requests');
  }, 120_000);

  it('says in the dialog that the branch moved on, and nothing is opened', async () => {
    await git.commit(REPO, 'main', { 'weekly/notes.md': 'moved on\n' });
    await card().getByRole('button', { name: 'Propose changes' }).click();
    const dialog = page.getByRole('dialog', { name: 'Propose changes' });
    await dialog.getByLabel('Title').fill('Once more');
    await dialog.getByRole('button', { name: 'Propose' }).click();
    await dialog
      .getByRole('alert')
      .getByText(/^Main moved on to .* since the notebook was synced/)
      .waitFor();
    await shoot('propose-moved');
    expect(github.opened).toHaveLength(1);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  }, 120_000);

  it("opens a branch's preview as an app that runs the branch's code, marked as a preview", async () => {
    await git.commit(REPO, 'feature/totals', { 'weekly/report.py': shownNotebook(FEATURE_OUTPUT) });
    const created = await asAdmin(`/api/v1/projects/${pid}/notebooks/${nid}/previews`, { method: 'POST', body: { branch: 'feature/totals' } });
    expect(created.status, created.text).toBe(201);
    const previewId = created.json.data.id as string;
    await page.goto(`${t.url}/projects/${pid}/notebooks/${nid}/app?preview=${previewId}`);
    await page.locator(MARIMO_FRAME).waitFor({ timeout: 120_000 });
    await marimoIn(page).getByText(FEATURE_OUTPUT).first().waitFor({ timeout: 60_000 });
    await page.getByText('Preview', { exact: true }).first().waitFor();
    expect(await page.getByRole('button', { name: 'Save' }).count()).toBe(0);
    await shoot('session-preview');
    // The notebook itself still runs what it synced.
    const code = await asAdmin(`/api/v1/projects/${pid}/notebooks/${nid}/code`);
    expect(code.text).not.toContain(FEATURE_OUTPUT);
    await page.goto(`${t.url}/projects/${pid}/notebooks/${nid}/overview`);
  }, 240_000);

  it('says on the Source card since when syncs fail and why, until one works', async () => {
    const source = page.getByRole('region', { name: 'Source' });
    await git.commit(REPO, 'main', { 'weekly/report.py': 'print("not a marimo notebook")\n' });
    const failed = await asAdmin(`/api/v1/projects/${pid}/notebooks/${nid}/source/sync`, { method: 'POST' });
    expect(failed.json.error?.code, failed.text).toBe('VALIDATION_ERROR');
    await page.reload();
    await source.getByText('Syncs have failed since just now').waitFor();
    await source.getByText(/not a marimo notebook/i).waitFor();
    await shoot('sync-failing');

    await git.commit(REPO, 'main', { 'weekly/report.py': gitNotebookSource('fixed in the repository') });
    await source.getByRole('button', { name: 'Sync now' }).click();
    await page.getByText(/^Synced [0-9a-f]{7}\.$/).waitFor();
    await source.getByText('Syncs have failed since just now').waitFor({ state: 'detached' });
  }, 120_000);

  it('logged no page error and no CSP violation', () => {
    expect(browser.console.filter((line) => /Content Security Policy|Refused to|pageerror/i.test(line))).toEqual([]);
  });
});
