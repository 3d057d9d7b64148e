import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { zipSync, strToU8 } from 'fflate';

/** What the `/// script` block of a notebook declares; uv resolves it inside the sandbox. */
export const withDependencies = (code: string, dependencies: string[]) =>
  `# /// script\n# dependencies = [\n${dependencies.map((dependency) => `#     "${dependency}",\n`).join('')}# ]\n# ///\n${code}`;

/** A pure-Python wheel with one module whose VALUE is "from-a-local-wheel". */
export async function writeWheel(dir: string, name: string, version: string): Promise<string> {
  const info = `${name}-${version}.dist-info`;
  const files: Record<string, string> = {
    [`${name}/__init__.py`]: 'VALUE = "from-a-local-wheel"\n',
    [`${info}/METADATA`]: `Metadata-Version: 2.1\nName: ${name}\nVersion: ${version}\n`,
    [`${info}/WHEEL`]: 'Wheel-Version: 1.0\nGenerator: notebook-hub-tests\nRoot-Is-Purelib: true\nTag: py3-none-any\n',
  };
  const record = Object.entries(files).map(([file, content]) => {
    const digest = createHash('sha256').update(content).digest('base64url');
    return `${file},sha256=${digest},${Buffer.byteLength(content)}`;
  });
  files[`${info}/RECORD`] = `${[...record, `${info}/RECORD,,`].join('\n')}\n`;
  const target = path.join(dir, `${name}-${version}-py3-none-any.whl`);
  await writeFile(target, zipSync(Object.fromEntries(Object.entries(files).map(([file, content]) => [file, strToU8(content)]))));
  return target;
}
