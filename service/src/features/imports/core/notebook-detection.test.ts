import { describe, expect, it } from 'vitest';
import { blankNotebook, MAX_NOTEBOOK_BYTES } from '../../../core/notebooks/marimo-source.js';
import { detectNotebooks, neighbourFiles, neighbourFolders } from './notebook-detection.js';

const text = (path: string, body: string) => ({ path, body: Buffer.from(body, 'utf8') });
const NOTEBOOK = blankNotebook('0.13.0');
const titled = (title: string) => NOTEBOOK.replace('app = marimo.App()', `app = marimo.App(width="full", app_title="${title}")`);

describe('detectNotebooks', () => {
  it('finds marimo notebooks by their markers, not by their extension alone', () => {
    const found = detectNotebooks([
      text('a.py', NOTEBOOK),
      text('helpers.py', 'import marimo\n\ndef helper():\n    return 1\n'),
      text('script.py', 'print("app = marimo.App()")\n'),
      text('notes.md', NOTEBOOK),
      text('sub/b.py', NOTEBOOK.replaceAll('\n', '\r\n')),
    ]);
    expect(found.map((notebook) => [notebook.path, notebook.folder, notebook.entry_file, notebook.state])).toEqual([
      ['a.py', '', 'a.py', 'ready'],
      ['sub/b.py', 'sub', 'b.py', 'ready'],
    ]);
  });

  it('takes the title from app_title, else the file name', () => {
    const [declared, plain] = detectNotebooks([text('a.py', titled('Sales – Q3')), text('monthly_report.py', NOTEBOOK)]);
    expect(declared!.title).toBe('Sales – Q3');
    expect(plain!.title).toBe('monthly_report');
  });

  it('counts the files that come with each notebook: its folder and below, without any notebook', () => {
    const files = [text('top.py', NOTEBOOK), text('data.csv', '12345'), text('sub/inner.py', NOTEBOOK), text('sub/model.csv', '123'), text('other/x.txt', 'x')];
    const [inner, top] = detectNotebooks(files);
    expect(top).toMatchObject({ path: 'top.py', file_count: 3, bytes: 9 });
    expect(inner).toMatchObject({ path: 'sub/inner.py', file_count: 1, bytes: 3 });
    const sized = files.map((file) => ({ path: file.path, size: file.body.length }));
    const notebooks = new Set(['top.py', 'sub/inner.py']);
    expect(neighbourFiles('sub', sized, notebooks).map((file) => file.workspacePath)).toEqual(['model.csv']);
    expect(neighbourFiles('', sized, notebooks).map((file) => file.workspacePath)).toEqual(['data.csv', 'sub/model.csv', 'other/x.txt']);
    expect(neighbourFolders('sub', ['sub', 'sub/empty', 'subway', 'other'])).toEqual(['empty']);
  });

  it('reports notebooks it cannot import, with the reason', () => {
    const found = detectNotebooks([
      { path: 'latin.py', body: Buffer.from(NOTEBOOK.replace('import marimo as mo', 'import marimo as mo  # café'), 'latin1') },
      text('nul.py', `${NOTEBOOK}\u0000`),
      text('huge.py', NOTEBOOK + '#'.repeat(MAX_NOTEBOOK_BYTES)),
    ]);
    expect(found.map((notebook) => [notebook.path, notebook.state, notebook.reason])).toEqual([
      ['huge.py', 'invalid', 'too_large'],
      ['latin.py', 'invalid', 'not_utf8'],
      ['nul.py', 'invalid', 'contains_nul'],
    ]);
  });

  it('gives a notebook whose name a notebook may not have the entry file notebook.py, unless that is taken', () => {
    const [renamed] = detectNotebooks([text('analyse (v2)?.py', NOTEBOOK)]);
    expect(renamed).toMatchObject({ entry_file: 'notebook.py', state: 'ready', title: 'analyse (v2)?' });
    const [blocked] = detectNotebooks([text('x/análisis.py', NOTEBOOK), text('x/notebook.py', 'print(1)\n')]);
    expect(blocked).toMatchObject({ state: 'invalid', reason: 'unsupported_name' });
    // A folder of that name takes it too: the entry file could not sit beside it.
    const [underFolder] = detectNotebooks([text('x/análisis.py', NOTEBOOK), text('x/notebook.py/data.csv', '1')]);
    expect(underFolder).toMatchObject({ state: 'invalid', reason: 'unsupported_name' });
    const [emptyFolder] = detectNotebooks([text('x/análisis.py', NOTEBOOK)], ['x', 'x/notebook.py']);
    expect(emptyFolder).toMatchObject({ state: 'invalid', reason: 'unsupported_name' });
    expect(detectNotebooks([text('x/análisis.py', NOTEBOOK)], ['x', 'x/other'])[0]).toMatchObject({ state: 'ready' });
  });
});
