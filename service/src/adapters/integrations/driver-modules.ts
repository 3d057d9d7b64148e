/**
 * The database and S3 client libraries, loaded the first time a connection needs them (a hub that
 * never connects to a database never loads them), and once: a dynamic `import()` goes through
 * module resolution again at every call, which costs as much as a connection to a nearby server.
 */
function loadedOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => (loaded ??= load());
}

export const loadPg = loadedOnce(() => import('pg'));
export const loadMysql = loadedOnce(() => import('mysql2/promise'));
export const loadS3Sdk = loadedOnce(() => import('@aws-sdk/client-s3'));
