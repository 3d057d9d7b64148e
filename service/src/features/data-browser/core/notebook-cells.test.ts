import { describe, expect, it } from 'vitest';
import { blankNotebook, looksLikeMarimoNotebook } from '../../../core/notebooks/marimo-source.js';
import { cellsFor, variableName } from './data-cells.js';
import { tableQuery } from './data-cell-use-cases.js';
import { definedNames, withCells, withDependencies } from './notebook-cells.js';

describe('cells that load data into a notebook', () => {
  it('adds a database connection and a SQL cell before the main guard, with the packages declared', () => {
    const data = cellsFor(
      {
        type: 'sql',
        kind: 'postgres',
        envPrefix: 'SALES',
        integrationName: 'Sales DB',
        sql: tableQuery('postgres', { schema: 'public', name: 'orders' }),
        name: 'orders',
      },
      new Set(['mo']),
    );
    const code = withCells(blankNotebook('0.25.2'), data.cells, data.dependencies);
    expect(looksLikeMarimoNotebook(code)).toBe(true);
    expect(
      code.indexOf('sales_db_engine = sqlalchemy.create_engine(sqlalchemy.engine.make_url(os.environ["SALES_URL"]).set(drivername="postgresql+psycopg"))'),
    ).toBeLessThan(code.indexOf('if __name__ == "__main__":'));
    expect(code).toContain('SELECT * FROM "public"."orders" LIMIT 100');
    expect(code).toContain('    engine=sales_db_engine,');
    expect(code).toMatch(/^# \/\/\/ script\n# dependencies = \[\n# {5}"polars",\n# {5}"sqlalchemy",\n# {5}"psycopg\[binary\]",\n# \]\n# \/\/\/\n/);
    // marimo is imported by the blank notebook's cell already: no second import.
    expect(code.match(/import marimo as mo/g)).toHaveLength(1);
    expect(data.variable).toBe('orders');
  });

  it('never writes a secret: only the names of the variables the sandbox receives', () => {
    const data = cellsFor(
      { type: 'object', source: 's3', key: 'raw/2024 sales.csv', bucket: 'lake', envPrefix: 'LAKE', endpoint: true, pathStyle: true },
      new Set(),
    );
    const code = data.cells.map((cell) => cell.body).join('\n');
    expect(code).toContain('os.environ["LAKE_SECRET_ACCESS_KEY"]');
    expect(code).toContain('Key="raw/2024 sales.csv"');
    expect(code).toContain('pl.read_csv(io.BytesIO(_body))');
    expect(data.variable).toBe('data_2024_sales');
    expect(data.dependencies).toEqual(['polars', 'boto3']);
  });

  it('keeps braces and triple quotes of a statement literal inside the f-string', () => {
    const data = cellsFor(
      { type: 'sql', kind: 'mysql', envPrefix: 'DB', integrationName: 'db', sql: `SELECT '{x}' AS a, """ AS b`, name: 'result' },
      new Set(),
    );
    const sql = data.cells.at(-1)!.body;
    expect(sql).toContain(`SELECT '{{x}}' AS a, \\"\\"\\" AS b`);
    expect(data.dependencies).toContain('pymysql');
  });

  it('names variables so that they do not collide with what the notebook defines', () => {
    expect(variableName('orders.csv', new Set(['orders']))).toBe('orders_2');
    expect(variableName('class', new Set())).toBe('class_data');
    expect(variableName('---', new Set())).toBe('data');
    const code = withCells(blankNotebook('0.25.2'), cellsFor({ type: 'object', source: 'workspace', key: 'orders.csv' }, new Set()).cells, []);
    expect(definedNames(code)).toEqual(new Set(['mo', 'pl', 'orders']));
  });

  it('adds missing packages to an existing PEP 723 header, in either list style', () => {
    const multi = '# /// script\n# requires-python = ">=3.11"\n# dependencies = [\n#     "polars==1.0",\n# ]\n# ///\nimport marimo\n';
    expect(withDependencies(multi, ['polars', 'boto3'])).toBe(
      '# /// script\n# requires-python = ">=3.11"\n# dependencies = [\n#     "polars==1.0",\n#     "boto3",\n# ]\n# ///\nimport marimo\n',
    );
    const inline = '# /// script\n# dependencies = ["pandas"]\n# ///\nimport marimo\n';
    expect(withDependencies(inline, ['pandas', 'sqlalchemy'])).toBe('# /// script\n# dependencies = ["pandas", "sqlalchemy"]\n# ///\nimport marimo\n');
    const none = '# /// script\n# requires-python = ">=3.11"\n# ///\nimport marimo\n';
    expect(withDependencies(none, ['polars'])).toBe(
      '# /// script\n# requires-python = ">=3.11"\n# dependencies = [\n#     "polars",\n# ]\n# ///\nimport marimo\n',
    );
  });

  it('quotes identifiers of each database in a table query', () => {
    expect(tableQuery('mysql', { schema: 'shop', name: 'we`ird', rows: 10 })).toBe('SELECT * FROM `shop`.`we``ird` LIMIT 10');
    expect(tableQuery('postgres', { schema: 'a"b', name: 't' })).toBe('SELECT * FROM "a""b"."t" LIMIT 100');
  });
});
