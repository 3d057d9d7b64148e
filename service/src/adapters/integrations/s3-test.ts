import type { ConnectionTestOutcome, ConnectionTestRequest } from '../../core/ports/connection-tester.js';
import { ConnectionProblem } from './connection-context.js';
import { openS3Bucket, s3Problem, s3Status, type S3Bucket } from './s3-connection.js';
import { commonFailure, failed, logged, passed, type TestContext } from './test-context.js';

/**
 * Lists at most one object of the bucket with the integration's key (ListObjectsV2, MaxKeys 1):
 * what a notebook reading the bucket needs. The client is the one every bucket connection uses
 * (s3-connection.ts): the outbound policy's guarded lookup, one attempt, no redirects.
 */
export async function testS3(context: TestContext, request: ConnectionTestRequest): Promise<ConnectionTestOutcome> {
  const { config } = request;
  const secrets = await request.secrets();
  let opened: S3Bucket;
  try {
    opened = await openS3Bucket(context, config, secrets);
  } catch (error) {
    if (error instanceof ConnectionProblem) return failed(error.message);
    throw error;
  }
  const { client, bucket, region, url, host } = opened;
  const { ListObjectsV2Command } = await import('@aws-sdk/client-s3');
  try {
    const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket, MaxKeys: 1 }), { abortSignal: request.signal });
    return passed(`listed the bucket ${bucket}${(listed.KeyCount ?? 0) === 0 ? ' (it is empty)' : ''} with the access key`);
  } catch (error) {
    const known = s3Problem(error, bucket, region, `list the bucket ${bucket}`);
    const outcome = known ? failed(known.message) : s3Status(error) === 404 ? failed(`the bucket ${bucket} does not exist`) : null;
    return logged(
      context,
      url.origin,
      error,
      secrets,
      outcome ?? commonFailure(error, host, `the storage endpoint ${url.host}`) ?? failed('the storage refused the request: see the hub log for details'),
    );
  } finally {
    client.destroy();
  }
}
