import { describe, expect, it } from 'vitest';
import { statementProblem, type Dialect } from './statement-check.js';

const both: Dialect[] = ['postgres', 'mysql'];

describe('the statement check of read-only queries', () => {
  it.each(both)('lets one reading statement through (%s)', (dialect) => {
    for (const sql of [
      'SELECT 1',
      'select 1;',
      '  -- a comment first\n  SELECT 1  ;  ',
      '/* a comment ; with a semicolon */ SELECT 1',
      '(SELECT 1) UNION (SELECT 2)',
      'WITH x AS (SELECT 1 AS n) SELECT * FROM x',
      'WITH RECURSIVE t(n) AS (VALUES (1) UNION ALL SELECT n + 1 FROM t WHERE n < 5) SELECT n FROM t',
      'WITH a AS (SELECT 1), b AS MATERIALIZED (SELECT 2) SELECT * FROM a, b',
      'SHOW TABLES',
      'EXPLAIN SELECT * FROM t',
      'EXPLAIN (FORMAT JSON) SELECT 1',
      'DESCRIBE t',
      'VALUES (1), (2)',
      'TABLE t',
      "SELECT 'a;b', 'it''s; fine'",
      'SELECT x AS "delete;" FROM t',
      'SELECT * FROM t WHERE a > 1 FOR UPDATE',
    ])
      expect(statementProblem(sql, dialect), sql).toBeNull();
  });

  it.each(both)('refuses statements that write or change anything (%s)', (dialect) => {
    for (const [sql, verb] of [
      ['DELETE FROM t', 'DELETE'],
      ['update t set a = 1', 'UPDATE'],
      ['INSERT INTO t VALUES (1)', 'INSERT'],
      ['DROP TABLE t', 'DROP'],
      ['CREATE TABLE t (a int)', 'CREATE'],
      ['TRUNCATE t', 'TRUNCATE'],
      ['ALTER TABLE t ADD b int', 'ALTER'],
      ['GRANT SELECT ON t TO someone', 'GRANT'],
      ['SET statement_timeout = 0', 'SET'],
      ['COMMIT', 'COMMIT'],
      ['CALL p()', 'CALL'],
      ['LOCK TABLE t', 'LOCK'],
      ['  /* hidden */ -- and here\n DELETE FROM t', 'DELETE'],
      ['(DELETE FROM t)', 'DELETE'],
      ['WITH x AS (SELECT 1) DELETE FROM t', 'WITH ... DELETE'],
      ['WITH x AS (SELECT 1), y AS (SELECT 2) UPDATE t SET a = 1', 'WITH ... UPDATE'],
      ['EXPLAIN ANALYZE DELETE FROM t', 'EXPLAIN ... DELETE'],
      ['EXPLAIN (ANALYZE, FORMAT JSON) UPDATE t SET a = 1', 'EXPLAIN ... UPDATE'],
      ['DESCRIBE INSERT INTO t VALUES (1)', 'DESCRIBE ... INSERT'],
    ] as const)
      expect(statementProblem(sql, dialect), sql).toBe(
        `only statements that read are run here (SELECT, WITH, SHOW, EXPLAIN, DESCRIBE, VALUES, TABLE): ${verb} is refused`,
      );
  });

  it.each(both)('refuses several statements, and an empty query (%s)', (dialect) => {
    expect(statementProblem('SELECT 1; SELECT 2', dialect)).toBe('one statement at a time: the query holds 2 statements separated by semicolons');
    expect(statementProblem('SELECT 1;;\nDELETE FROM t;', dialect)).toMatch(/^one statement at a time: the query holds 2/);
    expect(statementProblem("SELECT 'a'; SELECT 'b'; SELECT 'c'", dialect)).toMatch(/holds 3 statements/);
    for (const empty of ['', '   ', ';', ' ; ; ', '-- nothing', '/* nothing */'])
      expect(statementProblem(empty, dialect), JSON.stringify(empty)).toBe('the query is empty: write one SELECT statement');
  });

  it.each(both)('refuses what it cannot read to its end (%s)', (dialect) => {
    expect(statementProblem("SELECT 'never closed", dialect)).toBe('a quoted string is not closed');
    expect(statementProblem('SELECT 1 /* never closed', dialect)).toBe('a comment (/* ...) is not closed');
    expect(statementProblem('SELECT "never closed', dialect)).toMatch(/is not closed$/);
  });

  it('reads PostgreSQL strings, names and comments as PostgreSQL does', () => {
    expect(statementProblem('SELECT $$ ; DROP TABLE t; $$', 'postgres')).toBeNull();
    expect(statementProblem('SELECT $body$ it; is $$ text $body$', 'postgres')).toBeNull();
    expect(statementProblem('SELECT $1, a$b$ FROM t', 'postgres')).toBeNull();
    expect(statementProblem('SELECT $tag$ never closed', 'postgres')).toBe('a dollar-quoted string ($tag$) is not closed');
    // Backslashes escape only in E'' strings.
    expect(statementProblem("SELECT E'\\'; DROP TABLE t; '", 'postgres')).toBeNull();
    expect(statementProblem("SELECT '\\'; DELETE FROM t", 'postgres')).toMatch(/^one statement at a time/);
    // Block comments nest.
    expect(statementProblem('SELECT /* outer /* inner */ ; still a comment */ 1', 'postgres')).toBeNull();
    // `--` always starts a comment, `#` never does.
    expect(statementProblem('SELECT 1--1; DROP TABLE t', 'postgres')).toBeNull();
    expect(statementProblem('SELECT 1 # 2; DROP TABLE t', 'postgres')).toMatch(/^one statement at a time/);
  });

  it('reads MySQL strings, names and comments as MySQL does', () => {
    expect(statementProblem("SELECT 'a\\'; DROP TABLE t; '", 'mysql')).toBeNull();
    expect(statementProblem('SELECT "a;b", `c;d` FROM t', 'mysql')).toBeNull();
    expect(statementProblem('SELECT 1 # ; DROP TABLE t', 'mysql')).toBeNull();
    expect(statementProblem('SELECT 1 -- ; DROP TABLE t', 'mysql')).toBeNull();
    // `--` without a space after it is two minus signs.
    expect(statementProblem('SELECT 1--1; DROP TABLE t', 'mysql')).toMatch(/^one statement at a time/);
    // MySQL runs what is inside /*! */: not accepted.
    expect(statementProblem('/*!50000 DROP TABLE t */ SELECT 1', 'mysql')).toMatch(/^comments that MySQL runs/);
    expect(statementProblem('SELECT 1 /*M!100000 , SLEEP(1) */', 'mysql')).toMatch(/^comments that MySQL runs/);
    expect(statementProblem("SELECT * FROM t INTO OUTFILE '/tmp/t.csv'", 'mysql')).toBe(
      'SELECT ... INTO OUTFILE writes a file on the server: it is not run here',
    );
    expect(statementProblem("SELECT a INTO DUMPFILE '/tmp/a' FROM t", 'mysql')).toMatch(/INTO DUMPFILE writes a file/);
    expect(statementProblem('SELECT a INTO @a FROM t', 'mysql')).toBeNull();
  });
});
