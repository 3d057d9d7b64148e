import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RemoteHub, RemoteHubFactory } from '../../service/src/features/remotes/core/remote-hub.js';
import { launchChromium, signInAs, type Chromium } from '../support/browser.js';
import { FakeTeamHub } from '../support/fake-remote-hub.js';
import { notebookCode } from '../support/remote-checks.js';
import { startTestHub, type CallResult, type TestHub } from '../support/test-hub.js';
import { unusedPort } from '../support/unused-port.js';
import { expectAccessible, shootAll as shootAllIn } from '../support/ui-pages.js';
import { prerequisite } from '../setup/prerequisites.js';

const chromium = prerequisite('chromium');
const UI_DIR = path.resolve(import.meta.dirname, '../../renderer/dist');
// Never called: the fake team hub below answers every call this hub makes of it.
const TEAM_URL = 'https://team.example.com';
const LONG_PROJECT = 'Quarterly demand forecasts for every region of the company, with the weather, the holidays and the school calendars';
const LONG_NOTEBOOK = 'Holiday effects on the demand of every region, estimated from five years of sales and the public holiday calendars';

/** A notebook of several cells, `rate` and `days` the lines the two sides change. */
const holidayCode = (rate: string, days: string) =>
  `import marimo\n\napp = marimo.App()\n\n\n@app.cell\ndef _():\n    import pandas as pd\n    return (pd,)\n\n\n@app.cell\ndef _():\n    rate = ${rate}\n    days = ${days}\n    return rate, days\n\n\n@app.cell\ndef _(rate, days):\n    rate * days\n    return\n\n\nif __name__ == "__main__":\n    app.run()\n`;

/** A gate the fake team hub's blob reads wait at, so that a pull stays running for a photograph. */
interface Gate {
  closed: Promise<void> | null;
  open(): void;
  close(): void;
}

function gate(): Gate {
  let release = () => {};
  const state: Gate = {
    closed: null,
    open() {
      release();
      state.closed = null;
    },
    close() {
      state.closed = new Promise<void>((resolve) => (release = resolve));
    },
  };
  return state;
}

/** The fake team hub's client, its blob reads held while the gate is closed. */
function gatedFactory(team: FakeTeamHub, held: Gate): RemoteHubFactory {
  return (connection) => {
    const client = team.factory(connection);
    return new Proxy(client, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver) as unknown;
        if (property === 'readBlob')
          return async (...args: Parameters<RemoteHub['readBlob']>) => {
            if (held.closed) await held.closed;
            return target.readBlob(...args);
          };
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
  };
}

/**
 * The remotes pages in the built UI against a real local hub (fs store, HTTP, Chromium). The team
 * hub is the test support's fake behind the RemoteHub port (test/support/fake-remote-hub.ts: the
 * HTTP client of team hubs is built separately), so everything the local hub does — pulling,
 * recording bases, computing states offline, pushing, keeping and resolving conflicts — is real,
 * and only the far side is held in memory. Every page is photographed in both themes and checked
 * with axe.
 */
describe.skipIf(chromium === null)('the remotes pages', () => {
  let t: TestHub;
  let browser: Chromium;
  let page: Page;
  let team: FakeTeamHub;
  let token: string;
  const held = gate();
  let teamProject: string;
  let notebooks: Record<string, string>;
  let projectId: string;

  const call = (route: string, options: Parameters<TestHub['call']>[1] = {}) => t.call(route, { token, ...options });
  const ok = (result: CallResult, status = 200) => {
    expect(result.status, result.text).toBe(status);
    return result.json.data;
  };
  const shoot = (name: string) => shootAll(browser, page, name);
  const localNotebooks = async (): Promise<Record<string, string>> =>
    Object.fromEntries(ok(await call(`/api/v1/projects/${projectId}/notebooks`)).items.map((item: { title: string; id: string }) => [item.title, item.id]));
  const saveHere = async (title: string, code: string) => {
    const id = (await localNotebooks())[title]!;
    const notebook = ok(await call(`/api/v1/projects/${projectId}/notebooks/${id}`));
    ok(
      await call(`/api/v1/projects/${projectId}/notebooks/${id}/versions`, {
        method: 'POST',
        body: { code, base_version_id: notebook.source.current_version_id, message: 'Saved on the plane' },
      }),
      201,
    );
  };

  beforeAll(async () => {
    expect(existsSync(path.join(UI_DIR, 'index.html'))).toBe(true);
    team = new FakeTeamHub();
    teamProject = team.createProject(
      'Forecasts',
      { 'ada-team': 'editor' },
      {
        description: 'Weekly demand forecasts',
        integrations: [{ id: 'intg-team00000000001', name: 'Warehouse', kind: 'postgres', scope: 'project' }],
      },
    );
    notebooks = {
      demand: team.createNotebook(teamProject, 'Demand model', notebookCode('d1'), 'bob'),
      holidays: team.createNotebook(teamProject, LONG_NOTEBOOK, holidayCode('1.0', '7'), 'bob'),
      weather: team.createNotebook(teamProject, 'Weather join', notebookCode('w1'), 'bob'),
    };
    team.saveVersion(teamProject, notebooks.demand!, notebookCode('d2'), 'bob', 'Second try');
    team.writeWorkspace(teamProject, notebooks.demand!, { 'sales.csv': 'day,units\n'.concat('2026-01-01,42\n'.repeat(20_000)), 'README.md': '# Demand' });
    team.createProject('Board reports', { 'ada-team': 'viewer' }, { description: 'Read only for most of us' });
    team.createProject(LONG_PROJECT, { 'ada-team': 'manager' }, { description: 'Every region, every week. '.repeat(8) });

    t = await startTestHub({ hub: () => ({ uiDir: UI_DIR, remoteHubs: gatedFactory(team, held) }) });
    token = await t.tokenFor('ada@example.com');
    browser = await launchChromium(chromium!.executablePath);
    page = await browser.newPage();
    page.setDefaultTimeout(10_000);
    await signInAs(t, browser, 'ada@example.com');
  }, 60_000);
  afterAll(async () => {
    held.open();
    await browser?.close();
    await t?.close();
  });

  it('adds a remote with a token of the team hub and lists the projects its user may pull', async () => {
    await page.goto(`${t.url}/remotes`);
    await page.getByRole('heading', { name: 'No remotes yet' }).waitFor();
    await shoot('remotes-empty');

    await page.getByRole('button', { name: 'Add a remote' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a remote' });
    await dialog.getByLabel('Address of the team hub').fill(TEAM_URL);
    await dialog.getByRole('textbox', { name: /^Name/ }).fill('team');
    await dialog.getByLabel(/With a personal access token/).check();
    const teamToken = team.tokenFor('ada-team');
    await dialog.getByRole('textbox', { name: /^Personal access token/ }).fill(teamToken);
    await shoot('remotes-add');
    await dialog.getByRole('button', { name: 'Add remote' }).click();

    await page.waitForURL(`${t.url}/remotes/team`);
    await page.getByRole('table', { name: 'Team projects' }).getByText('Board reports').waitFor();
    await shoot('remotes-remote');
    expect(await page.content()).not.toContain(teamToken);
    expect(ok(await call('/api/v1/remotes'))).toEqual([expect.objectContaining({ name: 'team', state: 'connected', sign_in: 'token' })]);
  });

  it('pulls a team project, showing its progress until it is done, then opens it', async () => {
    await page.goto(`${t.url}/remotes/team`);
    await page.getByRole('button', { name: 'Pull Forecasts' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pull a team project' });
    await dialog.getByLabel('Only the newest versions of each notebook').check();
    await dialog.getByRole('textbox', { name: /^Versions per notebook/ }).fill('5');
    await shoot('remotes-pull-form');
    held.close();
    await dialog.getByRole('button', { name: 'Pull' }).click();

    await page.waitForURL(/\/remotes\/operations\/rop-/);
    // Held at its first blob: the versions are counted, the workspace bytes not yet moved.
    await page.getByRole('progressbar').waitFor({ state: 'attached' });
    await page.getByText(/of \d+ versions and files · 0 bytes of 2\d\d KB/).waitFor();
    await shoot('remotes-pull-running');
    held.open();
    await page.getByText('Done', { exact: true }).waitFor({ timeout: 20_000 });
    await page.getByText(/3 notebooks: 3 created\./).waitFor();
    await shoot('remotes-pull-done');

    await page.getByRole('link', { name: 'Open the project' }).click();
    await page.getByRole('heading', { level: 1, name: 'Forecasts' }).waitFor();
    projectId = /\/projects\/([^/]+)\//.exec(page.url())![1]!;
    const pulled = await localNotebooks();
    expect(Object.keys(pulled).sort()).toEqual(['Demand model', LONG_NOTEBOOK, 'Weather join'].sort());
    const file = await call(`/api/v1/projects/${projectId}/notebooks/${pulled['Demand model']!}/workspace/files?path=README.md`);
    expect(file.text).toBe('# Demand');
  });

  it('shows each notebook’s state offline, fetches, pushes, and resolves a conflict by a merge in the editor', async () => {
    // Here: a new version of one notebook, another changed on both sides, and a notebook only here.
    await saveHere('Demand model', notebookCode('d3 from the plane'));
    await saveHere(LONG_NOTEBOOK, holidayCode('1.5', '7'));
    ok(await call(`/api/v1/projects/${projectId}/notebooks`, { method: 'POST', body: { title: 'Scratch', code: notebookCode('s1') } }), 201);
    // On the team hub meanwhile: a colleague's versions.
    team.saveVersion(teamProject, notebooks.weather!, notebookCode('w2'), 'bob', 'More stations');
    team.saveVersion(teamProject, notebooks.holidays!, holidayCode('1.0', '14'), 'bob', 'Two weeks around each holiday');
    team.createNotebook(teamProject, 'Made on the team hub', notebookCode('t1'), 'bob');

    await page.goto(`${t.url}/projects/${projectId}/sync`);
    await page.getByRole('heading', { name: 'Forecasts', level: 2 }).waitFor();
    // The pull recorded the team's heads; what the team did since shows only after a fetch.
    await page.getByText(/last fetched/).waitFor();
    const row = (title: string) => page.getByRole('row', { name: new RegExp(title.slice(0, 30)) });
    /** The cell of a notebook's code state (the next one is its workspace files'). */
    const codeState = (title: string) => row(title).getByRole('cell').nth(1);
    await codeState('Demand model').getByText('Ahead').waitFor();
    await codeState('Weather join').getByText('In step').waitFor();
    await codeState('Scratch').getByText('Only here').waitFor();
    await shoot('remotes-sync-offline');

    await page.getByRole('button', { name: 'Fetch' }).click();
    await codeState('Weather join').getByText('Behind').waitFor();
    await codeState(LONG_NOTEBOOK).getByText('Diverged').waitFor();
    await codeState('Made on the team hub').getByText('Only on the team hub').waitFor();
    await shoot('remotes-sync-states');

    await page.getByRole('button', { name: 'Push', exact: true }).click();
    await page.getByRole('heading', { name: 'Push to team' }).waitFor();
    await page
      .getByText(/1 updated|1 created/)
      .first()
      .waitFor({ timeout: 20_000 });
    await page.getByText('A notebook is in conflict').waitFor();
    await shoot('remotes-sync-pushed');
    expect(team.codes(teamProject, notebooks.demand!).at(-1)).toBe(notebookCode('d3 from the plane'));
    expect([...team.projects.get(teamProject)!.notebooks.values()].map((notebook) => notebook.entry.title)).toContain('Scratch');

    await page
      .getByRole('link', { name: /^Resolve the conflict of Holiday effects/ })
      .first()
      .click();
    await page.getByRole('heading', { name: /^Conflict in Holiday effects/ }).waitFor();
    await page.getByRole('region', { name: 'Mine and theirs, side by side' }).waitFor();
    await shoot('remotes-conflict');
    await page.getByText('Their changes', { exact: true }).click();
    await page.getByRole('region', { name: 'The team’s changes since the base' }).waitFor();
    await shoot('remotes-conflict-theirs');
    await page.getByText('Mine and theirs', { exact: true }).click();

    await page.getByRole('button', { name: 'Merge in the editor' }).click();
    const editor = page.getByRole('textbox', { name: 'Merged notebook' });
    expect(await editor.inputValue()).toContain('<<<<<<< mine (this hub)');
    await shoot('remotes-conflict-merge');
    const merged = holidayCode('1.5', '14');
    await editor.fill(merged);
    await page.getByRole('button', { name: 'Save the merge' }).click();
    await page.getByRole('dialog', { name: 'Save the merge?' }).getByRole('button', { name: 'Save and push' }).click();
    await page.waitForURL(`${t.url}/projects/${projectId}/sync`);
    await codeState(LONG_NOTEBOOK).getByText('In step').waitFor();
    // Nothing lost on either side: the team's version, then the merge after it.
    const teamCodes = team.codes(teamProject, notebooks.holidays!);
    expect(teamCodes.slice(-2)).toEqual([holidayCode('1.0', '14'), merged]);
  });

  it('runs a notebook on the team hub, as a job and in a session, and lists the runs with what came back', async () => {
    await page.goto(`${t.url}/projects/${projectId}/sync`);
    await page.getByRole('button', { name: 'Run on team hub: Demand model' }).click();
    const dialog = page.getByRole('dialog', { name: 'Run “Demand model” on the team hub' });
    await dialog.getByRole('textbox', { name: 'Compute profile' }).waitFor();
    await shoot('remotes-run-dialog');
    await dialog.getByText('As a job').click();
    await dialog.getByRole('button', { name: 'Run the job' }).click();
    const runs = page.getByRole('table', { name: 'Runs on the team hub' });
    await runs.getByText('Starting').waitFor();
    team.compute.finishRun([...team.compute.runs.keys()].at(-1)!, { output: '<html><body>Forecast ready</body></html>', log: 'ran\n' });
    await runs.getByRole('link', { name: 'Output' }).waitFor({ timeout: 15_000 });

    // The session's launch link would open the team hub's page: here it only has to be asked for.
    await page.evaluate(() => {
      (globalThis as unknown as { open: () => null }).open = () => null;
    });
    await page.getByRole('button', { name: 'Run on team hub: Weather join' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Start and open' }).click();
    await runs.getByRole('button', { name: 'Stop the session of Weather join' }).waitFor();
    await shoot('remotes-runs');
    expect(team.compute.launches).toHaveLength(1);
    await runs.getByRole('button', { name: 'Stop the session of Weather join' }).click();
    await runs
      .getByRole('link', { name: /Its result|Nothing new/ })
      .or(runs.getByText('Nothing new came back.'))
      .waitFor({ timeout: 15_000 });

    // The notebook's own heading offers the same.
    await page.getByRole('table', { name: 'Notebooks and their sync state' }).getByRole('link', { name: 'Demand model' }).click();
    await page.getByRole('heading', { name: 'Demand model', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Run on team hub' }).click();
    await page.getByRole('dialog', { name: 'Run “Demand model” on the team hub' }).getByRole('textbox', { name: 'Compute profile' }).waitFor();
    await page.keyboard.press('Escape');
    await shoot('remotes-notebook-run');
  });

  it('says when the team hub ended the connection, and signs in again with a new token', async () => {
    team.revokeTokensOf('ada-team');
    await page.goto(`${t.url}/remotes/team`);
    await page.getByRole('alert').getByText('The team hub ended this connection: sign in again').waitFor();
    await page.goto(`${t.url}/remotes`);
    await page.getByRole('row', { name: /team/ }).getByText('Revoked').waitFor();
    await shoot('remotes-revoked');

    await page.getByRole('button', { name: 'Sign in again to team' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign in to team again' });
    await dialog.getByRole('textbox', { name: /^Personal access token/ }).fill(team.tokenFor('ada-team'));
    await shoot('remotes-sign-in-again');
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('row', { name: /team/ }).getByText('Connected').waitFor();
    await shoot('remotes');
  });

  it('pushes a project the team hub lacks, linking it there', async () => {
    const project = ok(await call('/api/v1/projects', { method: 'POST', body: { name: 'Field notes' } }), 201);
    ok(await call(`/api/v1/projects/${project.id}/notebooks`, { method: 'POST', body: { title: 'Site visits', code: notebookCode('v1') } }), 201);
    await page.goto(`${t.url}/projects/${project.id}/sync`);
    await page.getByRole('heading', { name: 'Not linked to a team hub' }).waitFor();
    await shoot('remotes-sync-unlinked');

    await page.getByRole('button', { name: 'Push to a team hub' }).click();
    const dialog = page.getByRole('dialog', { name: 'Push to a team hub' });
    await dialog.getByRole('textbox', { name: /^Name on the team hub/ }).fill('Field notes 2026');
    await shoot('remotes-publish');
    await dialog.getByRole('button', { name: 'Push' }).click();
    await page.getByRole('heading', { name: 'Field notes 2026', level: 2 }).waitFor({ timeout: 20_000 });
    await page
      .getByRole('row', { name: /Site visits/ })
      .getByText('In step')
      .first()
      .waitFor();
    const published = [...team.projects.values()].find((candidate) => candidate.name === 'Field notes 2026');
    expect(published?.roles.get('ada-team')).toBe('manager');
  });

  it('logged no page error and no CSP violation', () => {
    expect(browser.console.filter((line) => /Content Security Policy|Refused to|pageerror/i.test(line))).toEqual([]);
  });
});

/**
 * Signing in to a team hub through the browser, end to end: the team hub is a second real hub (its
 * OAuth server, sign-in and consent pages) reached as `team.localhost`, so its session cookie is
 * not the local hub's. The local hub registers with it, the UI opens its page in a new tab, the
 * person signs in and allows, and the team hub sends the browser back to the local hub's callback.
 * The sign-in is aimed at the team hub's MCP resource, which this build's team hub serves; what the
 * local hub then asks of the team hub through the sync protocol is answered by the fake team hub,
 * which takes the tokens that OAuth server issued.
 */
describe.skipIf(chromium === null)('signing in to a team hub through the browser', () => {
  let local: TestHub;
  let teamHub: TestHub;
  let teamUrl: string;
  let browser: Chromium;
  let page: Page;
  const team = new FakeTeamHub();

  /** The fake team hub's client, taking any access token the real team hub's OAuth server issued as the user `ada-team`'s. */
  const acceptingFactory: RemoteHubFactory = (connection) =>
    team.factory({
      baseUrl: connection.baseUrl,
      accessToken: async () => {
        const issued = await connection.accessToken();
        if (!team.accessTokens.has(issued)) team.tokenFor('ada-team', issued);
        return issued;
      },
      refresh: () => connection.refresh(),
    });

  beforeAll(async () => {
    expect(existsSync(path.join(UI_DIR, 'index.html'))).toBe(true);
    const port = await unusedPort();
    teamUrl = `http://team.localhost:${port}`;
    teamHub = await startTestHub({ env: { SERVICE_PORT: String(port), SERVICE_PUBLIC_URL: teamUrl }, hub: () => ({ uiDir: UI_DIR }) });
    local = await startTestHub({
      env: { SERVICE_REMOTES_ALLOW_HTTP: 'true', SERVICE_REMOTES_ALLOW_PRIVATE_NETWORKS: 'true' },
      hub: () => ({
        uiDir: UI_DIR,
        remoteHubs: acceptingFactory,
        // The team hub's name, resolved here without DNS.
        resolver: async (hostname) => (hostname === 'team.localhost' ? [{ address: '127.0.0.1', family: 4 }] : []),
      }),
    });
    local.hub.services.remoteHubs.signInTarget({ resourcePath: '/mcp', scope: 'notebooks:read' });
    browser = await launchChromium(chromium!.executablePath);
    page = await browser.newPage();
    page.setDefaultTimeout(10_000);
    await signInAs(local, browser, 'ada@example.com');
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await local?.close();
    await teamHub?.close();
  });

  it('adds a remote, signs in on the team hub’s pages in a new tab, and follows it until the remote is connected', async () => {
    await page.goto(`${local.url}/remotes`);
    await page.getByRole('button', { name: 'Add a remote' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a remote' });
    await dialog.getByLabel('Address of the team hub').fill(teamUrl);
    await dialog.getByRole('textbox', { name: /^Name/ }).fill('team');
    const opened = browser.context.waitForEvent('page');
    await dialog.getByRole('button', { name: 'Add and sign in' }).click();

    // The team hub's page, in a tab of its own: its sign-in first, then its consent page.
    const teamPage = await opened;
    teamPage.setDefaultTimeout(10_000);
    await teamPage.waitForURL(`${teamUrl}/sign-in?return_to=*`);
    const following = page.getByRole('dialog', { name: 'Sign in to the team hub' });
    await following.getByText('sign in there and allow this hub').waitFor();
    await shootAll(browser, page, 'remotes-signing-in');

    await teamPage.getByLabel('Sign-in link or token').fill(`${teamUrl}${teamHub.hub.localLoginPath}`);
    await teamPage.getByRole('button', { name: 'Sign in' }).click();
    await teamPage.getByRole('heading', { name: /wants to connect to Notebook Hub$/ }).waitFor();
    await teamPage.getByRole('button', { name: 'Allow', exact: true }).click();
    await teamPage.waitForURL(`${local.url}/api/v1/remotes/team/callback?*`);
    await teamPage.getByRole('heading', { name: 'Signed in' }).waitFor();
    await teamPage.close();

    await following.getByText('Signed in', { exact: true }).waitFor({ timeout: 15_000 });
    await shootAll(browser, page, 'remotes-signed-in');
    const remotes = (await local.call('/api/v1/remotes', { token: await local.tokenFor('ada@example.com') })).json.data;
    expect(remotes).toEqual([
      expect.objectContaining({ name: 'team', state: 'connected', sign_in: 'oauth', hub: expect.objectContaining({ name: 'Fake team hub' }) }),
    ]);
  });

  it('logged no page error and no CSP violation', () => {
    expect(browser.console.filter((line) => /Content Security Policy|Refused to|pageerror/i.test(line))).toEqual([]);
  });
});

async function shootAll(browser: Chromium, page: Page, name: string): Promise<void> {
  await shootAllIn(browser, page, name);
  await expectAccessible(page, name);
}
