import { ALL_SOURCES, BOTH_SCOPES, prefixed, text, type IntegrationKind } from './kind.js';

/** S3-compatible object storage: a bucket, and the access key that reaches it. */
export const s3Kind: IntegrationKind = {
  kind: 's3',
  name: 'S3-compatible storage',
  description: 'A bucket of Amazon S3 or of a store that speaks its API (MinIO, SeaweedFS, Ceph, ...).',
  scopes: BOTH_SCOPES,
  fields: [
    {
      key: 'endpoint_url',
      name: 'Endpoint URL',
      type: 'url',
      required: false,
      secret: false,
      description: "The store's S3 endpoint; empty for Amazon S3 itself.",
    },
    { key: 'region', name: 'Region', type: 'string', required: true, secret: false, description: 'The region of the bucket.', default: 'us-east-1' },
    { key: 'bucket', name: 'Bucket', type: 'string', required: true, secret: false, description: 'The bucket notebooks use.' },
    {
      key: 'path_style',
      name: 'Path-style addressing',
      type: 'boolean',
      required: true,
      secret: false,
      description: 'Address the bucket in the path (endpoint/bucket/key) rather than the host name: most stores other than Amazon S3 need it.',
      default: false,
    },
    { key: 'access_key_id', name: 'Access key ID', type: 'string', required: true, secret: true, description: 'The access key.' },
    { key: 'secret_access_key', name: 'Secret access key', type: 'string', required: true, secret: true, description: "The access key's secret." },
  ],
  secretSources: ALL_SOURCES,
  testable: true,
  render(config, secrets, envPrefix) {
    return {
      env: prefixed(envPrefix, {
        ENDPOINT_URL: text(config, 'endpoint_url'),
        BUCKET: text(config, 'bucket'),
        REGION: text(config, 'region'),
        PATH_STYLE: config.path_style === true ? 'true' : 'false',
        ACCESS_KEY_ID: secrets.access_key_id,
        SECRET_ACCESS_KEY: secrets.secret_access_key,
      }),
      files: {},
    };
  },
};
