import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { withCacheLock } from './cache-lock.js';

export interface SharedService<T> {
  /** Brings the service up (or reuses it: `alone` says no other run uses it now). */
  start(alone: boolean): Promise<T>;
  /** Takes it down; called when the last run using it leaves. */
  stop(): Promise<void>;
}

/**
 * A service several test runs on one machine share (the Docker engine, the test cluster), kept in
 * the cache folder `dir`: each run registers itself under `users/`, start and stop happen under the
 * folder's lock, and the last run to leave takes the service down. `stop` of the result leaves.
 */
export async function joinSharedService<T extends object>(dir: string, service: SharedService<T>): Promise<T & { stop: () => Promise<void> }> {
  mkdirSync(path.join(dir, 'users'), { recursive: true });
  const userFile = path.join(dir, 'users', String(process.pid));
  const leave = () =>
    withCacheLock(dir, 'setup.lock', async () => {
      rmSync(userFile, { force: true });
      if (otherUsers(dir).length === 0) await service.stop();
    });
  return withCacheLock(dir, 'setup.lock', async () => {
    const alone = otherUsers(dir).length === 0;
    writeFileSync(userFile, '');
    try {
      return { ...(await service.start(alone)), stop: leave };
    } catch (error) {
      rmSync(userFile, { force: true });
      if (otherUsers(dir).length === 0) await service.stop().catch(() => {});
      throw error;
    }
  });
}

/** The other live runs registered under `dir/users` (entries of runs that died are removed). */
function otherUsers(dir: string): string[] {
  return readdirSync(path.join(dir, 'users')).filter((pid) => {
    if (!/^\d+$/.test(pid) || Number(pid) === process.pid) return false;
    try {
      process.kill(Number(pid), 0);
      return true;
    } catch {
      rmSync(path.join(dir, 'users', pid), { force: true });
      return false;
    }
  });
}
