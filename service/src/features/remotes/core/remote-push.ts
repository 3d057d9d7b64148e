import type { NotebookVersion } from '../../../core/notebooks/notebook-model.js';
import type { LocalNotebookHead } from './sync-status.js';
import type { WorkspaceContent } from './local-side.js';
import type { Progress } from './operation-run.js';
import { RemoteHubError, type RemoteHub } from './remote-hub.js';
import { atPair, linkedNotebook, withManifest, type LinkedNotebook, type RemoteLink, type VersionPair } from './remote-link.js';
import type { NotebookOutcome } from './remote-operations.js';
import { BLOB_TRANSFERS, eachAtOnce, entryFor, keepEntry, recordConflict, type SyncContext, type SyncParties } from './sync-context.js';

/** The protocol's bound on one question about missing blobs. */
const MISSING_BATCH = 1000;

/** What one local notebook sends: its versions the team lacks (oldest first) and its workspace when it changed. */
interface NotebookPlan {
  head: LocalNotebookHead;
  entry: LinkedNotebook | null;
  versions: NotebookVersion[];
  workspace: (WorkspaceContent & { id: string | null }) | null;
  /** The blobs of `workspace` the team hub lacks, with their sizes. */
  missing: Map<string, number>;
}

/**
 * Pushes a linked project to its team project (docs/remotes.md, "Pushing"): per notebook the local
 * versions after its base, in order, each naming the team version it was made from and its origin
 * here (so a retry is answered with the version made the first time), a notebook the team lacks
 * created first, then the workspace after the blobs the team lacks. The link moves only after the
 * team hub answered. A team notebook that moved on since the base is left as it is: the conflict
 * is kept, nothing overwritten.
 */
export async function runPush(
  context: SyncContext,
  run: Progress,
  parties: SyncParties,
  projectId: string,
  /** Only these notebooks (a conflict just resolved); all when absent. */
  only?: ReadonlySet<string>,
): Promise<NotebookOutcome[]> {
  const outcomes: NotebookOutcome[] = [];
  const link = await context.links.require(projectId);
  const { team } = parties;
  const manifest = await team.project(link.remote_project_id);
  const plans: NotebookPlan[] = [];
  for (const head of await context.local.heads(projectId)) {
    if (only && !only.has(head.notebook_id)) continue;
    const entry = linkedNotebook(link, head.notebook_id) ?? null;
    if (entry?.remote_deleted || entry?.pending) {
      const skipped = outcomeOf(head, entry, 'skipped', 0, entry.pending ? 'a pull is making it' : 'deleted on the team hub: it is not pushed again');
      run.notebook(skipped);
      outcomes.push(skipped);
      continue;
    }
    if (head.version_id === null) continue;
    const versions = await context.local.versionsAfter(head.notebook_id, entry?.base_local_version_id ?? null);
    const changed = head.manifest_id !== (entry?.base_local_manifest_id ?? null);
    const workspace = changed ? await context.local.workspace(projectId, head.notebook_id) : null;
    const missing = workspace ? await missingBlobs(team, link.remote_project_id, workspace) : new Map<string, number>();
    // A blob an earlier notebook sends crosses once (should that notebook stop short, the team hub asks for it again).
    for (const earlier of plans) for (const blob of earlier.missing.keys()) missing.delete(blob);
    plans.push({ head, entry, versions, workspace, missing });
  }
  await run.plan(
    plans.reduce((sum, plan) => sum + plan.versions.length + plan.missing.size, 0),
    plans.reduce((sum, plan) => sum + [...plan.missing.values()].reduce((bytes, size) => bytes + size, 0), 0),
  );
  for (const plan of plans) {
    const outcome = await pushNotebook(context, run, parties, link, plan);
    run.notebook(outcome);
    outcomes.push(outcome);
  }
  const after = await team.project(link.remote_project_id).catch(() => manifest);
  await context.links.update(projectId, (current) => withManifest(current, after, context.now().toISOString()));
  return outcomes;
}

/** A local version and the team version a push made of it. */
function pushedPair(version: NotebookVersion, remoteVersionId: string): VersionPair {
  return { local_version_id: version.version_id, remote_version_id: remoteVersionId, direction: 'pushed', saved_at: version.saved_at, author: version.author };
}

function outcomeOf(
  head: LocalNotebookHead,
  entry: LinkedNotebook | null,
  outcome: NotebookOutcome['outcome'],
  versions: number,
  note: string | null,
): NotebookOutcome {
  return { notebook_id: head.notebook_id, remote_notebook_id: entry?.remote_notebook_id ?? null, title: head.title, outcome, versions, note };
}

async function missingBlobs(team: RemoteHub, remoteProjectId: string, workspace: WorkspaceContent): Promise<Map<string, number>> {
  const sizes = new Map(workspace.files.map((file) => [file.blob, file.size]));
  const hashes = [...sizes.keys()];
  const missing = new Map<string, number>();
  for (let start = 0; start < hashes.length; start += MISSING_BATCH) {
    for (const hash of await team.missingBlobs(remoteProjectId, hashes.slice(start, start + MISSING_BATCH))) {
      if (sizes.has(hash)) missing.set(hash, sizes.get(hash)!);
    }
  }
  return missing;
}

async function pushNotebook(context: SyncContext, run: Progress, parties: SyncParties, link: RemoteLink, plan: NotebookPlan): Promise<NotebookOutcome> {
  const { team } = parties;
  const projectId = link.project_id;
  const hubId = await context.hubId();
  let { entry } = plan;
  let versions = plan.versions;
  let pushed = 0;
  let created = false;

  if (!entry) {
    const first = versions[0]!;
    const notebook = await context.local.notebooks.get(projectId, plan.head.notebook_id);
    if (!notebook) return outcomeOf(plan.head, null, 'skipped', 0, 'deleted meanwhile');
    const answer = await team.createNotebook(link.remote_project_id, {
      title: notebook.title,
      description: notebook.description,
      entry_file: notebook.entry_file,
      tags: notebook.tags,
      code: await context.local.code(projectId, notebook.id, first.version_id),
      message: first.message,
      origin: { hub_id: hubId, id: notebook.id },
      version_origin: { hub_id: hubId, id: first.version_id },
    });
    entry = await keepEntry(context, projectId, atPair(entryFor(notebook.id, answer.notebook_id, notebook.title), pushedPair(first, answer.version_id)));
    created = true;
    pushed++;
    versions = versions.slice(1);
    await run.moved(1);
  }

  for (const version of versions) {
    const answer = await team.pushVersion(link.remote_project_id, entry.remote_notebook_id, {
      code: await context.local.code(projectId, plan.head.notebook_id, version.version_id),
      message: version.message,
      base_version_id: entry.base_remote_version_id,
      origin: { hub_id: hubId, id: version.version_id },
    });
    if (answer.outcome === 'conflict') {
      const theirs =
        answer.current_version_id === null ? null : await team.version(link.remote_project_id, entry.remote_notebook_id, answer.current_version_id);
      await recordConflict(context, { link, entry, detectedBy: 'push', theirs });
      return outcomeOf(plan.head, entry, 'conflict', pushed, 'the team notebook moved on since it was last pulled: resolve the conflict');
    }
    entry = await keepEntry(context, projectId, atPair(entry, pushedPair(version, answer.version_id)));
    pushed++;
    await run.moved(1);
  }

  if (plan.workspace) {
    const pushedWorkspace = await pushWorkspace(context, run, team, link, entry, plan);
    if (pushedWorkspace === 'conflict')
      return outcomeOf(plan.head, entry, 'conflict', pushed, 'the team workspace changed since it was last pulled: resolve the conflict');
    if (pushedWorkspace === 'written') return outcomeOf(plan.head, entry, created ? 'created' : 'updated', pushed, null);
  }
  return outcomeOf(plan.head, entry, created ? 'created' : pushed > 0 ? 'updated' : 'unchanged', pushed, null);
}

/** Uploads the blobs the team lacks, then the workspace on its base; once more when the team says blobs are still missing. */
async function pushWorkspace(
  context: SyncContext,
  run: Progress,
  team: RemoteHub,
  link: RemoteLink,
  entry: LinkedNotebook,
  plan: NotebookPlan,
): Promise<'written' | 'unchanged' | 'conflict'> {
  const workspace = plan.workspace!;
  const upload = (hashes: Iterable<string>, counted: boolean) =>
    eachAtOnce(hashes, BLOB_TRANSFERS, async (hash) => {
      const bytes = await context.local.readBlob(hash);
      await team.putBlob(link.remote_project_id, hash, bytes);
      if (counted) await run.moved(1, bytes.length);
    });
  await upload(plan.missing.keys(), true);
  const input = { base_manifest_id: entry.base_remote_manifest_id, files: workspace.files, directories: workspace.directories };
  let answer = await team.pushWorkspace(link.remote_project_id, entry.remote_notebook_id, input);
  if (answer.outcome === 'missing_blobs') {
    await upload(answer.missing, false);
    answer = await team.pushWorkspace(link.remote_project_id, entry.remote_notebook_id, input);
  }
  if (answer.outcome === 'missing_blobs')
    throw new RemoteHubError('protocol', `the team hub still lacks ${answer.missing.length} blob(s) after they were uploaded`);
  if (answer.outcome === 'conflict') {
    await recordConflict(context, { link, entry, detectedBy: 'push', workspace: { theirs_manifest_id: answer.current_manifest_id } });
    return 'conflict';
  }
  await keepEntry(context, link.project_id, { ...entry, base_remote_manifest_id: answer.manifest_id, base_local_manifest_id: workspace.id });
  return answer.outcome;
}
