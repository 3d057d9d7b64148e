import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { makeTempDir } from './temp-dir.js';

export const FIXTURE_SCRIPT = '/assets/app-3f9a1c.js';
export const FIXTURE_STYLE = '/assets/app-77b0e2.css';
/** A script the page does not load, large enough to be sent compressed. */
export const FIXTURE_LIBRARY = '/assets/library-5c2e1d.js';

/**
 * A small built UI, as the renderer's build lays it out: `index.html` loading a hashed script and
 * stylesheet from `assets/`. The script writes the path it was loaded at into the page and marks it
 * ready as the app does. It has no prerender module: the hub sends its `index.html` as it is.
 */
export async function makeUiFixture(): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const temp = await makeTempDir('ui');
  await mkdir(path.join(temp.dir, 'assets'));
  await writeFile(
    path.join(temp.dir, 'index.html'),
    `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Fixture UI</title>
<link rel="stylesheet" href="${FIXTURE_STYLE}">
<script type="module" src="${FIXTURE_SCRIPT}"></script></head>
<body><div id="root">loading</div></body>
</html>
`,
  );
  await writeFile(
    path.join(temp.dir, FIXTURE_SCRIPT),
    `const root = document.getElementById('root');
root.textContent = 'app running at ' + location.pathname;
root.dataset.ready = 'yes';
document.documentElement.setAttribute('data-app-ready', '');
`,
  );
  await writeFile(
    path.join(temp.dir, FIXTURE_LIBRARY),
    Array.from({ length: 200 }, (_, index) => `export const constant${index} = 'value number ${index}';`).join('\n'),
  );
  await writeFile(path.join(temp.dir, FIXTURE_STYLE), 'body { font-family: sans-serif; background: #fafafa; }\n');
  return temp;
}
