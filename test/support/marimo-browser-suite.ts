import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FrameLocator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Chromium } from './browser.js';
import { closeSessionHub } from './session-world.js';
import { startTestHub, type TestHub } from './test-hub.js';

/** The web UI as the test set-up builds it with the service. */
export const BUILT_UI_DIR = path.resolve(import.meta.dirname, '../../renderer/dist');
/** The frame the hub's session page shows marimo in. */
export const MARIMO_FRAME = 'iframe[title$="in marimo"]';

export const marimoIn = (page: Page): FrameLocator => page.frameLocator(MARIMO_FRAME);

/**
 * A test hub serving the built web UI, whose sessions run real marimo from the sandbox runtime in
 * `runtimeDir`, with no maintenance or thumbnails at work beside the suite; `env` adds settings.
 * The set-up builds the UI: a missing build is a failure, not a skip.
 */
export async function startMarimoUiHub(runtimeDir: string, env: Record<string, string> = {}): Promise<TestHub> {
  expect(existsSync(path.join(BUILT_UI_DIR, 'index.html')), `no built web UI in ${BUILT_UI_DIR}`).toBe(true);
  return startTestHub({
    env: { SERVICE_SANDBOX_RUNTIME_DIR: runtimeDir, SERVICE_RUN_MAINTENANCE: 'false', SERVICE_AUTOMATIC_THUMBNAILS: 'false', ...env },
    hub: () => ({ uiDir: BUILT_UI_DIR }),
  });
}

/** Types `code` over marimo's first cell on `page`, runs it, and waits for `output` to show. */
export async function runFirstCell(page: Page, code: string, output: string): Promise<void> {
  await marimoIn(page).locator('.cm-content').first().click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(code);
  await page.keyboard.press('ControlOrMeta+Enter');
  await marimoIn(page).getByText(output, { exact: true }).first().waitFor({ timeout: 60_000 });
}

/**
 * marimo takes a notebook under /tmp for a scratch file and will not save it from its editor: a
 * hub started after this (and so its sandboxes) keeps its data elsewhere, as a real deployment
 * does. Points TMPDIR at a fresh folder under /var/tmp (or the home folder); returns what puts
 * TMPDIR back and removes the folder.
 */
export async function moveTmpdirOffTmp(label: string): Promise<() => Promise<void>> {
  const systemTmp = process.env.TMPDIR;
  const scratch = await mkdtemp(path.join(existsSync('/var/tmp') ? '/var/tmp' : os.homedir(), `notebook-hub-${label}-`));
  process.env.TMPDIR = scratch;
  return async () => {
    if (systemTmp === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = systemTmp;
    await rm(scratch, { recursive: true, force: true });
  };
}

export interface BrowserSuiteParts {
  browsers: readonly (Chromium | undefined)[];
  /** What stands in front of the hub (a reverse proxy), stopped after the browsers and before the hub. */
  proxy?: { stop(): Promise<void> };
  hub?: TestHub;
  /** What `moveTmpdirOffTmp` returned. */
  restoreTmpdir?: () => Promise<void>;
}

/**
 * The `afterAll` of a browser suite against a hub with real marimo: closes the browsers, then the
 * proxy, then the hub with its sessions, and puts TMPDIR back. A part left undefined (its
 * `beforeAll` failed before it) is passed over.
 */
export async function closeBrowserSuite(parts: BrowserSuiteParts): Promise<void> {
  try {
    for (const browser of parts.browsers) await browser?.close().catch(() => {});
    await parts.proxy?.stop();
    if (parts.hub) await closeSessionHub(parts.hub);
  } finally {
    await parts.restoreTmpdir?.();
  }
}
