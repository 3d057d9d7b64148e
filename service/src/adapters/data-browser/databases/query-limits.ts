import { DatabaseError, type QueryCaps } from '../../../core/ports/data-databases.js';

/**
 * The rows of a result as they arrive, kept while they fit the caps: `maxRows` rows and
 * `maxBytes` of JSON text (each row counted as `JSON.stringify(row)` plus its separating comma).
 * A row that would pass a cap is not kept, and the result says which cap stopped it.
 */
export class RowCollector {
  readonly rows: unknown[][] = [];
  truncated: 'rows' | 'bytes' | null = null;
  private bytes = 2;
  /** Each kept row's JSON text, written once to count it and reused for the answer. */
  private readonly texts: string[] = [];

  constructor(private readonly caps: Pick<QueryCaps, 'maxRows' | 'maxBytes'>) {}

  /** Keeps the row if it fits; false once a cap is reached (then nothing more is kept). */
  add(row: unknown[]): boolean {
    if (this.truncated !== null) return false;
    if (this.rows.length >= this.caps.maxRows) {
      this.truncated = 'rows';
      return false;
    }
    const text = JSON.stringify(row);
    const size = Buffer.byteLength(text) + 1;
    if (this.bytes + size > this.caps.maxBytes) {
      this.truncated = 'bytes';
      return false;
    }
    this.bytes += size;
    this.rows.push(row);
    this.texts.push(text);
    return true;
  }

  /** The kept rows as one JSON array: the same text `JSON.stringify(this.rows)` writes. */
  get json(): string {
    return `[${this.texts.join(',')}]`;
  }

  /** How many more rows may be kept. */
  get room(): number {
    return this.truncated === null ? this.caps.maxRows - this.rows.length : 0;
  }

  /**
   * How many rows to ask the server for next: one more than may still be kept (to learn whether
   * the result goes on), no more than `first` until the rows' size is known, then as many as the
   * byte cap's room holds at the rows' average size, up to `most`. Few round trips for small rows;
   * a bounded batch in memory for wide ones.
   */
  nextBatch(first: number, most: number): number {
    if (this.rows.length === 0) return Math.min(this.room + 1, first);
    const averageBytes = (this.bytes - 2) / this.rows.length;
    const fitting = Math.floor((this.caps.maxBytes - this.bytes) / Math.max(1, averageBytes)) + 1;
    return Math.min(this.room + 1, Math.max(first, Math.min(most, fitting)));
  }
}

/** How long a query may run, as a person reads it ("30 s", "0.5 s"). */
export function timeoutText(timeoutMs: number): string {
  return `${Number((timeoutMs / 1000).toFixed(3))} s`;
}

export const timeoutError = (timeoutMs: number) =>
  new DatabaseError('timeout', `the query ran longer than its timeout of ${timeoutText(timeoutMs)} and was stopped at the server`);

export const cancelledError = () => new DatabaseError('cancelled', 'the query was cancelled and stopped at the server');

/** How long the hub waits for the server to end a cancelled statement before it drops the connection. */
const CANCEL_GRACE_MS = 5_000;

/**
 * The hub's own stop of a statement, beside the server's statement timeout: at `timeoutMs`, or
 * when `signal` aborts, `cancel` asks the server to stop it (from a second connection); should
 * that fail, or not end it within a few seconds, `drop` closes the connection. `stopped` says why,
 * once it fired: whatever the statement answered then, the query ended as timed out or cancelled.
 */
export class QueryWatch {
  stopped: 'timeout' | 'cancelled' | null = null;
  private readonly timer: NodeJS.Timeout;
  private grace: NodeJS.Timeout | null = null;
  private readonly onAbort = () => this.fire('cancelled');
  private readonly dropListeners = new Set<() => void>();
  private readonly dropNow = () => {
    this.drop();
    for (const listener of this.dropListeners) listener();
  };

  constructor(
    private readonly timeoutMs: number,
    private readonly signal: AbortSignal,
    private readonly cancel: () => Promise<void>,
    private readonly drop: () => void,
  ) {
    this.timer = setTimeout(() => this.fire('timeout'), timeoutMs);
    if (signal.aborted) queueMicrotask(this.onAbort);
    else signal.addEventListener('abort', this.onAbort, { once: true });
  }

  private fire(reason: 'timeout' | 'cancelled'): void {
    if (this.stopped !== null) return;
    this.stopped = reason;
    clearTimeout(this.timer);
    this.grace = setTimeout(this.dropNow, CANCEL_GRACE_MS);
    this.cancel().catch(this.dropNow);
  }

  /** Calls `listener` when the connection is dropped (a driver may not end its statement then); returns its removal. */
  whenDropped(listener: () => void): () => void {
    this.dropListeners.add(listener);
    return () => this.dropListeners.delete(listener);
  }

  /** The error to answer once the watch fired, or null. */
  error(): DatabaseError | null {
    if (this.stopped === 'timeout') return timeoutError(this.timeoutMs);
    if (this.stopped === 'cancelled') return cancelledError();
    return null;
  }

  /** Done: no timer left behind. */
  end(): void {
    clearTimeout(this.timer);
    if (this.grace) clearTimeout(this.grace);
    this.signal.removeEventListener('abort', this.onAbort);
  }
}

/** Checks the caps a caller gives (a programming error otherwise). */
export function checkCaps(caps: QueryCaps): void {
  for (const [name, value] of Object.entries(caps))
    if (!Number.isSafeInteger(value) || value < 1) throw new RangeError(`query cap ${name} must be a positive integer, not ${String(value)}`);
}

/** SQL's quoted identifier: `"name"` (PostgreSQL) or `` `name` `` (MySQL), the quote doubled inside. */
export function quoteIdentifier(name: string, quote: '"' | '`'): string {
  if (name.includes('\0')) throw new DatabaseError('not-found', 'there is no such table');
  return `${quote}${name.split(quote).join(quote + quote)}${quote}`;
}

/** Tables by schema, then name, in the same (code unit) order whatever the server's collation. */
export function bySchemaAndName(a: { schema: string; name: string }, b: { schema: string; name: string }): number {
  const compare = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
  return compare(a.schema, b.schema) || compare(a.name, b.name);
}
