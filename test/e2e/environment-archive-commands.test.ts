import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ARCHIVE_FILE,
  packArgv,
  parsePacked,
  parseUnpacked,
  UNPACKED_MARKER,
  unpackArgv,
} from '../../service/src/features/environments/core/archive-commands.js';
import { sandboxRuntime } from '../support/session-world.js';
import { makeTempDir } from '../support/temp-dir.js';

const run = promisify(execFile);

/** The sandboxes' Python: the runtime's. */
const python = () => path.join(sandboxRuntime!.runtimeDir, 'venv', 'bin', 'python3');

/** Runs an argv as a sandbox would (its `python3` the runtime's), with `cwd` as its workspace. */
const inWorkspace = async (cwd: string, argv: string[]) => (await run(argv[0] === 'python3' ? python() : argv[0]!, argv.slice(1), { cwd })).stdout;

/** The commands run by the sandbox runtime's real Python, as a sandbox runs them. */
describe.skipIf(sandboxRuntime === null)('packing and unpacking an environment', () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  beforeEach(async () => {
    temp = await makeTempDir('env-archive');
  });
  afterEach(async () => {
    await temp.cleanup();
  });

  it('packs a folder and unpacks it in another workspace whole, with the marker of where it came from', async () => {
    const built = path.join(temp.dir, 'build', 'packages');
    await mkdir(path.join(built, 'probe', '__pycache__'), { recursive: true });
    await writeFile(path.join(built, 'probe', '__init__.py'), 'VERSION = "1.0.0"\n');
    await writeFile(path.join(built, 'probe', '__pycache__', '__init__.cpython-311.pyc'), Buffer.alloc(300, 7));
    await mkdir(path.join(built, 'probe-1.0.0.dist-info'));
    await writeFile(path.join(built, 'probe-1.0.0.dist-info', 'RECORD'), 'probe/__init__.py\n');
    await symlink('__init__.py', path.join(built, 'probe', 'alias.py'));
    const builder = path.join(temp.dir, 'builder');
    await mkdir(builder);
    const packed = parsePacked(await inWorkspace(builder, packArgv(built)));
    expect(packed.files).toBe(4);
    expect(packed.bytes).toBeGreaterThan(300);

    const pod = path.join(temp.dir, 'pod');
    await mkdir(pod);
    const archive = await readFile(path.join(builder, ARCHIVE_FILE));
    await writeFile(path.join(pod, ARCHIVE_FILE), archive);
    const id = `env-${'1'.repeat(40)}`;
    const target = path.join(temp.dir, 'home', 'envs', id);
    const unpacked = parseUnpacked(await inWorkspace(pod, unpackArgv(target, id)));
    expect(unpacked).toEqual({ path: target, files: 4, bytes: packed.bytes, unpacked: true });
    expect(await readFile(path.join(target, 'packages', 'probe', '__init__.py'), 'utf8')).toBe('VERSION = "1.0.0"\n');
    expect(await readFile(path.join(target, 'packages', 'probe', 'alias.py'), 'utf8')).toBe('VERSION = "1.0.0"\n');
    expect(JSON.parse(await readFile(path.join(target, UNPACKED_MARKER), 'utf8'))).toEqual({ environment_id: id, from: 'archive' });
    // The archive is gone from the workspace.
    expect(existsSync(path.join(pod, ARCHIVE_FILE))).toBe(false);

    // Once there, it is not unpacked again.
    await writeFile(path.join(pod, ARCHIVE_FILE), archive);
    expect(parseUnpacked(await inWorkspace(pod, unpackArgv(target, id)))).toMatchObject({ unpacked: false, files: 4 });
    expect(existsSync(path.join(pod, ARCHIVE_FILE))).toBe(false);

    // Without an identity, the folder is the packages themselves (a cache's folder on the hub's machine).
    await writeFile(path.join(pod, ARCHIVE_FILE), archive);
    const plain = path.join(temp.dir, 'cache', 'building', 'x', 'packages');
    await mkdir(path.dirname(plain), { recursive: true });
    expect(parseUnpacked(await inWorkspace(pod, unpackArgv(plain)))).toMatchObject({ path: plain, files: 4, unpacked: true });
    expect(existsSync(path.join(plain, 'probe', '__init__.py'))).toBe(true);
  });

  it('refuses an archive with an entry outside its folder, and leaves nothing of it', async () => {
    const pod = path.join(temp.dir, 'pod');
    await mkdir(pod);
    await run(
      python(),
      [
        '-c',
        'import io, tarfile, sys\nwith tarfile.open(sys.argv[1], "w:gz") as tar:\n  data = b"owned"\n  info = tarfile.TarInfo("../../escaped.txt")\n  info.size = len(data)\n  tar.addfile(info, io.BytesIO(data))',
        path.join(pod, ARCHIVE_FILE),
      ],
      { cwd: pod },
    );
    const target = path.join(temp.dir, 'home', 'envs', 'e');
    await expect(inWorkspace(pod, unpackArgv(target, `env-${'2'.repeat(40)}`))).rejects.toThrow();
    expect(existsSync(target)).toBe(false);
    expect(existsSync(path.join(temp.dir, 'home', 'escaped.txt'))).toBe(false);
    expect(existsSync(path.join(temp.dir, 'escaped.txt'))).toBe(false);
    expect(existsSync(path.join(pod, ARCHIVE_FILE))).toBe(false);
  });
});
