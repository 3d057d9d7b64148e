import path from 'node:path';
import { Readable } from 'node:stream';
import tar from 'tar-stream';

/**
 * A tar with one file (and entries for its parent directories, so they get the sandbox user as
 * owner instead of root), to put into a container with the archive API.
 */
export function tarOfFile(relativePath: string, data: Buffer, owner: { uid: number; gid: number }): Readable {
  const pack = tar.pack();
  const parts = relativePath.split('/');
  for (let i = 1; i < parts.length; i++) {
    pack.entry({ name: `${parts.slice(0, i).join('/')}/`, type: 'directory', mode: 0o755, uid: owner.uid, gid: owner.gid });
  }
  pack.entry({ name: relativePath, mode: 0o644, uid: owner.uid, gid: owner.gid, size: data.length }, data);
  pack.finalize();
  return Readable.from(pack);
}

/** The content of the single regular file in a tar stream from the archive API. */
export function fileFromTar(stream: NodeJS.ReadableStream, name: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const extract = tar.extract();
    let found: Buffer | null = null;
    extract.on('entry', (header, entry, next) => {
      const chunks: Buffer[] = [];
      entry.on('data', (chunk: unknown) => {
        if (!Buffer.isBuffer(chunk)) return;
        if (header.type === 'file' && found === null) chunks.push(chunk);
      });
      entry.on('end', () => {
        if (header.type === 'file' && found === null) found = Buffer.concat(chunks);
        next();
      });
      entry.resume();
    });
    extract.on('finish', () => (found === null ? reject(new Error(`${path.basename(name)} is not a regular file`)) : resolve(found)));
    extract.on('error', reject);
    stream.on('error', reject);
    stream.pipe(extract);
  });
}
