import { Text, VisuallyHidden } from '@mantine/core';
import type { Chunk, ChunkKind, ThreeWay } from './three-way';
import classes from './conflict.module.css';

/** Unchanged lines shown around a change; longer unchanged stretches are folded. */
const CONTEXT = 3;

export const CHUNK_LABELS: Record<Exclude<ChunkKind, 'same'>, string> = {
  mine: 'Changed here',
  theirs: 'Changed on the team hub',
  'both-same': 'Changed the same way on both sides',
  conflict: 'Changed on both sides differently',
};

interface Line {
  number: number;
  text: string;
}

type Row = { type: 'line'; mine: Line | null; theirs: Line | null } | { type: 'folded'; count: number };

interface Group {
  kind: ChunkKind;
  rows: Row[];
}

/** The chunks as rows side by side, mine's and theirs' line numbers counted along, long unchanged stretches folded. */
export function rowsOf(chunks: readonly Chunk[]): Group[] {
  const groups: Group[] = [];
  let mineAt = 1;
  let theirsAt = 1;
  chunks.forEach((chunk, index) => {
    const rows: Row[] = [];
    if (chunk.kind === 'same') {
      const count = chunk.mine.length;
      const keepBefore = index === 0 ? 0 : CONTEXT;
      const keepAfter = index === chunks.length - 1 ? 0 : CONTEXT;
      const folded = count - keepBefore - keepAfter > 1 ? count - keepBefore - keepAfter : 0;
      chunk.mine.forEach((text, at) => {
        if (folded > 0 && at >= keepBefore && at < count - keepAfter) {
          if (at === keepBefore) rows.push({ type: 'folded', count: folded });
          return;
        }
        rows.push({ type: 'line', mine: { number: mineAt + at, text }, theirs: { number: theirsAt + at, text } });
      });
    } else {
      const length = Math.max(chunk.mine.length, chunk.theirs.length);
      for (let at = 0; at < length; at++) {
        const mine = chunk.mine[at];
        const theirs = chunk.theirs[at];
        rows.push({
          type: 'line',
          mine: mine === undefined ? null : { number: mineAt + at, text: mine },
          theirs: theirs === undefined ? null : { number: theirsAt + at, text: theirs },
        });
      }
    }
    mineAt += chunk.mine.length;
    theirsAt += chunk.theirs.length;
    if (rows.length > 0) groups.push({ kind: chunk.kind, rows });
  });
  return groups;
}

const changedClass = (kind: ChunkKind, side: 'mine' | 'theirs'): string | undefined => {
  if (kind === 'conflict') return classes.conflict;
  if (kind === 'both-same' || kind === side) return classes[side];
  return undefined;
};

function Cells({ line, kind, side }: { line: Line | null; kind: ChunkKind; side: 'mine' | 'theirs' }) {
  const divider = side === 'theirs' ? classes.divider : '';
  if (line === null)
    return (
      <>
        <td className={`${classes.number} ${classes.filler} ${divider}`} />
        <td className={`${classes.code} ${classes.filler}`} />
      </>
    );
  const changed = changedClass(kind, side);
  return (
    <>
      <td className={`${classes.number} ${changed ?? ''} ${divider}`}>{line.number}</td>
      <td className={`${classes.code} ${changed ?? ''}`}>{line.text === '' ? '\u00a0' : line.text}</td>
    </>
  );
}

/**
 * Mine and theirs side by side, each change labelled with whose it is against the base (here, on
 * the team hub, both the same, both differently), so that the colours are never the only sign.
 */
export function ThreeWayTable({ compared, label }: { compared: ThreeWay; label: string }) {
  const groups = rowsOf(compared.chunks);
  if (groups.length === 0) return <Text c="dimmed">Both sides are empty.</Text>;
  return (
    <div className={classes.frame} role="region" aria-label={label} tabIndex={0}>
      <table className={classes.table}>
        <colgroup>
          <col style={{ width: '3.5rem' }} />
          <col />
          <col style={{ width: '3.5rem' }} />
          <col />
        </colgroup>
        <thead>
          <tr>
            <th className={classes.head}>
              <VisuallyHidden>Line</VisuallyHidden>
            </th>
            <th className={classes.head}>Mine (this hub)</th>
            <th className={`${classes.head} ${classes.divider}`}>
              <VisuallyHidden>Line</VisuallyHidden>
            </th>
            <th className={classes.head}>Theirs (the team hub)</th>
          </tr>
        </thead>
        {groups.map((group, index) => (
          <tbody key={index}>
            {group.kind !== 'same' && (
              <tr>
                <th colSpan={4} scope="rowgroup" className={classes.label}>
                  {CHUNK_LABELS[group.kind]}
                </th>
              </tr>
            )}
            {group.rows.map((row, at) =>
              row.type === 'folded' ? (
                <tr key={at}>
                  <td colSpan={4} className={classes.skipped}>
                    {row.count} unchanged lines
                  </td>
                </tr>
              ) : (
                <tr key={at}>
                  <Cells line={row.mine} kind={group.kind} side="mine" />
                  <Cells line={row.theirs} kind={group.kind} side="theirs" />
                </tr>
              ),
            )}
          </tbody>
        ))}
      </table>
    </div>
  );
}
