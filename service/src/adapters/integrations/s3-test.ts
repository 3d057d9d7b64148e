import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { isIP } from 'node:net';
import { addressAllowed, bareHost } from '../../core/outbound/outbound-policy.js';
import type { ConnectionTestOutcome, ConnectionTestRequest } from '../../core/ports/connection-tester.js';
import { guardedLookup } from '../outbound/checked-addresses.js';
import { commonFailure, failed, logged, passed, refusedMessage, schemeProblem, type TestContext } from './test-context.js';

/**
 * Lists at most one object of the bucket with the integration's key (ListObjectsV2, MaxKeys 1):
 * what a notebook reading the bucket needs. Every connection resolves its host through the
 * outbound policy's guarded lookup; an address in the URL is checked before; one attempt, no redirects.
 */
export async function testS3(context: TestContext, request: ConnectionTestRequest): Promise<ConnectionTestOutcome> {
  const { config, secrets } = request;
  const region = String(config.region ?? 'us-east-1');
  const bucket = String(config.bucket);
  const endpoint = typeof config.endpoint_url === 'string' && config.endpoint_url !== '' ? config.endpoint_url : `https://s3.${region}.amazonaws.com`;
  const url = new URL(endpoint);
  const problem = schemeProblem(context, url);
  if (problem) return failed(problem);
  const host = bareHost(url);
  // Sockets look names up through the guarded lookup; an address written in the URL is checked here.
  if (isIP(host) !== 0 && !addressAllowed(host, context.policy)) {
    context.outbound.failed(url, 'refused-address', `refused address ${host}`);
    return failed(refusedMessage(host));
  }
  const { S3Client, ListObjectsV2Command } = await import('@aws-sdk/client-s3');
  const lookup = guardedLookup(context.policy, context.resolve);
  const client = new S3Client({
    region,
    ...(typeof config.endpoint_url === 'string' && config.endpoint_url !== '' ? { endpoint: config.endpoint_url } : {}),
    forcePathStyle: config.path_style === true,
    credentials: { accessKeyId: secrets.access_key_id ?? '', secretAccessKey: secrets.secret_access_key ?? '' },
    maxAttempts: 1,
    followRegionRedirects: false,
    requestHandler: {
      httpAgent: new HttpAgent({ lookup }),
      httpsAgent: new HttpsAgent({ lookup }),
      connectionTimeout: context.timeoutMs,
      requestTimeout: context.timeoutMs,
    },
  });
  try {
    const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket, MaxKeys: 1 }), { abortSignal: request.signal });
    return passed(`listed the bucket ${bucket}${(listed.KeyCount ?? 0) === 0 ? ' (it is empty)' : ''} with the access key`);
  } catch (error) {
    const outcome = s3Failure(error, bucket, region) ?? commonFailure(error, host, `the storage endpoint ${url.host}`);
    return logged(context, url.origin, error, secrets, outcome ?? failed('the storage refused the request: see the hub log for details'));
  } finally {
    client.destroy();
  }
}

function s3Failure(error: unknown, bucket: string, region: string): ConnectionTestOutcome | null {
  const name = (error as { name?: string }).name ?? '';
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  switch (name) {
    case 'NoSuchBucket':
      return failed(`the bucket ${bucket} does not exist`);
    case 'InvalidAccessKeyId':
      return failed('the storage does not know the access key ID');
    case 'SignatureDoesNotMatch':
      return failed('the secret access key does not match the access key ID');
    case 'AccessDenied':
    case 'Forbidden':
      return failed(`the access key may not list the bucket ${bucket}`);
    case 'PermanentRedirect':
    case 'AuthorizationHeaderMalformed':
    case 'IllegalLocationConstraintException':
      return failed(`the bucket ${bucket} is not in the region ${region}: set the region it is in`);
  }
  if (status === 301 || status === 307) return failed(`the storage redirected the request (the bucket is elsewhere, or the region ${region} is wrong)`);
  if (status === 403) return failed(`the access key may not list the bucket ${bucket}`);
  if (status === 404) return failed(`the bucket ${bucket} does not exist`);
  return null;
}
