/**
 * A run's outputs as plain text (docs/mcp.md, `run_notebook`), read from the HTML page marimo
 * exports: the page carries every cell's outputs and console lines as JSON (its `session`), which
 * is read here instead of the page's markup. Markup inside an output becomes its text; a table
 * becomes its rows as JSON; images and other binary outputs are named, not shown.
 */

interface SessionOutput {
  type?: string;
  data?: Record<string, unknown>;
  ename?: string;
  evalue?: string;
}
interface SessionCell {
  id?: string;
  outputs?: SessionOutput[];
  console?: { name?: string; text?: string; mimetype?: string }[];
}

/** The text of each cell that showed or printed something, in notebook order; null when the page holds no outputs. */
export function runOutputText(html: string, maxChars = 100_000): string | null {
  const session = sessionOf(html);
  if (!session) return null;
  const sections: string[] = [];
  session.forEach((cell, index) => {
    const parts: string[] = [];
    for (const output of cell.outputs ?? []) {
      const text = outputText(output);
      if (text) parts.push(text);
    }
    for (const line of cell.console ?? []) {
      const text = (line.text ?? '').trimEnd();
      if (text) parts.push(`[${line.name ?? 'console'}] ${isMarkup(line.mimetype) ? htmlText(text) : text}`);
    }
    if (parts.length > 0) sections.push(`## Cell ${index + 1}${cell.id ? ` (${cell.id})` : ''}\n${parts.join('\n')}`);
  });
  const text = sections.length === 0 ? 'The run showed no outputs.' : sections.join('\n\n');
  return text.length <= maxChars ? text : `${text.slice(0, maxChars)}\n… (cut at ${maxChars} characters)`;
}

function outputText(output: SessionOutput): string {
  if (output.type === 'error' || output.ename) return `Error: ${[output.ename, output.evalue].filter(Boolean).join(': ')}`;
  const data = output.data ?? {};
  for (const [mimetype, value] of Object.entries(data)) {
    if (typeof value !== 'string') {
      if (mimetype === 'application/vnd.marimo+error' && Array.isArray(value)) return value.map(errorText).join('\n');
      continue;
    }
    if (mimetype === 'text/plain' || mimetype === 'application/json') return value;
    if (mimetype === 'text/markdown' || mimetype === 'text/html') return htmlText(value);
    if (mimetype.startsWith('image/') || mimetype === 'application/pdf') return `[${mimetype} output]`;
    if (mimetype.startsWith('text/')) return value;
  }
  return '';
}

/** Console lines marimo sends as markup: HTML, and tracebacks (highlighted HTML). */
const isMarkup = (mimetype: string | undefined) => mimetype === 'text/html' || mimetype === 'application/vnd.marimo+traceback';

function errorText(error: unknown): string {
  if (typeof error !== 'object' || error === null) return `Error: ${String(error)}`;
  const { type, msg } = error as { type?: unknown; msg?: unknown };
  return `Error${typeof type === 'string' ? ` (${type})` : ''}: ${typeof msg === 'string' ? htmlText(msg) : ''}`;
}

/** Text of an HTML fragment: tables of marimo's data grids as their rows, tags dropped, entities decoded, blank runs collapsed. */
function htmlText(fragment: string): string {
  const withTables = fragment.replace(/<marimo-table\b[^>]*\bdata-data='([^']*)'[^>]*>/g, (_match, data: string) => `\n${tableRows(data)}\n`);
  const text = withTables
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h[1-6]|li|tr)>/gi, '\n')
    .replace(/<[^>]+>/g, '');
  return decodeEntities(text)
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** A marimo table's `data-data` attribute: entity-encoded JSON of a JSON string of the rows. */
function tableRows(attribute: string): string {
  try {
    let value: unknown = JSON.parse(decodeEntities(attribute));
    if (typeof value === 'string') value = JSON.parse(value);
    return Array.isArray(value) ? value.map((row) => JSON.stringify(row)).join('\n') : '[table]';
  } catch {
    return '[table]';
  }
}

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (match, entity: string) => {
    if (entity.startsWith('#x') || entity.startsWith('#X')) return String.fromCodePoint(Number.parseInt(entity.slice(2), 16));
    if (entity.startsWith('#')) return String.fromCodePoint(Number.parseInt(entity.slice(1), 10));
    return NAMED_ENTITIES[entity.toLowerCase()] ?? match;
  });
}

/** The `"session": {...}` object of marimo's mount config, read by matching its braces. */
function sessionOf(html: string): SessionCell[] | null {
  const start = html.indexOf('"session":');
  if (start < 0) return null;
  const open = html.indexOf('{', start);
  if (open < 0) return null;
  let depth = 0;
  let inString = false;
  for (let index = open; index < html.length; index++) {
    const char = html[index];
    if (inString) {
      if (char === '\\') index++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{') depth++;
    else if (char === '}' && --depth === 0) {
      try {
        const session = JSON.parse(html.slice(open, index + 1)) as { cells?: SessionCell[] };
        return Array.isArray(session.cells) ? session.cells : null;
      } catch {
        return null;
      }
    }
  }
  return null;
}
