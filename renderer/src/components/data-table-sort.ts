/** A column's sort: which column, and which way. */
export interface SortOrder {
  column: string;
  direction: 'ascending' | 'descending';
}

export type SortValue = string | number | null | undefined;

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** Compares two cell values: numbers by size, text as people read it ("item 2" before "item 10"); empty ones last. */
export function compareValues(a: SortValue, b: SortValue): number {
  const aEmpty = a === null || a === undefined || a === '';
  const bEmpty = b === null || b === undefined || b === '';
  if (aEmpty || bEmpty) return aEmpty === bEmpty ? 0 : aEmpty ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a), String(b));
}

/** The rows in the order asked for; rows with equal values keep their order (the API's, newest first). Empty values stay last either way. */
export function sortRows<Row>(rows: readonly Row[], valueOf: (row: Row) => SortValue, direction: SortOrder['direction']): Row[] {
  const sign = direction === 'ascending' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, value: valueOf(row) }))
    .sort((a, b) => {
      const empty = (a.value ?? '') === '' || (b.value ?? '') === '';
      return (empty ? compareValues(a.value, b.value) : sign * compareValues(a.value, b.value)) || a.index - b.index;
    })
    .map(({ row }) => row);
}

/** The order after the column's header is pressed: ascending first, then each press turns it round. */
export function nextSort(current: SortOrder | null, column: string): SortOrder {
  if (current?.column !== column) return { column, direction: 'ascending' };
  return { column, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
}
