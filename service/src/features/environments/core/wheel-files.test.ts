import { describe, expect, it } from 'vitest';
import type { EnvironmentTarget } from './environment-model.js';
import { lockFindLinks, lockRequirements, withoutFindLinks } from './lock-file.js';
import { missingWheels, parseWheelName, wheelFits } from './wheel-files.js';

const LINUX: EnvironmentTarget = { implementation: 'cpython', python: '3.11.7', platform: 'linux-x86_64', libc: 'glibc-2.31' };
const MUSL: EnvironmentTarget = { ...LINUX, libc: '' };
const MAC: EnvironmentTarget = { implementation: 'cpython', python: '3.12.1', platform: 'macosx-11.0-arm64', libc: '' };
const WINDOWS: EnvironmentTarget = { implementation: 'cpython', python: '3.11.7', platform: 'win-amd64', libc: '' };
const hash = (digit: string) => digit.repeat(64);

describe('wheel file names', () => {
  it('read name, version and tag sets, with or without a build tag', () => {
    expect(parseWheelName('Typing_Extensions-4.12.2-py3-none-any.whl')).toEqual({
      name: 'typing-extensions',
      version: '4.12.2',
      pythons: ['py3'],
      abis: ['none'],
      platforms: ['any'],
    });
    expect(parseWheelName('numpy-2.0.0-1-cp311-cp311-manylinux_2_17_x86_64.manylinux2014_x86_64.whl')).toMatchObject({
      version: '2.0.0',
      platforms: ['manylinux_2_17_x86_64', 'manylinux2014_x86_64'],
    });
    expect(parseWheelName('numpy-2.0.0.tar.gz')).toBeNull();
    expect(parseWheelName('not-a-wheel.whl')).toBeNull();
  });

  it('fit the Python and platform they were built for, and no other', () => {
    expect(wheelFits('six-1.16.0-py2.py3-none-any.whl', LINUX)).toBe(true);
    expect(wheelFits('numpy-2.0.0-cp311-cp311-manylinux_2_17_x86_64.manylinux2014_x86_64.whl', LINUX)).toBe(true);
    expect(wheelFits('numpy-2.0.0-cp312-cp312-manylinux_2_17_x86_64.whl', LINUX)).toBe(false);
    expect(wheelFits('numpy-2.0.0-cp311-cp311-manylinux_2_17_aarch64.whl', LINUX)).toBe(false);
    // This glibc is 2.31: a wheel for 2.34 does not load here.
    expect(wheelFits('polars-1.0.0-cp39-abi3-manylinux_2_34_x86_64.whl', LINUX)).toBe(false);
    expect(wheelFits('polars-1.0.0-cp39-abi3-manylinux_2_28_x86_64.whl', LINUX)).toBe(true);
    expect(wheelFits('polars-1.0.0-cp312-abi3-manylinux_2_28_x86_64.whl', LINUX)).toBe(false);
    expect(wheelFits('polars-1.0.0-cp39-abi3-musllinux_1_2_x86_64.whl', LINUX)).toBe(false);
    expect(wheelFits('polars-1.0.0-cp39-abi3-musllinux_1_2_x86_64.whl', MUSL)).toBe(true);
    expect(wheelFits('polars-1.0.0-cp39-abi3-macosx_11_0_arm64.whl', MAC)).toBe(true);
    expect(wheelFits('polars-1.0.0-cp39-abi3-macosx_10_12_x86_64.whl', MAC)).toBe(false);
    expect(wheelFits('polars-1.0.0-cp39-abi3-win_amd64.whl', WINDOWS)).toBe(true);
    expect(wheelFits('polars-1.0.0-cp39-abi3-win_amd64.whl', LINUX)).toBe(false);
  });
});

describe('the packages of a lock this machine has no wheel for', () => {
  const lock = [
    '--find-links wheels',
    '--find-links /opt/wheelhouse',
    'numpy==2.0.0 \\',
    `    --hash=sha256:${hash('a')} \\`,
    `    --hash=sha256:${hash('b')}`,
    'six==1.16.0 \\',
    `    --hash=sha256:${hash('c')}`,
    `polars==1.0.0 ; python_full_version >= '3.9' \\`,
    `    --hash=sha256:${hash('d')}`,
    `local @ file:///srv/wheels/local-1.0-py3-none-any.whl \\`,
    `    --hash=sha256:${hash('e')}`,
    `remote @ https://files.example.com/remote-2.0-py3-none-any.whl \\`,
    `    --hash=sha256:${hash('f')}`,
    '',
  ].join('\n');

  it('reads each requirement with its hashes, and the lock’s folders', () => {
    expect(lockRequirements(lock)).toEqual([
      { name: 'numpy', version: '2.0.0', hashes: [hash('a'), hash('b')], url: null },
      { name: 'six', version: '1.16.0', hashes: [hash('c')], url: null },
      { name: 'polars', version: '1.0.0', hashes: [hash('d')], url: null },
      { name: 'local', version: '1.0', hashes: [hash('e')], url: 'file:///srv/wheels/local-1.0-py3-none-any.whl' },
      { name: 'remote', version: '2.0', hashes: [hash('f')], url: 'https://files.example.com/remote-2.0-py3-none-any.whl' },
    ]);
    expect(lockFindLinks(lock)).toEqual(['wheels', '/opt/wheelhouse']);
    expect(lockFindLinks(withoutFindLinks(lock, ['/opt/wheelhouse']))).toEqual(['wheels']);
    // As uv writes an offline lock: its folder, a blank line, the requirements.
    expect(withoutFindLinks(`--find-links /opt/wheelhouse\n\nsix==1.16.0 \\\n    --hash=sha256:${hash('c')}\n`, ['/opt/wheelhouse'])).toBe(
      `six==1.16.0 \\\n    --hash=sha256:${hash('c')}\n`,
    );
  });

  it('names each one without a wheel of its hashes that fits, and a reference to a URL', () => {
    const available = [
      { filename: 'numpy-2.0.0-cp311-cp311-manylinux_2_17_x86_64.whl', sha256: hash('b') },
      // The right bytes for another machine.
      { filename: 'polars-1.0.0-cp39-abi3-macosx_11_0_arm64.whl', sha256: hash('d') },
      // A wheel of six, but not the locked one.
      { filename: 'six-1.16.0-py2.py3-none-any.whl', sha256: hash('9') },
    ];
    expect(missingWheels(lockRequirements(lock), available, LINUX)).toEqual([
      { name: 'six', version: '1.16.0' },
      { name: 'polars', version: '1.0.0' },
      { name: 'remote', version: '2.0' },
    ]);
    expect(missingWheels(lockRequirements(lock), available, MAC)).toEqual([
      { name: 'numpy', version: '2.0.0' },
      { name: 'six', version: '1.16.0' },
      { name: 'remote', version: '2.0' },
    ]);
    // Without hashes, the name and version decide.
    expect(missingWheels([{ name: 'Six', version: '1.16.0', hashes: [], url: null }], available, LINUX)).toEqual([]);
  });
});
