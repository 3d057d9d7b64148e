import { HubError } from '../errors.js';
import { parseJson } from '../store/cas.js';
import { encodeListCursor, InvalidCursorError, type ObjectStore } from '../ports/object-store.js';
import { layout } from '../storage-layout.js';
import type { AuditLogEntry } from './audit-log.js';

/** Longest inclusive range of UTC days one deployment audit query may cover (docs/authorization.md). */
export const MAX_AUDIT_RANGE_DAYS = 30;

const DAY_MS = 86_400_000;
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
/** Entries are read a few at a time so a filled page wastes at most this many reads. */
const READ_WINDOW = 16;
/** Keys listed per store call while filtering: enough to skip sparse matches without many round trips. */
const FILTERED_LIST_BATCH = 200;

export interface DeploymentAuditQuery {
  limit: number;
  cursor?: string | null;
  event?: string;
  actor?: string;
  projectId?: string;
  /** Inclusive UTC days, `YYYY-MM-DD`. */
  from?: string;
  to?: string;
}

export interface AuditPage {
  items: AuditLogEntry[];
  nextCursor: string | null;
}

/** Where a deployment listing stopped: the range it covers, the day, and the store cursor within it. */
interface AuditCursor {
  v: 1;
  from: string;
  to: string;
  day: string;
  after: string | null;
}

/**
 * Reads the audit logs. A day's keys list newest first, so the deployment log is read by walking
 * day prefixes backwards: the cost follows the page and the days visited, never all of history.
 */
export class AuditQueries {
  constructor(
    private readonly store: ObjectStore,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** One UTC day of a project's log (default today), newest first. */
  async projectDay(projectId: string, date?: string): Promise<AuditLogEntry[]> {
    const day = date === undefined ? this.today() : parseDay(date, 'date');
    const prefix = layout.projectAuditPrefix(projectId, day);
    const entries: AuditLogEntry[] = [];
    let cursor: string | null = null;
    do {
      const page = await this.store.list(prefix, { cursor });
      for (const entry of await this.readEach(page.items.map((item) => item.key))) if (entry) entries.push(entry);
      cursor = page.nextCursor;
    } while (cursor);
    return entries;
  }

  /**
   * The deployment log, newest first, filtered exactly, within at most 30 UTC days. A bad day,
   * range or cursor is a VALIDATION_ERROR naming the query field (from, to, cursor).
   */
  async deploymentPage(query: DeploymentAuditQuery): Promise<AuditPage> {
    try {
      return await this.walk(query);
    } catch (error) {
      // A cursor whose store position no adapter recognizes.
      if (error instanceof InvalidCursorError) throw invalid('cursor', 'is not a cursor this list returned');
      throw error;
    }
  }

  private async walk(query: DeploymentAuditQuery): Promise<AuditPage> {
    const position = query.cursor ? this.resume(query) : this.start(query);
    const matches = (entry: AuditLogEntry) =>
      (query.event === undefined || entry.event === query.event) &&
      (query.actor === undefined || entry.actor === query.actor) &&
      (query.projectId === undefined || entry.project_id === query.projectId);
    const filtered = query.event !== undefined || query.actor !== undefined || query.projectId !== undefined;
    const items: AuditLogEntry[] = [];
    let { day, after } = position;

    for (;;) {
      const prefix = layout.deploymentAuditPrefix(day);
      const need = query.limit - items.length;
      const page = await this.store.list(prefix, { cursor: after, limit: filtered ? Math.max(need, FILTERED_LIST_BATCH) : need });
      const keys = page.items.map((item) => item.key);
      let consumed = 0;
      while (consumed < keys.length && items.length < query.limit) {
        const window = keys.slice(consumed, consumed + (filtered ? READ_WINDOW : Math.min(READ_WINDOW, query.limit - items.length)));
        for (const entry of await this.readEach(window)) {
          consumed++;
          if (entry && matches(entry)) items.push(entry);
          if (items.length === query.limit) break;
        }
      }
      const full = items.length === query.limit;
      if (full && consumed < keys.length) {
        // Stopped inside a listed batch: resume right after the last entry looked at (every adapter
        // encodes its list cursors this way, see object-store.ts).
        return { items, nextCursor: encodeCursor({ ...position, day, after: encodeListCursor(prefix, keys[consumed - 1]!) }) };
      }
      if (page.nextCursor) {
        if (full) return { items, nextCursor: encodeCursor({ ...position, day, after: page.nextCursor }) };
        after = page.nextCursor;
        continue;
      }
      if (day === position.from) return { items, nextCursor: null };
      day = addDays(day, -1);
      after = null;
      if (full) return { items, nextCursor: encodeCursor({ ...position, day, after }) };
    }
  }

  private start(query: DeploymentAuditQuery): AuditCursor {
    const to = query.to === undefined ? this.today() : parseDay(query.to, 'to');
    const from = query.from === undefined ? addDays(to, 1 - MAX_AUDIT_RANGE_DAYS) : parseDay(query.from, 'from');
    assertRange(from, to);
    return { v: 1, from, to, day: to, after: null };
  }

  /**
   * A cursor carries its range, so a listing that started before midnight keeps its window; a
   * request that names another range with it is refused rather than silently mixed.
   */
  private resume(query: DeploymentAuditQuery): AuditCursor {
    const cursor = decodeCursor(query.cursor!);
    if ((query.from !== undefined && query.from !== cursor.from) || (query.to !== undefined && query.to !== cursor.to)) {
      throw invalid('cursor', 'belongs to a listing with another from/to range');
    }
    return cursor;
  }

  /** The entries under `keys`, in order; null where an object vanished between list and read. */
  private async readEach(keys: string[]): Promise<(AuditLogEntry | null)[]> {
    const entries: (AuditLogEntry | null)[] = [];
    for (let index = 0; index < keys.length; index += READ_WINDOW) {
      const window = keys.slice(index, index + READ_WINDOW);
      const objects = await Promise.all(window.map((key) => this.store.get(key)));
      objects.forEach((object, offset) => entries.push(object ? parseJson<AuditLogEntry>(window[offset]!, object.body) : null));
    }
    return entries;
  }

  private today(): string {
    return this.now().toISOString().slice(0, 10);
  }
}

/** A UTC calendar day: `YYYY-MM-DD` naming a date that exists. */
export function parseDay(value: string, field: string): string {
  if (!DAY_PATTERN.test(value)) throw invalid(field, 'must be a UTC day written YYYY-MM-DD');
  const time = Date.parse(`${value}T00:00:00Z`);
  if (Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== value) throw invalid(field, `${value} is not a calendar date`);
  return value;
}

function assertRange(from: string, to: string): void {
  if (from > to) throw invalid('from', `must not be after to (${to})`);
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS + 1;
  if (days > MAX_AUDIT_RANGE_DAYS) {
    throw invalid('from', `the range ${from}..${to} covers ${days} days; at most ${MAX_AUDIT_RANGE_DAYS} (inclusive) per query`);
  }
}

function addDays(day: string, delta: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + delta * DAY_MS).toISOString().slice(0, 10);
}

function encodeCursor(cursor: AuditCursor): string {
  return Buffer.from(JSON.stringify(cursor), 'utf8').toString('base64url');
}

function decodeCursor(value: string): AuditCursor {
  let parsed: Partial<AuditCursor>;
  try {
    parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as Partial<AuditCursor>;
  } catch {
    throw invalid('cursor', 'is not a cursor this list returned');
  }
  const { from, to, day, after } = parsed ?? {};
  const isDay = (text: unknown): text is string => typeof text === 'string' && DAY_PATTERN.test(text);
  if (parsed?.v !== 1 || !isDay(from) || !isDay(to) || !isDay(day) || !(after === null || typeof after === 'string') || day < from || day > to) {
    throw invalid('cursor', 'is not a cursor this list returned');
  }
  parseDay(from, 'cursor');
  parseDay(to, 'cursor');
  parseDay(day, 'cursor');
  assertRange(from, to);
  return { v: 1, from, to, day, after };
}

function invalid(field: string, message: string): HubError {
  return new HubError('VALIDATION_ERROR', `${field} ${message}`, [{ field, message }]);
}
