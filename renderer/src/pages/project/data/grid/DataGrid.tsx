import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { cellText, columnWidths, isNumeric, SHOWN_CHARS, TITLE_CHARS, type GridColumn } from './cells';
import { useOverflowing } from '../../../../components/use-overflowing';
import classes from './DataGrid.module.css';

export const ROW_HEIGHT = 30;
export const HEADER_HEIGHT = 46;
const GUTTER_CHAR_PX = 8;
const SCROLLBAR_ALLOWANCE = 16;

interface Props {
  /** The grid's accessible name ("Preview of sales.csv"). */
  label: string;
  columns: readonly GridColumn[];
  rows: readonly (readonly unknown[])[];
  /** The box's height; by default as tall as the rows, up to 480 pixels. */
  height?: number;
}

/** The focused cell: a row (-1 is the header) and a column. */
interface Position {
  row: number;
  column: number;
}

/**
 * Rows and columns of a preview or a query's result. Only the cells in view (and a few around
 * them) are in the page, so 10,000 rows of 200 columns scroll as smoothly as 10. The header row
 * stays on top and the row numbers at the left. The grid takes the keyboard's focus as one stop;
 * the arrow keys, Home/End, Page Up/Down and Ctrl+Home/End move the focused cell, which screen
 * readers follow through aria-activedescendant; Ctrl/Cmd+C copies its whole value.
 */
export function DataGrid({ label, columns, rows, height }: Props) {
  const id = useId();
  const scrollRef = useRef<HTMLDivElement>(null);
  const widths = useMemo(() => columnWidths(columns, rows), [columns, rows]);
  const gutter = Math.max(40, String(rows.length).length * GUTTER_CHAR_PX + 20);
  const [active, setActive] = useState<Position | null>(null);
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  const overflowing = useOverflowing(box);

  const rowVirtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    paddingStart: HEADER_HEIGHT,
    // A row scrolled to stops below the header that covers the top of the box.
    scrollPaddingStart: HEADER_HEIGHT,
  });
  const columnVirtualizer = useVirtualizer({
    horizontal: true,
    count: columns.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => widths[index] ?? 120,
    overscan: 3,
    paddingStart: gutter,
    scrollPaddingStart: gutter,
  });

  const cellId = (position: Position) => `${id}-r${position.row}-c${position.column}`;
  const move = useCallback(
    (next: Position) => {
      const row = Math.max(-1, Math.min(rows.length - 1, next.row));
      const column = Math.max(0, Math.min(columns.length - 1, next.column));
      setActive({ row, column });
      if (row >= 0) rowVirtualizer.scrollToIndex(row);
      else if (scrollRef.current) scrollRef.current.scrollTop = 0;
      columnVirtualizer.scrollToIndex(column);
    },
    [rows.length, columns.length, rowVirtualizer, columnVirtualizer],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (columns.length === 0) return;
    const current = active ?? { row: rows.length > 0 ? 0 : -1, column: 0 };
    const page = Math.max(1, Math.floor(((scrollRef.current?.clientHeight ?? 0) - HEADER_HEIGHT) / ROW_HEIGHT) - 1);
    const control = event.ctrlKey || event.metaKey;
    const moves: Record<string, Position> = {
      ArrowDown: { row: current.row + 1, column: current.column },
      ArrowUp: { row: current.row - 1, column: current.column },
      ArrowRight: { row: current.row, column: current.column + 1 },
      ArrowLeft: { row: current.row, column: current.column - 1 },
      PageDown: { row: current.row + page, column: current.column },
      PageUp: { row: Math.max(0, current.row - page), column: current.column },
      Home: control ? { row: rows.length > 0 ? 0 : -1, column: 0 } : { row: current.row, column: 0 },
      End: control ? { row: rows.length - 1, column: columns.length - 1 } : { row: current.row, column: columns.length - 1 },
    };
    if (control && event.key.toLowerCase() === 'c' && active) {
      // The whole value of the focused cell (or the column's name), not the ellipsized text on screen.
      const text = active.row === -1 ? columns[active.column]?.name : cellText(rows[active.row]?.[active.column]);
      if (text !== undefined && navigator.clipboard) {
        event.preventDefault();
        void navigator.clipboard.writeText(text ?? '');
      }
      return;
    }
    const next = moves[event.key];
    if (!next) return;
    event.preventDefault();
    move(active ? next : current);
  };

  const totalHeight = rowVirtualizer.getTotalSize();
  const totalWidth = columnVirtualizer.getTotalSize();
  // Room for the sideways scroll bar under the last row, when there is one.
  const boxHeight = height ?? Math.min(480, totalHeight + 2 + (overflowing ? SCROLLBAR_ALLOWANCE : 0));
  const virtualRows = rowVirtualizer.getVirtualItems();
  const virtualColumns = columnVirtualizer.getVirtualItems();
  // Only a cell in the page can be named: one scrolled away (with the mouse) is named again when it comes back.
  const activeInPage =
    active !== null &&
    (active.row === -1 || virtualRows.some((item) => item.index === active.row)) &&
    virtualColumns.some((item) => item.index === active.column);
  const activeId = active && activeInPage ? cellId(active) : undefined;

  return (
    <div
      ref={(element) => {
        scrollRef.current = element;
        setBox(element);
      }}
      className={classes.grid}
      // No wider than its columns: a narrow table does not leave an empty box beside it.
      style={{ height: boxHeight, maxWidth: totalWidth + 2 + (totalHeight + 2 > boxHeight ? SCROLLBAR_ALLOWANCE : 0) }}
      role="grid"
      aria-label={label}
      aria-rowcount={rows.length + 1}
      aria-colcount={columns.length + 1}
      aria-readonly
      aria-activedescendant={activeId}
      tabIndex={0}
      onKeyDown={onKeyDown}
      onFocus={() => {
        if (!active && columns.length > 0) setActive({ row: rows.length > 0 ? 0 : -1, column: 0 });
      }}
    >
      <div className={classes.canvas} style={{ width: totalWidth, height: totalHeight }}>
        <div role="row" aria-rowindex={1} className={classes.header} style={{ width: totalWidth, height: HEADER_HEIGHT }}>
          <div role="columnheader" aria-colindex={1} className={classes.gutter} style={{ width: gutter }}>
            #
          </div>
          {virtualColumns.map((virtualColumn) => {
            const column = columns[virtualColumn.index]!;
            const position = { row: -1, column: virtualColumn.index };
            const isActive = active?.row === -1 && active.column === virtualColumn.index;
            return (
              <div
                key={virtualColumn.key}
                id={cellId(position)}
                role="columnheader"
                aria-colindex={virtualColumn.index + 2}
                className={`${classes.columnHeader}${isActive ? ` ${classes.active}` : ''}`}
                style={{ left: virtualColumn.start, width: virtualColumn.size }}
                title={[column.name, column.type, column.sourceType && column.sourceType !== column.type ? column.sourceType : null].filter(Boolean).join('\n')}
                onClick={() => setActive(position)}
              >
                <span className={classes.columnName}>{column.name}</span>
                {column.type && <span className={classes.columnType}>{column.type}</span>}
              </div>
            );
          })}
        </div>
        {virtualRows.map((virtualRow) => {
          const row = rows[virtualRow.index]!;
          return (
            <div
              key={virtualRow.key}
              role="row"
              aria-rowindex={virtualRow.index + 2}
              className={`${classes.row}${virtualRow.index % 2 === 1 ? ` ${classes.striped}` : ''}`}
              style={{ top: virtualRow.start, height: virtualRow.size, width: totalWidth }}
            >
              <div role="rowheader" aria-colindex={1} className={classes.gutter} style={{ width: gutter }}>
                {virtualRow.index + 1}
              </div>
              {virtualColumns.map((virtualColumn) => {
                const text = cellText(row[virtualColumn.index]);
                const position = { row: virtualRow.index, column: virtualColumn.index };
                const isActive = active?.row === virtualRow.index && active.column === virtualColumn.index;
                const numeric = isNumeric(columns[virtualColumn.index]?.type);
                return (
                  <div
                    key={virtualColumn.key}
                    id={cellId(position)}
                    role="gridcell"
                    aria-colindex={virtualColumn.index + 2}
                    className={`${classes.cell}${numeric ? ` ${classes.numeric}` : ''}${isActive ? ` ${classes.active}` : ''}`}
                    style={{ left: virtualColumn.start, width: virtualColumn.size }}
                    title={text === null ? 'null' : text.length > TITLE_CHARS ? `${text.slice(0, TITLE_CHARS)}…` : text}
                    onClick={() => setActive(position)}
                  >
                    {text === null ? (
                      <span className={`${classes.cellText} ${classes.missing}`}>null</span>
                    ) : (
                      <span className={classes.cellText}>{text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS)}…` : text}</span>
                    )}
                  </div>
                );
              })}
            </div>
          );
        })}
      </div>
    </div>
  );
}
