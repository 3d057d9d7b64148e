import { describe, expect, it } from 'vitest';
import { conflictsLeft, linesOf, MARKERS, mergedText, threeWay } from './three-way';

const text = (...lines: string[]) => `${lines.join('\n')}\n`;
const kinds = (base: string | null, mine: string, theirs: string) => threeWay(base, mine, theirs).chunks.map((chunk) => chunk.kind);

describe('threeWay', () => {
  const base = text('import marimo', 'a = 1', 'b = 2', 'c = 3', 'd = 4', 'e = 5');

  it('takes each side’s change where only one side changed', () => {
    const mine = text('import marimo', 'a = 10', 'b = 2', 'c = 3', 'd = 4', 'e = 5');
    const theirs = text('import marimo', 'a = 1', 'b = 2', 'c = 3', 'd = 4', 'e = 50');
    const compared = threeWay(base, mine, theirs);
    expect(compared.chunks.map((chunk) => chunk.kind)).toEqual(['same', 'mine', 'same', 'theirs']);
    expect(compared.conflicts).toBe(0);
    expect(mergedText(compared)).toBe(text('import marimo', 'a = 10', 'b = 2', 'c = 3', 'd = 4', 'e = 50'));
  });

  it('marks lines both sides changed differently, and keeps the rest', () => {
    const mine = text('import marimo', 'a = 1', 'b = 20', 'c = 3', 'd = 4', 'e = 5');
    const theirs = text('import marimo', 'a = 1', 'b = 200', 'c = 3', 'd = 4', 'e = 5', 'f = 6');
    const compared = threeWay(base, mine, theirs);
    expect(compared.chunks.map((chunk) => chunk.kind)).toEqual(['same', 'conflict', 'same', 'theirs']);
    expect(compared.conflicts).toBe(1);
    expect(compared.chunks[1]).toEqual({ kind: 'conflict', base: ['b = 2'], mine: ['b = 20'], theirs: ['b = 200'] });
    const merged = mergedText(compared);
    expect(merged).toBe(text('import marimo', 'a = 1', MARKERS.mine, 'b = 20', MARKERS.middle, 'b = 200', MARKERS.theirs, 'c = 3', 'd = 4', 'e = 5', 'f = 6'));
    expect(conflictsLeft(merged)).toBe(1);
  });

  it('takes a change made the same on both sides once', () => {
    const both = text('import marimo', 'a = 1', 'b = 2', 'c = 30', 'd = 4', 'e = 5');
    expect(kinds(base, both, both)).toEqual(['same', 'both-same', 'same']);
    expect(mergedText(threeWay(base, both, both))).toBe(both);
  });

  it('treats changes that touch as one conflict, as a merge tool does', () => {
    const mine = text('import marimo', 'a = 1', 'B = 2', 'c = 3', 'd = 4', 'e = 5');
    const theirs = text('import marimo', 'a = 1', 'b = 2', 'C = 3', 'd = 4', 'e = 5');
    const compared = threeWay(base, mine, theirs);
    expect(compared.chunks.map((chunk) => chunk.kind)).toEqual(['same', 'conflict', 'same']);
    expect(compared.chunks[1]).toMatchObject({ base: ['b = 2', 'c = 3'], mine: ['B = 2', 'c = 3'], theirs: ['b = 2', 'C = 3'] });
  });

  it('sees insertions at the same place as a conflict', () => {
    const mine = text('import marimo', 'a = 1', 'mine = True', 'b = 2', 'c = 3', 'd = 4', 'e = 5');
    const theirs = text('import marimo', 'a = 1', 'theirs = True', 'b = 2', 'c = 3', 'd = 4', 'e = 5');
    const compared = threeWay(base, mine, theirs);
    expect(compared.chunks[1]).toEqual({ kind: 'conflict', base: [], mine: ['mine = True'], theirs: ['theirs = True'] });
  });

  it('keeps a deletion of one side against no change of the other', () => {
    const mine = text('import marimo', 'a = 1', 'b = 2', 'c = 3', 'd = 4', 'e = 5');
    const theirs = text('import marimo', 'a = 1', 'e = 5');
    expect(mergedText(threeWay(base, mine, theirs))).toBe(theirs);
  });

  it('without a base, marks every difference of mine and theirs', () => {
    const compared = threeWay(null, text('x = 1', 'y = 2'), text('x = 1', 'y = 3'));
    expect(compared.chunks.map((chunk) => chunk.kind)).toEqual(['same', 'conflict']);
    expect(compared.chunks[1]).toMatchObject({ mine: ['y = 2'], theirs: ['y = 3'] });
  });

  it('handles empty code and code without a final line break', () => {
    expect(threeWay('', '', '').chunks).toEqual([]);
    expect(mergedText(threeWay('', '', ''))).toBe('');
    expect(mergedText(threeWay('a', 'a', 'b'))).toBe('b');
    expect(linesOf('a\nb')).toEqual(['a', 'b']);
    expect(linesOf('a\nb\n')).toEqual(['a', 'b']);
    expect(linesOf('a\n\n')).toEqual(['a', '']);
  });
});
