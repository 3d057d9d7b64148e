import { HubError } from '../../../core/errors.js';
import { VERSION_ID_PATTERN } from '../../../core/ids.js';
import type { NotebookRevision } from '../../../core/notebooks/notebook-model.js';
import { isEntryFilePath, type NotebookInput } from '../../../core/notebooks/notebook-service.js';
import { manifestProblem } from './local-side.js';
import type { OperationRun, Progress } from './operation-run.js';
import type { SyncNotebookEntry, SyncProjectManifest, SyncVersion, SyncWorkspaceManifest } from './remote-hub.js';
import { atPair, linkedRemoteNotebook, withManifest, type LinkedNotebook, type RemoteLink, type VersionPair } from './remote-link.js';
import type { NotebookOutcome, PullHistory } from './remote-operations.js';
import { BlobTransfers } from './blob-transfers.js';
import { eachAtOnce, entryFor, keepEntry, recordConflict, type SyncContext, type SyncParties } from './sync-context.js';

/** Team notebooks planned at once: a manifest read from the team hub each, a look in the local store per file. */
const PLANS_AT_ONCE = 8;
/**
 * Team notebooks pulled at once. Their steps wait on the two hubs (a version read, a dozen store
 * writes each), rarely on this one's CPU; each notebook's own steps stay in order. The more run at
 * once, the more of their writes to the shared link and catalog go in one write (both batch).
 */
const NOTEBOOKS_AT_ONCE = 8;

export interface PullInput {
  remoteProjectId: string;
  history: PullHistory;
  /** The team hub's id, for the link. */
  teamHubId: string;
  /** Only these team notebooks (a session's result coming back); all when absent. */
  only?: ReadonlySet<string>;
}

/** What one team notebook brings: its new versions (oldest first) and its workspace when it changed. */
interface NotebookPlan {
  remote: SyncNotebookEntry;
  versionIds: string[];
  manifest: SyncWorkspaceManifest | null;
  /** The blobs of `manifest` the local store lacks, with their sizes; null when the plan saw the workspace would not be taken. */
  missing: Map<string, number> | null;
}

/** The versions a pull brings of a notebook: newer than the base (all for a new one), cut to the history asked for; oldest first. */
export function versionsToPull(versionIdsNewestFirst: readonly string[], base: string | null, history: PullHistory): string[] {
  const newer = base === null ? versionIdsNewestFirst : versionIdsNewestFirst.filter((id) => id > base);
  const chosen = history === 'all' ? newer : newer.slice(0, history.latest);
  return [...chosen].reverse();
}

/**
 * Pulls a team project into a local one (docs/remotes.md, "Pulling"): creates the local project
 * and link on the first run, then per team notebook imports the new versions in order (same code
 * and message, an ordinary local version each), and replaces the workspace when only the team
 * changed it, fetching only the blobs the local store lacks. Each step moves the notebook's bases
 * in the link, so a run cut off anywhere is resumed by running it again. A notebook changed on
 * both sides is left as it is and its conflict kept.
 */
export async function runPull(context: SyncContext, run: OperationRun, parties: SyncParties, input: PullInput): Promise<void> {
  const { team } = parties;
  const manifest = await team.project(input.remoteProjectId);
  const projectId = run.current.project_id ?? (await createProject(context, run, parties, manifest));
  const link = (await context.links.get(projectId)) ?? (await context.links.create(newLink(context, projectId, parties.remote, input, manifest)));

  const plans: NotebookPlan[] = [];
  // Only the notebooks asked for (a session's result coming back); all when no list was given.
  const wanted = manifest.notebooks.filter((remote) => !input.only || input.only.has(remote.id));
  await eachAtOnce(wanted.entries(), PLANS_AT_ONCE, async ([index, remote]) => {
    plans[index] = await planNotebook(context, team, projectId, link, input, remote);
  });
  // A blob several notebooks name crosses once, so it counts once.
  const fetched = new Map(plans.flatMap((plan) => [...(plan.missing ?? [])]));
  await run.plan(
    plans.reduce((sum, plan) => sum + plan.versionIds.length, 0) + fetched.size,
    [...fetched.values()].reduce((bytes, size) => bytes + size, 0),
  );

  const transfers = new BlobTransfers(context, team, input.remoteProjectId, run, fetched);
  // Outcomes are reported in the team's order, whichever notebook finished first.
  const outcomes: NotebookOutcome[] = [];
  let reported = 0;
  try {
    await eachAtOnce(plans.entries(), NOTEBOOKS_AT_ONCE, async ([index, plan]) => {
      outcomes[index] = await pullNotebook(context, run, parties, projectId, input, plan, transfers);
      for (; outcomes[reported]; reported++) run.notebook(outcomes[reported]!);
    });
  } catch (error) {
    await transfers.stop(error);
    throw error;
  }
  // Blobs no notebook waited for (one whose code conflicted) still land: the resolution needs them, and they were counted.
  await transfers.finished();
  await context.links.update(projectId, (current) => withManifest(current, manifest, context.now().toISOString()));
}

/** What one team notebook brings; its workspace's missing blobs only when the workspace can be taken (not changed here, not deleted here). */
async function planNotebook(
  context: SyncContext,
  team: SyncParties['team'],
  projectId: string,
  link: RemoteLink,
  input: PullInput,
  remote: SyncNotebookEntry,
): Promise<NotebookPlan> {
  const entry = linkedRemoteNotebook(link, remote.id);
  const base = entry && !entry.pending ? entry.base_remote_version_id : null;
  const versionIds = versionsToPull(remote.version_ids, base, input.history);
  const changed = remote.workspace_manifest_id !== null && remote.workspace_manifest_id !== (entry?.base_remote_manifest_id ?? null);
  const workspace = changed ? await team.manifest(input.remoteProjectId, remote.id, remote.workspace_manifest_id!) : null;
  let missing: Map<string, number> | null = null;
  if (workspace && manifestProblem(workspace, context.maxFileBytes) === null && (await workspaceTakeable(context, projectId, entry))) {
    missing = new Map();
    for (const file of workspace.files) if (!missing.has(file.blob) && !(await context.local.hasBlob(file.blob))) missing.set(file.blob, file.size);
  }
  return { remote, versionIds, manifest: workspace, missing };
}

/** Whether a pull would write the notebook's workspace as it stands: a new notebook, or one whose workspace is still at its base. */
async function workspaceTakeable(context: SyncContext, projectId: string, entry: LinkedNotebook | undefined): Promise<boolean> {
  if (!entry) return true;
  const notebook = await context.local.notebooks.get(projectId, entry.notebook_id);
  if (!notebook) return entry.pending === true;
  return (await context.local.manifestId(projectId, notebook.id)) === entry.base_local_manifest_id;
}

async function createProject(context: SyncContext, run: OperationRun, parties: SyncParties, manifest: SyncProjectManifest): Promise<string> {
  const project = await context.projects.create({ name: manifest.project.name, description: manifest.project.description }, parties.actor);
  await run.set({ project_id: project.id });
  return project.id;
}

function newLink(context: SyncContext, projectId: string, remote: string, input: PullInput, manifest: SyncProjectManifest): RemoteLink {
  const at = context.now().toISOString();
  return {
    schema_version: 1,
    project_id: projectId,
    remote,
    hub_id: input.teamHubId,
    remote_project_id: input.remoteProjectId,
    remote_project_name: manifest.project.name,
    readme: manifest.project.readme,
    integrations: manifest.integrations,
    notebooks: [],
    remote_only: [],
    fetched_at: at,
    created_at: at,
    updated_at: at,
  };
}

async function pullNotebook(
  context: SyncContext,
  run: Progress,
  parties: SyncParties,
  projectId: string,
  input: PullInput,
  plan: NotebookPlan,
  transfers: BlobTransfers,
): Promise<NotebookOutcome> {
  const { remote } = plan;
  const outcome = (fields: Partial<NotebookOutcome> & Pick<NotebookOutcome, 'outcome'>): NotebookOutcome => ({
    notebook_id: null,
    remote_notebook_id: remote.id,
    title: remote.title,
    versions: 0,
    note: null,
    ...fields,
  });
  let entry = linkedRemoteNotebook(await context.links.require(projectId), remote.id) ?? null;
  let notebook = entry ? await context.local.notebooks.get(projectId, entry.notebook_id) : null;
  if (entry?.pending && !notebook) entry = null;
  if (entry && !notebook)
    return outcome({ notebook_id: entry.notebook_id, outcome: 'skipped', note: 'deleted on this hub: the team notebook is not brought back' });
  if (!entry && remote.current_version_id === null) return outcome({ outcome: 'skipped', note: 'the team notebook has no version yet' });

  let created = false;
  let versions = 0;
  let ids = plan.versionIds;
  if (!entry || !notebook) {
    const made = await createNotebook(context, parties, projectId, remote, ids[0]!, input);
    entry = made.entry;
    notebook = made.notebook;
    created = true;
    versions++;
    ids = ids.slice(1);
    await run.moved(1);
  } else if (entry.pending) {
    // A run cut off right after making the notebook: it is there, with its first version.
    entry = await keepEntry(context, projectId, { ...entry, pending: false });
  }
  const base = entry.base_remote_version_id;
  ids = ids.filter((id) => base === null || id > base);

  const hubId = await context.hubId();
  for (const versionId of ids) {
    const version = await parties.team.version(input.remoteProjectId, remote.id, versionId);
    const head = notebook.source.current_version_id;
    if (
      version.origin?.hub_id === hubId &&
      VERSION_ID_PATTERN.test(version.origin.id) &&
      (await context.local.version(projectId, notebook.id, version.origin.id))
    ) {
      // A version this hub pushed: it is here already.
      entry = await keepEntry(context, projectId, atPair(entry, pulledPair(version.origin.id, version, 'pushed')));
      await run.moved(1);
      continue;
    }
    if (head !== entry.base_local_version_id) {
      if (await importedBeforeCutOff(context, projectId, notebook.id, head, entry.base_local_version_id, version.code)) {
        entry = await keepEntry(context, projectId, atPair(entry, pulledPair(head!, version)));
        await run.moved(1);
        continue;
      }
      const theirs =
        remote.current_version_id === version.version_id ? version : await parties.team.version(input.remoteProjectId, remote.id, remote.current_version_id!);
      await recordConflict(context, { link: { project_id: projectId }, entry, detectedBy: 'pull', theirs });
      return outcome({
        notebook_id: notebook.id,
        outcome: 'conflict',
        versions,
        note: 'changed here and on the team hub since the last pull: resolve the conflict',
      });
    }
    const saved = await context.local.save(
      projectId,
      notebook.id,
      { code: version.code, base: head, message: version.message, event: 'notebook.pull' },
      parties.actor,
    );
    notebook = { ...notebook, source: { ...notebook.source, current_version_id: saved.version_id } } as NotebookRevision;
    entry = await keepEntry(context, projectId, atPair(entry, pulledPair(saved.version_id, version)));
    versions++;
    await run.moved(1);
  }

  const workspace = await pullWorkspace(context, parties, projectId, plan, entry, notebook, transfers);
  const changed = created || versions > 0 || workspace.changed;
  return outcome({
    notebook_id: notebook.id,
    outcome: workspace.conflict ? 'conflict' : created ? 'created' : changed ? 'updated' : 'unchanged',
    versions,
    note: workspace.note,
  });
}

/**
 * Whether the local head is the version a run cut off right after saving made from `code` (its
 * parent the base, its code the team version's): the link then only needs to catch up.
 */
async function importedBeforeCutOff(
  context: SyncContext,
  projectId: string,
  notebookId: string,
  head: string | null,
  base: string | null,
  code: string,
): Promise<boolean> {
  if (head === null) return false;
  const version = await context.local.version(projectId, notebookId, head);
  return version !== null && version.parent_id === base && (await context.local.code(projectId, notebookId, head)) === code;
}

/** A local version made from a team version (or, `pushed`, one that went there before). */
function pulledPair(localVersionId: string, version: SyncVersion, direction: VersionPair['direction'] = 'pulled'): VersionPair {
  return { local_version_id: localVersionId, remote_version_id: version.version_id, direction, saved_at: version.saved_at, author: version.author };
}

/** The team's notebook settings as a new local notebook takes them; what this hub would refuse is left at its default. */
function notebookInput(remote: SyncNotebookEntry, code: string): NotebookInput {
  return {
    title: remote.title.trim().slice(0, 200) || 'Untitled',
    description: remote.description,
    tags: remote.tags,
    status: remote.status,
    code,
    ...(isEntryFilePath(remote.entry_file) ? { entry_file: remote.entry_file } : {}),
  };
}

async function createNotebook(
  context: SyncContext,
  parties: SyncParties,
  projectId: string,
  remote: SyncNotebookEntry,
  firstVersionId: string,
  input: PullInput,
): Promise<{ entry: LinkedNotebook; notebook: NotebookRevision }> {
  const first = await parties.team.version(input.remoteProjectId, remote.id, firstVersionId);
  const project = await context.projects.get(projectId);
  if (!project) throw new HubError('NOT_FOUND', `project ${projectId} not found`);
  const notebooks = context.local.notebooks;
  let prepared;
  try {
    prepared = notebooks.prepare(projectId, notebookInput(remote, first.code), parties.actor);
  } catch (error) {
    if (!(error instanceof HubError && error.code === 'VALIDATION_ERROR')) throw error;
    prepared = notebooks.prepare(projectId, { title: notebookInput(remote, first.code).title, code: first.code }, parties.actor);
  }
  prepared.version.message = first.message;
  // Named in the link before it exists: a run cut off in between finds out whether it was made.
  const entry: LinkedNotebook = {
    ...atPair(entryFor(prepared.notebook.id, remote.id, remote.title), pulledPair(prepared.version.version_id, first)),
    pending: true,
  };
  await keepEntry(context, projectId, entry);
  const { notebook } = await notebooks.commit(prepared, project.name, parties.actor, { remote: parties.remote, remote_notebook_id: remote.id });
  return { entry: await keepEntry(context, projectId, { ...entry, pending: false }), notebook };
}

async function pullWorkspace(
  context: SyncContext,
  parties: SyncParties,
  projectId: string,
  plan: NotebookPlan,
  entry: LinkedNotebook,
  notebook: NotebookRevision,
  transfers: BlobTransfers,
): Promise<{ changed: boolean; conflict: boolean; note: string | null }> {
  const manifest = plan.manifest;
  if (!manifest) return { changed: false, conflict: false, note: null };
  const problem = manifestProblem(manifest, context.maxFileBytes);
  if (problem) return { changed: false, conflict: false, note: `workspace not pulled: ${problem}` };
  const localManifest = await context.local.manifestId(projectId, notebook.id);
  if (localManifest !== entry.base_local_manifest_id) {
    await recordConflict(context, { link: { project_id: projectId }, entry, detectedBy: 'pull', workspace: { theirs_manifest_id: manifest.id } });
    return { changed: false, conflict: true, note: 'workspace files changed here and on the team hub since the last pull: resolve the conflict' };
  }
  // Every blob the manifest names is stored before the manifest is: the planned ones are on their way already.
  await transfers.ready(plan.missing ?? new Map(manifest.files.map((file) => [file.blob, file.size])));
  let written: string | null;
  try {
    written = await context.local.replaceWorkspace(notebook, manifest, localManifest, parties.actor.id, {
      remote: parties.remote,
      remote_manifest_id: manifest.id,
    });
  } catch (error) {
    if (error instanceof HubError && error.code === 'CONFLICT') return { changed: false, conflict: false, note: `workspace not pulled: ${error.message}` };
    throw error;
  }
  await keepEntry(context, projectId, { ...entry, base_remote_manifest_id: manifest.id, base_local_manifest_id: written ?? entry.base_local_manifest_id });
  return { changed: true, conflict: false, note: null };
}
