import { describe, expect, it } from 'vitest';
import { declarationOf, environmentIdOf, sha256Of, targetKey, type EnvironmentTarget } from './environment-model.js';
import { lockedPackages, lockProblem, normalizeLock } from './lock-file.js';
import { parseTarget, uvReason } from './uv-commands.js';

const LOCK = `--find-links wheels
anyio==4.4.0 \\
    --hash=sha256:${'a'.repeat(64)} \\
    --hash=sha256:${'b'.repeat(64)}
idna==3.7 \\
    --hash=sha256:${'c'.repeat(64)}
typing-extensions==4.12.2 ; python_full_version < '3.13' \\
    --hash=sha256:${'d'.repeat(64)}
uvicorn[standard]==0.30.1 \\
    --hash=sha256:${'e'.repeat(64)}
`;

const TARGET: EnvironmentTarget = { implementation: 'cpython', python: '3.11.7', platform: 'linux-x86_64', libc: 'glibc-2.36' };

describe('locks', () => {
  it('reads every pinned package, with extras and markers, and nothing else', () => {
    expect(lockedPackages(LOCK)).toEqual([
      { name: 'anyio', version: '4.4.0' },
      { name: 'idna', version: '3.7' },
      { name: 'typing-extensions', version: '4.12.2' },
      { name: 'uvicorn', version: '0.30.1' },
    ]);
  });

  it('reads a direct reference, its version from the file name where it names one', () => {
    const lock = `hubprobe @ file:///srv/wheels/hubprobe-1.0-py3-none-any.whl \\\n    --hash=sha256:${'a'.repeat(64)}\nrawpkg @ https://files.example.com/rawpkg-2.3.1.tar.gz \\\n    --hash=sha256:${'b'.repeat(64)}\nrepo @ git+https://git.example.com/repo@v1\n`;
    expect(lockedPackages(lock)).toEqual([
      { name: 'hubprobe', version: '1.0' },
      { name: 'rawpkg', version: '2.3.1' },
      { name: 'repo', version: 'git+https://git.example.com/repo@v1' },
    ]);
    expect(lockProblem(lock)).toBeNull();
  });

  it('makes line ends and trailing blanks uniform, so the same resolution is the same bytes', () => {
    expect(normalizeLock(LOCK.replaceAll('\n', '  \r\n') + '\r\n\r\n')).toBe(LOCK);
  });

  it('refuses a lock that names a URL with credentials, and one without any package', () => {
    expect(lockProblem(LOCK)).toBeNull();
    expect(lockProblem(`private @ https://deploy:s3cret@packages.example.com/private-1.0-py3-none-any.whl\n`)).toMatch(/credentials/);
    expect(lockProblem('--find-links wheels\n')).toMatch(/without any pinned package/);
  });
});

describe('environment identity', () => {
  it('is the same for the same lock and Python, and differs with either', () => {
    const id = environmentIdOf(LOCK, TARGET);
    expect(id).toMatch(/^env-[0-9a-f]{40}$/);
    // A patch release of the same Python builds the same files.
    expect(environmentIdOf(LOCK, { ...TARGET, python: '3.11.9' })).toBe(id);
    expect(environmentIdOf(LOCK, { ...TARGET, python: '3.12.1' })).not.toBe(id);
    expect(environmentIdOf(LOCK, { ...TARGET, platform: 'linux-aarch64' })).not.toBe(id);
    expect(environmentIdOf(LOCK, { ...TARGET, libc: 'musl-1.2' })).not.toBe(id);
    expect(environmentIdOf(LOCK.replace('3.7', '3.8'), TARGET)).not.toBe(id);
    expect(targetKey(TARGET)).toBe('cpython-3.11-linux-x86_64-glibc-2.36');
  });

  it('declares a block anew when the block, the index or a private index changes', () => {
    const block = 'dependencies = ["polars"]\n';
    const pypi = ['https://pypi.org/simple'];
    expect(declarationOf(block, pypi)).toBe(declarationOf(block, ['https://pypi.org/simple']));
    expect(declarationOf(block, ['https://mirror.example.com/simple'])).not.toBe(declarationOf(block, pypi));
    expect(declarationOf('dependencies = ["polars<1"]\n', pypi)).not.toBe(declarationOf(block, pypi));
    const withPrivate = ['https://pypi.example.com/simple', 'https://pypi.org/simple'];
    expect(declarationOf(block, withPrivate)).not.toBe(declarationOf(block, pypi));
    expect(declarationOf(block, withPrivate)).not.toBe(declarationOf(block, [...withPrivate].reverse()));
  });

  it('declares a block against the deployment index alone as it did before private indexes', () => {
    expect(declarationOf('dependencies = ["polars"]\n', ['https://pypi.org/simple'])).toBe(
      sha256Of('notebook-hub-declaration/1\nhttps://pypi.org/simple\ndependencies = ["polars"]\n'),
    );
  });
});

describe("uv's output", () => {
  it("keeps the reason of a failure and drops uv's progress lines", () => {
    const stderr = [
      'Using CPython 3.11.7 interpreter at: /opt/runtime/bin/python3',
      '  × No solution found when resolving dependencies:',
      '  ╰─▶ Because only polars<=1.2 is available and you require polars>=9, we can conclude that your requirements are unsatisfiable.',
      '',
    ].join('\n');
    expect(uvReason(stderr)).toBe(
      '  × No solution found when resolving dependencies:\n  ╰─▶ Because only polars<=1.2 is available and you require polars>=9, we can conclude that your requirements are unsatisfiable.',
    );
    expect(uvReason('')).toBe('uv gave no reason');
    expect(uvReason(`${'x'.repeat(100)}\n`.repeat(100)).length).toBeLessThanOrEqual(4096);
  });

  it('reads the Python a sandbox runs, and refuses anything else', () => {
    expect(parseTarget('{"implementation": "cpython", "python": "3.11.7", "platform": "linux-x86_64", "libc": "glibc-2.36"}\n')).toEqual(TARGET);
    expect(() => parseTarget('{"implementation": "cpython"}')).toThrow(/not a Python target/);
  });
});
