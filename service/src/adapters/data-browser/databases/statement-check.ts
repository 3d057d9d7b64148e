/**
 * The second line of defence of a read-only query (docs/data-browser.md, "Databases"): before a
 * statement is sent, its words are read (strings, quoted names and comments skipped as the server
 * would) and it is refused unless it is exactly one statement of a reading kind. The first line is
 * the server's own: every query runs in a read-only transaction of a read-only session, which
 * refuses what gets past this check (a function that writes, `SELECT ... INTO`, a data-modifying
 * CTE). This is no SQL parser: where it cannot tell, it lets the server decide.
 */

export type Dialect = 'postgres' | 'mysql';

/** The kinds of statement a query may be. */
const READING = new Set(['SELECT', 'WITH', 'SHOW', 'EXPLAIN', 'DESCRIBE', 'DESC', 'VALUES', 'TABLE']);

/** The words that start a statement, reading or not: what `EXPLAIN` and `WITH` run in the end. */
const STATEMENT_VERBS = new Set([
  'SELECT',
  'VALUES',
  'TABLE',
  'INSERT',
  'UPDATE',
  'DELETE',
  'MERGE',
  'REPLACE',
  'CREATE',
  'DROP',
  'ALTER',
  'TRUNCATE',
  'CALL',
  'DO',
]);
const READING_VERBS = new Set(['SELECT', 'VALUES', 'TABLE']);

interface Token {
  /** A word (upper-cased), or one of `(`, `)`, `;`. Strings, quoted names, numbers and operators are not kept. */
  text: string;
  depth: number;
}

/** Why the statement may not be run, or null when it may be sent to the server. */
export function statementProblem(sql: string, dialect: Dialect): string | null {
  const lexed = tokens(sql, dialect);
  if (typeof lexed === 'string') return lexed;
  const statements: Token[][] = [[]];
  for (const token of lexed) {
    if (token.text === ';') statements.push([]);
    else statements.at(-1)!.push(token);
  }
  const nonEmpty = statements.filter((statement) => statement.length > 0);
  if (nonEmpty.length === 0) return 'the query is empty: write one SELECT statement';
  if (nonEmpty.length > 1) return `one statement at a time: the query holds ${nonEmpty.length} statements separated by semicolons`;
  const statement = nonEmpty[0]!;
  const words = statement.filter((token) => token.text !== '(' && token.text !== ')');
  const kind = words[0]?.text;
  if (kind === undefined) return 'the query does not start with a statement: write one SELECT statement';
  if (!READING.has(kind)) return refusal(kind);
  if (kind === 'WITH' || kind === 'EXPLAIN' || kind === 'DESCRIBE' || kind === 'DESC') {
    // What runs in the end: the first statement word outside the parentheses of CTEs and options.
    const base = words[0]!.depth;
    const verb = words.slice(1).find((token) => token.depth === base && STATEMENT_VERBS.has(token.text))?.text;
    if (verb !== undefined && !READING_VERBS.has(verb)) return refusal(verb, kind);
  }
  if (dialect === 'mysql') {
    const index = words.findIndex((token, at) => token.text === 'INTO' && (words[at + 1]?.text === 'OUTFILE' || words[at + 1]?.text === 'DUMPFILE'));
    if (index >= 0) return `SELECT ... INTO ${words[index + 1]!.text} writes a file on the server: it is not run here`;
  }
  return null;
}

function refusal(verb: string, around?: string): string {
  const what = around ? `${around} ... ${verb}` : verb;
  return `only statements that read are run here (SELECT, WITH, SHOW, EXPLAIN, DESCRIBE, VALUES, TABLE): ${what} is refused`;
}

const WORD_START = /[A-Za-z_\u0080-\uffff]/;
const WORD_PART = /[A-Za-z0-9_$\u0080-\uffff]/;

/** The words, parentheses and semicolons of `sql`, or why it cannot be read. */
function tokens(sql: string, dialect: Dialect): Token[] | string {
  const found: Token[] = [];
  let depth = 0;
  let at = 0;
  const length = sql.length;
  while (at < length) {
    const char = sql[at]!;
    const next = sql[at + 1];
    if (/\s/.test(char)) {
      at++;
    } else if (char === '-' && next === '-' && (dialect === 'postgres' || at + 2 >= length || /[\s\p{Cc}]/u.test(sql[at + 2]!))) {
      at = lineEnd(sql, at);
    } else if (char === '#' && dialect === 'mysql') {
      at = lineEnd(sql, at);
    } else if (char === '/' && next === '*') {
      // MySQL runs the inside of /*! ... */ and /*M! ... */: a statement could hide there.
      if (dialect === 'mysql' && (sql[at + 2] === '!' || (sql[at + 2] === 'M' && sql[at + 3] === '!')))
        return 'comments that MySQL runs (/*! ... */) are not accepted: write the statement without them';
      const end = blockCommentEnd(sql, at, dialect === 'postgres');
      if (end < 0) return 'a comment (/* ...) is not closed';
      at = end;
    } else if (char === "'" || (char === '"' && dialect === 'mysql')) {
      // PostgreSQL reads backslash escapes only in E'...' strings (standard_conforming_strings).
      const end = quotedEnd(sql, at, char, dialect === 'mysql');
      if (end < 0) return 'a quoted string is not closed';
      at = end;
    } else if (char === '"' || (char === '`' && dialect === 'mysql')) {
      const end = quotedEnd(sql, at, char, false);
      if (end < 0) return 'a quoted name is not closed';
      at = end;
    } else if (char === '$' && dialect === 'postgres' && dollarTag(sql, at) !== null) {
      const tag = dollarTag(sql, at)!;
      const close = sql.indexOf(tag, at + tag.length);
      if (close < 0) return `a dollar-quoted string (${tag}) is not closed`;
      at = close + tag.length;
    } else if (WORD_START.test(char)) {
      let end = at + 1;
      while (end < length && WORD_PART.test(sql[end]!)) end++;
      // A prefixed string literal (E'..', B'..', X'..', N'..', U&'..', _utf8'..') is the string's start, not a word.
      const word = sql.slice(at, end);
      if (sql[end] === "'" && /^(?:[EeBbXxNn]|_[A-Za-z0-9]+)$/.test(word)) {
        const close = quotedEnd(sql, end, "'", dialect === 'mysql' || word === 'E' || word === 'e');
        if (close < 0) return 'a quoted string is not closed';
        at = close;
        continue;
      }
      found.push({ text: word.toUpperCase(), depth });
      at = end;
    } else if (char === '(') {
      found.push({ text: '(', depth });
      depth++;
      at++;
    } else if (char === ')') {
      depth = Math.max(0, depth - 1);
      found.push({ text: ')', depth });
      at++;
    } else if (char === ';') {
      found.push({ text: ';', depth });
      at++;
    } else {
      at++;
    }
  }
  return found;
}

function lineEnd(sql: string, at: number): number {
  const end = sql.indexOf('\n', at);
  return end < 0 ? sql.length : end + 1;
}

/** Where the comment that opens at `at` ends; PostgreSQL's nest. -1 when it does not. */
function blockCommentEnd(sql: string, at: number, nests: boolean): number {
  let level = 0;
  let index = at;
  while (index < sql.length) {
    if (sql.startsWith('/*', index)) {
      level = nests || level === 0 ? level + 1 : level;
      index += 2;
    } else if (sql.startsWith('*/', index)) {
      level--;
      index += 2;
      if (level === 0) return index;
    } else {
      index++;
    }
  }
  return -1;
}

/** Where the quoted text that opens at `at` ends (after its closing quote); a doubled quote stays inside. -1 when it does not. */
function quotedEnd(sql: string, at: number, quote: string, backslashEscapes: boolean): number {
  let index = at + 1;
  while (index < sql.length) {
    const char = sql[index]!;
    if (backslashEscapes && char === '\\') {
      index += 2;
    } else if (char === quote) {
      if (sql[index + 1] === quote) index += 2;
      else return index + 1;
    } else {
      index++;
    }
  }
  return -1;
}

/** The `$tag$` that opens a dollar-quoted string at `at`, or null (`$1` is a parameter). */
function dollarTag(sql: string, at: number): string | null {
  const match = /^\$(?:[A-Za-z_\u0080-\uffff][A-Za-z0-9_\u0080-\uffff]*)?\$/.exec(sql.slice(at, at + 64));
  // A `$` inside a word (`a$b$`) is part of the word; the lexer reads words whole, so `at` starts a token here.
  return match ? match[0] : null;
}
