import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSandboxDriver } from '../../service/src/compose/adapters.js';
import { launchChromium, type Chromium } from '../support/browser.js';
import { FakeSlowStartDriver } from '../support/fake-sandbox-drivers.js';
import { kubernetesDriverEnv, testNamespace } from '../support/kubernetes-cluster.js';
import { BUILT_UI_DIR, closeBrowserSuite, MARIMO_FRAME } from '../support/marimo-browser-suite.js';
import { startTestHub, type TestHub } from '../support/test-hub.js';
import { expectAccessible, shootAll } from '../support/ui-pages.js';
import { prerequisite } from '../setup/prerequisites.js';

const chromium = prerequisite('chromium');
const cluster = prerequisite('kubernetes');

if (chromium === null || cluster === null)
  console.warn(`SKIPPED the start-up progress of a session in a pod: ${chromium === null ? 'no Chromium' : 'no Kubernetes test cluster'} on this machine`);

const SESSION_READ = /\/api\/v1\/projects\/[^/]+\/sessions\/ses-[0-9a-z]{16}$/;

/**
 * The editor's start-up screen on the Kubernetes driver (docs/sessions.md, `phase_detail`): the
 * step within the phase that the driver reports from the pod's events ("scheduled on node …",
 * "image present on the node", ...) shows under the phase.
 */
describe.skipIf(chromium === null || cluster === null)("a session's start-up progress in a pod", () => {
  let t: TestHub;
  let browser: Chromium;
  let page: Page;
  let removeNamespace: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    const { namespace, remove } = await testNamespace(cluster!, 'ui-progress');
    removeNamespace = remove;
    t = await startTestHub({
      env: { ...kubernetesDriverEnv(cluster!, namespace), SERVICE_RUN_MAINTENANCE: 'false', SERVICE_AUTOMATIC_THUMBNAILS: 'false' },
      // A pod comes up here in well under the page's poll interval: the driver's last step is kept on screen a while.
      hub: async (settings) => ({
        uiDir: BUILT_UI_DIR,
        sandboxes: new FakeSlowStartDriver(await openSandboxDriver(settings, `hub-ui-progress-${randomBytes(4).toString('hex')}`), 4_000),
      }),
    });
    browser = await launchChromium(chromium!.executablePath);
    page = await browser.newPage();
    await browser.signIn(page, t.url, t.hub.localLoginPath!);
  }, 120_000);
  afterAll(async () => {
    await closeBrowserSuite({ browsers: [browser], hub: t });
    await removeNamespace?.().catch(() => {});
  });

  it("shows the pod's step under the phase while the session starts", async () => {
    const token = await t.tokenFor('admin@localhost');
    const project = await t.call('/api/v1/projects', { method: 'POST', token, body: { name: 'Cluster notebooks' } });
    const pid = project.json.data.id as string;
    const notebook = await t.call(`/api/v1/projects/${pid}/notebooks`, { method: 'POST', token, body: { title: 'Fleet utilisation' } });
    const nid = notebook.json.data.meta.id as string;

    // The page's reads of the session are answered with the hub's own answer from the moment the
    // driver reported a step; later reads wait until the screen is photographed.
    let detail: string | null = null;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(SESSION_READ, async (route) => {
      if (detail !== null) {
        await held;
        return route.continue();
      }
      for (;;) {
        const response = await route.fetch();
        const session = ((await response.json()) as { data: { state: string; phase_detail: string | null } }).data;
        if (session.phase_detail || session.state !== 'provisioning') {
          detail = session.phase_detail;
          return route.fulfill({ response });
        }
        await sleep(20);
      }
    });
    await page.goto(`${t.url}/projects/${pid}/notebooks/${nid}/edit`);
    await page.getByRole('heading', { name: 'Starting the editor' }).waitFor({ timeout: 60_000 });
    await expect.poll(() => detail, { timeout: 60_000 }).not.toBeNull();
    // Shown as a sentence: "container started" reads "Container started".
    await expect.poll(() => page.getByTestId('startup-step').textContent()).toBe(`${detail!.charAt(0).toUpperCase()}${detail!.slice(1)}`);
    console.log(`[kubernetes-ui] start-up step shown: ${detail}`);
    await shootAll(browser, page, 'session-starting-kubernetes');
    await expectAccessible(page, 'the start-up');
    release();
    await page.unrouteAll({ behavior: 'wait' });
    await page.locator(MARIMO_FRAME).waitFor({ timeout: 120_000 });
  }, 240_000);
});
