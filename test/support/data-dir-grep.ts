import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** The files under `dir` whose bytes contain any of `needles` (as UTF-8), with the needle found: a test's grep for a leaked secret. */
export async function filesContaining(dir: string, needles: readonly string[]): Promise<{ file: string; needle: string }[]> {
  const found: { file: string; needle: string }[] = [];
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const bytes = await readFile(file).catch(() => null);
    if (!bytes) continue;
    for (const needle of needles) if (bytes.includes(Buffer.from(needle, 'utf8'))) found.push({ file: path.relative(dir, file), needle });
  }
  return found;
}
