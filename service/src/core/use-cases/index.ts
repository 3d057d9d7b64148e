import type { AuditUseCases } from './audit.js';
import type { DiagnosticUseCases } from './diagnostics.js';
import type { MemberUseCases } from './members.js';
import type { NotebookUseCases } from './notebooks.js';
import type { ProjectUseCases } from './projects.js';
import type { RuntimeUseCases } from './runtime.js';
import type { RuntimeSetupUseCases } from './runtime-setup.js';
import type { SessionUseCases } from './sessions.js';
import type { TokenUseCases } from './tokens.js';
import type { NotebookSearch } from './notebook-search.js';
import type { UserUseCases } from './users.js';
import type { VersionUseCases } from './versions.js';
import type { WorkspaceUseCases } from './workspace.js';

export { actorOf, pageSize, type Page, type PageInput, type PageLimits } from './caller.js';
export { MemberUseCases, memberRef } from './members.js';
export { NotebookUseCases, type NotebookView } from './notebooks.js';
export { ProjectUseCases, type ProjectView } from './projects.js';
export { SessionUseCases, clientKindOf, type StartInput } from './sessions.js';
export { UserUseCases, type AdminUserView } from './users.js';
export { VersionUseCases } from './versions.js';

/**
 * The use cases of the base, one entry per area (each capability in features/ has its own). Each method takes the signed-in principal and
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
  /** Resolving, searching and administering users. */
  users: UserUseCases;
  /** A notebook's workspace files (project.read, notebook.write). */
  workspace: WorkspaceUseCases;
  /** The project and deployment audit logs (project.events.read, audit.global.read). */
  audit: AuditUseCases;
  /** The signed-in user and their personal access tokens (own records only). */
  tokens: TokenUseCases;
  search: NotebookSearch;
  /** Runtime inspection and forced reclaim of sessions (admin.access). */
  runtime: RuntimeUseCases;
  /** The notebook runtime's set-up: its status (anyone signed in), a build or repair (admin.access). */
  runtimeSetup: RuntimeSetupUseCases;
  /** The sandbox start-up diagnostic (admin.access). */
  diagnostics: DiagnosticUseCases;
}
