import { HubError } from '../../../core/errors.js';
import type { GitSource } from '../../../core/notebooks/notebook-model.js';

export type PreviewKind = 'branch' | 'commit' | 'change_request';
export type PreviewStatus = 'pending' | 'ready' | 'failed';

/**
 * A preview of a Git notebook (docs/git.md, "Previews"): the notebook as a branch, a commit or an
 * open change request of its repository has it, prepared as a snapshot of the entry notebook and
 * its folder. Stored at `git/<pid>/previews/<nid>/<id>`; the snapshot of each prepared commit at
 * `git/<pid>/preview-snapshots/<nid>/<id>/<commit>`.
 */
export interface PreviewRecord {
  schema_version: 1;
  id: string;
  project_id: string;
  notebook_id: string;
  kind: PreviewKind;
  /** What is fetched: a branch name, a full commit id, or the change request's ref (`refs/pull/7/head`). */
  ref: string;
  branch: string | null;
  change_request: number | null;
  title: string;
  status: PreviewStatus;
  /** The commit the snapshot was prepared from (null until ready). */
  commit: string | null;
  error: { code: string; message: string } | null;
  /** The folder and entry notebook read, as the notebook's source named them when the preview was made. */
  root_path: string;
  entry_notebook: string;
  created_by: string;
  created_at: string;
  updated_at: string;
  prepared_at: string | null;
}

/** The files of a preview at one commit: every file of its folder, the entry notebook among them. */
export interface PreviewSnapshot {
  schema_version: 1;
  commit: string;
  entry_notebook: string;
  files: { path: string; blob: string; size: number }[];
}

/** Exactly one of `branch`, `commit` and `change_request`. */
export interface PreviewInput {
  branch?: string | undefined;
  commit?: string | undefined;
  change_request?: number | undefined;
  title?: string | undefined;
}

const COMMIT_ID = /^[0-9a-f]{40}$/;
/** A Git branch name (git check-ref-format's rules, roughly): no spaces, control characters, `..`, `~^:?*[\\`. */
const BRANCH_NAME = /^(?!\/|.*\/\/|.*\.\.|.*@\{|.*\.lock$|.*\/$)[^\s~^:?*[\\]{1,255}$/;
export const MAX_PREVIEW_TITLE = 200;

/**
 * What a preview input asks for, checked: its kind, the ref fetched and its default title. A change
 * request needs a notebook on GitHub (pull requests) or GitLab (merge requests).
 */
export function previewTarget(
  input: PreviewInput,
  source: Pick<GitSource, 'provider'>,
): Pick<PreviewRecord, 'kind' | 'ref' | 'branch' | 'change_request' | 'title'> {
  const given = (['branch', 'commit', 'change_request'] as const).filter((field) => input[field] !== undefined);
  if (given.length !== 1)
    throw new HubError('VALIDATION_ERROR', 'give exactly one of branch, commit and change_request', [
      { field: given[1] ?? 'branch', message: 'give exactly one of branch, commit and change_request' },
    ]);
  const title = input.title?.trim();
  if (title !== undefined && title.length > MAX_PREVIEW_TITLE)
    throw new HubError('VALIDATION_ERROR', `title is longer than ${MAX_PREVIEW_TITLE} characters`, [{ field: 'title', message: 'too long' }]);
  const invalid = (field: string, message: string) => new HubError('VALIDATION_ERROR', `${field} ${message}`, [{ field, message }]);
  if (input.branch !== undefined) {
    const branch = input.branch.trim();
    if (!BRANCH_NAME.test(branch) || [...branch].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f))
      throw invalid('branch', 'is not a valid branch name');
    return { kind: 'branch', ref: branch, branch, change_request: null, title: title || `Branch ${branch}` };
  }
  if (input.commit !== undefined) {
    const commit = input.commit.trim().toLowerCase();
    if (!COMMIT_ID.test(commit)) throw invalid('commit', 'must be a full commit id (40 hexadecimal digits)');
    return { kind: 'commit', ref: commit, branch: null, change_request: null, title: title || `Commit ${commit.slice(0, 12)}` };
  }
  const number = input.change_request!;
  if (!Number.isInteger(number) || number < 1) throw invalid('change_request', 'must be a positive number');
  if (source.provider === 'github')
    return { kind: 'change_request', ref: `refs/pull/${number}/head`, branch: null, change_request: number, title: title || `Pull request #${number}` };
  if (source.provider === 'gitlab')
    return {
      kind: 'change_request',
      ref: `refs/merge-requests/${number}/head`,
      branch: null,
      change_request: number,
      title: title || `Merge request !${number}`,
    };
  throw new HubError('SYNC_NOT_CONFIGURED', 'previews of change requests need a notebook synced from GitHub or GitLab; preview the branch or commit instead');
}

/** The full ref name whose head a preview follows; null for a commit, which never moves. */
export function followedRef(record: Pick<PreviewRecord, 'kind' | 'ref'>): string | null {
  if (record.kind === 'commit') return null;
  return record.kind === 'branch' ? `refs/heads/${record.ref}` : record.ref;
}

/** A record key of `git/<pid>/previews/<nid>/<id>`, split; null for any other key. */
export function previewKeyOf(key: string): { projectId: string; notebookId: string; previewId: string } | null {
  const match = /^git\/([^/]+)\/previews\/([^/]+)\/(prv-[0-9a-z]{16})$/.exec(key);
  return match ? { projectId: match[1]!, notebookId: match[2]!, previewId: match[3]! } : null;
}
