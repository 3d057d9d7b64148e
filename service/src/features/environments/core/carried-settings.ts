/**
 * Which uv settings of a PEP 723 block a lock carries (docs/environments.md, "What a lock
 * carries"). A lock is a requirements file resolved against the deployment's package index: it
 * carries the block's `find-links` folders of the notebook's workspace (uv writes them into the
 * lock, and a build is given the workspace), nothing else of its `[tool.uv]` table. A block with
 * any other uv setting (another index, sources, overrides...) is installed at each start as it is,
 * so that uv reads the block itself, rather than locked without what makes it work.
 *
 * The TOML is only scanned for the keys it sets, conservatively: whatever is not recognisably
 * `find-links` with workspace folders counts as a setting the lock does not carry.
 */

/** The setting the lock carries. */
const FIND_LINKS = 'find-links';

/** A workspace folder: relative, inside the workspace, no URL. */
const WORKSPACE_FOLDER = /^(?!\/)(?![A-Za-z][A-Za-z0-9+.-]*:)(?!.*(?:^|[\\/])\.\.(?:[\\/]|$))[^\\\0]+$/;

const HEADER = /^\s*(\[\[?)\s*([^\]]+?)\s*\]\]?\s*(?:#.*)?$/;
const KEY = /^\s*((?:"[^"]*"|'[^']*'|[A-Za-z0-9_-]+)(?:\s*\.\s*(?:"[^"]*"|'[^']*'|[A-Za-z0-9_-]+))*)\s*=(.*)$/;

const unquote = (part: string) => part.trim().replace(/^["']|["']$/g, '');
const dotted = (name: string) => name.split('.').map(unquote).join('.');

/** Opening minus closing brackets and braces outside strings: how far a value continues on the next lines. */
function depthOf(text: string): number {
  let depth = 0;
  let quote: string | null = null;
  for (const char of text) {
    if (quote) {
      if (char === quote) quote = null;
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '#') break;
    else if (char === '[' || char === '{') depth++;
    else if (char === ']' || char === '}') depth--;
  }
  return depth;
}

/**
 * The uv settings of the block a lock cannot carry, by name (`extra-index-url`, `sources`,
 * `find-links` with a URL...); empty when the block can be locked as it is.
 */
export function settingsNotCarried(toml: string): string[] {
  const found = new Set<string>();
  const lines = toml.split(/\r?\n/);
  let table = '';
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    const header = HEADER.exec(line);
    if (header) {
      table = dotted(header[2]!);
      if (table.startsWith('tool.uv.')) found.add(table.slice('tool.uv.'.length));
      continue;
    }
    const key = KEY.exec(line);
    if (!key) continue;
    // The whole value, over as many lines as its brackets take.
    let value = key[2]!;
    let depth = depthOf(value);
    while (depth > 0 && index + 1 < lines.length) {
      const next = lines[++index]!;
      value += `\n${next}`;
      depth += depthOf(next);
    }
    const name = [table, dotted(key[1]!)].filter((part) => part !== '').join('.');
    if (name === 'tool' || name === 'tool.uv') found.add('uv');
    // A sub-table's keys are its own: the sub-table was named by its header.
    if (!name.startsWith('tool.uv.') || table.startsWith('tool.uv.')) continue;
    const setting = name.slice('tool.uv.'.length);
    if (setting !== FIND_LINKS) {
      found.add(setting);
      continue;
    }
    const folders = [...value.matchAll(/"([^"\\]*)"|'([^']*)'/g)].map((match) => match[1] ?? match[2] ?? '');
    if (!/^\s*\[/.test(value) || folders.some((folder) => !WORKSPACE_FOLDER.test(folder))) found.add(`${FIND_LINKS} (not a folder of the workspace)`);
  }
  return [...found];
}

/** Why a block is installed at each start rather than locked, or null when it can be locked. */
export function notLockableReason(toml: string): string | null {
  const settings = settingsNotCarried(toml);
  if (settings.length === 0) return null;
  return `its [tool.uv] settings ${settings.map((setting) => `"${setting}"`).join(', ')} are not carried by a lock: its dependencies are installed at each start`;
}
