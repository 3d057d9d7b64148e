/**
 * The commands that pack a built environment into an archive and unpack one, run in sandboxes by
 * the sandbox's own Python (docs/environments.md, "Shared through the object store"): the hub
 * moves the archive's bytes and never reads what is inside it.
 */

/** Where a build's sandbox writes the archive of what it built, and a sandbox receives one to unpack (in its workspace). */
export const ARCHIVE_FILE = '.notebook-hub-environment.tar.gz';

/** What the environment's folder holds once unpacked in a pod: how many files, and where they came from. */
export const UNPACKED_MARKER = 'unpacked.json';

/**
 * Packs the folder `argv[1]` into the gzip tar `argv[2]` (entries relative to the folder, in a
 * stable order, no owners), and prints `{"files": n, "bytes": n}`: what the folder holds.
 */
const PACK = `
import json, os, sys, tarfile
source, archive = sys.argv[1], sys.argv[2]
files = total = 0
def anonymous(info):
    info.uid = info.gid = 0
    info.uname = info.gname = ""
    return info
with tarfile.open(archive, "w:gz", compresslevel=6) as tar:
    for folder, folders, names in os.walk(source):
        folders.sort()
        for name in sorted(folders) + sorted(names):
            path = os.path.join(folder, name)
            tar.add(path, arcname=os.path.relpath(path, source), recursive=False, filter=anonymous)
            if not os.path.isdir(path) or os.path.islink(path):
                files += 1
                total += os.lstat(path).st_size
print(json.dumps({"files": files, "bytes": total}))
`;

/**
 * Unpacks the archive `argv[1]` into the folder `argv[2]` (\`~\` expanded), which must not exist
 * yet: into a folder beside it first, then renamed, so that a folder that exists is complete. Only
 * plain files, folders and links that stay inside are taken (tarfile's \`data\` filter, or the
 * same checks where the Python predates it); the archive is removed afterwards. With \`argv[3]\`
 * (an environment identity), it writes the marker that says where the folder came from. Prints
 * `{"path": <absolute folder>, "files": n, "bytes": n, "unpacked": true|false}` (false: it was there).
 */
const UNPACK = `
import json, os, shutil, sys, tarfile
archive, target = sys.argv[1], os.path.abspath(os.path.expanduser(sys.argv[2]))
identity = sys.argv[3] if len(sys.argv) > 3 else None
def report(unpacked):
    files = total = 0
    for folder, folders, names in os.walk(os.path.join(target, "packages") if identity else target):
        for name in names:
            files += 1
            total += os.lstat(os.path.join(folder, name)).st_size
    print(json.dumps({"path": target, "files": files, "bytes": total, "unpacked": unpacked}))
if os.path.isdir(target):
    os.remove(archive)
    report(False)
    sys.exit(0)
partial = "%s.partial-%d" % (target, os.getpid())
into = os.path.join(partial, "packages") if identity else partial
os.makedirs(into)
try:
    with tarfile.open(archive, "r:gz") as tar:
        if hasattr(tarfile, "data_filter"):
            tar.extractall(into, filter="data")
        else:
            root = os.path.realpath(into)
            for member in tar.getmembers():
                where = os.path.realpath(os.path.join(into, member.name))
                if not (member.isfile() or member.isdir() or member.issym()) or os.path.commonpath([root, where]) != root:
                    raise SystemExit("refused archive entry %r" % member.name)
                if member.issym():
                    aim = os.path.realpath(os.path.join(os.path.dirname(where), member.linkname))
                    if os.path.commonpath([root, aim]) != root:
                        raise SystemExit("refused link %r" % member.name)
            tar.extractall(into)
    if identity:
        with open(os.path.join(partial, "${UNPACKED_MARKER}"), "w") as marker:
            json.dump({"environment_id": identity, "from": "archive"}, marker)
    os.rename(partial, target)
except BaseException:
    shutil.rmtree(partial, ignore_errors=True)
    raise
finally:
    if os.path.exists(archive):
        os.remove(archive)
report(True)
`;

/** Packs `folder` (absolute in the sandbox) into {@link ARCHIVE_FILE} of the sandbox's workspace. */
export const packArgv = (folder: string): string[] => ['python3', '-I', '-S', '-c', PACK, folder, ARCHIVE_FILE];

/**
 * Unpacks {@link ARCHIVE_FILE} of the sandbox's workspace into `folder`. With `environmentId`, the
 * folder is an environment as a pod holds it: `packages/` and the marker beside it.
 */
export const unpackArgv = (folder: string, environmentId?: string): string[] => [
  'python3',
  '-I',
  '-S',
  '-c',
  UNPACK,
  ARCHIVE_FILE,
  folder,
  ...(environmentId ? [environmentId] : []),
];

/** What {@link packArgv} printed. */
export function parsePacked(stdout: string): { files: number; bytes: number } {
  const parsed = JSON.parse(lastLine(stdout)) as { files?: unknown; bytes?: unknown };
  if (typeof parsed.files !== 'number' || typeof parsed.bytes !== 'number') throw new Error(`not a packed archive's report: ${lastLine(stdout).slice(0, 200)}`);
  return { files: parsed.files, bytes: parsed.bytes };
}

/** What {@link unpackArgv} printed. */
export function parseUnpacked(stdout: string): { path: string; files: number; bytes: number; unpacked: boolean } {
  const parsed = JSON.parse(lastLine(stdout)) as { path?: unknown; files?: unknown; bytes?: unknown; unpacked?: unknown };
  if (typeof parsed.path !== 'string' || typeof parsed.files !== 'number' || typeof parsed.bytes !== 'number' || typeof parsed.unpacked !== 'boolean') {
    throw new Error(`not an unpacked archive's report: ${lastLine(stdout).slice(0, 200)}`);
  }
  return { path: parsed.path, files: parsed.files, bytes: parsed.bytes, unpacked: parsed.unpacked };
}

const lastLine = (stdout: string): string => stdout.trim().split('\n').pop() ?? '';
