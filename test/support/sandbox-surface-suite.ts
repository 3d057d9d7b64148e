import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchChromium } from './browser.js';
import {
  expectNoHubCredential,
  expectOpenCodeAnswers,
  expectPortsRefuseStrangers,
  expectWorkbenchConnects,
  openAndEnter,
  readThroughVsCode,
  surfaceProcessesIn,
  surfacesPath,
  writeThroughOpenCode,
  type EnteredSurface,
} from './sandbox-surfaces.js';
import { eventually, type SessionWorld } from './session-world.js';
import { prerequisite } from '../setup/prerequisites.js';

const chromium = prerequisite('chromium');

/** A new entry link into a running surface (each is good for one entry). */
async function freshUrl(w: SessionWorld, sid: string, surface: 'vscode' | 'opencode', path?: string): Promise<string> {
  const opened = await w.api(`${surfacesPath(w, sid)}/${surface}`, 'editor', { method: 'POST', body: path ? { path } : {} });
  expect(opened.json.data, opened.text).toMatchObject({ state: 'running' });
  return opened.json.data.url as string;
}

/**
 * Opens a workspace file in VS Code in `page` (the link's `path`), appends to its text as a person
 * would and saves it, then finds the edit in the notebook's workspace after a save of the session.
 */
export async function expectVsCodeEdit(w: SessionWorld, sid: string, page: Page, file: string, before: string): Promise<void> {
  await page.goto(await freshUrl(w, sid, 'vscode', file));
  await page.locator('.monaco-workbench').waitFor({ timeout: 120_000 });
  const text = page.locator('.monaco-editor .view-lines').filter({ hasText: before });
  await text.waitFor({ timeout: 60_000 });
  await text.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(', then edited in VS Code');
  await page.keyboard.press('Control+S');
  const read = async () => {
    const saved = await w.api(`/api/v1/projects/${w.pid}/sessions/${sid}/save`, 'editor', { method: 'POST', body: {} });
    expect(saved.status, saved.text).toBe(200);
    return (await w.api(`/api/v1/projects/${w.pid}/notebooks/${w.nid}/workspace/files?path=${encodeURIComponent(file)}`, 'editor')).text;
  };
  await expect.poll(read, { timeout: 30_000 }).toBe(`${before}, then edited in VS Code`);
}

/** What one sandbox driver brings to the surfaces suite. */
export interface SandboxSurfaceSuite<W extends SessionWorld> {
  /** `docker`, `kubernetes`: in the suite's title. */
  driver: string;
  /** What a sandbox is on this driver: `container`, `pod`. */
  sandbox: string;
  /** Why the suite cannot run here, or null. */
  missing: string | null;
  start(env: Record<string, string>): Promise<W>;
  /** The driver's sandboxes left for the hub, or for one session. */
  sandboxesOf(w: W, sessionId?: string): Promise<unknown[]>;
  /** Whether the hub's sandboxes can still be listed once it has closed (its namespace may be gone with it). */
  listsAfterClose: boolean;
  /** What the driver does with the surfaces' ports, checked in a test of that title. */
  ports: { title: string; check(w: W, sessionId: string, sandboxId: string): Promise<void> };
}

/**
 * VS Code and OpenCode run from the sandbox image in a session's sandbox on a driver other than the
 * local one (docs/surfaces.md, "On the Docker and Kubernetes drivers"): the same tests, one suite per driver.
 */
export function describeSandboxSurfaces<W extends SessionWorld>(suite: SandboxSurfaceSuite<W>): void {
  const where = suite.sandbox;
  describe.skipIf(suite.missing !== null)(`VS Code and OpenCode in an edit session (${suite.driver} driver, real programs)`, () => {
    let w: W;
    let sid: string;
    let sandboxId: string;
    let vscode: EnteredSurface;
    let opencode: EnteredSurface;

    beforeAll(async () => {
      w = await suite.start({ SERVICE_SURFACES: JSON.stringify([{ id: 'vscode' }, { id: 'opencode' }]), SERVICE_AUTOMATIC_THUMBNAILS: 'false' });
      const started = await w.start('editor', { notebook_id: w.nid, mode: 'edit' });
      expect(started.json.data?.state, started.text).toBe('running');
      sid = started.json.data.id as string;
      sandboxId = (await w.t.hub.services.sessionStore.get(w.pid, sid))!.sandbox!.id;
    }, 240_000);
    afterAll(async () => {
      await w?.close();
      if (w && suite.listsAfterClose) expect(await suite.sandboxesOf(w)).toEqual([]);
    });

    it(suite.ports.title, () => suite.ports.check(w, sid, sandboxId));

    it('opens VS Code: its workbench loads through the proxy and its WebSocket opens', async () => {
      vscode = await openAndEnter(w, sid, 'vscode', { path: 'notebook.py' });
      expect(vscode.location).toMatch(/^\/\?folder=%2Fworkspace&payload=/);
      await expectWorkbenchConnects(vscode);
    }, 180_000);

    it("opens OpenCode: its page and session list load, and a file it writes is VS Code's too and reaches the notebook's workspace", async () => {
      opencode = await openAndEnter(w, sid, 'opencode');
      await expectOpenCodeAnswers(opencode);
      await writeThroughOpenCode(opencode, 'from-opencode.txt', `written in the ${where}`);
      // VS Code, beside it in the same sandbox, reads what OpenCode wrote.
      expect(await readThroughVsCode(vscode, '/workspace/from-opencode.txt')).toBe(`written in the ${where}`);
      const saved = await w.api(`/api/v1/projects/${w.pid}/sessions/${sid}/save`, 'editor', { method: 'POST', body: {} });
      expect(saved.status, saved.text).toBe(200);
      const file = await w.api(`/api/v1/projects/${w.pid}/notebooks/${w.nid}/workspace/files?path=from-opencode.txt`, 'editor');
      expect(file.status, file.text).toBe(200);
      expect(file.text).toBe(`written in the ${where}`);
    }, 180_000);

    it.skipIf(chromium === null)(
      "draws both in Chromium through the proxy: a file edited in VS Code reaches the notebook's workspace, OpenCode lists its sessions",
      async () => {
        const browser = await launchChromium(chromium!.executablePath);
        try {
          const page = await browser.newPage();
          await expectVsCodeEdit(w, sid, page, 'from-opencode.txt', `written in the ${where}`);
          // The workspace's files in the explorer come from the server, over the workbench's WebSocket.
          await page
            .getByRole('treeitem', { name: /notebook\.py/ })
            .first()
            .waitFor({ timeout: 60_000 });
          await browser.screenshot(page, `surfaces-${suite.driver}-vscode`);

          const tab = await browser.newPage();
          const sessionList = tab.waitForResponse(
            (response) => ['/api/session', '/session'].includes(new URL(response.url()).pathname) && response.status() === 200,
            {
              timeout: 60_000,
            },
          );
          await tab.goto(await freshUrl(w, sid, 'opencode'));
          await sessionList;
          await expect.poll(() => tab.title(), { timeout: 60_000 }).toMatch(/opencode/i);
          await browser.screenshot(tab, `surfaces-${suite.driver}-opencode`);
        } finally {
          await browser.close();
        }
      },
      240_000,
    );

    it(`keeps the hub's credentials out of the surface processes in the ${where}, and callers without the hub out of their ports`, async () => {
      const record = (await w.t.hub.services.sessionStore.get(w.pid, sid))!;
      const credentials = {
        'the session secret of marimo': record.secret,
        "the editor's token": w.tokens.editor,
        'the VS Code grant': vscode.grant.split('=')[1]!,
        'the OpenCode grant': opencode.grant.split('=')[1]!,
        'a ticket': vscode.ticket,
      };
      expectNoHubCredential(await surfaceProcessesIn(w, sandboxId, 'vscode'), credentials);
      expectNoHubCredential(await surfaceProcessesIn(w, sandboxId, 'opencode'), credentials);
      // Nor does anyone who reaches their ports without the hub get in.
      await expectPortsRefuseStrangers(w, sandboxId);
    }, 60_000);

    it(`stops a surface inside the ${where} on request, and the ${where} with the session`, async () => {
      const stopped = await w.api(`${surfacesPath(w, sid)}/vscode`, 'editor', { method: 'DELETE' });
      expect(stopped.json.data, stopped.text).toMatchObject({ state: 'stopped' });
      const left = await eventually(
        () => surfaceProcessesIn(w, sandboxId, 'vscode'),
        (processes) => processes.length === 0,
      );
      expect(left).toEqual([]);
      expect((await surfaceProcessesIn(w, sandboxId, 'opencode')).length).toBeGreaterThan(0);

      const ended = await w.api(`/api/v1/projects/${w.pid}/sessions/${sid}/stop`, 'editor', { method: 'POST', body: { save: false } });
      expect(ended.json.data?.state, ended.text).toBe('stopped');
      expect(await suite.sandboxesOf(w, sid)).toEqual([]);
      const after = await w.api(surfacesPath(w, sid), 'editor');
      expect(after.json.data.map((surface: { state: string }) => surface.state)).toEqual(['stopped', 'stopped']);
    }, 120_000);
  });
}
