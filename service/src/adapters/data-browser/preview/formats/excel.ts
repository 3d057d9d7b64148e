/**
 * Excel (.xlsx): the first sheet's first rows. The workbook part names the sheets, its
 * relationships say where the first one lies, the styles tell dates from numbers; the sheet is
 * then inflated and parsed (saxes, a streaming XML parser) only up to the rows shown, and the
 * shared strings only up to the last one those rows use. The first row is the header.
 */
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { PreviewError, type Preview, type PreviewColumn, type PreviewColumnType } from '../../../../core/ports/data-preview.js';
import type { ByteSource } from '../source.js';
import { unifyTypes, uniqueNames } from '../values.js';
import { Enough, Workbook } from './xlsx-zip.js';

/** Built-in number formats that show dates or times (ECMA-376, 18.8.30). */
const DATE_FORMAT_IDS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47]);

type Cell =
  { kind: 'number'; value: number; date: boolean } | { kind: 'shared'; index: number } | { kind: 'text'; value: string } | { kind: 'boolean'; value: boolean };

export async function previewExcel(source: ByteSource, rows: number): Promise<Preview> {
  const workbook = await Workbook.open(source, source.maxBytes);
  const workbookXml = await workbook.text('xl/workbook.xml');
  if (workbookXml === null) throw new PreviewError('unsupported', 'The file is a ZIP archive but not an Excel workbook (it has no xl/workbook.xml).');
  const sheets = [...workbookXml.matchAll(/<(?:\w+:)?sheet\b[^>]*>/g)].map((match) => match[0]);
  const first = sheets[0];
  if (!first) throw new PreviewError('malformed', 'The workbook has no sheets.');
  const sheetName = decodeXml(/\bname="([^"]*)"/.exec(first)?.[1] ?? 'Sheet1');
  const relationId = /\br:id="([^"]*)"|\b\w+:id="([^"]*)"/.exec(first);
  const rels = (await workbook.text('xl/_rels/workbook.xml.rels')) ?? '';
  const id = relationId?.[1] ?? relationId?.[2];
  const target =
    id === undefined ? undefined : [...rels.matchAll(/<(?:\w+:)?Relationship\b[^>]*>/g)].map((match) => match[0]).find((tag) => tag.includes(`Id="${id}"`));
  const targetPath = target ? /\bTarget="([^"]*)"/.exec(target)?.[1] : undefined;
  const sheetPath = targetPath ? (targetPath.startsWith('/') ? targetPath.slice(1) : `xl/${targetPath}`) : 'xl/worksheets/sheet1.xml';
  const date1904 = /<(?:\w+:)?workbookPr\b[^>]*\bdate1904="(?:1|true)"/.test(workbookXml);
  const dateStyles = parseDateStyles((await workbook.text('xl/styles.xml')) ?? '');

  const grid = await readRows(workbook, sheetPath, dateStyles, rows + 2);
  const strings = await sharedStrings(workbook, maxSharedIndex(grid));
  const values = grid.map((row) => row.map((cell) => cellValue(cell, strings, date1904)));

  const [header = [], ...body] = values;
  const shown = body.slice(0, rows);
  const width = Math.max(header.length, ...shown.map((row) => row.length));
  const names = uniqueNames(
    Array.from({ length: width }, (_, index) => (header[index] === null || header[index] === undefined ? '' : String(header[index].value))),
  );
  const columns: PreviewColumn[] = names.map((name, index) => ({
    name,
    type: unifyTypes(shown.map((row) => row[index]?.type ?? 'null')),
    sourceType: null,
  }));
  const cells = shown.map((row) => columns.map((column, index) => jsonCell(row[index] ?? null, column.type)));
  const notes = [`the first sheet ("${sheetName}") of ${sheets.length}`];
  return { kind: 'table', format: 'excel', columns, rows: cells, totalRows: body.length <= rows ? body.length : null, truncated: body.length > rows, notes };
}

/** Style indexes (cellXfs positions) whose number format shows a date or time. */
function parseDateStyles(styles: string): Set<number> {
  const custom = new Map<number, string>();
  for (const match of styles.matchAll(/<(?:\w+:)?numFmt\b[^>]*\bnumFmtId="(\d+)"[^>]*\bformatCode="([^"]*)"/g))
    custom.set(Number(match[1]), decodeXml(match[2]!));
  const xfs = /<(?:\w+:)?cellXfs\b[^>]*>([\s\S]*?)<\/(?:\w+:)?cellXfs>/.exec(styles)?.[1] ?? '';
  const dates = new Set<number>();
  [...xfs.matchAll(/<(?:\w+:)?xf\b[^>]*>/g)].forEach((match, index) => {
    const id = Number(/\bnumFmtId="(\d+)"/.exec(match[0])?.[1] ?? 0);
    const code = custom.get(id);
    // A custom format is a date when it has date or time letters outside quotes and brackets ("[Red]", "\"kg\"").
    if (DATE_FORMAT_IDS.has(id) || (code !== undefined && /[dmyhs]/i.test(code.replace(/"[^"]*"|\[[^\]]*\]|\\./g, '')))) dates.add(index);
  });
  return dates;
}

/** The first `limit` non-empty rows of the sheet, cells placed by their column reference. */
async function readRows(workbook: Workbook, path: string, dateStyles: Set<number>, limit: number): Promise<Cell[][]> {
  const rows: Cell[][] = [];
  let row: Cell[] | null = null;
  let cell: { column: number; type: string; style: number; text: string; inValue: boolean } | null = null;
  const parser = new SaxesParser();
  parser.on('opentag', (tag: SaxesTagPlain) => {
    const name = tag.name.slice(tag.name.indexOf(':') + 1);
    if (name === 'row') row = [];
    else if (name === 'c' && row) {
      const ref = String(tag.attributes.r ?? '');
      cell = {
        column: ref ? columnIndex(ref) : row.length,
        type: String(tag.attributes.t ?? 'n'),
        style: Number(tag.attributes.s ?? 0),
        text: '',
        inValue: false,
      };
    } else if ((name === 'v' || name === 't') && cell) cell.inValue = true;
  });
  parser.on('text', (text) => {
    if (cell?.inValue) cell.text += text;
  });
  parser.on('closetag', (tag: SaxesTagPlain) => {
    const name = tag.name.slice(tag.name.indexOf(':') + 1);
    if ((name === 'v' || name === 't') && cell) cell.inValue = false;
    else if (name === 'c' && cell && row) {
      const parsed = parseCell(cell.type, cell.text, dateStyles.has(cell.style));
      if (parsed) row[cell.column] = parsed;
      cell = null;
    } else if (name === 'row' && row) {
      if (row.some((item) => item !== undefined)) rows.push(row);
      row = null;
      if (rows.length >= limit) throw new Enough();
    }
  });
  const decoder = new TextDecoder();
  let outcome: Awaited<ReturnType<Workbook['stream']>>;
  try {
    outcome = await workbook.stream(path, (chunk) => void parser.write(decoder.decode(chunk, { stream: true })));
    if (outcome === 'complete') parser.close();
  } catch (error) {
    if (error instanceof PreviewError) throw error;
    throw new PreviewError('malformed', `The first sheet could not be parsed: ${(error as Error).message}`);
  }
  if (outcome === 'missing') throw new PreviewError('malformed', `The workbook names ${path} as its first sheet, but the archive has no such part.`);
  return rows;
}

function parseCell(type: string, text: string, date: boolean): Cell | null {
  switch (type) {
    case 's':
      return text === '' ? null : { kind: 'shared', index: Number(text) };
    case 'b':
      return { kind: 'boolean', value: text === '1' || text === 'true' };
    case 'str':
    case 'inlineStr':
    case 'e':
    case 'd':
      return { kind: 'text', value: text };
    default:
      return text === '' ? null : { kind: 'number', value: Number(text), date };
  }
}

/** `BC12` → 54 (zero-based). */
function columnIndex(ref: string): number {
  let index = 0;
  for (const char of ref.toUpperCase()) {
    const code = char.charCodeAt(0);
    if (code < 65 || code > 90) break;
    index = index * 26 + (code - 64);
  }
  return index - 1;
}

function maxSharedIndex(grid: Cell[][]): number {
  let max = -1;
  for (const row of grid) for (const cell of row) if (cell?.kind === 'shared') max = Math.max(max, cell.index);
  return max;
}

/** The shared strings up to index `last`, parsed as a stream that stops there. */
async function sharedStrings(workbook: Workbook, last: number): Promise<string[]> {
  const strings: string[] = [];
  if (last < 0) return strings;
  let current: string | null = null;
  let inText = false;
  // Phonetic runs (<rPh>) are reading aids, not the cell's text.
  let inPhonetic = false;
  const parser = new SaxesParser();
  parser.on('opentag', (tag: SaxesTagPlain) => {
    const name = tag.name.slice(tag.name.indexOf(':') + 1);
    if (name === 'si') current = '';
    else if (name === 'rPh') inPhonetic = true;
    else if (name === 't' && current !== null && !inPhonetic) inText = true;
  });
  parser.on('text', (text) => {
    if (inText) current += text;
  });
  parser.on('closetag', (tag: SaxesTagPlain) => {
    const name = tag.name.slice(tag.name.indexOf(':') + 1);
    if (name === 't') inText = false;
    else if (name === 'rPh') inPhonetic = false;
    else if (name === 'si' && current !== null) {
      strings.push(current);
      current = null;
      if (strings.length > last) throw new Enough();
    }
  });
  const decoder = new TextDecoder();
  try {
    const outcome = await workbook.stream('xl/sharedStrings.xml', (chunk) => void parser.write(decoder.decode(chunk, { stream: true })));
    if (outcome === 'complete') parser.close();
  } catch (error) {
    if (error instanceof PreviewError) throw error;
    throw new PreviewError('malformed', `The workbook's shared strings could not be parsed: ${(error as Error).message}`);
  }
  return strings;
}

interface Value {
  value: string | number | boolean;
  type: PreviewColumnType;
}

const DAY_MS = 86_400_000;

function cellValue(cell: Cell | undefined, strings: string[], date1904: boolean): Value | null {
  if (!cell) return null;
  switch (cell.kind) {
    case 'shared':
      return { value: strings[cell.index] ?? '', type: 'string' };
    case 'text':
      return { value: cell.value, type: 'string' };
    case 'boolean':
      return { value: cell.value, type: 'boolean' };
    case 'number': {
      if (!Number.isFinite(cell.value)) return { value: String(cell.value), type: 'string' };
      if (!cell.date) return { value: cell.value, type: Number.isInteger(cell.value) ? 'integer' : 'float' };
      // Serial days since 1899-12-30 (which absorbs Excel's 1900 leap-year bug) or 1904-01-01.
      const ms = Math.round((cell.value - (date1904 ? 24107 : 25569)) * DAY_MS);
      const iso = new Date(ms).toISOString();
      return Number.isInteger(cell.value) ? { value: iso.slice(0, 10), type: 'date' } : { value: iso, type: 'datetime' };
    }
  }
}

function jsonCell(cell: Value | null, type: PreviewColumnType): unknown {
  if (cell === null) return null;
  // A column of mixed kinds is shown as text, every value alike.
  return type === 'string' && typeof cell.value !== 'string' ? String(cell.value) : cell.value;
}

function decodeXml(text: string): string {
  return text.replace(/&(lt|gt|amp|quot|apos|#\d+|#x[\da-f]+);/gi, (entity, name: string) => {
    const named: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return named[name.toLowerCase()] ?? entity;
  });
}
