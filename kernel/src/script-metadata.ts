/**
 * PEP 723 inline script metadata: the `# /// script` block of a notebook. Only its presence,
 * whether it declares dependencies and whether it carries uv settings matter here; uv reads the
 * block itself (`uv pip install -r notebook.py`, `uv pip compile notebook.py`), so the TOML is not
 * interpreted beyond that. Shared by the sandbox drivers (installs at start) and the hub (locks on
 * save, docs/environments.md).
 */
const BLOCK = /^# \/\/\/ script\r?\n((?:^#(?: .*)?\r?\n)+)^# \/\/\/\s*$/m;

export interface ScriptMetadata {
  /** The block's TOML, comment markers removed. */
  toml: string;
  declaresDependencies: boolean;
  /** A `[tool.uv]` table: uv settings such as `find-links` to a folder of the workspace. */
  hasUvSettings: boolean;
}

export function scriptMetadata(source: string): ScriptMetadata | null {
  const match = BLOCK.exec(source);
  if (match === null) return null;
  const toml = match[1]!
    .split(/\r?\n/)
    .map((line) => (line.startsWith('# ') ? line.slice(2) : line.slice(1)))
    .join('\n');
  const list = /^dependencies\s*=\s*\[([\s\S]*?)\]/m.exec(toml);
  return {
    toml,
    declaresDependencies: list !== null && /["']\s*[A-Za-z0-9]/.test(list[1]!),
    hasUvSettings: /^\s*\[\s*tool\s*\.\s*uv\s*[\].]/m.test(toml),
  };
}
