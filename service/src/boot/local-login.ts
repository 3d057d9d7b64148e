import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The secret that unlocks local login, kept in the data directory (mode 0600) so that only the
 * person who started the hub, or can read their files, can sign in as its administrator.
 */
export async function loadOrCreateLocalLoginSecret(dataDir: string): Promise<string> {
  const file = path.join(dataDir, 'local-login-token');
  try {
    const existing = (await readFile(file, 'utf8')).trim();
    if (/^[A-Za-z0-9_-]{32,}$/.test(existing)) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(24).toString('base64url');
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
