/**
 * Web UI benchmark. Prints:
 *  - the gzip size of the JavaScript and CSS the first page (the project list) loads, split into
 *    scripts and stylesheets (goal: at most 250 KB together);
 *  - the time from navigation to the project list being visible, next to a static page of the
 *    same size class served by the same hub in the same run, and their ratio (goal: at most 1.5);
 *  - for the app, also the time until it answers input (the hub draws the home page, the app then
 *    takes it over: docs/ui.md, "Loading").
 *
 * "Visible" is when the browser painted the project names, as it reports them through Element
 * Timing (`elementtiming="project-name"` on each name, in the app and in the baseline alike),
 * counted from the navigation's start: a measure taken by the page's own renderer, which neither
 * the test driver's polling nor the hub's work on the other side of the socket can delay.
 *
 * The static baseline is an HTML page with one stylesheet and one script whose gzip sizes match
 * what the first page loaded; the script fetches the same project list from the API and writes the
 * names into a plain list. Both pages are loaded in fresh browser contexts (empty caches), in
 * alternating rounds, so background load falls on both sides. Needs `npm run build` (renderer/dist)
 * and Debian's Chromium. BENCH_QUICK=1 shortens it.
 */
import './support/machine-load.js';
import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext } from 'playwright-core';
import { CHROMIUM_ARGS } from '../support/browser.js';
import { startTestHub } from '../support/test-hub.js';

const GOALS = { firstPageKb: 250, ratio: 1.5 };
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const quick = process.env.BENCH_QUICK === '1';
const ROUNDS = quick ? 2 : 16;
const PROJECTS = 12;
const BUILT_UI = path.resolve(import.meta.dirname, '../../renderer/dist');

const uiDir = await mkdtemp(path.join(os.tmpdir(), 'notebook-hub-ui-bench-'));
await cp(BUILT_UI, uiDir, { recursive: true });
const t = await startTestHub({ hub: () => ({ uiDir }) });
const { chromium } = await import('playwright-core');
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
try {
  console.log(`# UI benchmark (${os.cpus().length} cores, ${ROUNDS} loads per side, fresh browser context each, alternating)`);
  // The local login link signs in the hub's first admin; the projects are theirs.
  const cookie = await t.localLogin();
  for (let index = 1; index <= PROJECTS; index++) {
    const created = await t.call('/api/v1/projects', { method: 'POST', cookie, headers: { origin: t.url }, body: { name: `Benchmark project ${index}` } });
    if (created.status !== 201) throw new Error(`creating a project answered ${created.status}: ${created.text}`);
  }
  const lastProject = `Benchmark project ${PROJECTS}`;

  // The first page's assets, as the browser fetched them.
  const assets = await firstPageAssets(browser, cookie, lastProject);
  const jsKb = kb(assets.js);
  const cssKb = kb(assets.css);
  const totalKb = jsKb + cssKb;
  console.log(
    `first page assets (gzip): scripts ${jsKb.toFixed(1)} KB in ${assets.jsFiles} files, stylesheets ${cssKb.toFixed(1)} KB in ${assets.cssFiles} files`,
  );
  console.log(`first page assets total: ${totalKb.toFixed(1)} KB (goal <= ${GOALS.firstPageKb} KB: ${totalKb <= GOALS.firstPageKb ? 'met' : 'NOT met'})`);
  console.log(`largest first page files (gzip KB): ${assets.largest.map(({ name, bytes }) => `${name} ${kb(bytes).toFixed(1)}`).join(', ')}`);

  await writeBaseline(uiDir, assets.js, assets.css);
  const app: number[] = [];
  const appReady: number[] = [];
  const baseline: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const appLoad = await timeToVisible(browser, cookie, `${t.url}/`, lastProject, 'html[data-app-ready]');
    app.push(appLoad.visibleMs);
    appReady.push(appLoad.readyMs!);
    baseline.push((await timeToVisible(browser, cookie, `${t.url}/assets/bench-baseline.html`, lastProject)).visibleMs);
  }
  const appMs = median(app);
  const baselineMs = median(baseline);
  const ratio = appMs / baselineMs;
  console.log(`project list visible, app:             ${appMs.toFixed(0)} ms (median)`);
  console.log(`project list visible, static baseline: ${baselineMs.toFixed(0)} ms (median)`);
  console.log(`app answering input:                   ${median(appReady).toFixed(0)} ms (median)`);
  console.log(`app / static ratio: ${ratio.toFixed(2)} (goal <= ${GOALS.ratio.toFixed(2)}: ${ratio <= GOALS.ratio ? 'met' : 'NOT met'})`);
} finally {
  await browser.close();
  await t.close();
  await rm(uiDir, { recursive: true, force: true });
}

async function newSignedInContext(browser: Browser, cookie: string): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  // A benchmark waits as long as a loaded machine needs (beside other benchmarks, the app has taken
  // over 30 s to answer input): its figures say how long, and the load lines say why.
  context.setDefaultTimeout(180_000);
  await context.addCookies([{ name: 'svc_session', value: cookie, url: t.url }]);
  return context;
}

async function firstPageAssets(browser: Browser, cookie: string, visibleText: string) {
  const context = await newSignedInContext(browser, cookie);
  const page = await context.newPage();
  const bodies: { type: 'js' | 'css'; name: string; body: Promise<Buffer> }[] = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    const name = new URL(response.url()).pathname.split('/').pop()!;
    if (type === 'script') bodies.push({ type: 'js', name, body: response.body() });
    else if (type === 'stylesheet') bodies.push({ type: 'css', name, body: response.body() });
  });
  await page.goto(`${t.url}/`);
  await page.getByText(visibleText).first().waitFor();
  // The list shows before the app's code has loaded: the first page is everything loaded until the app answers input.
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
  await page.waitForLoadState('networkidle');
  const loaded = await Promise.all(bodies.map(async ({ type, name, body }) => ({ type, name, body: await body })));
  await context.close();
  const js = loaded.filter((entry) => entry.type === 'js').map((entry) => entry.body);
  const css = loaded.filter((entry) => entry.type === 'css').map((entry) => entry.body);
  // Where the bytes are, for whoever has to cut them.
  const largest = loaded
    .map(({ name, body }) => ({ name, bytes: sumGzip([body]) }))
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, 12);
  return { js: sumGzip(js), css: sumGzip(css), jsFiles: js.length, cssFiles: css.length, largest };
}

/** A static page whose script and stylesheet have the gzip sizes the app's first page loaded. */
async function writeBaseline(dir: string, jsGzipBytes: number, cssGzipBytes: number): Promise<void> {
  const render = [
    "const response = await fetch('/api/v1/projects', { credentials: 'same-origin' });",
    'const { data } = await response.json();',
    "const list = document.createElement('ul');",
    "for (const project of data.items) { const item = document.createElement('li'); item.setAttribute('elementtiming', 'project-name'); item.textContent = project.name; list.append(item); }",
    'document.body.append(list);',
  ].join('\n');
  await writeFile(path.join(dir, 'assets', 'bench-baseline.js'), `${render}\n${padding('//', jsGzipBytes - gzipSync(render).length)}`);
  await writeFile(path.join(dir, 'assets', 'bench-baseline.css'), `body { font-family: system-ui; }\n${padding('/*', cssGzipBytes)}`);
  await writeFile(
    path.join(dir, 'assets', 'bench-baseline.html'),
    '<!doctype html><html><head><meta charset="utf-8"><title>Baseline</title><link rel="stylesheet" href="/assets/bench-baseline.css">' +
      '<script type="module" src="/assets/bench-baseline.js"></script></head><body></body></html>',
  );
  // The hub rescans its UI folder when index.html changes: the new files become servable.
  const now = new Date();
  await utimes(path.join(dir, 'index.html'), now, now);
}

/** Comment lines of random text that gzip to about `gzipBytes` (random base64 does not compress below 3/4). */
function padding(comment: '//' | '/*', gzipBytes: number): string {
  if (gzipBytes <= 0) return '';
  let text = randomBytes(Math.ceil(gzipBytes * 0.75)).toString('base64');
  while (gzipSync(text).length < gzipBytes) text += randomBytes(256).toString('base64');
  const lines = text.match(/.{1,120}/g) ?? [];
  return comment === '//' ? lines.map((line) => `// ${line}`).join('\n') : `/*\n${lines.join('\n')}\n*/`;
}

/** When the project names were first painted (and, given `readySelector`, when the page matched it), from the navigation's start. */
async function timeToVisible(browser: Browser, cookie: string, url: string, visibleText: string, readySelector?: string) {
  const context = await newSignedInContext(browser, cookie);
  const page = await context.newPage();
  await page.goto(url);
  await page.getByText(visibleText).first().waitFor();
  let readyMs: number | undefined;
  if (readySelector) {
    await page.locator(readySelector).waitFor({ state: 'attached' });
    readyMs = await page.evaluate(() => performance.getEntriesByName('app-ready')[0]?.startTime ?? Number.NaN);
  }
  // Runs in the page (its DOM's types are not this file's): Element Timing entries carry `identifier` and `renderTime`.
  const visibleMs = await page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        type ElementPaint = { identifier: string; renderTime: number };
        new PerformanceObserver((list) => {
          const painted = (list.getEntries() as unknown as ElementPaint[]).filter((entry) => entry.identifier === 'project-name');
          if (painted.length > 0) resolve(Math.min(...painted.map((entry) => entry.renderTime)));
        }).observe({ type: 'element' as never, buffered: true });
        setTimeout(() => reject(new Error('the browser reported no paint of a project name')), 5000);
      }),
  );
  await context.close();
  return { visibleMs, readyMs };
}

function sumGzip(bodies: Buffer[]): number {
  return bodies.reduce((sum, body) => sum + gzipSync(body).length, 0);
}

function kb(bytes: number): number {
  return bytes / 1000;
}

function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
}
