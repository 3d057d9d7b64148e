import { makeTempDir } from '../../../../test/support/temp-dir.js';
import { FsObjectStore } from './fs-store.js';
import { describeObjectStoreConformance } from './object-store.conformance.js';

describeObjectStoreConformance('fs', async () => {
  const { dir, cleanup } = await makeTempDir('fs-conformance');
  return { store: new FsObjectStore(dir), cleanup };
});
