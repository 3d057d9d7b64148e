import type { ObjectStore } from '../core/store/object-store.js';
import { FsObjectStore } from '../store/fs-store.js';
import { S3ObjectStore } from '../store/s3-store.js';
import { DockerSandboxDriver, LocalSandboxDriver } from '../../../sandbox-drivers/src/index.js';
import type { SandboxDriver } from '../core/ports/sandbox-driver.js';
import type { HubSettings, StorageSettings } from './settings.js';

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

/** The only place that picks the sandbox driver. `ownerId` marks the sandboxes of this deployment. */
export function openSandboxDriver(settings: HubSettings, ownerId: string): SandboxDriver {
  const { sandboxes } = settings;
  switch (sandboxes.driver) {
    case 'local':
      return new LocalSandboxDriver({ ownerId, dataDir: settings.dataDir, ...(sandboxes.runtimeDir ? { runtimeDir: sandboxes.runtimeDir } : {}) });
    case 'docker':
      return new DockerSandboxDriver({ ownerId, image: sandboxes.defaultImage, ...(sandboxes.dockerHost ? { docker: sandboxes.dockerHost } : {}) });
  }
}
