/**
 * PEP 723 inline script metadata: the `# /// script` block of a notebook. Only its presence and
 * whether it declares dependencies matter here; uv reads the block itself (`uv pip install -r
 * notebook.py`), so the TOML is not interpreted beyond that.
 */
const BLOCK = /^# \/\/\/ script\r?\n((?:^#(?: .*)?\r?\n)+)^# \/\/\/\s*$/m;

export interface ScriptMetadata {
  /** The block's TOML, comment markers removed. */
  toml: string;
  declaresDependencies: boolean;
}

export function scriptMetadata(source: string): ScriptMetadata | null {
  const match = BLOCK.exec(source);
  if (match === null) return null;
  const toml = match[1]!
    .split(/\r?\n/)
    .map((line) => (line.startsWith('# ') ? line.slice(2) : line.slice(1)))
    .join('\n');
  const list = /^dependencies\s*=\s*\[([\s\S]*?)\]/m.exec(toml);
  return { toml, declaresDependencies: list !== null && /["']\s*[A-Za-z0-9]/.test(list[1]!) };
}
