import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { strToU8, zipSync } from 'fflate';

/**
 * A package index on 127.0.0.1 for uv: a directory of wheels behind a PEP 503 simple index
 * (`/simple/<name>/` lists the files with their SHA-256, `/files/<wheel>` serves them). Wheels are
 * built by the test; adding one later is how the index "gains a newer version". Every file
 * download is counted.
 */
export interface PackageIndex {
  /** The simple index URL (`http://127.0.0.1:<port>/simple`). */
  url: string;
  /** Builds a pure-Python wheel of `name` at `version` whose module's VERSION is that version, and serves it. */
  add(name: string, version: string, options?: { requires?: string[] }): Promise<void>;
  /** How often each wheel file was downloaded. */
  downloads(): Record<string, number>;
  close(): Promise<void>;
}

const normalized = (name: string) => name.toLowerCase().replace(/[-_.]+/g, '-');
const module = (name: string) => name.toLowerCase().replace(/[-.]+/g, '_');

/** Basic authentication a private index demands of every request. */
export interface IndexCredentials {
  username: string;
  password: string;
}

export async function startPackageIndex(dir: string, options: { credentials?: IndexCredentials } = {}): Promise<PackageIndex> {
  const downloads: Record<string, number> = {};
  const { credentials } = options;
  const expected = credentials && `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`;
  const server: Server = createServer((request, response) => {
    void (async () => {
      if (expected && request.headers.authorization !== expected) {
        response.statusCode = 401;
        response.setHeader('www-authenticate', 'Basic realm="private index"');
        response.end('unauthorized');
        return;
      }
      const url = new URL(request.url ?? '/', 'http://index');
      // Every answer is current: a resolution after a wheel was added sees it.
      response.setHeader('cache-control', 'no-store');
      const files = await readdir(dir);
      const wheelsOf = (project: string) => files.filter((file) => file.endsWith('.whl') && normalized(file.split('-')[0]!) === project);
      if (url.pathname === '/simple/') {
        const projects = [...new Set(files.filter((file) => file.endsWith('.whl')).map((file) => normalized(file.split('-')[0]!)))];
        response.setHeader('content-type', 'text/html');
        response.end(`<!DOCTYPE html><html><body>${projects.map((project) => `<a href="${project}/">${project}</a>`).join('\n')}</body></html>`);
        return;
      }
      const project = /^\/simple\/([^/]+)\/?$/.exec(url.pathname)?.[1];
      if (project !== undefined) {
        const wheels = wheelsOf(normalized(project));
        if (wheels.length === 0) {
          response.statusCode = 404;
          response.end('not found');
          return;
        }
        const links = await Promise.all(
          wheels.map(async (file) => {
            const digest = createHash('sha256')
              .update(await readFile(path.join(dir, file)))
              .digest('hex');
            return `<a href="/files/${file}#sha256=${digest}">${file}</a>`;
          }),
        );
        response.setHeader('content-type', 'text/html');
        response.end(`<!DOCTYPE html><html><body>${links.join('\n')}</body></html>`);
        return;
      }
      const file = /^\/files\/([^/]+\.whl)$/.exec(url.pathname)?.[1];
      if (file !== undefined && files.includes(file)) {
        downloads[file] = (downloads[file] ?? 0) + 1;
        response.setHeader('content-type', 'application/octet-stream');
        response.end(await readFile(path.join(dir, file)));
        return;
      }
      response.statusCode = 404;
      response.end('not found');
    })().catch((error: unknown) => {
      response.statusCode = 500;
      response.end(String(error));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/simple`,
    add: (name, version, options = {}) => writeVersionedWheel(dir, name, version, options.requires ?? []),
    downloads: () => ({ ...downloads }),
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

/** A pure-Python wheel: `<module>/__init__.py` with `VERSION = "<version>"`, and its requirements. */
export async function writeVersionedWheel(dir: string, name: string, version: string, requires: string[]): Promise<void> {
  const distribution = module(name);
  const info = `${distribution}-${version}.dist-info`;
  const files: Record<string, string> = {
    [`${distribution}/__init__.py`]: `VERSION = "${version}"\n`,
    [`${info}/METADATA`]: `Metadata-Version: 2.1\nName: ${name}\nVersion: ${version}\n${requires.map((requirement) => `Requires-Dist: ${requirement}\n`).join('')}`,
    [`${info}/WHEEL`]: 'Wheel-Version: 1.0\nGenerator: notebook-hub-tests\nRoot-Is-Purelib: true\nTag: py3-none-any\n',
  };
  const record = Object.entries(files).map(([file, content]) => {
    const digest = createHash('sha256').update(content).digest('base64url');
    return `${file},sha256=${digest},${Buffer.byteLength(content)}`;
  });
  files[`${info}/RECORD`] = `${[...record, `${info}/RECORD,,`].join('\n')}\n`;
  // Fixed times: the same wheel built twice is the same file (and the same hash).
  const zipped = zipSync(
    Object.fromEntries(Object.entries(files).map(([file, content]) => [file, [strToU8(content), { mtime: new Date('2024-01-01T00:00:00Z') }]])),
  );
  await writeFile(path.join(dir, `${distribution}-${version}-py3-none-any.whl`), zipped);
}
