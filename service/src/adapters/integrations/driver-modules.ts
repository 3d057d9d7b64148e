import type * as S3Sdk from '@aws-sdk/client-s3';
import type * as Mysql from 'mysql2/promise';
import type * as Pg from 'pg';

/**
 * The database and S3 client libraries, loaded the first time a connection needs them (a hub that
 * never connects to a database never loads them), and once: a dynamic `import()` goes through
 * module resolution again at every call, which costs as much as a connection to a nearby server.
 */
function loadedOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => (loaded ??= load());
}

export const loadPg: () => Promise<typeof Pg> = loadedOnce(() => import('pg'));
export const loadMysql: () => Promise<typeof Mysql> = loadedOnce(() => import('mysql2/promise'));
export const loadS3Sdk: () => Promise<typeof S3Sdk> = loadedOnce(() => import('@aws-sdk/client-s3'));
