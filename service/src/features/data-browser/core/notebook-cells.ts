import { cellSource, type CellCode } from './data-cells.js';

/**
 * Adding cells to a marimo notebook's source (docs/data-browser.md, "Into the notebook"): the
 * cells go before the `if __name__ == "__main__":` block, and the packages they need join the
 * PEP 723 header (one is written when the notebook has none) so that its sandboxes install them.
 */

const MAIN_GUARD = /^if __name__ == ["']__main__["']:\s*$/m;
const SCRIPT_BLOCK = /^# \/\/\/ script\s*\n([\s\S]*?)^# \/\/\/\s*$/m;

/** The names the notebook's cells define: what each cell returns, as marimo's file format lists them. */
export function definedNames(code: string): Set<string> {
  const names = new Set<string>();
  for (const match of code.matchAll(/^\s{4}return\s*\(?([A-Za-z_][A-Za-z0-9_,\s]*)\)?\s*$/gm))
    for (const name of match[1]!.split(',')) if (name.trim() !== '') names.add(name.trim());
  return names;
}

/** The source with `cells` added at the end and `dependencies` declared. */
export function withCells(code: string, cells: readonly CellCode[], dependencies: readonly string[]): string {
  const added = cells.map((cell) => `${cellSource(cell)}\n\n`).join('');
  const guard = MAIN_GUARD.exec(code);
  const body = guard ? `${code.slice(0, guard.index)}${added}${code.slice(guard.index)}` : `${code.replace(/\s*$/, '\n\n\n')}${added}`;
  return withDependencies(body, dependencies);
}

/** Declares `dependencies` in the PEP 723 header, leaving the ones it already names (by project name). */
export function withDependencies(code: string, dependencies: readonly string[]): string {
  if (dependencies.length === 0) return code;
  const header = SCRIPT_BLOCK.exec(code);
  if (!header) {
    const lines = ['# /// script', '# dependencies = [', ...dependencies.map((name) => `#     "${name}",`), '# ]', '# ///', '', ''];
    return lines.join('\n') + code;
  }
  const block = header[1]!;
  const declared = new Set([...block.matchAll(/"([A-Za-z0-9._-]+)/g)].map((match) => match[1]!.toLowerCase().replace(/[-_.]+/g, '-')));
  const missing = dependencies.filter((name) => !declared.has(name.toLowerCase().replace(/[-_.]+/g, '-')));
  if (missing.length === 0) return code;
  const list =
    /^#[ \t]*dependencies[ \t]*=[ \t]*\[[ \t]*\n([\s\S]*?)^#[ \t]*\][ \t]*$/m.exec(block) ?? /^#[ \t]*dependencies[ \t]*=[ \t]*\[(.*)\][ \t]*$/m.exec(block);
  let updated: string;
  if (!list) updated = `${block}# dependencies = [\n${missing.map((name) => `#     "${name}",`).join('\n')}\n# ]\n`;
  else if (list[0].includes('\n')) {
    // A list over several lines: the new names go on lines of their own before its closing bracket.
    const closing = list[0].lastIndexOf('#');
    const replaced = `${list[0].slice(0, closing)}${missing.map((name) => `#     "${name}",\n`).join('')}${list[0].slice(closing)}`;
    updated = block.replace(list[0], replaced);
  } else {
    const items = list[1]!.trim().replace(/,\s*$/, '');
    const joined = [items, ...missing.map((name) => `"${name}"`)].filter((item) => item !== '').join(', ');
    updated = block.replace(list[0], `# dependencies = [${joined}]`);
  }
  return code.replace(header[0], `# /// script\n${updated}# ///`);
}
