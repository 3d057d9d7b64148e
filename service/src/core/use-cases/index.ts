import type { AlertUseCases } from '../../features/alerts/core/alert-use-cases.js';
import type { AuditUseCases } from './audit.js';
import type { DiagnosticUseCases } from './diagnostics.js';
import type { ImportUseCases } from '../../features/imports/core/import-use-cases.js';
import type { JobUseCases } from '../../features/jobs/core/job-use-cases.js';
import type { GitUseCases } from '../../features/git/core/git-use-cases.js';
import type { MemberUseCases } from './members.js';
import type { NotebookUseCases } from './notebooks.js';
import type { ProjectUseCases } from './projects.js';
import type { RuntimeUseCases } from './runtime.js';
import type { RuntimeSetupUseCases } from './runtime-setup.js';
import type { SessionUseCases } from './sessions.js';
import type { SurfaceUseCases } from '../../features/surfaces/core/surface-use-cases.js';
import type { TokenUseCases } from './tokens.js';
import type { McpConnectionUseCases } from '../../features/mcp/core/mcp-connection-use-cases.js';
import type { NotebookSearch } from './notebook-search.js';
import type { UserUseCases } from './users.js';
import type { VersionUseCases } from './versions.js';
import type { WorkspaceUseCases } from './workspace.js';

export { actorOf, pageSize, type Page, type PageInput, type PageLimits } from './caller.js';
export { MemberUseCases, memberRef } from './members.js';
export { NotebookUseCases, type NotebookView } from './notebooks.js';
export { JobUseCases, type JobView } from '../../features/jobs/core/job-use-cases.js';
export { ProjectUseCases, type ProjectView } from './projects.js';
export { SessionUseCases, clientKindOf, type StartInput } from './sessions.js';
export { UserUseCases, type AdminUserView } from './users.js';
export { VersionUseCases } from './versions.js';

/**
 * Every use case of the hub, one entry per area. Each method takes the signed-in principal and
 * its input, authorizes through access control naming its policy action, does the work with the
 * core services (writing its audit entry) and answers domain data. A REST route, a CLI command
 * and an MCP tool each parse their input, call one method and present the answer.
 */
export interface UseCases {
  projects: ProjectUseCases;
  /** A project's members and group members. */
  members: MemberUseCases;
  notebooks: NotebookUseCases;
  /** A notebook's versions. */
  versions: VersionUseCases;
  sessions: SessionUseCases;
  /** A notebook's jobs and their runs. */
  jobs: JobUseCases;
  /** Git-synced notebooks and a project's Git credentials. */
  git: GitUseCases;
  /** VS Code and OpenCode in edit sessions. */
  surfaces: SurfaceUseCases;
  /** Resolving, searching and administering users. */
  users: UserUseCases;
  /** A notebook's workspace files (project.read, notebook.write). */
  workspace: WorkspaceUseCases;
  /** Folders of notebooks uploaded as zips (notebook.write, project.read). */
  imports: ImportUseCases;
  /** A project's alert destinations (project.alerts.manage). */
  alerts: AlertUseCases;
  /** The project and deployment audit logs (project.events.read, audit.global.read). */
  audit: AuditUseCases;
  /** The signed-in user and their personal access tokens (own records only). */
  tokens: TokenUseCases;
  mcpConnections: McpConnectionUseCases;
  search: NotebookSearch;
  /** Runtime inspection and forced reclaim of sessions (admin.access). */
  runtime: RuntimeUseCases;
  /** The notebook runtime's set-up: its status (anyone signed in), a build or repair (admin.access). */
  runtimeSetup: RuntimeSetupUseCases;
  /** The sandbox start-up diagnostic (admin.access). */
  diagnostics: DiagnosticUseCases;
}
