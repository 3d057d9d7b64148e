import { open } from 'node:fs/promises';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  HeadObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { startMariadb, type MariadbInfo } from '../../setup/mariadb.js';
import { startPostgres, type PostgresInfo } from '../../setup/postgres.js';
import { startSeaweedfs, type SeaweedfsInfo } from '../../setup/seaweedfs.js';

/** A data server the benchmark uses: the one the test set-up gave (in the environment), or its own. */
export type BenchServer<T> = { info: T; stop: () => Promise<void> } | { info: null; skipped: string };

/**
 * The data servers of the data browser's benchmark. The smoke test hands over those its tier's
 * set-up started (BENCH_POSTGRES / BENCH_SEAWEEDFS: their details as JSON, or `0` for none); run
 * alone, the benchmark starts its own as the test set-up does, and skips that part when it cannot.
 */
export const benchPostgres = (): Promise<BenchServer<PostgresInfo>> => benchServer('BENCH_POSTGRES', 'PostgreSQL', startPostgres);
export const benchMariadb = (): Promise<BenchServer<MariadbInfo>> => benchServer('BENCH_MARIADB', 'MariaDB', startMariadb);
export const benchSeaweedfs = (): Promise<BenchServer<SeaweedfsInfo>> => benchServer('BENCH_SEAWEEDFS', 'SeaweedFS', () => startSeaweedfs());

async function benchServer<T>(variable: string, name: string, start: () => Promise<T & { stop: () => Promise<void> }>): Promise<BenchServer<T>> {
  const given = process.env[variable];
  if (given === '0') return { info: null, skipped: `no ${name} (${variable}=0)` };
  if (given) return { info: JSON.parse(given) as T, stop: async () => {} };
  try {
    const { stop, ...info } = await start();
    return { info: info as T, stop };
  } catch (error) {
    return { info: null, skipped: `${name} could not be started: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}` };
  }
}

export function benchS3Client(info: SeaweedfsInfo): S3Client {
  return new S3Client({
    region: 'us-east-1',
    endpoint: info.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: info.accessKeyId, secretAccessKey: info.secretAccessKey },
  });
}

const PART_BYTES = 64 * 1024 * 1024;

/**
 * Puts `file` (of `size` bytes) at `key` in the bucket unless an object of that size is already
 * there, in 64 MiB parts read one at a time. Answers whether it uploaded.
 */
export async function uploadOnce(s3: S3Client, bucket: string, key: string, file: string, size: number): Promise<boolean> {
  const existing = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: key })).catch(() => null);
  if (existing?.ContentLength === size) return false;
  const { UploadId } = await s3.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: key }));
  const handle = await open(file, 'r');
  try {
    const parts: { PartNumber: number; ETag: string }[] = [];
    for (let offset = 0, number = 1; offset < size; offset += PART_BYTES, number++) {
      const length = Math.min(PART_BYTES, size - offset);
      const body = Buffer.alloc(length);
      await handle.read(body, 0, length, offset);
      const { ETag } = await s3.send(new UploadPartCommand({ Bucket: bucket, Key: key, UploadId, PartNumber: number, Body: body }));
      parts.push({ PartNumber: number, ETag: ETag! });
    }
    await s3.send(new CompleteMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId, MultipartUpload: { Parts: parts } }));
    return true;
  } catch (error) {
    await s3.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId })).catch(() => {});
    throw error;
  } finally {
    await handle.close();
  }
}
