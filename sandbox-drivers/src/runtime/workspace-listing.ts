import type { SandboxDriver } from '@notebook-hub/kernel/ports/sandbox-driver.js';
import type { SandboxWorkspaceListing } from '@notebook-hub/kernel/ports/notebook-runtime.js';

/**
 * Lists a sandbox's workspace from inside it, with each file's SHA-256, so that only files that
 * changed are read back. Symbolic links and special files are reported as skipped, never followed;
 * so are files over the size limit. Python's own caches and marimo's session cache are left out.
 */
const LIST_WORKSPACE = String.raw`
import hashlib, json, os, stat, sys
limit = int(sys.argv[1])
skipped_dirs = {"__pycache__", "__marimo__"}
files, skipped = [], []
for top, dirs, names in os.walk(".", followlinks=False):
    kept = []
    for name in dirs:
        path = os.path.normpath(os.path.join(top, name))
        if name in skipped_dirs:
            continue
        if os.path.islink(path):
            skipped.append({"path": path, "reason": "link"})
            continue
        kept.append(name)
    dirs[:] = kept
    for name in names:
        path = os.path.normpath(os.path.join(top, name))
        info = os.lstat(path)
        if not stat.S_ISREG(info.st_mode):
            skipped.append({"path": path, "reason": "link" if stat.S_ISLNK(info.st_mode) else "special"})
            continue
        if info.st_size > limit:
            skipped.append({"path": path, "reason": "too_large"})
            continue
        digest = hashlib.sha256()
        with open(path, "rb") as handle:
            for chunk in iter(lambda: handle.read(1 << 20), b""):
                digest.update(chunk)
        files.append({"path": path, "size": info.st_size, "sha256": digest.hexdigest()})
json.dump({"files": files, "skipped": skipped, "ignored_dirs": sorted(skipped_dirs)}, sys.stdout, ensure_ascii=True)
`;

export async function listSandboxWorkspace(driver: SandboxDriver, sandboxId: string, maxFileBytes: number): Promise<SandboxWorkspaceListing> {
  const result = await driver.exec(sandboxId, { argv: ['python3', '-c', LIST_WORKSPACE, String(maxFileBytes)], timeoutMs: 120_000, check: true });
  return JSON.parse(result.stdout) as SandboxWorkspaceListing;
}
