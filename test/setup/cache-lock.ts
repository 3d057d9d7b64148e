import path from 'node:path';
import lockfile from 'proper-lockfile';

/**
 * Runs `work` holding a lock on a folder of the test cache, waiting up to an hour for another run
 * (or the background provisioning of `npm test`) to let go of it: building the cluster's binaries
 * takes a quarter of an hour on a fresh machine of two cores. The lock file is refreshed while
 * held, so it never turns stale under a live holder, and one left by a killed run is taken over.
 * One folder may hold several locks taken at once by one process (the cluster's set-up lock around
 * its binaries' build lock): each is keyed by its own lock file, never by the folder.
 */
export async function withCacheLock<T>(dir: string, lockFileName: string, work: () => Promise<T>, timing: { refreshMs?: number } = {}): Promise<T> {
  const lockFile = path.join(dir, lockFileName);
  // proper-lockfile keeps its held locks by the path it is given: the lock file's own path keeps
  // two locks in one folder apart (keyed by the folder, releasing one drops the other's refresh).
  const release = await lockfile.lock(lockFile, {
    realpath: false,
    lockfilePath: lockFile,
    stale: 30_000,
    update: timing.refreshMs,
    retries: { retries: 3600, minTimeout: 1_000, maxTimeout: 1_000 },
  });
  try {
    return await work();
  } finally {
    await release();
  }
}
