import type { ObjectStore } from '../core/store/object-store.js';
import { FsObjectStore } from '../store/fs-store.js';
import type { StorageSettings } from './settings.js';

/** The only place that picks concrete storage adapters from settings. */
export function openObjectStore(settings: StorageSettings): ObjectStore {
  switch (settings.kind) {
    case 'fs':
      return new FsObjectStore(settings.root);
    case 's3':
      throw new Error('the s3 storage backend is not available in this build');
  }
}
