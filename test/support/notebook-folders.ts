import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { deflateRawSync, crc32 } from 'node:zlib';
import { zipSync, type Zippable } from 'fflate';

/** A marimo notebook as `marimo edit` writes it: one function per cell, run as a script at the end. */
export function marimoNotebook(options: { title?: string; cells: string[]; generatedWith?: string }): string {
  const app = options.title ? `marimo.App(width="medium", app_title=${JSON.stringify(options.title)})` : 'marimo.App()';
  const cells = options.cells.map((cell) => `@app.cell\n${cell.trim()}\n`).join('\n\n');
  return `import marimo\n\n__generated_with = "${options.generatedWith ?? '0.13.0'}"\napp = ${app}\n\n\n${cells}\n\nif __name__ == "__main__":\n    app.run()\n`;
}

/** The smallest notebook that reads a data file next to it. */
export const CSV_NOTEBOOK = marimoNotebook({
  title: 'Read a CSV',
  cells: ['def _():\n    import marimo as mo\n    return (mo,)', 'def _(mo):\n    mo.md(open("data/input.csv").read())\n    return'],
});

/** A zip of `dir` with the folder itself as its top entry, as a file manager's "compress" makes it. */
export async function zipFolder(dir: string): Promise<Uint8Array> {
  const top = path.basename(dir);
  const tree: Zippable = {};
  const walk = async (folder: string, into: Zippable) => {
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) {
        const child: Zippable = {};
        into[entry.name] = child;
        await walk(full, child);
      } else {
        into[entry.name] = new Uint8Array(await readFile(full));
      }
    }
  };
  const root: Zippable = {};
  tree[top] = root;
  await walk(dir, root);
  return zipSync(tree, { level: 6 });
}

/** A one-notebook folder, zipped: what a route test uploads. */
export function smallNotebookZip(): Uint8Array {
  return zipSync({ 'reader.py': new TextEncoder().encode(CSV_NOTEBOOK), data: { 'input.csv': new TextEncoder().encode('a,b\n1,2\n') } });
}

export interface RawEntry {
  /** Raw name bytes (a string is encoded as UTF-8). */
  name: string | Buffer;
  data?: Buffer;
  /** General-purpose flags; the UTF-8 flag (0x800) is not set unless given here. */
  flags?: number;
  /** Host in the high byte: 3 is Unix (then the high 16 bits of externalAttributes are a mode). */
  madeBy?: number;
  externalAttributes?: number;
  deflate?: boolean;
  /** A compression method to claim (the data is stored as given). */
  method?: number;
  /** A size to claim in the headers instead of the real one. */
  declaredSize?: number;
}

/**
 * A zip built byte by byte, for archives no well-behaved tool writes: hostile names, legacy
 * encodings, symlinks, encrypted flags and sizes that lie.
 */
export function rawZip(entries: RawEntry[]): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = typeof entry.name === 'string' ? Buffer.from(entry.name, 'utf8') : entry.name;
    const data = entry.data ?? Buffer.alloc(0);
    const stored = entry.deflate ? deflateRawSync(data) : data;
    const size = entry.declaredSize ?? data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(entry.flags ?? 0, 6);
    const method = entry.method ?? (entry.deflate ? 8 : 0);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc32(data), 14);
    local.writeUInt32LE(stored.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(entry.madeBy ?? 20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(entry.flags ?? 0, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc32(data), 16);
    central.writeUInt32LE(stored.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(entry.externalAttributes ?? 0, 38);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, stored);
    centrals.push(central, name);
    offset += 30 + name.length + stored.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, directory, end]));
}

/** Unix mode bits as a zip's external attributes. */
export const unixMode = (mode: number) => (mode << 16) >>> 0;
