import type { PreviewFormat } from '../../../core/ports/data-preview.js';
import { baseName, formatOf } from './data-formats.js';

/**
 * The notebook cells "Open in notebook" writes (docs/data-browser.md, "Into the notebook"): code
 * that loads exactly what was previewed through the integration's variables, so the cell never
 * holds a secret — only the names of the variables the sandbox receives.
 */

/** One marimo cell: its body and the names it takes from other cells and defines for them. */
export interface CellCode {
  body: string;
  refs: string[];
  defs: string[];
}

/** What the cell loads. */
export type CellData =
  | { type: 'object'; source: 's3'; key: string; bucket: string; envPrefix: string; endpoint: boolean; pathStyle: boolean }
  | { type: 'object'; source: 'workspace'; key: string }
  | { type: 'sql'; kind: 'postgres' | 'mysql'; envPrefix: string; integrationName: string; sql: string; name: string };

/** The cells to add, in order, and the Python packages they need. */
export interface DataCells {
  cells: CellCode[];
  dependencies: string[];
  /** The variable that holds the data. */
  variable: string;
}

const PYTHON_KEYWORDS = new Set(
  'False None True and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield'.split(
    ' ',
  ),
);

/** A Python identifier made of `hint`, not among `taken` (the names the notebook already defines). */
export function variableName(hint: string, taken: ReadonlySet<string>, fallback = 'data'): string {
  let name = hint
    .replace(/\.[^.]*$/, '')
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 40);
  if (name === '' || /^[0-9]/.test(name)) name = name === '' ? fallback : `${fallback}_${name}`;
  if (PYTHON_KEYWORDS.has(name)) name = `${name}_data`;
  let candidate = name;
  for (let suffix = 2; taken.has(candidate) || PYTHON_KEYWORDS.has(candidate); suffix += 1) candidate = `${name}_${suffix}`;
  return candidate;
}

const POLARS_READERS: Partial<Record<PreviewFormat, string>> = {
  csv: 'read_csv',
  tsv: 'read_csv',
  ndjson: 'read_ndjson',
  json: 'read_json',
  parquet: 'read_parquet',
  arrow: 'read_ipc',
  excel: 'read_excel',
};

/** A Python string literal. */
export function pythonString(value: string): string {
  return JSON.stringify(value);
}

function polarsCall(format: PreviewFormat | null, source: string): { call: string; dependencies: string[] } {
  const reader = (format && POLARS_READERS[format]) ?? 'read_csv';
  const options = format === 'tsv' ? ', separator="\\t"' : '';
  return { call: `pl.${reader}(${source}${options})`, dependencies: format === 'excel' ? ['polars', 'fastexcel'] : ['polars'] };
}

/**
 * Cells that load `data`, given the names the notebook already defines (`taken`): an import cell
 * when marimo or a module is not imported yet, a connection cell for a database, and the data cell.
 */
export function cellsFor(data: CellData, taken: ReadonlySet<string>): DataCells {
  const cells: CellCode[] = [];
  const names = new Set(taken);
  const need = (module: string, statement: string) => {
    if (!names.has(module)) {
      cells.push({ body: statement, refs: [], defs: [module] });
      names.add(module);
    }
  };
  if (data.type === 'object') {
    const format = formatOf(data.key);
    const variable = variableName(baseName(data.key), names);
    if (data.source === 'workspace') {
      need('mo', 'import marimo as mo');
      need('pl', 'import polars as pl');
      const { call, dependencies } = polarsCall(format, `mo.notebook_dir() / ${pythonString(data.key)}`);
      cells.push({ body: `${variable} = ${call}\n${variable}`, refs: ['mo', 'pl'], defs: [variable] });
      return { cells, dependencies, variable };
    }
    need('os', 'import os');
    need('pl', 'import polars as pl');
    need('boto3', 'import boto3');
    need('io', 'import io');
    const env = (name: string) => `os.environ[${pythonString(`${data.envPrefix}_${name}`)}]`;
    const client = [
      `_s3 = boto3.client(`,
      `    "s3",`,
      `    region_name=${env('REGION')},`,
      ...(data.endpoint ? [`    endpoint_url=${env('ENDPOINT_URL')},`] : []),
      `    aws_access_key_id=${env('ACCESS_KEY_ID')},`,
      `    aws_secret_access_key=${env('SECRET_ACCESS_KEY')},`,
      ...(data.pathStyle ? [`    config=boto3.session.Config(s3={"addressing_style": "path"}),`] : []),
      `)`,
      `_body = _s3.get_object(Bucket=${env('BUCKET')}, Key=${pythonString(data.key)})["Body"].read()`,
    ];
    const { call, dependencies } = polarsCall(format, 'io.BytesIO(_body)');
    cells.push({ body: [...client, `${variable} = ${call}`, variable].join('\n'), refs: ['boto3', 'io', 'os', 'pl'], defs: [variable] });
    return { cells, dependencies: [...dependencies, 'boto3'], variable };
  }
  need('mo', 'import marimo as mo');
  need('os', 'import os');
  need('sqlalchemy', 'import sqlalchemy');
  const engine = variableName(`${data.integrationName}_engine`, names, 'engine');
  names.add(engine);
  const url = `os.environ[${pythonString(`${data.envPrefix}_URL`)}]`;
  // The driver is named, so the cell works whichever PostgreSQL driver SQLAlchemy would default to.
  const connect = data.kind === 'postgres' ? `sqlalchemy.engine.make_url(${url}).set(drivername="postgresql+psycopg")` : url;
  cells.push({ body: `${engine} = sqlalchemy.create_engine(${connect})`, refs: ['os', 'sqlalchemy'], defs: [engine] });
  const variable = variableName(data.name, names);
  // marimo's SQL cells are f-strings: braces in the statement are doubled to stay literal.
  const statement = data.sql
    .trim()
    .replace(/[{}]/g, (brace) => brace + brace)
    .replace(/"""/g, '\\"\\"\\"');
  const indented = statement
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n');
  cells.push({ body: `${variable} = mo.sql(\n    f"""\n${indented}\n    """,\n    engine=${engine},\n)`, refs: ['mo', engine], defs: [variable] });
  const driver = data.kind === 'postgres' ? 'psycopg[binary]' : 'pymysql';
  return { cells, dependencies: ['polars', 'sqlalchemy', driver], variable };
}

/** One cell in marimo's file format. */
export function cellSource(cell: CellCode): string {
  const body = cell.body
    .split('\n')
    .map((line) => (line === '' ? '' : `    ${line}`))
    .join('\n');
  const returns = cell.defs.length === 0 ? '    return' : `    return (${cell.defs.join(', ')},)`;
  return `@app.cell\ndef _(${[...cell.refs].sort().join(', ')}):\n${body}\n${returns}\n`;
}
