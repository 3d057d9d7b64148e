import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Chromium } from './browser.js';
import { closeSessionHub } from './session-world.js';
import type { TestHub } from './test-hub.js';

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
