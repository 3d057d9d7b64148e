import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';

/** What the lock file says about the app that owns the data folder. */
export interface LockHolder {
  pid: number;
  /** Where the holder takes the arguments of later launches (see handoff.ts). */
  port: number;
  /** Proves a handoff comes from someone who could read the lock file. */
  token: string;
  startedAt: string;
}

export type InstanceClaim = { kind: 'primary'; holder: LockHolder; release(): Promise<void> } | { kind: 'secondary'; holder: LockHolder };

export interface ClaimOptions {
  /** Whether a lock left by `holder` belongs to an app that is gone (default: {@link holderIsGone}). */
  isStale?: (holder: LockHolder) => Promise<boolean>;
}

const ATTEMPTS = 5;

/**
 * The instance lock protocol (docs/desktop.md): one app per data folder. The lock file is
 * created whole or not at all (a complete temporary file hard-linked to the lock's name, which
 * fails if the name exists), so a reader never sees half of one. A launch that finds a live holder
 * becomes `secondary` and hands its arguments over instead of starting a second hub on the same
 * data; a lock left by an app that is gone is taken over.
 */
export async function claimInstance(lockFile: string, self: LockHolder, options: ClaimOptions = {}): Promise<InstanceClaim> {
  const isStale = options.isStale ?? holderIsGone;
  await mkdir(path.dirname(lockFile), { recursive: true });
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    if (await createExclusively(lockFile, JSON.stringify(self))) {
      return { kind: 'primary', holder: self, release: () => releaseIfOurs(lockFile, self.token) };
    }
    const holder = await readHolder(lockFile);
    if (holder === 'missing') continue;
    if (holder !== 'unreadable' && !(await isStale(holder))) return { kind: 'secondary', holder };
    await removeStale(lockFile, holder === 'unreadable' ? null : holder.token);
  }
  throw new Error(`could not take the instance lock ${lockFile}: it kept changing while being taken over`);
}

/** The holder is gone when its process is, or when nothing listens on its port any more (its pid was reused). */
export async function holderIsGone(holder: LockHolder): Promise<boolean> {
  if (!processAlive(holder.pid)) return true;
  return !(await portAnswers(holder.port));
}

export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.setTimeout(2_000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    // A holder too busy to accept within the timeout is alive: only a refusal says it is gone.
    socket.once('timeout', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function createExclusively(file: string, content: string): Promise<boolean> {
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(temporary, content, { mode: 0o600 });
  try {
    await link(temporary, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    await rm(temporary, { force: true });
  }
}

async function readHolder(file: string): Promise<LockHolder | 'missing' | 'unreadable'> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'missing';
    throw error;
  }
  try {
    const value = JSON.parse(text) as Partial<LockHolder>;
    if (Number.isInteger(value.pid) && Number.isInteger(value.port) && typeof value.token === 'string' && typeof value.startedAt === 'string') {
      return value as LockHolder;
    }
  } catch {
    // Not JSON: nothing this protocol wrote.
  }
  return 'unreadable';
}

/**
 * Moves the lock aside and deletes it only if it is still the stale one that was read: when two
 * launches take over at once, the slower one must not delete the lock the faster one just made.
 */
async function removeStale(file: string, staleToken: string | null): Promise<void> {
  const aside = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.stale`;
  try {
    await rename(file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  const moved = await readHolder(aside);
  const wasStale = moved === 'unreadable' ? staleToken === null : moved !== 'missing' && moved.token === staleToken;
  if (!wasStale) {
    // Another launch's fresh lock: put it back (unless a third launch has made one meanwhile).
    await link(aside, file).catch(() => {});
  }
  await rm(aside, { force: true });
}

async function releaseIfOurs(file: string, token: string): Promise<void> {
  const holder = await readHolder(file);
  if (holder !== 'missing' && holder !== 'unreadable' && holder.token === token) await rm(file, { force: true });
}
