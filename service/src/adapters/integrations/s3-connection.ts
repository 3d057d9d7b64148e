import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { isIP } from 'node:net';
import type { S3Client } from '@aws-sdk/client-s3';
import { addressAllowed, bareHost } from '../../core/outbound/outbound-policy.js';
import { guardedLookup } from '../outbound/checked-addresses.js';
import { ConnectionProblem, refusedMessage, schemeProblem, type ConnectionContext } from './connection-context.js';
import { loadS3Sdk } from './driver-modules.js';

/** An S3 client for one integration's bucket, under the outbound-request policy. */
export interface S3Bucket {
  client: S3Client;
  bucket: string;
  region: string;
  /** The endpoint (for log lines: its origin only). */
  url: URL;
  /** The endpoint's host, without brackets. */
  host: string;
}

/**
 * How long a connection may wait unused for the client's next request before it is closed: long
 * enough to carry a preview's requests and the next click, shorter than the idle timeout of
 * common S3 servers (5 s and up), so a request never goes out on a connection the server is
 * closing (there is one attempt, no retry).
 */
export const IDLE_CONNECTION_MS = 4_000;
/** Connections one client opens at most to its endpoint (the SDK's own default). */
const MAX_CONNECTIONS = 50;

/**
 * The S3 client of an `s3` integration (its endpoint, region, path style and access key), every
 * connection of which resolves its host through the outbound policy's guarded lookup; an address
 * written in the URL is checked here. Connections are kept alive between the client's requests
 * (closed after {@link IDLE_CONNECTION_MS} unused, and by `client.destroy()`); a kept connection
 * stays with the address checked when it was made. One attempt, no region redirects followed,
 * connection and idle timeouts of `context.timeoutMs`. Throws {@link ConnectionProblem} for a URL
 * the policy refuses (`invalid` for its scheme, `refused-address` for its address: logged).
 */
export async function openS3Bucket(
  context: ConnectionContext,
  config: Readonly<Record<string, string | number | boolean>>,
  secrets: Readonly<Record<string, string>>,
): Promise<S3Bucket> {
  const region = String(config.region ?? 'us-east-1');
  const bucket = String(config.bucket);
  const custom = typeof config.endpoint_url === 'string' && config.endpoint_url !== '' ? config.endpoint_url : null;
  const url = new URL(custom ?? `https://s3.${region}.amazonaws.com`);
  const problem = schemeProblem(context, url);
  if (problem) throw new ConnectionProblem('invalid', problem);
  const host = bareHost(url);
  // Sockets look names up through the guarded lookup; an address written in the URL is checked here.
  if (isIP(host) !== 0 && !addressAllowed(host, context.policy)) {
    context.outbound.failed(url, 'refused-address', `refused address ${host}`);
    throw new ConnectionProblem('refused-address', refusedMessage(host));
  }
  const { S3Client } = await loadS3Sdk();
  const lookup = guardedLookup(context.policy, context.resolve);
  const agent = { lookup, keepAlive: true, maxSockets: MAX_CONNECTIONS, timeout: IDLE_CONNECTION_MS };
  const client = new S3Client({
    region,
    ...(custom !== null ? { endpoint: custom } : {}),
    forcePathStyle: config.path_style === true,
    credentials: { accessKeyId: secrets.access_key_id ?? '', secretAccessKey: secrets.secret_access_key ?? '' },
    maxAttempts: 1,
    followRegionRedirects: false,
    // The SDK's default CRC checksums are refused by many S3-compatible servers (as in the store).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: {
      httpAgent: new HttpAgent(agent),
      httpsAgent: new HttpsAgent(agent),
      connectionTimeout: context.timeoutMs,
      requestTimeout: context.timeoutMs,
    },
  });
  return { client, bucket, region, url, host };
}

/** The HTTP status of an S3 SDK error. */
export function s3Status(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
}

/**
 * The bucket-level problem of an S3 answer (no such bucket, an unknown key, a wrong secret, no
 * right, the wrong region), or null for the caller to say. `doing` completes "the access key may
 * not …" ("list the bucket data").
 */
export function s3Problem(error: unknown, bucket: string, region: string, doing: string): ConnectionProblem | null {
  const name = (error as { name?: string }).name ?? '';
  const status = s3Status(error);
  switch (name) {
    case 'NoSuchBucket':
      return new ConnectionProblem('invalid', `the bucket ${bucket} does not exist`);
    case 'InvalidAccessKeyId':
      return new ConnectionProblem('denied', 'the storage does not know the access key ID');
    case 'SignatureDoesNotMatch':
      return new ConnectionProblem('denied', 'the secret access key does not match the access key ID');
    case 'AccessDenied':
    case 'Forbidden':
      return new ConnectionProblem('denied', `the access key may not ${doing}`);
    case 'PermanentRedirect':
    case 'AuthorizationHeaderMalformed':
    case 'IllegalLocationConstraintException':
      return new ConnectionProblem('invalid', `the bucket ${bucket} is not in the region ${region}: set the region it is in`);
  }
  if (status === 301 || status === 307)
    return new ConnectionProblem('invalid', `the storage redirected the request (the bucket is elsewhere, or the region ${region} is wrong)`);
  if (status === 403) return new ConnectionProblem('denied', `the access key may not ${doing}`);
  return null;
}
