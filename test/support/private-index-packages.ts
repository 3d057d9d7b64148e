import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { withDependencies } from './local-wheel.js';
import { startPackageIndex, type PackageIndex } from './package-index.js';
import { makeTempDir } from './temp-dir.js';

/** The module a package name imports as. */
export const moduleOf = (name: string) => name.replaceAll('-', '_');

/** A notebook declaring `dependencies`, whose cell imports `module`. */
export const notebookImporting = (dependencies: string[], module: string) =>
  withDependencies(
    ['import marimo', '', 'app = marimo.App()', '', '', '@app.cell', 'def _():', `    import ${module}`, '    return', ''].join('\n'),
    dependencies,
  );

/**
 * Two package indexes on 127.0.0.1 for the private-index tests: a public one, open, with one
 * package, and a private one that demands basic authentication, with a package that needs the
 * public one. The names are this run's own (uv's cache is shared with other runs).
 */
export async function privateIndexPackages() {
  const suffix = randomBytes(4).toString('hex');
  const names = {
    privatePackage: `teamtools-${suffix}`,
    publicPackage: `publicdep-${suffix}`,
    // Not hex letters alone: the tests look for it in locks full of hashes.
    username: 'index-reader',
    password: `index-password-${randomBytes(8).toString('hex')}`,
  };
  const folders = [await makeTempDir('public-index'), await makeTempDir('private-index')];
  const publicIndex: PackageIndex = await startPackageIndex(folders[0]!.dir);
  const privateIndex: PackageIndex = await startPackageIndex(folders[1]!.dir, { credentials: { username: names.username, password: names.password } });
  await publicIndex.add(names.publicPackage, '1.0.0');
  await privateIndex.add(names.privatePackage, '2.0.0', { requires: [names.publicPackage] });
  return {
    ...names,
    publicIndex,
    privateIndex,
    /** Whether any file under `dir` (the hub's data, say) holds the password. */
    async filesHoldingPassword(dir: string): Promise<string[]> {
      const entries = await readdir(dir, { withFileTypes: true, recursive: true });
      const files = entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
      const holding: string[] = [];
      for (const file of files) if ((await readFile(file)).includes(names.password)) holding.push(file);
      return holding;
    },
    async close() {
      await publicIndex.close();
      await privateIndex.close();
      for (const folder of folders) await folder.cleanup();
    },
  };
}

export type PrivateIndexPackages = Awaited<ReturnType<typeof privateIndexPackages>>;
