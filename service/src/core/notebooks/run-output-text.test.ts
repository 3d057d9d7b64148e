import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runOutputText } from './run-output-text.js';

/** Pages exported by marimo 0.25.2 (`marimo export html`), cut down to the mount config that holds the outputs. */
const fixture = (name: string) => readFileSync(path.resolve(import.meta.dirname, '../../../../test/fixtures/marimo-export', name), 'utf8');

describe('a run output as text', () => {
  it('gives markdown as its text, data as JSON, printed lines and a table as its rows', () => {
    expect(runOutputText(fixture('outputs.html'))).toBe(
      [
        '## Cell 1 (Hbol)',
        'Report',
        '',
        'The answer is 42',
        '',
        '## Cell 2 (MJUe)',
        '[42, 43]',
        '[stdout] printed to stdout 42',
        '',
        '## Cell 3 (vblA)',
        '{"a":1,"b":"x"}',
        '{"a":2,"b":"y"}',
      ].join('\n'),
    );
  });

  it('gives an error and its traceback as text', () => {
    const text = runOutputText(fixture('failing.html'))!;
    expect(text).toContain('Error: exception: the data source is empty');
    expect(text).toContain('[stderr] Traceback (most recent call last):');
    expect(text).toContain('ValueError: the data source is empty');
    expect(text).not.toMatch(/<span|&lt;/);
    expect(text).toContain('[stderr] warning line');
  });

  it('cuts long text, and answers null for a page without outputs', () => {
    expect(runOutputText(fixture('outputs.html'), 20)).toBe('## Cell 1 (Hbol)\nRep\n… (cut at 20 characters)');
    expect(runOutputText('<html><body>nothing</body></html>')).toBeNull();
    expect(runOutputText('{"session": {"cells": [')).toBeNull();
  });
});
