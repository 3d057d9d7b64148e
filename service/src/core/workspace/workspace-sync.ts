import { HubError } from '../errors.js';
import type { SandboxWorkspaceListing } from '../ports/notebook-runtime.js';
import { ROOT, workspacePath } from './paths.js';
import type { WorkspaceTree } from './workspace-tree.js';

/** What a sandbox's workspace changed compared with the stored one. */
export interface SandboxSyncPlan {
  /** New or changed files: the path in the workspace, the name to read in the sandbox, the hash listed. */
  writes: { path: string; sandboxPath: string; sha256: string; size: number }[];
  /** Workspace files the sandbox no longer has. */
  deletions: { path: string; blob: string }[];
  /** Sandbox files that cannot come back, with why. */
  skipped: { path: string; reason: string }[];
}

/**
 * Compares a sandbox's listing with the workspace. While an edit session holds a workspace nothing
 * else writes it, so whatever differs was done in the sandbox. A workspace file is taken as deleted
 * only when the listing could have seen it: not skipped, and not inside a folder the listing leaves
 * out. The entry file comes back as a notebook version, never as a workspace file.
 */
export function planSandboxSync(tree: WorkspaceTree, entryFile: string, listing: SandboxWorkspaceListing): SandboxSyncPlan {
  const plan: SandboxSyncPlan = { writes: [], deletions: [], skipped: listing.skipped.map(({ path, reason }) => ({ path, reason })) };
  const seen = new Set<string>();
  for (const file of listing.files) {
    let path: string;
    try {
      path = workspacePath(file.path, 'path');
      tree.assertPlaceable(path, 'path');
      if (tree.kindOf(path) === 'directory') throw new HubError('CONFLICT', 'a folder in the workspace');
    } catch (error) {
      plan.skipped.push({ path: file.path, reason: error instanceof HubError ? error.message : 'invalid name' });
      continue;
    }
    seen.add(path);
    if (path === entryFile || tree.fileAt(path)?.blob === file.sha256) continue;
    plan.writes.push({ path, sandboxPath: file.path, sha256: file.sha256, size: file.size });
  }
  const unseeable = new Set(plan.skipped.map((skipped) => skipped.path.normalize('NFC')));
  const ignored = new Set(listing.ignored_dirs);
  for (const [path, file] of tree.subtree(ROOT).files) {
    if (file.virtual || path === entryFile || seen.has(path) || unseeable.has(path)) continue;
    if (
      path
        .split('/')
        .slice(0, -1)
        .some((segment) => ignored.has(segment))
    )
      continue;
    plan.deletions.push({ path, blob: file.blob });
  }
  return plan;
}
