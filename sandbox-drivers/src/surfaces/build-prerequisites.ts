import { existsSync } from 'node:fs';
import { findExecutable } from '../local/which.js';

/** Where a system's Kerberos GSS-API header can be; `libkrb5-dev` (Debian, Ubuntu) puts it in the first. */
const GSSAPI_HEADERS = ['/usr/include/gssapi/gssapi.h', '/usr/local/include/gssapi/gssapi.h', '/usr/include/gssapi.h'];

/**
 * What code-server's install compiles with and this machine lacks, as Debian package names, or an
 * empty list. Its VS Code part builds native modules (node-gyp): a C++ compiler, make and Python,
 * and the `kerberos` module needs the Kerberos development files (docs/surfaces.md "Installing on
 * the local driver").
 */
export async function missingCodeServerBuildTools(where: { searchPath?: string; gssapiHeaders?: readonly string[] } = {}): Promise<string[]> {
  const { searchPath, gssapiHeaders = GSSAPI_HEADERS } = where;
  const missing: string[] = [];
  if (!gssapiHeaders.some((header) => existsSync(header)) && (await findExecutable('krb5-config', searchPath)) === null) missing.push('libkrb5-dev');
  if ((await findExecutable('g++', searchPath)) === null && (await findExecutable('c++', searchPath)) === null) missing.push('g++');
  if ((await findExecutable('make', searchPath)) === null) missing.push('make');
  if ((await findExecutable('python3', searchPath)) === null) missing.push('python3');
  return missing;
}

/** The error a missing build tool gives, naming the packages to install. */
export function missingToolsError(missing: readonly string[]): Error {
  return new Error(
    `code-server cannot be built here: install ${missing.join(', ')} (on Debian or Ubuntu: apt-get install ${missing.join(' ')}); ` +
      'its native modules compile during the install (docs/surfaces.md)',
  );
}
