import { HubError } from '../../../core/errors.js';
import { assertNotebookCode } from '../../../core/notebooks/marimo-source.js';
import { NO_PROGRESS } from './operation-run.js';
import { atPair, linkedNotebook, type LinkedNotebook, type RemoteLink } from './remote-link.js';
import type { NotebookOutcome } from './remote-operations.js';
import { runPush } from './remote-push.js';
import { bringWorkspace, keepEntry, unionOf, type SyncContext, type SyncParties } from './sync-context.js';

/**
 * keep_both: the team's version is pulled as a local version and mine saved again after it, then
 * pushed; take_theirs: the team's version becomes the local head (mine stays in the history);
 * merged: the given code is saved after the team's version and pushed.
 */
export type ResolutionChoice = 'keep_both' | 'take_theirs' | 'merged';
export const RESOLUTION_CHOICES: readonly ResolutionChoice[] = ['keep_both', 'take_theirs', 'merged'];

export interface Resolution {
  notebook_id: string;
  choice: ResolutionChoice;
  /** The local head after resolving. */
  version_id: string | null;
  /** Whether the result reached the team hub (take_theirs sends nothing). */
  pushed: boolean;
  /** How the push went when there was one: its outcome, or why it did not reach the team hub (push again later). */
  push: NotebookOutcome | { outcome: 'failed'; note: string } | null;
}

/**
 * Resolves a notebook's conflict (docs/remotes.md, "Conflicts"): nothing of either side is lost.
 * The team's side of the code is the one kept with the conflict (no network needed for it); the
 * team's workspace files are fetched when the workspace conflicted too, before anything local
 * changes. Then the choice is pushed, unless it was to take theirs.
 */
export async function resolveConflict(
  context: SyncContext,
  parties: SyncParties,
  link: RemoteLink,
  notebookId: string,
  input: { choice: ResolutionChoice; code?: string | undefined },
): Promise<Resolution> {
  const projectId = link.project_id;
  const conflict = await context.conflicts.get(projectId, notebookId);
  const entry = linkedNotebook(link, notebookId);
  if (!conflict || !entry) throw new HubError('NOT_FOUND', `notebook ${notebookId} has no conflict with the team hub`);
  const codeConflict = conflict.theirs !== null && conflict.mine !== null;
  if (input.choice === 'merged' && codeConflict && input.code === undefined) {
    throw new HubError('VALIDATION_ERROR', 'code is required with choice merged: the merged notebook to save', [
      { field: 'code', message: 'required for merged' },
    ]);
  }
  if (input.choice !== 'merged' && input.code !== undefined) {
    throw new HubError('VALIDATION_ERROR', 'code is only taken with choice merged', [{ field: 'code', message: 'only with merged' }]);
  }
  // Checked before anything is saved: a refused merge leaves both sides as they were.
  if (input.code !== undefined) assertNotebookCode(input.code);
  const notebook = await context.local.notebooks.get(projectId, notebookId);
  if (!notebook) throw new HubError('NOT_FOUND', `notebook ${notebookId} not found`);

  // The network first: the team's files, before anything here changes.
  const theirsWorkspace = conflict.workspace
    ? await bringWorkspace(context, parties.team, link.remote_project_id, entry.remote_notebook_id, conflict.workspace.theirs_manifest_id)
    : null;

  let resolved: LinkedNotebook = { ...entry, conflict: null };
  let head = notebook.source.current_version_id;
  if (codeConflict) {
    const theirs = conflict.theirs!;
    const mine =
      head === null ? null : { code: await context.local.code(projectId, notebookId, head), version: await context.local.version(projectId, notebookId, head) };
    const pulled = await context.local.save(
      projectId,
      notebookId,
      { code: theirs.code, base: head, message: `The team's version: ${theirs.message}`, event: 'notebook.pull' },
      parties.actor,
    );
    resolved = atPair(resolved, {
      local_version_id: pulled.version_id,
      remote_version_id: theirs.version_id,
      direction: 'pulled',
      saved_at: theirs.saved_at,
      author: theirs.author,
    });
    head = pulled.version_id;
    if (input.choice !== 'take_theirs') {
      const code = input.choice === 'merged' ? input.code! : (mine?.code ?? theirs.code);
      const message = input.choice === 'merged' ? 'Merged with the team\u2019s version' : `Mine, kept after the team's: ${mine?.version?.message ?? 'Saved'}`;
      head = (await context.local.save(projectId, notebookId, { code, base: head, message, event: 'notebook.save' }, parties.actor)).version_id;
    }
  }
  if (theirsWorkspace && conflict.workspace) {
    const current = await context.local.workspace(projectId, notebookId);
    const content = input.choice === 'take_theirs' ? theirsWorkspace : unionOf(theirsWorkspace, current);
    const written = await context.local.replaceWorkspace(notebook, content, current.id, parties.actor.id, {
      remote: parties.remote,
      remote_manifest_id: conflict.workspace.theirs_manifest_id,
      resolution: input.choice,
    });
    resolved = {
      ...resolved,
      base_remote_manifest_id: conflict.workspace.theirs_manifest_id,
      // Taking theirs leaves both the same; keeping both leaves the local files ahead, to be pushed.
      base_local_manifest_id: input.choice === 'take_theirs' ? written : current.id,
    };
  }
  await keepEntry(context, projectId, resolved);
  await context.conflicts.delete(projectId, notebookId);
  await context.audit.append({
    event: 'remote.conflict.resolve',
    actor: parties.actor.id,
    projectId,
    metadata: { notebook_id: notebookId, remote: parties.remote, choice: input.choice, version_id: head },
  });

  if (input.choice === 'take_theirs') return { notebook_id: notebookId, choice: input.choice, version_id: head, pushed: false, push: null };
  try {
    const [outcome] = await runPush(context, NO_PROGRESS, parties, projectId, new Set([notebookId]));
    const push = outcome ?? null;
    return { notebook_id: notebookId, choice: input.choice, version_id: head, pushed: push?.outcome === 'updated' || push?.outcome === 'unchanged', push };
  } catch (error) {
    const explained = await parties.explain(error);
    const note = explained instanceof Error ? explained.message : String(explained);
    return { notebook_id: notebookId, choice: input.choice, version_id: head, pushed: false, push: { outcome: 'failed', note } };
  }
}
