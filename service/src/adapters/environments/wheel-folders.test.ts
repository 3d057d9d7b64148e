import { createHash } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../../../test/support/temp-dir.js';
import { WheelFolders } from './wheel-folders.js';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('the wheels in folders of this machine', () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  beforeEach(async () => {
    temp = await makeTempDir('wheel-folders');
  });
  afterEach(() => temp.cleanup());

  it('lists the wheels of every folder with their hashes, skipping other files and folders that are not there', async () => {
    const [house, wheels] = [path.join(temp.dir, 'wheelhouse'), path.join(temp.dir, 'wheels')];
    await mkdir(house);
    await mkdir(path.join(house, 'nested.whl'));
    await writeFile(path.join(house, 'six-1.16.0-py2.py3-none-any.whl'), 'six');
    await writeFile(path.join(house, 'wheelhouse.json'), '{}');
    const folders = new WheelFolders([house, wheels, path.join(temp.dir, 'missing')]);
    expect(await folders.list()).toEqual([{ filename: 'six-1.16.0-py2.py3-none-any.whl', sha256: sha256('six') }]);

    // A wheel added later, and one replaced with other bytes, are seen as they are now.
    await mkdir(wheels);
    await writeFile(path.join(wheels, 'idna-3.7-py3-none-any.whl'), 'idna');
    await writeFile(path.join(house, 'six-1.16.0-py2.py3-none-any.whl'), 'six, rebuilt');
    expect(await folders.list()).toEqual([
      { filename: 'six-1.16.0-py2.py3-none-any.whl', sha256: sha256('six, rebuilt') },
      { filename: 'idna-3.7-py3-none-any.whl', sha256: sha256('idna') },
    ]);
    await rm(path.join(wheels, 'idna-3.7-py3-none-any.whl'));
    expect((await folders.list()).map((wheel) => wheel.filename)).toEqual(['six-1.16.0-py2.py3-none-any.whl']);
  });
});
