import type { ObjectStore } from '../core/store/object-store.js';
import { FsObjectStore } from '../store/fs-store.js';
import { S3ObjectStore } from '../store/s3-store.js';
import type { StorageSettings } from './settings.js';

/** The only place that picks concrete storage adapters from settings. */
export function openObjectStore(settings: StorageSettings): ObjectStore {
  switch (settings.kind) {
    case 'fs':
      return new FsObjectStore(settings.root);
    case 's3':
      return new S3ObjectStore({
        endpoint: settings.endpoint,
        bucket: settings.bucket,
        region: settings.region,
        prefix: settings.prefix,
        forcePathStyle: settings.forcePathStyle,
        // Settings guarantee both or neither; neither means the default AWS credential chain.
        credentials:
          settings.accessKeyId !== undefined && settings.secretAccessKey !== undefined
            ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
            : undefined,
      });
  }
}
