import { diffArrays } from 'diff';

/**
 * A three-way comparison of a notebook's code (docs/ui/sync.md, "Conflicts"): what both sides last
 * had (base), this hub's code (mine) and the team hub's (theirs), cut into consecutive chunks.
 * Each side's changes are found with jsdiff against the base; changes of both sides that overlap,
 * or touch, make one chunk, as a three-way merge tool does.
 */
export type ChunkKind =
  /** The same lines on every side. */
  | 'same'
  /** Changed here only: the merge takes mine. */
  | 'mine'
  /** Changed on the team hub only: the merge takes theirs. */
  | 'theirs'
  /** Changed on both sides to the same lines. */
  | 'both-same'
  /** Changed on both sides differently: a person chooses. */
  | 'conflict';

export interface Chunk {
  kind: ChunkKind;
  base: string[];
  mine: string[];
  theirs: string[];
}

export interface ThreeWay {
  chunks: Chunk[];
  /** How many chunks conflict. */
  conflicts: number;
  /** Whether the code ends with a line break (either side's does). */
  finalNewline: boolean;
}

/** One side's change to the base: base lines [start, end) replaced by `lines`. */
interface Hunk {
  start: number;
  end: number;
  lines: string[];
}

/** The lines of a text, without the line break that ends the last one. */
export function linesOf(text: string): string[] {
  if (text === '') return [];
  return text.replace(/\n$/, '').split('\n');
}

function hunksOf(base: string[], side: string[]): Hunk[] {
  const hunks: Hunk[] = [];
  let at = 0;
  let open: Hunk | null = null;
  for (const part of diffArrays(base, side)) {
    if (!part.added && !part.removed) {
      if (open) hunks.push(open);
      open = null;
      at += part.value.length;
      continue;
    }
    open ??= { start: at, end: at, lines: [] };
    if (part.removed) {
      at += part.value.length;
      open.end = at;
    } else open.lines.push(...part.value);
  }
  if (open) hunks.push(open);
  return hunks;
}

/** A side's lines over base [start, end), with its hunks that fall there applied. */
function sideOver(base: string[], hunks: readonly Hunk[], start: number, end: number): string[] {
  const lines: string[] = [];
  let at = start;
  for (const hunk of hunks) {
    lines.push(...base.slice(at, hunk.start), ...hunk.lines);
    at = hunk.end;
  }
  lines.push(...base.slice(at, end));
  return lines;
}

const equal = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((line, index) => line === b[index]);

/** Base, mine and theirs in chunks; without a base (it was pruned), every difference of mine and theirs is a conflict. */
export function threeWay(base: string | null, mine: string, theirs: string): ThreeWay {
  const finalNewline = mine.endsWith('\n') || theirs.endsWith('\n');
  const chunks = base === null ? twoWayChunks(linesOf(mine), linesOf(theirs)) : threeWayChunks(linesOf(base), linesOf(mine), linesOf(theirs));
  return { chunks, conflicts: chunks.filter((chunk) => chunk.kind === 'conflict').length, finalNewline };
}

function threeWayChunks(base: string[], mine: string[], theirs: string[]): Chunk[] {
  const tagged = [
    ...hunksOf(base, mine).map((hunk) => ({ hunk, side: 'mine' as const })),
    ...hunksOf(base, theirs).map((hunk) => ({ hunk, side: 'theirs' as const })),
  ];
  tagged.sort((a, b) => a.hunk.start - b.hunk.start || a.hunk.end - b.hunk.end);
  const chunks: Chunk[] = [];
  const same = (start: number, end: number) => {
    if (end <= start) return;
    const lines = base.slice(start, end);
    chunks.push({ kind: 'same', base: lines, mine: lines, theirs: lines });
  };
  let at = 0;
  let index = 0;
  while (index < tagged.length) {
    // A region: the next hunk and every hunk of either side that overlaps or touches it.
    const region = [tagged[index]!];
    let start = region[0]!.hunk.start;
    let end = region[0]!.hunk.end;
    index++;
    while (index < tagged.length && tagged[index]!.hunk.start <= end) {
      const next = tagged[index]!;
      region.push(next);
      start = Math.min(start, next.hunk.start);
      end = Math.max(end, next.hunk.end);
      index++;
    }
    same(at, start);
    const ofMine = region.filter((entry) => entry.side === 'mine').map((entry) => entry.hunk);
    const ofTheirs = region.filter((entry) => entry.side === 'theirs').map((entry) => entry.hunk);
    const baseLines = base.slice(start, end);
    const mineLines = sideOver(base, ofMine, start, end);
    const theirsLines = sideOver(base, ofTheirs, start, end);
    const kind: ChunkKind = ofTheirs.length === 0 ? 'mine' : ofMine.length === 0 ? 'theirs' : equal(mineLines, theirsLines) ? 'both-same' : 'conflict';
    chunks.push({ kind, base: baseLines, mine: mineLines, theirs: theirsLines });
    at = end;
  }
  same(at, base.length);
  return chunks;
}

function twoWayChunks(mine: string[], theirs: string[]): Chunk[] {
  const chunks: Chunk[] = [];
  let open: Chunk | null = null;
  for (const part of diffArrays(mine, theirs)) {
    if (!part.added && !part.removed) {
      if (open) chunks.push(open);
      open = null;
      chunks.push({ kind: 'same', base: part.value, mine: part.value, theirs: part.value });
      continue;
    }
    open ??= { kind: 'conflict', base: [], mine: [], theirs: [] };
    (part.removed ? open.mine : open.theirs).push(...part.value);
  }
  if (open) chunks.push(open);
  return chunks;
}

export const MARKERS = { mine: '<<<<<<< mine (this hub)', middle: '=======', theirs: '>>>>>>> theirs (team hub)' } as const;

/**
 * The merge to start editing from: every change of one side taken, and where both sides changed
 * the same lines differently, both between conflict markers (as Git writes them).
 */
export function mergedText({ chunks, finalNewline }: ThreeWay): string {
  const lines: string[] = [];
  for (const chunk of chunks) {
    if (chunk.kind === 'conflict') lines.push(MARKERS.mine, ...chunk.mine, MARKERS.middle, ...chunk.theirs, MARKERS.theirs);
    else lines.push(...(chunk.kind === 'theirs' ? chunk.theirs : chunk.mine));
  }
  if (lines.length === 0) return '';
  return lines.join('\n') + (finalNewline ? '\n' : '');
}

/** How many conflicts a text still marks (the lines that open one). */
export function conflictsLeft(text: string): number {
  return text.split('\n').filter((line) => line.startsWith('<<<<<<< ')).length;
}
