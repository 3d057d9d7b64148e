import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { get } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestHub, type TestHub } from '../support/test-hub.js';
import { makeUiFixture } from '../support/ui-fixture.js';

/**
 * How the hub sends the page it draws (docs/ui.md, "Loading"), with a stand-in prerender module of
 * the shape the UI build's has: the head goes out before the page is drawn, the drawn body after
 * it, and a drawing that fails still ends the page, with an empty root for the app to draw into.
 * The stand-in waits, when asked to, for the test to let it finish, so the order is observable.
 */
const FAKE_PRERENDER = `
const ROOT = '<div id="root">';
export function firstPageShell(indexHtml) {
  const at = indexHtml.indexOf(ROOT) + ROOT.length;
  const rest = indexHtml.slice(indexHtml.indexOf('</div>', at));
  return {
    head: indexHtml.slice(0, at),
    inlineScripts: ['window.themeSet = true'],
    emptyBody: rest,
    async body(url, data) {
      if (globalThis.fakeFirstPageGate) await globalThis.fakeFirstPageGate;
      if (data.projects.items.some((project) => project.name === 'Breaks the drawing')) throw new Error('the drawing failed');
      return '<ul>' + data.projects.items.map((project) => '<li>' + project.name + '</li>').join('') + '</ul>' + rest;
    },
  };
}
`;

declare global {
  var fakeFirstPageGate: Promise<void> | undefined;
}

describe('the page the hub draws is sent in two parts', () => {
  let t: TestHub;
  let fixture: { dir: string; cleanup: () => Promise<void> };
  let index: string;
  let cookie: string;
  beforeAll(async () => {
    fixture = await makeUiFixture();
    await mkdir(path.join(fixture.dir, 'server'));
    await writeFile(path.join(fixture.dir, 'server', 'first-page.js'), FAKE_PRERENDER);
    index = await readFile(path.join(fixture.dir, 'index.html'), 'utf8');
    t = await startTestHub({ hub: () => ({ uiDir: fixture.dir }), captureLogs: true });
    cookie = await t.localLogin();
    const created = await t.call('/api/v1/projects', { method: 'POST', cookie, headers: { origin: t.url }, body: { name: 'Quarterly forecasting' } });
    expect(created.status).toBe(201);
  });
  afterAll(async () => {
    globalThis.fakeFirstPageGate = undefined;
    await t?.close();
    await fixture?.cleanup();
  });

  /** The page's chunks as they arrive, and its headers. */
  const home = (onChunk: (text: string) => void = () => {}) =>
    new Promise<{ headers: Record<string, string | string[] | undefined>; text: string }>((resolve, reject) => {
      get(`${t.url}/`, { headers: { accept: 'text/html', cookie: `svc_session=${cookie}` } }, (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => ((text += chunk), onChunk(chunk)));
        response.on('end', () => resolve({ headers: response.headers, text }));
      }).on('error', reject);
    });

  it('sends the head before the page is drawn, then the drawn body', async () => {
    let release!: () => void;
    globalThis.fakeFirstPageGate = new Promise((resolve) => (release = resolve));
    const rootAt = index.indexOf('<div id="root">') + '<div id="root">'.length;
    let firstChunk: string | undefined;
    const page = home((chunk) => {
      if (firstChunk !== undefined) return;
      firstChunk = chunk;
      // The drawing is held until the head has reached the browser.
      release();
    });
    const { headers, text } = await page;
    globalThis.fakeFirstPageGate = undefined;
    expect(firstChunk).toBe(index.slice(0, rootAt));
    expect(text).toBe(`${index.slice(0, rootAt)}<ul><li>Quarterly forecasting</li></ul>${index.slice(index.indexOf('</div>', rootAt))}`);
    expect(headers['content-security-policy']).toContain(`'sha256-`);
    expect(headers['cache-control']).toBe('private, no-cache');
  });

  it('ends the page with an empty root when the drawing fails, and logs it', async () => {
    const created = await t.call('/api/v1/projects', { method: 'POST', cookie, headers: { origin: t.url }, body: { name: 'Breaks the drawing' } });
    expect(created.status).toBe(201);
    const { text } = await home();
    expect(text).toBe(index.replace('<div id="root">loading</div>', '<div id="root"></div>'));
    expect(t.logs.some((line) => line.event === 'ui_first_page_failed')).toBe(true);
  });
});
