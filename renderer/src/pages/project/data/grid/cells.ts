/** A column of the grid: its name and, where known, its type (inferred or the server's name for it). */
export interface GridColumn {
  name: string;
  type?: string | null;
  /** The file's or server's own type name, when it differs from `type` (`INT64` under `integer`). */
  sourceType?: string | null;
}

/** What a cell shows: null for a missing value (drawn apart from the text "null"). */
export function cellText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}

/** The most of a value a cell draws: the rest is ellipsized anyway, and the full value is in its title. */
export const SHOWN_CHARS = 300;
/** The most of a value a title holds: a tooltip of a megabyte helps nobody. */
export const TITLE_CHARS = 4000;

const NUMERIC =
  /^(integer|float|int|int\d+|uint\d+|bigint|smallint|tinyint|mediumint|numeric|decimal|double|double precision|real|float\d*|money|serial|bigserial)\b/i;

/** Numbers line up on the right. */
export function isNumeric(type: string | null | undefined): boolean {
  return !!type && NUMERIC.test(type.trim());
}

/** A character's width in pixels: of a value (the monospace font, a little smaller), of a name (bold), of a type (extra small monospace). */
const VALUE_CHAR_PX = 7.8;
const NAME_CHAR_PX = 8.8;
const TYPE_CHAR_PX = 7.2;
const MIN_WIDTH = 64;
const MAX_WIDTH = 320;
const PADDING = 26;
/** Rows looked at to size a column: enough to see its typical width, few enough to be instant at 10,000 rows. */
const SAMPLED_ROWS = 40;

/** Each column's width from its name, its type and its first values: wide enough to read, never wider than MAX_WIDTH. */
export function columnWidths(columns: readonly GridColumn[], rows: readonly (readonly unknown[])[]): number[] {
  const sample = rows.slice(0, SAMPLED_ROWS);
  return columns.map((column, index) => {
    let valueChars = 4;
    for (const row of sample) {
      const text = cellText(row[index]);
      if (text !== null) valueChars = Math.max(valueChars, Math.min(text.length, 60));
    }
    const content = Math.max(column.name.length * NAME_CHAR_PX, (column.type ?? '').length * TYPE_CHAR_PX, valueChars * VALUE_CHAR_PX);
    return Math.round(Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, content + PADDING)));
  });
}
