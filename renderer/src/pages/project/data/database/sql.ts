/** An identifier quoted the way the database's SQL wants it: "double quotes" (PostgreSQL) or `backticks` (MySQL). */
export function quoteIdentifier(kind: string, name: string): string {
  return kind === 'mysql' ? `\`${name.replaceAll('`', '``')}\`` : `"${name.replaceAll('"', '""')}"`;
}

/** A first query of a table, for the editor: its first hundred rows. */
export function selectFrom(kind: string, schema: string, table: string): string {
  return `SELECT *\nFROM ${quoteIdentifier(kind, schema)}.${quoteIdentifier(kind, table)}\nLIMIT 100`;
}

const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });

/** A server's row estimate, as an estimate ("≈ 12.3K rows"); null where it has none. */
export function rowEstimate(estimate: number | null, { short = false } = {}): string | null {
  if (estimate === null || estimate < 0) return null;
  const count = compact.format(estimate);
  return short ? `≈ ${count}` : `≈ ${count} ${estimate === 1 ? 'row' : 'rows'}`;
}
